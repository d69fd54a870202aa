"""The site's one rounding rule: half up on the decimal value (analysis.rounding)."""

from __future__ import annotations

import math

import pytest

from litboard.analysis.rounding import format_number, round_half_up
from litboard.render.creativity.tables import number
from litboard.render.core.jinja import fmt, pct

# LitEval, XCOMET-XXL, "Human > Top systems": the mean of 13.3..., 20, 10 and 41.6... is 21.25;
# paper 000 prints 21.3 (Table 14), and so must every table of the site.
XCOMET_XXL_MEAN = (100 * 2 / 15 + 100 * 4 / 20 + 100 * 2 / 20 + 100 * 10 / 24) / 4


def test_xcomet_xxl_mean_prints_21_3_everywhere() -> None:
    assert XCOMET_XXL_MEAN == pytest.approx(21.25)
    assert fmt(21.25, 1) == fmt(XCOMET_XXL_MEAN, 1) == "21.3"
    assert number(21.25, 1) == number(XCOMET_XXL_MEAN, 1) == "21.3"
    assert pct(0.2125, 1) == "21.3"
    assert round_half_up(XCOMET_XXL_MEAN, 1) == 21.3
    assert f"{21.25:.1f}" == "21.2"  # what Python's half-even formatting of the float gives


@pytest.mark.parametrize(
    ("value", "digits", "text"),
    [
        (0.125, 2, "0.13"),
        (-0.125, 2, "-0.13"),
        (2.675, 2, "2.68"),  # 2.675 is 2.67499... in binary
        (21.249999999999996, 1, "21.3"),
        (21.2449, 1, "21.2"),
        (57.495, 2, "57.50"),
        (-0.004, 2, "0.00"),
        (-0.0, 2, "0.00"),
        (7.0, 0, "7"),
        (0.5, 0, "1"),
        (1.5, 0, "2"),
        (2.5, 0, "3"),
    ],
)
def test_half_up_on_the_decimal_value(value: float, digits: int, text: str) -> None:
    assert format_number(value, digits) == text
    assert fmt(value, digits) == text


def test_missing_stays_a_dash_and_nan() -> None:
    assert fmt(None) == fmt(float("nan")) == number(float("nan")) == pct(None) == "\u2014"
    assert math.isnan(round_half_up(float("nan"), 2))
    assert fmt(3) == "3"  # integers are shown as they are
