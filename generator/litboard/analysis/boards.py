"""The analysis behind every board: per pair and column, bootstrap means, 95% CIs, rank
intervals and clusters (``analyse``), computed once per corpus and shared by every page.

``Analysis.boards_of`` keeps the boards built from it (render's view models) so the leaderboard
page and the paragraph list build them once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pandas as pd

from ..model import Corpus
from ..settings import AnalysisSettings
from .leaderboard import Column, segment_scores, system_means
from .uncertainty import method_text, paired_bootstrap, score_matrix


@dataclass
class Analysis:
    """Everything the pages need that is computed from the corpus, computed once."""

    long: pd.DataFrame
    columns: list[Column]
    means: pd.DataFrame
    rankings: dict[tuple[str, str], pd.DataFrame]
    settings: AnalysisSettings
    # Bradley-Terry columns of pairwise campaigns (``bt_board``): on the boards, not in ``long``
    # (no per-paragraph score); their rows are in ``means``, their tables in ``rankings``
    preferences: list[Column] = field(default_factory=list)
    # (corpus, boards(corpus, self)): the leaderboard page and the paragraph list both need them
    boards_of: tuple[Corpus, list[Any]] | None = field(default=None, repr=False, compare=False)


def analyse(corpus: Corpus, settings: AnalysisSettings = AnalysisSettings()) -> Analysis:
    long, columns = segment_scores(corpus)
    rankings = {}
    for column in columns:
        for pair, group in long[long["column"] == column.key].groupby("pair", sort=True):
            table = rank_table(group, column.higher_is_better, settings)
            if table is not None:
                rankings[(str(pair), column.key)] = table
    from .bt_board import preference_columns

    preferences = preference_columns(corpus, settings)
    rankings.update(preferences.rankings)
    means = system_means(long)
    if len(preferences.means):
        means = pd.concat([means, preferences.means], ignore_index=True)
    return Analysis(long, columns, means, rankings, settings, preferences.columns)


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


def method_note(settings: AnalysisSettings) -> str:
    return method_text(settings.bootstrap_resamples, settings.seed, settings.alpha, settings.test)


def memo_boards(corpus: Corpus, analysis: Analysis, make: Callable[[], list[Any]]) -> list[Any]:
    """The boards of ``corpus`` under ``analysis``, made by ``make`` once and kept on the
    analysis."""
    if analysis.boards_of is None or analysis.boards_of[0] is not corpus:
        analysis.boards_of = (corpus, make())
    return analysis.boards_of[1]
