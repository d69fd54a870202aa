"""Paired permutation test between every two systems (as mt-metrics-eval and WMT use it).

Under the null hypothesis the two systems' scores of one item are exchangeable, so each
resample swaps them (with probability 1/2, independently per item) and recomputes the
statistic: the difference of the two systems' (weighted) means over the items both have.
One swap matrix of shape (n_resamples, n_items) is drawn once from
``numpy.random.default_rng(seed)`` and shared by every pair of systems, as in
mt-metrics-eval's ``pairwise_paired_permutation_test.py`` (Thompson 2024); all pairs are
computed with a few matrix products.

p-values follow ``scipy.stats.permutation_test(permutation_type="samples",
alternative="two-sided")`` exactly: when 2**n_items <= max(n_resamples, 2**EXACT_ITEMS)
every swap pattern is enumerated once (an exact test, p = count / 2**n, what scipy gives
with ``n_resamples=np.inf``), otherwise p = (count + 1) / (n_resamples + 1); two-sided p = min(1, 2
* min(p_less, p_greater)), with scipy's relative tolerance of 100 machine epsilons for ties with the
  observed value. Hand-written rather than
one ``permutation_test`` call per pair because the swaps are shared by all pairs and the
statistic may be a weighted mean (BWS counting scores); a test pins it to scipy's p-values.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

EPS = np.finfo(float).eps * 100
EXACT_ITEMS = 16  # up to 16 items every one of the 2**16 = 65,536 swap patterns is enumerated


def is_exact(n_items: int, n_resamples: int) -> bool:
    """Whether the test with ``n_items`` items enumerates every swap pattern."""
    return n_items <= EXACT_ITEMS or (n_items < 63 and 2**n_items <= n_resamples)


def smallest_p(n_shared: int, n_items: int, n_resamples: int) -> float:
    """The smallest two-sided p the test can give for a pair sharing ``n_shared`` of the
    ``n_items`` items: at least 2 / 2**n_shared (only the observed swap pattern and its mirror
    image are as extreme: 0.25 for three items), and at least 2 / (n_resamples + 1) when the
    patterns are sampled, not enumerated. 1 without shared items."""
    if n_shared < 1:
        return 1.0
    floor = 0.0 if is_exact(n_items, n_resamples) else 2.0 / (n_resamples + 1)
    return min(1.0, max(2.0 ** (1 - n_shared), floor))


def swap_matrix(n_items: int, n_resamples: int, seed: int) -> tuple[np.ndarray, bool]:
    """0/1 swaps, shape (R, n_items), and whether they enumerate all 2**n_items patterns."""
    if is_exact(n_items, n_resamples):
        patterns = np.arange(2**n_items)[:, None] >> np.arange(n_items)[None, :] & 1
        return patterns.astype(float), True
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, size=(n_resamples, n_items)).astype(float), False


class WeightedSums(NamedTuple):
    """Per pair (upper triangle columns), over the items both systems have: the row system's
    weighted scores and weights, then the column system's."""

    row_scores: np.ndarray
    row_weights: np.ndarray
    col_scores: np.ndarray
    col_weights: np.ndarray


def weighted_sums(
    values: np.ndarray, weights: np.ndarray, both: np.ndarray, rows: np.ndarray, cols: np.ndarray
) -> WeightedSums:
    w_r = np.where(both, weights[:, rows], 0.0)
    w_c = np.where(both, weights[:, cols], 0.0)
    a_r = np.where(both, values[:, rows], 0.0) * w_r
    a_c = np.where(both, values[:, cols], 0.0) * w_c
    return WeightedSums(a_r, w_r, a_c, w_c)


def permutation_p_values(
    values: np.ndarray, n_resamples: int, seed: int, weights: np.ndarray | None = None
) -> np.ndarray:
    """Symmetric k x k matrix of two-sided p-values (NaN diagonal) for items x k ``values``.

    NaN marks a missing score; each pair uses the items both systems have (p = 1 when
    there are none). ``weights`` (same shape, > 0 where a score exists) turns the means
    into weighted means sum(w * x) / sum(w).
    """
    mask = ~np.isnan(values)
    w = np.ones_like(values) if weights is None else np.where(mask, weights, 0.0)
    k = values.shape[1]
    rows, cols = np.triu_indices(k, 1)
    both = mask[:, rows] & mask[:, cols]
    sums = weighted_sums(values, w, both, rows, cols)
    a_r, w_r = sums.row_scores, sums.row_weights
    a_c, w_c = sums.col_scores, sums.col_weights
    swaps, exact = swap_matrix(values.shape[0], n_resamples, seed)
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = a_r.sum(0) / w_r.sum(0) - a_c.sum(0) / w_c.sum(0)
        # a swapped item moves (x_c, w_c) to the row system and (x_r, w_r) to the column one
        null = (a_r.sum(0) + swaps @ (a_c - a_r)) / (w_r.sum(0) + swaps @ (w_c - w_r)) - (
            a_c.sum(0) + swaps @ (a_r - a_c)
        ) / (w_c.sum(0) + swaps @ (w_r - w_c))
    gamma = np.abs(EPS * observed)
    adjustment = 0 if exact else 1
    total = len(swaps) + adjustment
    less = (np.count_nonzero(null <= observed + gamma, axis=0) + adjustment) / total
    greater = (np.count_nonzero(null >= observed - gamma, axis=0) + adjustment) / total
    p = np.clip(2 * np.minimum(less, greater), 0.0, 1.0)
    p = np.where(both.sum(0) == 0, 1.0, p)
    full = np.full((k, k), np.nan)
    full[rows, cols] = p
    full[cols, rows] = p
    return full
