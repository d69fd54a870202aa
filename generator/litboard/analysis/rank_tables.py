"""One board table: per system the bootstrap mean, CI, 95% rank interval and cluster of a pair's
scores (``rank_table``); the boards (``boards.analyse``) and the scheme tables share it.
"""

from __future__ import annotations

import pandas as pd

from ..settings import AnalysisSettings
from .uncertainty import paired_bootstrap, score_matrix


def rank_table(
    group: pd.DataFrame, higher_is_better: bool, settings: AnalysisSettings
) -> pd.DataFrame | None:
    """Bootstrap mean/CI/95% rank interval/cluster per system; None below two paragraphs (no CI
    shown)."""
    matrix = score_matrix(group)
    if len(matrix.dropna(how="all")) < 2:
        return None
    weights = score_matrix(group, value="weight") if "weight" in group.columns else None
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
    return result.table
