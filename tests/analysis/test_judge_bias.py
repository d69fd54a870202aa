"""Judge bias (issue 19): hand-computed cases, and paper 000 Table 3 reproduced by the generic panel."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from litboard.analysis import judge_bias as jb


def frame(rows: list[tuple[str, str, str, float]]) -> pd.DataFrame:
    return pd.DataFrame([{"system": s, "pair": p, "item": i, "score": v} for s, p, i, v in rows])


def test_share_above_is_strict_and_uses_the_best_of_each_side() -> None:
    scores = frame([
        ("h1", "de-en", "p1", 5.0), ("h2", "de-en", "p1", 1.0), ("m1", "de-en", "p1", 4.0), ("m2", "de-en", "p1", 3.0),
        ("h1", "de-en", "p2", 2.0), ("m1", "de-en", "p2", 2.0),  # a tie is not "above"
        ("h1", "de-en", "p3", 1.0), ("m1", "de-en", "p3", 9.0),
        ("h1", "de-en", "p4", 7.0),  # no machine score: left out
    ])
    above = jb.share_above(scores, {"h1", "h2"}, {"m1", "m2"}, higher_is_better=True)
    assert above.set_index("item")["above"].to_dict() == {"p1": 1.0, "p2": 0.0, "p3": 0.0}
    lower = jb.share_above(scores, {"h1", "h2"}, {"m1", "m2"}, higher_is_better=False)
    assert lower.set_index("item")["above"].to_dict() == {"p1": 1.0, "p2": 0.0, "p3": 1.0}


def test_bootstrap_share_percent_and_ci() -> None:
    values = np.array([1.0, 1.0, 0.0, 0.0])
    percent, low, high = jb.bootstrap_share(values)
    assert percent == 50.0 and 0.0 <= low < 50.0 < high <= 100.0
    assert jb.bootstrap_share(values) == (percent, low, high)  # seeded: byte-identical builds
    assert jb.bootstrap_share(np.ones(5))[1:] == (100.0, 100.0)


def test_grouped_shares_scopes() -> None:
    above = pd.DataFrame({"pair": ["a", "a", "b"], "item": ["x", "y", "z"], "above": [1.0, 0.0, 1.0]})
    genre = pd.Series(["poem", "novel", "poem"], index=pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("b", "z")]))
    table = jb.grouped_shares(above, {"genre": genre}).set_index(["scope", "group"])
    assert table.loc[("all", "all"), "percent"] == pytest.approx(200 / 3)
    assert table.loc[("pair", "a"), "percent"] == 50.0 and table.loc[("pair", "b"), "items"] == 1
    assert table.loc[("genre", "poem"), "percent"] == 100.0 and table.loc[("genre", "novel"), "percent"] == 0.0


@pytest.mark.parametrize("campaign, kind", [
    ({"scheme": "mqm"}, "human"),
    ({"scheme": "metric", "annotators": [{"id": "s", "expertise": "student"}]}, "human"),
    ({"scheme": "metric", "judge": {"model": "gpt-4o-mini"}}, "llm"),
    ({"scheme": "metric", "metric": {"name": "BLEU"}}, "metric"),
])
def test_measure_kind_from_what_the_campaign_declares(campaign: dict, kind: str) -> None:
    assert jb.measure_kind(campaign) == kind


def test_creativity_correlation_by_hand() -> None:
    index = pd.MultiIndex.from_tuples([("p", "w1", "ht"), ("p", "w1", "mt"), ("p", "w2", "ht"), ("p", "w2", "mt")])
    cs = pd.Series([9.0, 1.0, 7.0, 2.0], index=index)
    rewards = pd.Series([4.0, 1.0, 3.0, 2.0], index=index)  # same order as cs: rho = 1
    punishes = -rewards
    assert jb.creativity_correlation(rewards, cs)[0] == pytest.approx(1.0)
    assert jb.creativity_correlation(punishes, cs)[0] == pytest.approx(-1.0)
    assert jb.creativity_correlation(rewards.iloc[:2], cs)[2] == 2  # too few texts: no rho
    assert np.isnan(jb.creativity_correlation(rewards.iloc[:2], cs)[0])
