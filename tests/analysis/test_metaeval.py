"""Kendall tau-b and mean rankings on hand-computed cases."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.analysis import metaeval


def _long(rows: list[tuple[str, str, str, str, float]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["campaign", "pair", "paragraph", "system", "score"])


def test_kendall_tau_b_with_ties() -> None:
    # x = 1,1,2,3 and y = 1,2,2,3: 6 pairs, 4 concordant, 0 discordant, one tie in each
    # -> tau-b = 4 / sqrt((6-1) * (6-1)) = 0.8. Second pair: reversed order -> -1.
    x, y = [1, 1, 2, 3], [1, 2, 2, 3]
    rows = [("human", "aa-bb", f"p{i}", "s", v) for i, v in enumerate(x)]
    rows += [("metric", "aa-bb", f"p{i}", "s", v) for i, v in enumerate(y)]
    rows += [("human", "cc-dd", f"q{i}", "s", v) for i, v in enumerate([1, 2, 3])]
    rows += [("metric", "cc-dd", f"q{i}", "s", v) for i, v in enumerate([3, 2, 1])]
    rows += [("human", "cc-dd", "q9", "s", 5.0)]  # no metric score: left out
    taus = metaeval.kendall(metaeval.wide_scores(_long(rows)), [("human", "metric")])
    assert list(taus.columns) == [
        "pair",
        "human",
        "metric",
        "tau",
        "ci_low",
        "ci_high",
        "p_value",
        "n",
        "paragraphs",
    ]
    assert taus["tau"].tolist() == pytest.approx([0.8, -1.0], abs=1e-12)
    assert taus["n"].tolist() == [4, 3] and taus["paragraphs"].tolist() == [4, 3]
    assert (taus["ci_low"] <= taus["tau"]).all() and (taus["tau"] <= taus["ci_high"]).all()
    assert metaeval.tau_matrix(taus).loc["aa-bb", "metric"] == pytest.approx(0.8)


def test_system_ranking_pools_groups_and_pairs() -> None:
    rows = [
        ("c", "p", "x1", "a", 1.0),
        ("c", "p", "x2", "a", 3.0),
        ("c", "p", "x1", "b", 2.0),
        ("c", "p", "x1", "h1", 5.0),
        ("c", "p", "x2", "h2", 1.0),
        ("c", "q", "y1", "a", 0.0),
    ]
    table = metaeval.system_ranking(_long(rows), {"h1": "human", "h2": "human"})
    assert list(table.columns) == ["pair", "system", "mean", "n", "rank"]
    got = {(r.pair, r.system): (round(r.mean, 4), r.n, r.rank) for r in table.itertuples()}
    assert got == {
        ("all", "human"): (3.0, 2, 1),
        ("all", "b"): (2.0, 1, 2),
        ("all", "a"): (1.3333, 3, 3),
        ("p", "human"): (3.0, 2, 1),
        ("p", "a"): (2.0, 2, 2),
        ("p", "b"): (2.0, 1, 2),
        ("q", "a"): (0.0, 1, 1),
    }
    lower = metaeval.system_ranking(_long(rows), higher_is_better=False)
    assert lower[lower["pair"] == "q"]["rank"].tolist() == [1]
    assert lower[lower["pair"] == "all"]["system"].tolist()[:2] == ["h2", "a"]  # 1.0, 1.33
