"""Adequacy on a hand-computed table (human best rank vs top / other systems)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from litboard.analysis.adequacy import LITEVAL, adequacy, subset_items
from litboard.errors import DataError

HUMAN, TOP = {"h1", "h2"}, {"t1", "q"}
# pair, paragraph, system, score (higher is better)
ROWS = [
    ("aa-bb", "p1", "h1", -1),
    ("aa-bb", "p1", "h2", -3),
    ("aa-bb", "p1", "t1", -2),
    ("aa-bb", "p1", "q", -4),
    ("aa-bb", "p1", "o1", -5),
    ("aa-bb", "p2", "h1", -2),
    ("aa-bb", "p2", "t1", -2),
    ("aa-bb", "p2", "q", -5),
    ("aa-bb", "p2", "o1", -1),
    ("aa-bb", "p3", "h1", -3),
    ("aa-bb", "p3", "t1", -1),
    ("aa-bb", "p3", "q", -2),
    ("aa-bb", "p3", "o1", -3),
    ("aa-bb", "p5", "t1", -1),
    ("aa-bb", "p5", "o1", -2),  # no human: not counted
    ("cc-dd", "p4", "h1", 0),
    ("cc-dd", "p4", "t1", -1),
    ("cc-dd", "p4", "o1", -2),
    ("cc-dd", "p4", "q", float("nan")),
]
SCORES = pd.DataFrame(ROWS, columns=["pair", "paragraph", "system", "score"])


def _table(result: pd.DataFrame) -> dict[tuple[str, str], tuple[int, int, float]]:
    return {
        (r.pair, r.scenario): (r.items, r.wins, round(r.percent, 4)) for r in result.itertuples()
    }


def test_strict_with_qwen_like_system_among_others() -> None:
    result = adequacy(SCORES, HUMAN, TOP, strict=True, others_exclude={"t1"})
    assert list(result.columns) == ["pair", "scenario", "items", "wins", "percent"]
    assert _table(result) == {
        ("aa-bb", "top"): (3, 1, 33.3333),
        ("aa-bb", "other"): (3, 1, 33.3333),
        ("cc-dd", "top"): (1, 1, 100.0),
        ("cc-dd", "other"): (1, 1, 100.0),
        ("mean", "top"): (4, 2, 66.6667),
        ("mean", "other"): (4, 2, 66.6667),
    }


def test_non_strict_counts_ties() -> None:
    result = _table(adequacy(SCORES, HUMAN, TOP, strict=False, others_exclude={"t1"}))
    assert result[("aa-bb", "top")] == (3, 2, 66.6667)  # p2: human ties t1
    assert result[("aa-bb", "other")] == (3, 1, 33.3333)  # q beats the human in p3


def test_others_exclude_defaults_to_top() -> None:
    strict = _table(adequacy(SCORES, HUMAN, TOP))
    loose = _table(adequacy(SCORES, HUMAN, TOP, strict=False))
    assert strict[("aa-bb", "other")] == (3, 1, 33.3333)  # p3: o1 ties the human
    assert loose[("aa-bb", "other")] == (3, 2, 66.6667)


def test_items_and_direction() -> None:
    only_p1 = _table(adequacy(SCORES, HUMAN, TOP, items={"p1"}))
    assert only_p1 == {
        ("aa-bb", "top"): (1, 1, 100.0),
        ("aa-bb", "other"): (1, 1, 100.0),
        ("mean", "top"): (1, 1, 100.0),
        ("mean", "other"): (1, 1, 100.0),
    }
    flipped = SCORES.assign(score=-SCORES["score"])
    assert _table(adequacy(flipped, HUMAN, TOP, higher_is_better=False)) == _table(
        adequacy(SCORES, HUMAN, TOP)
    )


def test_pair_without_comparison_is_nan_not_zero() -> None:
    result = adequacy(SCORES[SCORES["system"] != "o1"], HUMAN, TOP, others_exclude={"t1", "q"})
    other = result[(result["pair"] == "cc-dd") & (result["scenario"] == "other")].iloc[0]
    assert other["items"] == 0 and math.isnan(other["percent"])


def test_missing_column_is_a_data_error() -> None:
    with pytest.raises(DataError, match="score"):
        adequacy(SCORES.drop(columns="score"), HUMAN, TOP)


def test_settings_and_subset_items() -> None:
    assert LITEVAL.top == {"gpt4o", "deepl", "google-translate", "qwen2-beta-7b-chat"}
    assert LITEVAL.others_exclude == LITEVAL.top - {"qwen2-beta-7b-chat"}
    paragraphs = pd.DataFrame(
        {"paragraph": ["p1", "p2", "p3"], "subsets": [("bws-sample",), (), ("x", "bws-sample")]}
    )
    assert subset_items(paragraphs, "bws-sample") == {"p1", "p3"}
