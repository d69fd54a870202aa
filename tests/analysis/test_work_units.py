"""Paragraphs nested in fewer than SMALL_N works: descriptive range of per-work means, no cluster
(issue 59 goal 3). Hand-computed on 3 works x 2 paragraphs."""

from __future__ import annotations

import pandas as pd
import pytest
from litboard.analysis.rank_tables import rank_result
from litboard.settings import AnalysisSettings

WORKS = pd.Series({"p1": "w1", "p2": "w1", "p3": "w2", "p4": "w2", "p5": "w3", "p6": "w3"})
A = {"p1": 1.0, "p2": 3.0, "p3": 4.0, "p4": 6.0, "p5": 0.0, "p6": 2.0}  # work means 2, 5, 1
B = {"p1": 0.5, "p2": 0.5, "p3": 1.0, "p4": 0.0, "p5": 0.25, "p6": 0.75}  # work means .5 .5 .5


def _long(a: dict[str, float], b: dict[str, float]) -> pd.DataFrame:
    rows = [("A", p, v) for p, v in a.items()] + [("B", p, v) for p, v in b.items()]
    return pd.DataFrame(rows, columns=["system", "paragraph", "score"])


def test_three_works_give_the_range_of_work_means_and_no_cluster() -> None:
    result = rank_result(_long(A, B), True, AnalysisSettings(), WORKS)
    assert result is not None
    table = result.table
    assert table.at["A", "mean"] == pytest.approx(16 / 6, abs=1e-12)  # still over paragraphs
    assert (table.at["A", "ci_low"], table.at["A", "ci_high"]) == (1.0, 5.0)
    assert (table.at["B", "ci_low"], table.at["B", "ci_high"]) == (0.5, 0.5)
    assert list(table["ci_method"]) == ["range", "range"]
    assert list(table["n_works"]) == [3, 3] and list(table["n_items"]) == [6, 6]
    assert list(table["range_over"]) == ["works", "works"]
    assert list(table["cluster"]) == [0, 0] and result.clusters == []
    assert result.smallest_p == pytest.approx(0.25)  # 2 / 2**3: sign flips over 3 texts
    assert not result.separable


def test_without_works_the_paragraph_bootstrap_is_unchanged() -> None:
    plain = rank_result(_long(A, B), True, AnalysisSettings())
    assert plain is not None and set(plain.table["ci_method"]) == {"percentile"}
    assert "n_works" not in plain.table.columns


def test_five_works_keep_the_paragraph_bootstrap() -> None:
    works = pd.Series({f"p{i}": f"w{i}" for i in range(1, 7)})  # 6 works of one paragraph
    plain = rank_result(_long(A, B), True, AnalysisSettings())
    nested = rank_result(_long(A, B), True, AnalysisSettings(), works)
    assert plain is not None and nested is not None
    assert list(nested.table["n_works"]) == [6, 6]
    cols = ["mean", "ci_low", "ci_high", "rank_min", "rank_max", "cluster", "ci_method"]
    pd.testing.assert_frame_equal(nested.table[cols], plain.table[cols])


def test_one_work_keeps_the_paragraph_bootstrap() -> None:
    works = pd.Series({f"p{i}": "w1" for i in range(1, 7)})  # LitEval: one book per pair
    nested = rank_result(_long(A, B), True, AnalysisSettings(), works)
    assert nested is not None and set(nested.table["ci_method"]) == {"percentile"}
    assert list(nested.table["range_over"]) == ["", ""]
