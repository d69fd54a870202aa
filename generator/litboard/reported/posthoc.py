"""Post-hoc tests the published numbers of paper 003 need (pure functions, pinned by
hand-computed cases in tests/analysis/test_reported_posthoc.py).

- ``holm``: Holm's step-down adjustment of a family of p-values (R ``p.adjust(method="holm")``).
- ``rank_sum``: the two-sided Wilcoxon rank-sum (Mann–Whitney) test with R ``wilcox.test``'s
  default rule: the exact distribution when neither sample has 50 values or more and no value is
  tied, else the normal approximation with tie and continuity correction. (scipy's own "auto"
  switches to the approximation above 8 values, which R does not.)
- ``pairwise_symmetry``: McNemar's χ² (no continuity correction) for every pair of classes of a
  square table, the post-hoc step of a McNemar–Bowker test, Holm-adjusted over the pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

import numpy as np
import pandas as pd

# R's wilcox.test computes exact p-values below 50 values per sample (without ties)
EXACT_BELOW = 50


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the input order: the i-th smallest (1-based) is multiplied by
    m − i + 1, made non-decreasing and capped at 1. NaN stays NaN and does not count in m."""
    values = [float(p) for p in pvalues]
    known = [i for i, p in enumerate(values) if not np.isnan(p)]
    adjusted = [float("nan")] * len(values)
    running = 0.0
    for rank, i in enumerate(sorted(known, key=lambda j: values[j])):
        running = max(running, min(1.0, (len(known) - rank) * values[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class RankSum:
    """One rank-sum test: U of the first sample, the two-sided p and how it was computed."""

    u: float
    p: float
    method: str  # "exact" or "normal approximation"
    n1: int
    n2: int


def rank_sum(first: Sequence[float], second: Sequence[float]) -> RankSum:
    """Two-sided Wilcoxon rank-sum test of two independent samples (R's default rule, see above)."""
    from scipy.stats import mannwhitneyu

    a = np.asarray(first, dtype=float)
    b = np.asarray(second, dtype=float)
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    if len(a) == 0 or len(b) == 0:
        return RankSum(float("nan"), float("nan"), "", len(a), len(b))
    tied = len(np.unique(np.concatenate([a, b]))) < len(a) + len(b)
    exact = not tied and len(a) < EXACT_BELOW and len(b) < EXACT_BELOW
    result = mannwhitneyu(
        a,
        b,
        alternative="two-sided",
        use_continuity=True,
        method="exact" if exact else "asymptotic",
    )
    return RankSum(
        float(result.statistic),
        float(result.pvalue),
        "exact" if exact else "normal approximation",
        len(a),
        len(b),
    )


def pairwise_symmetry(table: pd.DataFrame) -> pd.DataFrame:
    """One row per pair of classes (i before j in the table's order): the two off-diagonal counts
    (n_ij: row i, column j), McNemar's χ² = (n_ij − n_ji)² / (n_ij + n_ji) with 1 df, its p and the
    Holm-adjusted p over the pairs with a count (a pair with no count has no test: NaN)."""
    from scipy.stats import chi2 as chi2_dist

    classes = list(table.index)
    values = table.loc[classes, classes].to_numpy(dtype=float)
    rows = []
    for i, j in combinations(range(len(classes)), 2):
        upper, lower = values[i, j], values[j, i]
        total = upper + lower
        stat = (upper - lower) ** 2 / total if total else float("nan")
        p = float(chi2_dist.sf(stat, 1)) if total else float("nan")
        rows.append(
            {
                "first": str(classes[i]),
                "second": str(classes[j]),
                "n_first_second": upper,
                "n_second_first": lower,
                "chi2": stat,
                "p": p,
            }
        )
    frame = pd.DataFrame(
        rows, columns=["first", "second", "n_first_second", "n_second_first", "chi2", "p"]
    )
    return frame.assign(p_holm=holm(frame["p"].tolist()))
