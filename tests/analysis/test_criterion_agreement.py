"""RULER agreement per criterion (issue 44, goal 9): interval Krippendorff alpha per criterion."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.analysis.criterion_agreement import criterion_alpha


def _rows(criterion: str, first: list[int], second: list[int]) -> list[tuple]:
    return [
        ("c", f"s{i}", "en-ko", "p1", who, criterion, float(v))
        for who, values in (("x", first), ("y", second))
        for i, v in enumerate(values)
    ]


def test_alpha_per_criterion_hand_computed() -> None:
    # "Content": units (1,2), (3,3), (5,4); pairable values 1,2,3,3,5,4: n = 6, mean 3, squared
    # deviations 10.
    # D_o = sum over units of the ordered pairs' (a - b)^2 / (m_u - 1), over n = (2 + 0 + 2) / 6;
    # D_e = sum over all ordered value pairs (v_i - v_j)^2 / (n (n - 1)) = 2 * 6 * 10 / 30 = 4;
    # alpha = 1 - D_o / D_e = 1 - (4 / 6) / 4 = 5 / 6
    frame = pd.DataFrame(
        _rows("Content accuracy", [1, 3, 5], [2, 3, 4])
        + _rows("Lexical choice", [2, 4, 5], [2, 4, 5]),
        columns=["campaign", "system", "pair", "paragraph", "annotator", "criterion", "score"],
    )
    rows = {r["statistic"]: r for r in criterion_alpha(frame).to_dict("records")}
    assert rows["Krippendorff alpha (interval): Content accuracy"]["value"] == pytest.approx(5 / 6)
    assert rows["Krippendorff alpha (interval): Lexical choice"]["value"] == pytest.approx(1.0)
    assert {r["n"] for r in rows.values()} == {3}
    assert criterion_alpha(frame[frame["annotator"] == "x"]).empty
