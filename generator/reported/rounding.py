"""One rounding rule for comparing a reproduced value with a printed one."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal


def round_half_up(value: float, decimals: int) -> float:
    """Round like a paper prints (0.25 -> 0.3), robust to float noise such as 21.2499999."""
    if value is None or math.isnan(value):
        return float("nan")
    exact = Decimal(repr(round(float(value), 9)))
    return float(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


def printed(value: float, decimals: int) -> str:
    """The value as the paper prints it."""
    return f"{value:.{decimals}f}"
