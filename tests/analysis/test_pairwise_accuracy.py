"""System-level pairwise accuracy on hand-computed cases."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.analysis import metaeval


def test_pairwise_accuracy_by_hand() -> None:
    # human A > B > C; metric A > C > B: (A,B) agree, (A,C) agree, (B,C) disagree -> 2 of 3
    human = {"A": 3.0, "B": 2.0, "C": 1.0}
    metric = {"A": 0.9, "B": 0.1, "C": 0.5}
    assert metaeval.pairwise_accuracy(human, metric) == (2, 3)
    # a lower-is-better metric with the same numbers reads C > B > A: only (B,C) agrees
    assert metaeval.pairwise_accuracy(human, metric, metric_higher_is_better=False) == (1, 3)


def test_ties_and_missing_systems() -> None:
    # human ties A and B; metric separates them -> that pair disagrees; D has no metric score
    human = {"A": 1.0, "B": 1.0, "C": 0.0, "D": 5.0}
    metric = {"A": 2.0, "B": 1.0, "C": 0.0, "D": float("nan")}
    assert metaeval.pairwise_accuracy(human, metric) == (2, 3)
    # a tie in both measures agrees
    assert metaeval.pairwise_accuracy({"A": 1.0, "B": 1.0}, {"A": 0.3, "B": 0.3}) == (1, 1)


def test_accuracy_table() -> None:
    rows = [
        ("p1", "h", "A", 3.0),
        ("p1", "h", "B", 2.0),
        ("p1", "h", "C", 1.0),
        ("p1", "m", "A", 0.9),
        ("p1", "m", "B", 0.1),
        ("p1", "m", "C", 0.5),
        ("p2", "h", "A", 1.0),
        ("p2", "h", "B", 2.0),
        ("p2", "m", "A", 1.0),
        ("p2", "m", "B", 2.0),
        ("p2", "m", "C", 9.0),
    ]
    means = pd.DataFrame(rows, columns=["pair", "measure", "system", "mean"])
    table = metaeval.accuracy_table(means, "h", ["m"])
    assert list(table.columns) == metaeval.ACCURACY_COLUMNS
    assert table[["pair", "systems", "pairs", "agree"]].values.tolist() == [
        ["p1", 3, 3, 2],
        ["p2", 2, 1, 1],
    ]
    assert table["accuracy"].tolist() == pytest.approx([2 / 3, 1.0], abs=1e-12)
