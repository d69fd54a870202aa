"""Judge bias (issue 19): hand-computed cases, and paper 000 Table 3 reproduced by the generic
panel."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest

from litboard.analysis import judge_bias as jb
from litboard.analysis.proportions import wilson_interval, wilson_share


def frame(rows: list[tuple[str, str, str, float]]) -> pd.DataFrame:
    return pd.DataFrame([{"system": s, "pair": p, "item": i, "score": v} for s, p, i, v in rows])


def test_share_above_is_strict_and_uses_the_best_of_each_side() -> None:
    scores = frame(
        [
            ("h1", "de-en", "p1", 5.0),
            ("h2", "de-en", "p1", 1.0),
            ("m1", "de-en", "p1", 4.0),
            ("m2", "de-en", "p1", 3.0),
            ("h1", "de-en", "p2", 2.0),
            ("m1", "de-en", "p2", 2.0),  # a tie is not "above"
            ("h1", "de-en", "p3", 1.0),
            ("m1", "de-en", "p3", 9.0),
            ("h1", "de-en", "p4", 7.0),  # no machine score: left out
        ]
    )
    above = jb.share_above(scores, {"h1", "h2"}, {"m1", "m2"}, higher_is_better=True)
    assert above.set_index("item")["above"].to_dict() == {"p1": 1.0, "p2": 0.0, "p3": 0.0}
    lower = jb.share_above(scores, {"h1", "h2"}, {"m1", "m2"}, higher_is_better=False)
    assert lower.set_index("item")["above"].to_dict() == {"p1": 1.0, "p2": 0.0, "p3": 1.0}


def test_share_interval_is_wilson_not_a_bootstrap_point() -> None:
    # one item, or three items all above: a percentile bootstrap gave [100, 100]; Wilson does not
    percent, low, high = wilson_share(np.ones(3))
    assert percent == 100.0 and high == 100.0 and low == pytest.approx(43.850296824, abs=1e-8)
    assert wilson_share(np.zeros(1))[1:] == pytest.approx((0.0, 79.34506856), abs=1e-8)
    assert all(np.isnan(wilson_share(np.array([]))))


@pytest.mark.parametrize(
    "k, n",
    [(0, 1), (1, 1), (3, 3), (0, 3), (2, 4), (7, 24), (11, 24), (46, 46), (1, 188), (110, 188)],
)
@pytest.mark.parametrize("level", [0.95, 0.9])
def test_wilson_interval_equals_scipy(k: int, n: int, level: float) -> None:
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    assert wilson_interval(k, n, level) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="between 0 and n"):
        wilson_interval(4, 3)
    assert all(np.isnan(wilson_interval(0, 0)))


def test_grouped_shares_scopes() -> None:
    above = pd.DataFrame(
        {"pair": ["a", "a", "b"], "item": ["x", "y", "z"], "above": [1.0, 0.0, 1.0]}
    )
    genre = pd.Series(
        ["poem", "novel", "poem"],
        index=pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("b", "z")]),
    )
    table = jb.grouped_shares(above, {"genre": genre}).set_index(["scope", "group"])
    assert table.loc[("all", "all"), "percent"] == pytest.approx(200 / 3)
    assert table.loc[("pair", "a"), "percent"] == 50.0 and table.loc[("pair", "b"), "items"] == 1
    assert (
        table.loc[("genre", "poem"), "percent"] == 100.0
        and table.loc[("genre", "novel"), "percent"] == 0.0
    )


@pytest.mark.parametrize(
    "campaign, kind",
    [
        ({"scheme": "mqm"}, "human"),
        ({"scheme": "metric", "annotators": [{"id": "s", "expertise": "student"}]}, "human"),
        ({"scheme": "metric", "judge": {"model": "gpt-4o-mini"}}, "llm"),
        ({"scheme": "metric", "metric": {"name": "BLEU"}}, "metric"),
    ],
)
def test_measure_kind_from_what_the_campaign_declares(campaign: dict, kind: str) -> None:
    assert jb.measure_kind(campaign) == kind


def test_creativity_correlation_by_hand() -> None:
    index = pd.MultiIndex.from_tuples(
        [("p", "w1", "ht"), ("p", "w1", "mt"), ("p", "w2", "ht"), ("p", "w2", "mt")]
    )
    cs = pd.Series([9.0, 1.0, 7.0, 2.0], index=index)
    rewards = pd.Series([4.0, 1.0, 3.0, 2.0], index=index)  # same order as cs: rho = 1
    punishes = -rewards
    assert jb.creativity_correlation(rewards, cs)[0] == pytest.approx(1.0)
    assert jb.creativity_correlation(punishes, cs)[0] == pytest.approx(-1.0)
    assert jb.creativity_correlation(rewards.iloc[:2], cs)[2] == 2  # too few texts: no rho
    assert np.isnan(jb.creativity_correlation(rewards.iloc[:2], cs)[0])


def test_no_interval_under_five_items_and_the_count_behind_every_share() -> None:
    """Issue 59 goal 3: a share over 1-4 items carries no 95% interval (its count and n are
    what the page shows); from 5 items on, the Wilson interval."""
    assert jb.SMALL_N == 5
    items = [f"i{k}" for k in range(5)]
    above = pd.DataFrame(
        {"pair": ["a"] * 4 + ["b"], "item": items, "above": [1.0, 0.0, 1.0, 1.0, 1.0]}
    )
    table = jb.grouped_shares(above, {}).set_index(["scope", "group"])
    pooled, four = table.loc[("all", "all")], table.loc[("pair", "a")]
    one = table.loc[("pair", "b")]
    assert (pooled["items"], pooled["above"], pooled["percent"]) == (5, 4, 80.0)
    low, high = wilson_interval(4, 5)
    assert (pooled["ci_low"], pooled["ci_high"]) == pytest.approx((100 * low, 100 * high))
    assert pooled["ci_low"] == pytest.approx(37.553, abs=1e-3)  # 4/5: Wilson by hand 0.3755
    assert (four["items"], four["above"], four["percent"]) == (4, 3, 75.0)
    assert np.isnan(four["ci_low"]) and np.isnan(four["ci_high"])
    assert (one["items"], one["above"]) == (1, 1) and np.isnan(one["ci_low"])


def test_a_breakdown_covering_every_item_is_not_repeated() -> None:
    """Issue 56: 'era: unknown' (every work without an era) and the pair row of a one-pair
    dataset equal the pooled row; they are left out, other values kept."""
    above = pd.DataFrame({"pair": ["a"] * 3, "item": ["x", "y", "z"], "above": [1.0, 0.0, 1.0]})
    index = pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("a", "z")])
    era = pd.Series(["unknown"] * 3, index=index)
    genre = pd.Series(["poem", "novel", "poem"], index=index)
    table = jb.grouped_shares(above, {"era": era, "genre": genre})
    assert list(zip(table["scope"], table["group"])) == [
        ("all", "all"),
        ("genre", "novel"),
        ("genre", "poem"),
    ]
