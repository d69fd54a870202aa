"""Coverage of Bradley-Terry interval methods for two systems, computed exactly.

With two systems a Bradley-Terry strength (summing to 1) is the probability p that the first
beats the second, and n judgments without ties give w ~ Binomial(n, p) wins. An interval
method maps w to (low, high); its coverage at p is sum_w P(w | n, p) * [low(w) <= p <= high(w)],
an exact sum over the n + 1 outcomes (no Monte Carlo error). The candidates:

- bootstrap percentile: resampling n single judgments of the observed data with one virtual
  tie per pair (the former site method); its resamples' strength is (w* + 1/2) / (n + 1) with
  w* ~ Binomial(n, w / n), so its percentiles are exact binomial quantiles;
- profile likelihood under the stated prior of one virtual tie (``bt_profile``);
- Wilson score and Clopper-Pearson exact intervals of the win share, for reference.

The methodology page prints ``coverage_table`` (n = 10 and 20); the site uses the profile
likelihood interval, chosen because it is the only Bradley-Terry interval here that holds its
95 % near 0/n and n/n (the bootstrap covers a small p only by luck of w > 0).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .bt_profile import profile_intervals

Interval = Callable[[int, int], tuple[float, float]]
TRUTHS = (0.01, 0.05, 0.1, 0.2, 0.3, 0.5)


def bootstrap_percentile(w: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    from scipy.stats import binom

    low, high = binom.ppf([alpha / 2, 1 - alpha / 2], n, w / n)
    return float((low + 0.5) / (n + 1)), float((high + 0.5) / (n + 1))


def profile_prior(w: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    weights = np.array([[0.0, w + 0.5], [n - w + 0.5, 0.0]])
    half = 0.5 * np.log((w + 0.5) / (n - w + 0.5))
    lows, highs = profile_intervals(weights, np.array([half, -half]), alpha)
    return float(1 / (1 + np.exp(-2 * lows[0, 0]))), float(1 / (1 + np.exp(-2 * highs[0, 0])))


def wilson(w: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    from scipy.stats import binomtest

    ci = binomtest(w, n).proportion_ci(1 - alpha, method="wilson")
    return float(ci.low), float(ci.high)


def clopper_pearson(w: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    from scipy.stats import binomtest

    ci = binomtest(w, n).proportion_ci(1 - alpha, method="exact")
    return float(ci.low), float(ci.high)


METHODS: dict[str, Interval] = {
    "bootstrap percentile (1 virtual tie)": bootstrap_percentile,
    "profile likelihood (1 virtual tie)": profile_prior,
    "Wilson score": wilson,
    "Clopper–Pearson exact": clopper_pearson,
}


def coverage(method: Interval, n: int, p: float) -> float:
    """Exact coverage of ``method`` at true win probability p with n judgments."""
    from scipy.stats import binom

    hits = [low - 1e-12 <= p <= high + 1e-12 for low, high in (method(w, n) for w in range(n + 1))]
    return float(np.dot(binom.pmf(np.arange(n + 1), n, p), hits))


def coverage_table(
    ns: tuple[int, ...] = (10, 20), truths: tuple[float, ...] = TRUTHS
) -> list[dict[str, str | float]]:
    """One row per (method, n): the coverage at each true p (symmetric: p and 1 - p agree)."""
    return [
        {"method": name, "n": n, **{f"{p:g}": coverage(method, n, p) for p in truths}}
        for name, method in METHODS.items()
        for n in ns
    ]


def markdown_table(rows: list[dict[str, str | float]] | None = None) -> str:
    """The coverage table as the methodology page prints it (a test keeps the two equal)."""
    rows = coverage_table() if rows is None else rows
    truths = [k for k in rows[0] if k not in ("method", "n")]
    head = "| method | n | " + " | ".join(f"p = {t}" for t in truths) + " |"
    rule = "| --- | ---: | " + " | ".join("---:" for _ in truths) + " |"
    body = [
        f"| {r['method']} | {r['n']} | " + " | ".join(f"{float(r[t]):.3f}" for t in truths) + " |"
        for r in rows
    ]
    return "\n".join([head, rule, *body])
