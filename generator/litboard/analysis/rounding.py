"""The one rounding rule for every number the site displays.

Numbers are rounded **half up on their decimal value**, as the papers print them
(21.25 -> 21.3, -0.125 -> -0.13; Python's ``round``/``format`` would give 21.2, since they
round the binary float half to even). The float is first read as a decimal through
``repr`` after rounding to ``NOISE_DIGITS`` decimals, so float noise from averaging
(21.249999999999996 for a mean whose exact value is 21.25) does not decide the digit.
Results that round to zero print without a minus sign ("0.00", never "-0.00").
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

NOISE_DIGITS = 9


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return math.isnan(float(value))
    except (TypeError, ValueError):
        return False


def _decimal(value: float, digits: int) -> Decimal:
    exact = Decimal(repr(round(float(value), NOISE_DIGITS)))
    rounded = exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return rounded.copy_abs() if rounded.is_zero() else rounded


def round_half_up(value: float, digits: int) -> float:
    """``value`` rounded half up to ``digits`` decimals (NaN stays NaN)."""
    if _is_missing(value):
        return float("nan")
    if math.isinf(float(value)):
        return float(value)
    return float(_decimal(value, digits))


def format_number(value: float, digits: int) -> str:
    """``value`` with exactly ``digits`` decimals under the site's rule (no "-0.00")."""
    if math.isinf(float(value)):
        return "∞" if value > 0 else "−∞"
    return f"{_decimal(value, digits):f}"
