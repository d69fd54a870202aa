"""Corpus BLEU/chrF/TER with intervals, rank intervals and clusters from resampled paragraphs.

As sacreBLEU's paired bootstrap (``sacrebleu.significance._paired_bs_test``): one index matrix
``default_rng(seed).choice(n, (R, n))`` over the pair's paragraphs, the same for every system
(``resampling.resample_counts`` draws exactly these indices: ``choice`` with replacement is
``integers(0, n)``), each resample's statistics summed per system (one matrix product: counts x
statistics) and turned into the corpus score by the metric's ``_compute_score_from_stats``
(vectorised over the resamples: ``corpus_fast``). A
system lacking a paragraph adds nothing for it. Then, as on every board:

- interval: the alpha/2 and 1 - alpha/2 quantiles of the resampled corpus scores (numpy's linear
  interpolation; sacreBLEU prints half the width between its 25th and 975th sorted scores);
- rank interval: ``resampling.rank_interval`` of the resampled ranks;
- p-value of two systems: sacreBLEU's, p = (#{r : |d*_r| - mean|d*| > |d|} + 1) / (R + 1)
  with d the corpus-score difference and d*_r the resampled one;
- clusters: ``significance.significance_clusters`` on those p-values; none when no pair of
  systems can be separated with so few paragraphs (``significance.attainable_p``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..settings import AnalysisSettings
from .corpus_fast import scores_of
from .resampling import competition_ranks, rank_interval, resample_counts
from .significance import attainable_p, significance_clusters


def resampled_stats(counts: np.ndarray, stats: np.ndarray) -> np.ndarray:
    """(R, n) draw counts x (n, k) paragraph statistics (NaN: no paragraph) -> (R, k) sums."""
    return counts @ np.nan_to_num(stats, nan=0.0)


def sacre_p_values(boot: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """sacreBLEU's paired-bootstrap p-value for every two columns (systems); NaN diagonal."""
    k = len(observed)
    p = np.full((k, k), np.nan)
    for i in range(k):
        for j in range(i + 1, k):
            samples = np.abs(boot[:, i] - boot[:, j])
            centred = samples - samples.mean()
            count = int(np.sum(centred > abs(observed[i] - observed[j])))
            p[i, j] = p[j, i] = (count + 1) / (len(boot) + 1)
    return p


def corpus_ranking(
    stats: dict[str, np.ndarray],
    metric: Any,
    higher_is_better: bool,
    settings: AnalysisSettings,
) -> pd.DataFrame:
    """The board table of one pair and metric (the columns of ``uncertainty.paired_bootstrap``'s
    table; ``mean`` holds the corpus score) from system -> paragraphs x statistics."""
    names = sorted(stats)
    n_items = next(iter(stats.values())).shape[0]
    counts = resample_counts(n_items, settings.bootstrap_resamples, settings.seed)
    # the shown score is sacreBLEU's own call; the resamples go through ``corpus_fast``
    observed = np.array(
        [float(metric._compute_score_from_stats(list(np.nansum(stats[s], 0))).score) for s in names]
    )
    boot = np.column_stack([scores_of(metric, resampled_stats(counts, stats[s])) for s in names])
    alpha = settings.alpha
    ranks = competition_ranks(boot, higher_is_better).astype(float)
    low, high = rank_interval(ranks, alpha)
    present = pd.DataFrame(
        {s: np.where(np.isnan(stats[s][:, 0]), np.nan, 1.0) for s in names}
    )
    table = pd.DataFrame(
        {
            "mean": observed,
            "ci_low": np.quantile(boot, alpha / 2, axis=0),
            "ci_high": np.quantile(boot, 1 - alpha / 2, axis=0),
            "rank": competition_ranks(observed, higher_is_better),
            "rank_min": low,
            "rank_max": high,
            "n_items": present.notna().sum(axis=0).to_numpy(),
        },
        index=pd.Index(names, name="system"),
    )
    p_values = pd.DataFrame(sacre_p_values(boot, observed), index=names, columns=names)
    sign = -1.0 if higher_is_better else 1.0
    order = sorted(names, key=lambda s: (sign * table.at[s, "mean"], s))
    floor = attainable_p(present, settings.bootstrap_resamples)
    clusters = significance_clusters(order, p_values, alpha) if floor < alpha else []
    table["cluster"] = 0
    for number, cluster in enumerate(clusters, start=1):
        table.loc[cluster, "cluster"] = number
    table["smallest_p"] = floor
    return table.loc[order]
