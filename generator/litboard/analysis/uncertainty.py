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

Significance test, ``test="bootstrap"`` (``pairwise_significance``), for systems s and t: d is the
observed mean of ``x_s - x_t`` over the items used, d*_r the same statistic in resample r. With
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

Degenerate intervals (issue 59): a system whose mean rests on fewer than ``SMALL_N`` (5) items
gets no bootstrap interval -- with one item the percentile interval is [x, x], with four it is a
spread that holds nothing like 95% -- but the range of its items' values (lowest, highest), and
``ci_method`` says "range" (else "percentile"); the boards label it "range of n ...".

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

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .permutation import EXACT_ITEMS
from .resampling import (
    Missing,
    aligned_weights,
    competition_ranks,
    prepare_items,
    rank_interval,
    resample_counts,
    resampled_means,
)
from .significance import TESTS, Test, attainable_p, significance_clusters, test_p_values
from .p_format import SMALL_N, limit_text  # texts and constants render reads live there

__all__ = [
    "Missing",
    "Test",
    "TESTS",
    "RankingResult",
    "method_text",
    "limit_text",
    "score_matrix",
    "paired_bootstrap",
]


@dataclass(frozen=True)
class RankingResult:
    """Outcome of ``paired_bootstrap``.

    ``table`` is indexed by system, sorted by rank, with columns mean, ci_low, ci_high
    (the range of the values below ``SMALL_N`` items: ci_method "range", else "percentile"),
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
        return (
            f"paired-bootstrap|R={self.n_resamples}|seed={self.seed}|alpha={self.alpha:g}"
            f"|ci=percentile|missing={self.missing}|items={self.n_items}{extra}"
        )


TEST_NAMES = {
    "bootstrap": "two-sided paired bootstrap test",
    "permutation": "two-sided paired sign-flip permutation test (as mt-metrics-eval and WMT)",
}


def method_text(n_resamples: int, seed: int, alpha: float, test: str = "bootstrap") -> str:
    """The sentence printed under every board: CI, rank interval, test, alpha, no correction."""
    if test not in TEST_NAMES:
        raise ValueError(f"test must be one of {', '.join(TESTS)}, not {test!r}")
    level = f"{100 * (1 - alpha):g}%"
    return (
        f"{level} paired bootstrap CI over paragraphs ({n_resamples} resamples, seed {seed}); "
        f"r = {level} rank interval ({100 * alpha / 2:g}th to {100 * (1 - alpha / 2):g}th "
        f"percentile of the ranks over the resamples); systems in one cluster (c) are not "
        f"separated by a {TEST_NAMES[test]} at α = {alpha:g}, "
        f"{test_draws(test, n_resamples)}; "
        f"clusters are not corrected for multiple comparisons (one test per pair of systems)"
    )


def test_draws(test: str, n_resamples: int) -> str:
    """How the test draws: its resamples, or exact sign flips up to a size and sampled beyond."""
    if test == "bootstrap":
        return f"{n_resamples} resamples"
    return (
        f"exact (every sign flip enumerated) up to {EXACT_ITEMS} items, "
        f"{n_resamples} sampled sign flips beyond"
    )


def score_matrix(
    long: pd.DataFrame, value: str = "score", item: str = "paragraph", system: str = "system"
) -> pd.DataFrame:
    """Pivot a long table to the wide items x systems matrix; duplicates are averaged."""
    wide = long.pivot_table(index=item, columns=system, values=value, aggfunc="mean")
    wide.columns.name = None
    return wide.astype(float)


def weight_matrix(long: pd.DataFrame) -> pd.DataFrame | None:
    """The weights matrix of ``long`` when its rows carry weights (BWS), else None."""
    if "weight" not in long.columns or not long["weight"].notna().any():
        return None
    return score_matrix(long, value="weight")


def paired_bootstrap(
    scores: pd.DataFrame,
    n_resamples: int = 1000,
    seed: int = 12345,
    alpha: float = 0.05,
    higher_is_better: bool = True,
    missing: Missing = "complete",
    test: Test = "bootstrap",
    weights: pd.DataFrame | None = None,
) -> RankingResult:
    """Means with percentile (1 - alpha) CIs, rank intervals, p-values and clusters.

    ``scores`` is items x systems (NaN = missing; see the module doc for ``missing``,
    ``weights`` and ``test``). CIs are the alpha/2 and 1 - alpha/2 quantiles of the
    resampled means (numpy's default linear interpolation); rank_min / rank_max are the
    ends of the (1 - alpha) rank interval (resamples where a system has no item are ignored).
    """
    if n_resamples < 1 or not 0 < alpha < 1:
        raise ValueError("n_resamples must be >= 1 and alpha in (0, 1)")
    data, dropped = prepare_items(scores, missing)
    w = aligned_weights(weights, data)
    names = [str(c) for c in data.columns]
    values = data.to_numpy(dtype=float)
    mask = ~np.isnan(values)
    counts = resample_counts(len(data), n_resamples, seed)
    boot = resampled_means(counts, values, mask, w)
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = (
            np.nanmean(values, axis=0)
            if w is None
            else np.where(mask, values * w, 0.0).sum(0) / w.sum(0)
        )
    worst = -np.inf if higher_is_better else np.inf
    rank_boot = competition_ranks(np.where(np.isnan(boot), worst, boot), higher_is_better).astype(
        float
    )
    rank_boot[np.isnan(boot)] = np.nan
    low, high = rank_interval(rank_boot, alpha)
    p_values = pd.DataFrame(
        test_p_values(test, counts, data, n_resamples, seed, w), index=names, columns=names
    )
    table = pd.DataFrame(
        {
            "mean": observed,
            "ci_low": np.nanquantile(boot, alpha / 2, axis=0),
            "ci_high": np.nanquantile(boot, 1 - alpha / 2, axis=0),
            "rank": competition_ranks(observed, higher_is_better),
            "rank_min": low,
            "rank_max": high,
            "n_items": mask.sum(0),
        },
        index=pd.Index(names, name="system"),
    )
    sign = -1.0 if higher_is_better else 1.0
    order = sorted(names, key=lambda s: (sign * table.at[s, "mean"], s))
    floor = attainable_p(data, n_resamples)
    clusters = significance_clusters(order, p_values, alpha) if floor < alpha else []
    table["cluster"] = 0  # 0: no clusters, no pair can be separated (see "Tiny samples")
    for number, cluster in enumerate(clusters, start=1):
        table.loc[cluster, "cluster"] = number
    table["smallest_p"] = floor
    _ranges_below_small_n(table, values, mask)
    return RankingResult(
        table.loc[order],
        p_values,
        clusters,
        len(data),
        dropped,
        n_resamples,
        seed,
        alpha,
        higher_is_better,
        missing,
        test,
        w is not None,
        floor,
    )


def _ranges_below_small_n(table: pd.DataFrame, values: np.ndarray, mask: np.ndarray) -> None:
    """Below ``SMALL_N`` items a system's interval is the range of its values, said so."""
    n = mask.sum(0)
    small = (n > 0) & (n < SMALL_N)
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        lowest, highest = np.nanmin(values, axis=0), np.nanmax(values, axis=0)
    table["ci_low"] = np.where(small, lowest, table["ci_low"].to_numpy())
    table["ci_high"] = np.where(small, highest, table["ci_high"].to_numpy())
    table["ci_method"] = np.where(small, "range", "percentile")
