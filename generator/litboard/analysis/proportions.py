"""Confidence intervals for a proportion k / n (Wilson score interval).

A percentile bootstrap of a share over a handful of items is not an interval: with one item it
is [100, 100] or [0, 0], with three items all of one kind the same. The Wilson score interval
(Wilson 1927) has the right coverage down to small n and never collapses to a point for
0 < n: for k = n = 3 it is [43.9, 100]. It equals
``scipy.stats.binomtest(k, n).proportion_ci(confidence_level, method="wilson")`` (a test pins
it), written in closed form so that building the site does not import scipy.stats.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Iterable

from .p_format import SMALL_N as SMALL_N  # shares over fewer items are greyed on the pages


def wilson_interval(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of the proportion k / n at ``level`` (as fractions in [0, 1]);
    (nan, nan) without items."""
    if n <= 0:
        return float("nan"), float("nan")
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and n = {n}, not {k}")
    z = NormalDist().inv_cdf(1 - (1 - level) / 2)
    p = k / n
    denominator = 1 + z * z / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def wilson_share(values: Iterable[float], level: float = 0.95) -> tuple[float, float, float]:
    """Percent of 0/1 ``values`` that are 1, with its Wilson interval in percent."""
    items = [float(v) for v in values]
    if not items:
        return float("nan"), float("nan"), float("nan")
    k = int(round(sum(items)))
    low, high = wilson_interval(k, len(items), level)
    return 100.0 * k / len(items), 100.0 * low, 100.0 * high
