"""How a p-value is printed: never "0.0000", and never a text that re-rounds to another value.

Below 0.0001 a p-value is "< 0.0001" (p = 7e-8 is not zero). Otherwise it has ``digits``
decimals (4 where fewer would print zero) under the site's rule (half up), and one more where the
shorter text would round again to a different value one decimal shorter: 0.012472 is "0.01247", not
"0.0125" (which a reader rounds to 0.013 beside a paper's 0.012).

Beside it, what pages print about how far a number can be trusted, kept here (read-only: render
imports it) rather than in the modules that compute: ``SMALL_N`` and ``limit_text``."""

from __future__ import annotations

import math

from .rounding import format_number, round_half_up

FLOOR = 1e-4
SMALL_N = 5  # shares over fewer items are greyed on the pages, with their n shown


def limit_text(n_items: int, unit: str, alpha: float) -> str:
    """The note a board prints instead of clusters when no pair can be separated."""
    units = unit if n_items == 1 else f"{unit}s"
    return f"n = {n_items} {units}: no pair can be separated at α = {alpha:g}"


def format_p(value: float, digits: int = 4) -> str:
    """``value`` as a p-value text (see the module docstring); NaN is an em dash."""
    p = float(value)
    if math.isnan(p):
        return "—"
    if p < FLOOR:
        return "< 0.0001"
    if round_half_up(p, digits) == 0:  # 0.0002 at 3 decimals: four, never "0.000"
        digits = 4
    shorter = round_half_up(round_half_up(p, digits), digits - 1)
    if digits > 1 and shorter != round_half_up(p, digits - 1):
        return format_number(p, digits + 1)
    return format_number(p, digits)


def works_text() -> str:
    """What the board's method sentence adds when some column's paragraphs nest in few texts."""
    return (
        f"; where a column's paragraphs come from fewer than {SMALL_N} texts (works), the texts "
        f"are the independent unit: no bootstrap CI, rank interval or cluster from resampled "
        f"paragraphs, the interval is the range of the per-text means (“range of n texts”)"
    )
