"""Hand-computed cases for litboard.reported.stats."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.reported.stats import bowker, category_matches, kruskal


def test_bowker_hand_computed() -> None:
    # paper 003 Table 8 (rows LLM CS/R/O, columns professionals): pairs (73, 110), (2, 4), (2, 14)
    table = pd.DataFrame([[90, 73, 2], [110, 265, 2], [4, 14, 4]])
    chi2, df, p = bowker(table)
    assert chi2 == pytest.approx(37**2 / 183 + 2**2 / 6 + 12**2 / 16)  # 17.1475
    assert df == 3 and p == pytest.approx(0.000659, abs=1e-6)


def test_bowker_skips_empty_pairs() -> None:
    chi2, df, _ = bowker(pd.DataFrame([[5, 3, 0], [1, 5, 0], [0, 0, 5]]))
    assert (chi2, df) == (pytest.approx(1.0), 1)  # only (3, 1): 4 / 4


def test_kruskal_matches_scipy_on_a_small_case() -> None:
    frame = pd.DataFrame({"g": ["a"] * 3 + ["b"] * 3, "v": [1, 2, 3, 4, 5, 6]})
    h, p = kruskal(frame, "v", "g")
    # ranks a: 1,2,3 (sum 6), b: 4,5,6 (sum 15); H = 12/(6*7) * (36/3 + 225/3) - 3*7 = 3.857
    assert h == pytest.approx(12 / 42 * (12 + 75) - 21) and 0.04 < p < 0.06


def test_category_matches_pairs_linked_errors() -> None:
    errors = pd.DataFrame(
        {
            "annotator": ["pro", "llm", "pro", "llm", "llm"],
            "category": ["Style", "Accuracy", "Accuracy", "Accuracy", "Style"],
            "link": ["m1", "m1", "m2", "m2", ""],
        }
    )
    out = category_matches(errors).set_index("link")
    assert out["same"].to_dict() == {"m1": False, "m2": True}
