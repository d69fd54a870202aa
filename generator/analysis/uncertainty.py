"""Paired bootstrap over items: confidence intervals, rank ranges, significance clusters.

Input is a wide score matrix: one row per item (paragraph), one column per system,
NaN where a system has no score for an item. One index matrix of shape
(n_resamples, n_items) is drawn once from a seeded ``numpy.random.Generator`` and reused
for every system and every pair of systems (the resamples are *paired*); resampled means
are computed with one matrix product, never a Python loop over resamples.

Missing scores (``missing=``):

* ``"complete"`` (default): items not scored for *every* system are dropped first
  (listwise deletion), so means, ranks and tests all use the same items and the paired
  difference of two systems is exactly the difference of their means.
* ``"available"``: nothing is dropped. A system's (resampled) mean is taken over the
  items it has inside the resample; the test between two systems uses only the items
  both have (per-pair common items). Means of different systems may then rest on
  different items.

Significance test (``pairwise_significance``), for systems s and t: d is the observed
mean of ``x_s - x_t`` over the items used, d*_r the same statistic in resample r. With
d != 0, p = min(1, 2 * #{r : d*_r * sign(d) <= 0} / R), i.e. twice the share of resamples
in which the difference vanishes or changes sign; with d == 0, p = 1. p is symmetric,
its resolution is 1/R, and the diagonal is NaN. A resample holding no item shared by
the two systems (possible only with ``"available"``) counts as a sign change.

Clusters: systems are sorted by observed mean, best first (ties by name). Walking down
that list, system k joins the current cluster unless the test separates it (p < alpha)
from *any* member of the current cluster, in which case it starts a new cluster.
Clusters are therefore contiguous in rank order and no two systems the test separates
share a cluster; two systems in neighbouring clusters need not be separated themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from ..errors import DataError, Problem

Missing = Literal["complete", "available"]


@dataclass(frozen=True)
class RankingResult:
    """Outcome of ``paired_bootstrap``.

    ``table`` is indexed by system, sorted by rank, with columns mean, ci_low, ci_high,
    rank (1 = best, ties share the smallest rank), rank_min, rank_max (over resamples),
    n_items (items behind the system's mean) and cluster (1 = top). ``clusters`` lists
    the systems of each cluster, best first; ``n_dropped`` counts items left out.
    """

    table: pd.DataFrame
    p_values: pd.DataFrame
    clusters: list[list[str]]
    n_items: int
    n_dropped: int
    n_resamples: int
    seed: int
    alpha: float
    higher_is_better: bool
    missing: str

    def signature(self) -> str:
        """A reproducibility string printed under every number that comes from here."""
        return (f"paired-bootstrap|R={self.n_resamples}|seed={self.seed}|alpha={self.alpha:g}"
                f"|ci=percentile|missing={self.missing}|items={self.n_items}")


def _fail(field: str, message: str, fix: str) -> DataError:
    return DataError([Problem("<scores>", 0, field, message, fix)])


def score_matrix(long: pd.DataFrame, value: str = "score", item: str = "paragraph",
                 system: str = "system") -> pd.DataFrame:
    """Pivot a long table to the wide items x systems matrix; duplicates are averaged."""
    wide = long.pivot_table(index=item, columns=system, values=value, aggfunc="mean")
    wide.columns.name = None
    return wide.astype(float)


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


def _prepare(scores: pd.DataFrame, missing: Missing) -> tuple[pd.DataFrame, int]:
    if missing not in ("complete", "available"):
        raise ValueError(f"missing must be 'complete' or 'available', not {missing!r}")
    if scores.shape[1] < 1:
        raise _fail("scores", "the score matrix has no system column",
                    "pass one column per system")
    data = scores.astype(float)
    empty = [str(c) for c in data.columns if data[c].notna().sum() == 0]
    if empty:
        raise _fail("scores", f"systems without any score: {', '.join(empty)}",
                    "drop these systems before ranking")
    kept = data.dropna(how="any") if missing == "complete" else data.dropna(how="all")
    if len(kept) < 2:
        raise _fail("scores", f"only {len(kept)} item(s) usable for the bootstrap",
                    "rank systems on at least two shared items")
    return kept, len(data) - len(kept)


def _means(counts: np.ndarray, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Counts-weighted means over present items: (R, n_items) x (n_items, k) -> (R, k)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return (counts @ np.where(mask, values, 0.0)) / (counts @ mask.astype(float))


def _p_matrix(counts: np.ndarray, data: pd.DataFrame) -> np.ndarray:
    values = data.to_numpy(dtype=float)
    mask = ~np.isnan(values)
    rows, cols = np.triu_indices(values.shape[1], 1)
    diffs = values[:, rows] - values[:, cols]
    both = mask[:, rows] & mask[:, cols]
    observed = np.where(both, diffs, 0.0).sum(0) / np.maximum(both.sum(0), 1)
    boot = _means(counts, diffs, both)
    flips = (boot * np.sign(observed)[None, :] <= 0) | np.isnan(boot)
    p = np.minimum(1.0, 2.0 * flips.mean(0))
    p = np.where((observed == 0) | (both.sum(0) == 0), 1.0, p)
    full = np.full((values.shape[1],) * 2, np.nan)
    full[rows, cols] = p
    full[cols, rows] = p
    return full


def pairwise_significance(scores: pd.DataFrame, n_resamples: int = 1000, seed: int = 12345,
                          missing: Missing = "complete") -> pd.DataFrame:
    """Two-sided paired-bootstrap p-values between every two systems (see module doc).

    Returns a symmetric systems x systems DataFrame with NaN on the diagonal. The
    resamples are the ones ``paired_bootstrap`` draws with the same seed and R.
    """
    data, _ = _prepare(scores, missing)
    counts = resample_counts(len(data), n_resamples, seed)
    names = [str(c) for c in data.columns]
    return pd.DataFrame(_p_matrix(counts, data), index=names, columns=names)


def significance_clusters(order: list[str], p_values: pd.DataFrame,
                          alpha: float = 0.05) -> list[list[str]]:
    """Contiguous clusters along ``order`` (best first); see the module doc for the rule."""
    clusters: list[list[str]] = []
    for name in order:
        current = clusters[-1] if clusters else None
        if current is not None and all(p_values.at[m, name] >= alpha for m in current):
            current.append(name)
        else:
            clusters.append([name])
    return clusters


def clusters_consistent(p_values: pd.DataFrame, clusters: list[list[str]],
                        alpha: float = 0.05) -> bool:
    """True when clusters partition the systems and no cluster holds a separated pair."""
    members = [name for cluster in clusters for name in cluster]
    if sorted(members) != sorted(str(s) for s in p_values.index):
        return False
    for cluster in clusters:
        for i, first in enumerate(cluster):
            for second in cluster[i + 1:]:
                if not p_values.at[first, second] >= alpha:
                    return False
    return True


def _ranks(values: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Competition ranks along the last axis (1 = best, ties share the smallest rank)."""
    from scipy.stats import rankdata

    key = -values if higher_is_better else values
    return rankdata(key, method="min", axis=-1).astype(int)


def paired_bootstrap(scores: pd.DataFrame, n_resamples: int = 1000, seed: int = 12345,
                     alpha: float = 0.05, higher_is_better: bool = True,
                     missing: Missing = "complete") -> RankingResult:
    """Means with percentile (1 - alpha) CIs, rank ranges, p-values and clusters.

    ``scores`` is items x systems (NaN = missing; see the module doc for ``missing``).
    CIs are the alpha/2 and 1 - alpha/2 quantiles of the resampled means (numpy's
    default linear interpolation). rank_min / rank_max are the best / worst rank a
    system takes over the resamples (resamples where it has no item are ignored).
    """
    if n_resamples < 1 or not 0 < alpha < 1:
        raise ValueError("n_resamples must be >= 1 and alpha in (0, 1)")
    data, dropped = _prepare(scores, missing)
    names = [str(c) for c in data.columns]
    values = data.to_numpy(dtype=float)
    mask = ~np.isnan(values)
    counts = resample_counts(len(data), n_resamples, seed)
    boot = _means(counts, values, mask)
    observed = np.nanmean(values, axis=0)
    worst = -np.inf if higher_is_better else np.inf
    rank_boot = _ranks(np.where(np.isnan(boot), worst, boot), higher_is_better).astype(float)
    rank_boot[np.isnan(boot)] = np.nan
    p_values = pd.DataFrame(_p_matrix(counts, data), index=names, columns=names)
    table = pd.DataFrame({
        "mean": observed,
        "ci_low": np.nanquantile(boot, alpha / 2, axis=0),
        "ci_high": np.nanquantile(boot, 1 - alpha / 2, axis=0),
        "rank": _ranks(observed, higher_is_better),
        "rank_min": np.nanmin(rank_boot, axis=0).astype(int),
        "rank_max": np.nanmax(rank_boot, axis=0).astype(int),
        "n_items": mask.sum(0),
    }, index=pd.Index(names, name="system"))
    sign = -1.0 if higher_is_better else 1.0
    order = sorted(names, key=lambda s: (sign * table.at[s, "mean"], s))
    clusters = significance_clusters(order, p_values, alpha)
    table["cluster"] = 0
    for number, cluster in enumerate(clusters, start=1):
        table.loc[cluster, "cluster"] = number
    return RankingResult(table.loc[order], p_values, clusters, len(data), dropped,
                         n_resamples, seed, alpha, higher_is_better, missing)
