"""The one rounding rule for every number the site displays.

Numbers are rounded **half up on their decimal value**, as the papers print them
(21.25 -> 21.3, -0.125 -> -0.13; Python's ``round``/``format`` would give 21.2, since they
round the binary float half to even). The float is first read as a decimal through
``repr`` after rounding to ``NOISE_DIGITS`` decimals, so float noise from averaging
(21.249999999999996 for a mean whose exact value is 21.25) does not decide the digit.
Results that round to zero print without a minus sign ("0.00", never "-0.00").

Numbers written for machines -- ``data-value`` attributes, inline JSON, chart specs, the
CSV/JSON/LaTeX downloads -- leave at a stated precision instead: ``SIGNIFICANT_DIGITS``
significant digits (``stated``), enough to sort by and to recompute from, and short of the
last bits that a BLAS build, a summation order or a library version decides. A magnitude below
``ZERO_BELOW`` is written as 0: that is where the noise of an exact zero lives (5.5 - 5.5 can
come out as 1e-15), far below any difference the site shows. The templates
apply it to every float they print (``render.core.jinja``), ``csv_text`` to every CSV cell and
``stated_tree`` to every JSON document, so the same inputs give the same bytes on every machine.
"""

from __future__ import annotations

import math
from functools import lru_cache
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

NOISE_DIGITS = 9
SIGNIFICANT_DIGITS = 12
ZERO_BELOW = 1e-12
# printf style: pandas' to_csv(float_format=...) takes it
STATED_FORMAT = f"%.{SIGNIFICANT_DIGITS}g"


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


@lru_cache(maxsize=1 << 16)  # a page set formats the same few thousand values again and again
def format_number(value: float, digits: int) -> str:
    """``value`` with exactly ``digits`` decimals under the site's rule (no "-0.00")."""
    if math.isinf(float(value)):
        return "∞" if value > 0 else "−∞"
    return f"{_decimal(value, digits):f}"


def stated(value: float) -> float:
    """``value`` at the stated precision: the nearest float to its decimal rounded to
    ``SIGNIFICANT_DIGITS`` significant digits (``repr`` then prints at most that many); 0.0 for a
    magnitude below ``ZERO_BELOW`` and for -0.0. NaN and infinities stay."""
    number = float(value)
    if not math.isfinite(number):
        return number
    if abs(number) < ZERO_BELOW:
        return 0.0
    return float(STATED_FORMAT % number)


def stated_tree(value: Any) -> Any:
    """A JSON-like value (dicts, lists, tuples) with every float replaced by ``stated(float)``;
    bools, ints and text stay as they are."""
    if isinstance(value, float):
        return stated(value)
    # a plain str/int/bool/None item is kept without a call (reader pages: ~500 per page)
    if isinstance(value, dict):
        return {
            key: item if type(item) in _LEAVES else stated_tree(item) for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [item if type(item) in _LEAVES else stated_tree(item) for item in value]
    return value


# exactly these types: stated_tree returns them as they are
_LEAVES = frozenset({str, int, bool, type(None)})
