"""Issue 46 goal 5: p-values below 0.0001 print "< 0.0001"; no p-value text re-rounds to another."""

from __future__ import annotations

import math

import pytest

from litboard.analysis.p_format import format_p


@pytest.mark.parametrize(
    ("p", "digits", "text"),
    [
        (7e-8, 4, "< 0.0001"),
        (0.0, 3, "< 0.0001"),
        (0.012472, 4, "0.01247"),  # "0.0125" would read as 0.013 beside the paper's 0.012
        (0.012472, 3, "0.012"),
        (0.0464, 4, "0.0464"),
        (0.003910, 4, "0.0039"),
        (0.0002149, 3, "0.0002"),
        (0.0001, 4, "0.0001"),
        (0.79, 2, "0.79"),
        (math.nan, 4, "—"),
    ],
)
def test_p_texts(p: float, digits: int, text: str) -> None:
    assert format_p(p, digits) == text
