"""Paired bootstrap over items: confidence intervals, 95% rank intervals, significance clusters.

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

Items are sorted by their index first, so every result depends on the set of items and
the seed, not on the order of the rows.

Weights (``weights=``, optional, same shape as the scores): every mean becomes the
weighted mean sum(w * x) / sum(w) over the items used, resampled with the same counts.
With x = (best - worst) / shown and w = shown per paragraph this is the BWS counting score
(best - worst) / shown of the pooled tuples (see ``schemes.bws_paragraph_scores``).

Significance test, ``test="bootstrap"`` (``pairwise_significance``), for systems s and t: d is the observed
mean of ``x_s - x_t`` over the items used, d*_r the same statistic in resample r. With
d != 0, p = min(1, 2 * #{r : d*_r * sign(d) <= 0} / R), i.e. twice the share of resamples
in which the difference vanishes or changes sign; with d == 0, p = 1. p is symmetric,
its resolution is 1/R, and the diagonal is NaN. A resample holding no item shared by
the two systems (possible only with ``"available"``) counts as a sign change.

``test="permutation"`` (the default of the site's settings) uses the paired sign-flip
permutation test of ``permutation.py`` instead (the test mt-metrics-eval and the WMT metrics
task use): exact, every swap pattern enumerated, up to 16 items, sampled beyond; CIs and rank
intervals still come from the bootstrap.

Tiny samples: a paired test over n shared items cannot give p below 2 / 2**n (the exact
sign-flip test: 0.25 for three texts), whatever the data. ``smallest_p`` is that bound,
minimised over the pairs (with sampled swaps also >= 2 / (R + 1)). When it is not below
alpha no pair can be separated by any valid test: ``separable`` is False, every system gets
cluster 0 (no clusters) and the boards print "n = 3 texts: no pair can be separated at
α = 0.05" instead of rank intervals and clusters that would look decisive. The bound applies
to ``test="bootstrap"`` too, whose p can reach 0 with three items.

Rank intervals: in every resample systems are ranked by their resampled means (ties share
the smallest rank). rank_min / rank_max are the ends of the (1 - alpha) rank interval: with
n resamples in which the system has a mean, the k = floor(n * alpha / 2) lowest and k
highest ranks are dropped and the lowest and highest remaining ones are shown (for
n = 1000 and alpha = 0.05: the 26th and the 975th of the sorted ranks). They are not the
100% range over all resamples.

Clusters: systems are sorted by observed mean, best first (ties by name). Walking down
that list, system k joins the current cluster unless the test separates it (p < alpha)
from *any* member of the current cluster, in which case it starts a new cluster.
Clusters are therefore contiguous in rank order and no two systems the test separates
share a cluster; two systems in neighbouring clusters need not be separated themselves.
Each pair is tested at ``alpha`` with no correction for multiple comparisons: with k
systems, k(k - 1)/2 tests are run, so some separations at alpha = 0.05 are expected by
chance alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from ..errors import DataError, Problem
from .permutation import EXACT_ITEMS, permutation_p_values, smallest_p

Missing = Literal["complete", "available"]
Test = Literal["bootstrap", "permutation"]
TESTS = ("bootstrap", "permutation")


@dataclass(frozen=True)
class RankingResult:
    """Outcome of ``paired_bootstrap``.

    ``table`` is indexed by system, sorted by rank, with columns mean, ci_low, ci_high,
    rank (1 = best, ties share the smallest rank), rank_min, rank_max (the ends of the
    (1 - alpha) rank interval over resamples, see the module doc),
    n_items (items behind the system's mean), cluster (1 = top; 0 for every system when no
    pair can be separated) and smallest_p. ``clusters`` lists the systems of each cluster,
    best first (empty when none can be formed); ``n_dropped`` counts items left out.
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
    test: str = "bootstrap"
    weighted: bool = False
    smallest_p: float = 0.0  # the smallest p any pair can attain (see the module doc)

    @property
    def separable(self) -> bool:
        """Whether some pair of systems could be separated at alpha (see "Tiny samples")."""
        return self.smallest_p < self.alpha

    def signature(self) -> str:
        """A reproducibility string printed under every number that comes from here."""
        extra = "" if self.test == "bootstrap" else f"|test={self.test}"
        extra += "|weighted" if self.weighted else ""
        return (f"paired-bootstrap|R={self.n_resamples}|seed={self.seed}|alpha={self.alpha:g}"
                f"|ci=percentile|missing={self.missing}|items={self.n_items}{extra}")


TEST_NAMES = {"bootstrap": "two-sided paired bootstrap test",
              "permutation": "two-sided paired sign-flip permutation test (as mt-metrics-eval and WMT)"}


def method_text(n_resamples: int, seed: int, alpha: float, test: str = "bootstrap") -> str:
    """The sentence printed under every board: CI, rank interval, test, alpha, no correction."""
    if test not in TEST_NAMES:
        raise ValueError(f"test must be one of {', '.join(TESTS)}, not {test!r}")
    level = f"{100 * (1 - alpha):g}%"
    return (f"{level} paired bootstrap CI over paragraphs ({n_resamples} resamples, seed {seed}); "
            f"r = {level} rank interval ({100 * alpha / 2:g}th to {100 * (1 - alpha / 2):g}th "
            f"percentile of the ranks over the resamples); systems in one cluster (c) are not "
            f"separated by a {TEST_NAMES[test]} at α = {alpha:g}, "
            f"{_test_draws(test, n_resamples)}; "
            f"clusters are not corrected for multiple comparisons (one test per pair of systems)")


def _test_draws(test: str, n_resamples: int) -> str:
    if test == "bootstrap":
        return f"{n_resamples} resamples"
    return (f"exact (every sign flip enumerated) up to {EXACT_ITEMS} items, "
            f"{n_resamples} sampled sign flips beyond")


def limit_text(n_items: int, unit: str, alpha: float) -> str:
    """The note a board prints instead of clusters when no pair can be separated."""
    units = unit if n_items == 1 else f"{unit}s"
    return f"n = {n_items} {units}: no pair can be separated at α = {alpha:g}"


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
    kept = kept.sort_index(kind="stable")
    if len(kept) < 2:
        raise _fail("scores", f"only {len(kept)} item(s) usable for the bootstrap",
                    "rank systems on at least two shared items")
    return kept, len(data) - len(kept)


def _weights(weights: pd.DataFrame | None, data: pd.DataFrame) -> np.ndarray | None:
    """Weights aligned with the kept items and systems; > 0 and finite where a score exists."""
    if weights is None:
        return None
    aligned = weights.reindex(index=data.index, columns=data.columns).to_numpy(dtype=float)
    present = ~np.isnan(data.to_numpy(dtype=float))
    bad = present & ~(np.isfinite(aligned) & (aligned > 0))
    if bad.any():
        raise _fail("weights", f"{int(bad.sum())} score(s) without a positive weight",
                    "give every present score a weight > 0 (e.g. times shown)")
    return np.where(present, aligned, 0.0)


def _means(counts: np.ndarray, values: np.ndarray, mask: np.ndarray,
           weights: np.ndarray | None = None) -> np.ndarray:
    """Counts-weighted means over present items: (R, n_items) x (n_items, k) -> (R, k)."""
    w = mask.astype(float) if weights is None else np.where(mask, weights, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (counts @ np.where(mask, values * w, 0.0)) / (counts @ w)


def _pair_stats(counts: np.ndarray, values: np.ndarray, mask: np.ndarray,
                weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pair (upper triangle): observed difference, resampled differences, shared items."""
    rows, cols = np.triu_indices(values.shape[1], 1)
    both = mask[:, rows] & mask[:, cols]
    if weights is None:
        diffs = values[:, rows] - values[:, cols]
        observed = np.where(both, diffs, 0.0).sum(0) / np.maximum(both.sum(0), 1)
        return observed, _means(counts, diffs, both), both.sum(0)
    w_r = np.where(both, weights[:, rows], 0.0)
    w_c = np.where(both, weights[:, cols], 0.0)
    a_r = np.where(both, values[:, rows], 0.0) * w_r
    a_c = np.where(both, values[:, cols], 0.0) * w_c
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = np.nan_to_num(a_r.sum(0) / w_r.sum(0) - a_c.sum(0) / w_c.sum(0))
        boot = (counts @ a_r) / (counts @ w_r) - (counts @ a_c) / (counts @ w_c)
    return observed, boot, both.sum(0)


def _p_matrix(counts: np.ndarray, data: pd.DataFrame, weights: np.ndarray | None = None) -> np.ndarray:
    values = data.to_numpy(dtype=float)
    observed, boot, shared = _pair_stats(counts, values, ~np.isnan(values), weights)
    flips = (boot * np.sign(observed)[None, :] <= 0) | np.isnan(boot)
    p = np.minimum(1.0, 2.0 * flips.mean(0))
    p = np.where((observed == 0) | (shared == 0), 1.0, p)
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


def _test_p_values(test: str, counts: np.ndarray, data: pd.DataFrame, n_resamples: int,
                   seed: int, weights: np.ndarray | None) -> np.ndarray:
    if test == "bootstrap":
        return _p_matrix(counts, data, weights)
    if test == "permutation":
        return permutation_p_values(data.to_numpy(dtype=float), n_resamples, seed, weights)
    raise ValueError(f"test must be one of {', '.join(TESTS)}, not {test!r}")


def pairwise_significance(scores: pd.DataFrame, n_resamples: int = 1000, seed: int = 12345,
                          missing: Missing = "complete", test: Test = "bootstrap",
                          weights: pd.DataFrame | None = None) -> pd.DataFrame:
    """Two-sided paired p-values between every two systems (see module doc).

    Returns a symmetric systems x systems DataFrame with NaN on the diagonal. With
    ``test="bootstrap"`` the resamples are the ones ``paired_bootstrap`` draws with the
    same seed and R; ``test="permutation"`` runs ``permutation.permutation_p_values``.
    """
    data, _ = _prepare(scores, missing)
    counts = resample_counts(len(data), n_resamples, seed) if test == "bootstrap" else np.empty(0)
    names = [str(c) for c in data.columns]
    p = _test_p_values(test, counts, data, n_resamples, seed, _weights(weights, data))
    return pd.DataFrame(p, index=names, columns=names)


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


def paired_bootstrap(scores: pd.DataFrame, n_resamples: int = 1000, seed: int = 12345,
                     alpha: float = 0.05, higher_is_better: bool = True,
                     missing: Missing = "complete", test: Test = "bootstrap",
                     weights: pd.DataFrame | None = None) -> RankingResult:
    """Means with percentile (1 - alpha) CIs, rank intervals, p-values and clusters.

    ``scores`` is items x systems (NaN = missing; see the module doc for ``missing``,
    ``weights`` and ``test``). CIs are the alpha/2 and 1 - alpha/2 quantiles of the
    resampled means (numpy's default linear interpolation); rank_min / rank_max are the
    ends of the (1 - alpha) rank interval (resamples where a system has no item are ignored).
    """
    if n_resamples < 1 or not 0 < alpha < 1:
        raise ValueError("n_resamples must be >= 1 and alpha in (0, 1)")
    data, dropped = _prepare(scores, missing)
    w = _weights(weights, data)
    names = [str(c) for c in data.columns]
    values = data.to_numpy(dtype=float)
    mask = ~np.isnan(values)
    counts = resample_counts(len(data), n_resamples, seed)
    boot = _means(counts, values, mask, w)
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = (np.nanmean(values, axis=0) if w is None else
                    np.where(mask, values * w, 0.0).sum(0) / w.sum(0))
    worst = -np.inf if higher_is_better else np.inf
    rank_boot = _ranks(np.where(np.isnan(boot), worst, boot), higher_is_better).astype(float)
    rank_boot[np.isnan(boot)] = np.nan
    low, high = rank_interval(rank_boot, alpha)
    p_values = pd.DataFrame(_test_p_values(test, counts, data, n_resamples, seed, w),
                            index=names, columns=names)
    table = pd.DataFrame({
        "mean": observed,
        "ci_low": np.nanquantile(boot, alpha / 2, axis=0),
        "ci_high": np.nanquantile(boot, 1 - alpha / 2, axis=0),
        "rank": _ranks(observed, higher_is_better),
        "rank_min": low,
        "rank_max": high,
        "n_items": mask.sum(0),
    }, index=pd.Index(names, name="system"))
    sign = -1.0 if higher_is_better else 1.0
    order = sorted(names, key=lambda s: (sign * table.at[s, "mean"], s))
    floor = attainable_p(data, n_resamples)
    clusters = significance_clusters(order, p_values, alpha) if floor < alpha else []
    table["cluster"] = 0  # 0: no clusters, no pair can be separated (see "Tiny samples")
    for number, cluster in enumerate(clusters, start=1):
        table.loc[cluster, "cluster"] = number
    table["smallest_p"] = floor
    return RankingResult(table.loc[order], p_values, clusters, len(data), dropped, n_resamples,
                         seed, alpha, higher_is_better, missing, test, w is not None, floor)
