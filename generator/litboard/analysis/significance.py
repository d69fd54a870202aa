"""Paired significance between every two systems (bootstrap or exact/sampled sign-flip
permutation), the smallest p a sample can attain, and the clusters built from the p-values
(definitions in ``uncertainty``'s module doc)."""

from __future__ import annotations

from typing import Literal

import numpy as np
import pandas as pd

from .permutation import permutation_p_values, smallest_p
from .resampling import Missing, aligned_weights, pair_stats, prepare_items, resample_counts

Test = Literal["bootstrap", "permutation"]
TESTS = ("bootstrap", "permutation")


def bootstrap_p_matrix(
    counts: np.ndarray, data: pd.DataFrame, weights: np.ndarray | None = None
) -> np.ndarray:
    values = data.to_numpy(dtype=float)
    stats = pair_stats(counts, values, ~np.isnan(values), weights)
    flips = (stats.resampled * np.sign(stats.observed)[None, :] <= 0) | np.isnan(stats.resampled)
    p = np.minimum(1.0, 2.0 * flips.mean(0))
    p = np.where((stats.observed == 0) | (stats.shared == 0), 1.0, p)
    k = values.shape[1]
    rows, cols = np.triu_indices(k, 1)
    full = np.full((k, k), np.nan)
    full[rows, cols] = p
    full[cols, rows] = p
    return full


def attainable_p(data: pd.DataFrame, n_resamples: int) -> float:
    """The smallest p any pair of columns can attain: ``permutation.smallest_p`` over the items
    the two share, minimised over the pairs (1 with fewer than two systems)."""
    mask = data.notna().to_numpy()
    rows, cols = np.triu_indices(mask.shape[1], 1)
    shared = (mask[:, rows] & mask[:, cols]).sum(0)
    return min((smallest_p(int(n), len(data), n_resamples) for n in shared), default=1.0)


def test_p_values(
    test: str,
    counts: np.ndarray,
    data: pd.DataFrame,
    n_resamples: int,
    seed: int,
    weights: np.ndarray | None,
) -> np.ndarray:
    if test == "bootstrap":
        return bootstrap_p_matrix(counts, data, weights)
    if test == "permutation":
        return permutation_p_values(data.to_numpy(dtype=float), n_resamples, seed, weights)
    raise ValueError(f"test must be one of {', '.join(TESTS)}, not {test!r}")


def pairwise_significance(
    scores: pd.DataFrame,
    n_resamples: int = 1000,
    seed: int = 12345,
    missing: Missing = "complete",
    test: Test = "bootstrap",
    weights: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Two-sided paired p-values between every two systems (see module doc).

    Returns a symmetric systems x systems DataFrame with NaN on the diagonal. With
    ``test="bootstrap"`` the resamples are the ones ``paired_bootstrap`` draws with the
    same seed and R; ``test="permutation"`` runs ``permutation.permutation_p_values``.
    """
    data, _ = prepare_items(scores, missing)
    counts = resample_counts(len(data), n_resamples, seed) if test == "bootstrap" else np.empty(0)
    names = [str(c) for c in data.columns]
    p = test_p_values(test, counts, data, n_resamples, seed, aligned_weights(weights, data))
    return pd.DataFrame(p, index=names, columns=names)


def significance_clusters(
    order: list[str], p_values: pd.DataFrame, alpha: float = 0.05
) -> list[list[str]]:
    """Contiguous clusters along ``order`` (best first); see the module doc for the rule."""
    clusters: list[list[str]] = []
    for name in order:
        current = clusters[-1] if clusters else None
        if current is not None and all(p_values.at[m, name] >= alpha for m in current):
            current.append(name)
        else:
            clusters.append([name])
    return clusters


def clusters_consistent(
    p_values: pd.DataFrame, clusters: list[list[str]], alpha: float = 0.05
) -> bool:
    """True when clusters partition the systems and no cluster holds a separated pair."""
    members = [name for cluster in clusters for name in cluster]
    if sorted(members) != sorted(str(s) for s in p_values.index):
        return False
    for cluster in clusters:
        for i, first in enumerate(cluster):
            for second in cluster[i + 1 :]:
                if not p_values.at[first, second] >= alpha:
                    return False
    return True
