"""One board table: per system the bootstrap mean, CI, 95% rank interval and cluster of a pair's
scores (``rank_table``); the boards (``boards.analyse``) and the scheme tables share it.
``rank_result`` keeps the whole ``RankingResult`` (its p-values too: the head-to-head matrix
reuses them instead of running the same test again).
"""

from __future__ import annotations

import pandas as pd

from ..settings import AnalysisSettings
from .uncertainty import RankingResult, paired_bootstrap, score_matrix, weight_matrix
from .work_units import by_works


def rank_result(
    group: pd.DataFrame,
    higher_is_better: bool,
    settings: AnalysisSettings,
    works: pd.Series | None = None,
) -> RankingResult | None:
    """The paired bootstrap of one pair's long rows of one column (table, p-values, clusters);
    None below two paragraphs (no CI shown). ``works`` (paragraph -> work) makes the works the
    independent unit: below ``SMALL_N`` works the interval is descriptive (``work_units``)."""
    matrix = score_matrix(group)
    if len(matrix.dropna(how="all")) < 2:
        return None
    weights = weight_matrix(group)
    result = paired_bootstrap(
        matrix,
        n_resamples=settings.bootstrap_resamples,
        seed=settings.seed,
        alpha=settings.alpha,
        higher_is_better=higher_is_better,
        missing=settings.missing,
        test=settings.test,
        weights=weights,
    )
    return result if works is None else by_works(result, matrix, works, weights)


def rank_table(
    group: pd.DataFrame, higher_is_better: bool, settings: AnalysisSettings
) -> pd.DataFrame | None:
    """Bootstrap mean/CI/95% rank interval/cluster per system; None below two paragraphs (no CI
    shown)."""
    result = rank_result(group, higher_is_better, settings)
    return None if result is None else result.table
