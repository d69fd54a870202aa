"""The resampling primitives of ``uncertainty`` and ``significance``: one seeded matrix of draw
counts, the items kept for a ranking, resampled (weighted) means, paired differences and
competition ranks (see ``uncertainty``'s module doc for the definitions)."""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
import pandas as pd

from ..errors import DataError, Problem
from .permutation import weighted_sums

Missing = Literal["complete", "available"]


def _fail(field: str, message: str, fix: str) -> DataError:
    return DataError([Problem("<scores>", 0, field, message, fix)])


def resample_counts(n_items: int, n_resamples: int, seed: int) -> np.ndarray:
    """How often each item is drawn in each resample: shape (n_resamples, n_items).

    One index matrix ``rng.integers(0, n_items, (n_resamples, n_items))`` is drawn from
    ``numpy.random.default_rng(seed)`` and turned into counts with one ``bincount``.
    """
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n_items, size=(n_resamples, n_items))
    flat = idx + n_items * np.arange(n_resamples)[:, None]
    counts = np.bincount(flat.ravel(), minlength=n_resamples * n_items)
    return counts.reshape(n_resamples, n_items).astype(float)


def prepare_items(scores: pd.DataFrame, missing: Missing) -> tuple[pd.DataFrame, int]:
    if missing not in ("complete", "available"):
        raise ValueError(f"missing must be 'complete' or 'available', not {missing!r}")
    if scores.shape[1] < 1:
        raise _fail("scores", "the score matrix has no system column", "pass one column per system")
    data = scores.astype(float)
    empty = [str(c) for c in data.columns if data[c].notna().sum() == 0]
    if empty:
        raise _fail(
            "scores",
            f"systems without any score: {', '.join(empty)}",
            "drop these systems before ranking",
        )
    kept = data.dropna(how="any") if missing == "complete" else data.dropna(how="all")
    kept = kept.sort_index(kind="stable")
    if len(kept) < 2:
        raise _fail(
            "scores",
            f"only {len(kept)} item(s) usable for the bootstrap",
            "rank systems on at least two shared items",
        )
    return kept, len(data) - len(kept)


def aligned_weights(weights: pd.DataFrame | None, data: pd.DataFrame) -> np.ndarray | None:
    """Weights aligned with the kept items and systems; > 0 and finite where a score exists."""
    if weights is None:
        return None
    aligned = weights.reindex(index=data.index, columns=data.columns).to_numpy(dtype=float)
    present = ~np.isnan(data.to_numpy(dtype=float))
    bad = present & ~(np.isfinite(aligned) & (aligned > 0))
    if bad.any():
        raise _fail(
            "weights",
            f"{int(bad.sum())} score(s) without a positive weight",
            "give every present score a weight > 0 (e.g. times shown)",
        )
    return np.where(present, aligned, 0.0)


def resampled_means(
    counts: np.ndarray, values: np.ndarray, mask: np.ndarray, weights: np.ndarray | None = None
) -> np.ndarray:
    """Counts-weighted means over present items: (R, n_items) x (n_items, k) -> (R, k)."""
    w = mask.astype(float) if weights is None else np.where(mask, weights, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (counts @ np.where(mask, values * w, 0.0)) / (counts @ w)


class PairStats(NamedTuple):
    """Per pair (upper triangle): observed difference, resampled differences, shared items."""

    observed: np.ndarray
    resampled: np.ndarray
    shared: np.ndarray


def pair_stats(
    counts: np.ndarray, values: np.ndarray, mask: np.ndarray, weights: np.ndarray | None
) -> PairStats:
    """Per pair (upper triangle): observed difference, resampled differences, shared items."""
    rows, cols = np.triu_indices(values.shape[1], 1)
    both = mask[:, rows] & mask[:, cols]
    if weights is None:
        diffs = values[:, rows] - values[:, cols]
        observed = np.where(both, diffs, 0.0).sum(0) / np.maximum(both.sum(0), 1)
        return PairStats(observed, resampled_means(counts, diffs, both), both.sum(0))
    sums = weighted_sums(values, weights, both, rows, cols)
    a_r, w_r, a_c, w_c = sums.row_scores, sums.row_weights, sums.col_scores, sums.col_weights
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = np.nan_to_num(a_r.sum(0) / w_r.sum(0) - a_c.sum(0) / w_c.sum(0))
        boot = (counts @ a_r) / (counts @ w_r) - (counts @ a_c) / (counts @ w_c)
    return PairStats(observed, boot, both.sum(0))


def competition_ranks(values: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Competition ranks along the last axis (1 = best, ties share the smallest rank): one
    plus how many values are strictly better (scipy's ``rankdata(method="min")``, without
    importing scipy.stats, which cost a rebuild 0.7 s; NaN keeps scipy's answer)."""
    key = -values if higher_is_better else values
    if np.isnan(key).any():
        from scipy.stats import rankdata

        return rankdata(key, method="min", axis=-1).astype(int)
    return (key[..., None, :] < key[..., :, None]).sum(-1) + 1


def rank_interval(rank_boot: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Ends of the (1 - alpha) rank interval per column of (R, k) ranks (NaN = no mean).

    Drops the floor(n * alpha / 2) lowest and as many highest of a system's n ranks and
    returns the lowest and highest remaining ones (see the module doc).
    """
    ordered = np.sort(rank_boot, axis=0)  # NaN sorts last
    n = (~np.isnan(rank_boot)).sum(0)
    k = np.floor(n * alpha / 2).astype(int)
    columns = np.arange(rank_boot.shape[1])
    return ordered[k, columns].astype(int), ordered[n - 1 - k, columns].astype(int)
