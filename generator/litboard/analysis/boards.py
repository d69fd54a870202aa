"""The analysis behind every board: per pair and column, bootstrap means, 95% CIs, rank
intervals and clusters (``analyse``), computed once per corpus and shared by every page.
sacreBLEU's BLEU, chrF and TER columns show the corpus score instead of the mean, with intervals
from resampled paragraphs (``corpus_boards``).

``Analysis.boards_of`` keeps the boards built from it (render's view models) so the leaderboard
page and the paragraph list build them once.
"""

from __future__ import annotations

import pandas as pd

from ..model import Corpus
from ..settings import AnalysisSettings
from .leaderboard import segment_scores, system_means
from .tables import Analysis, memo_boards, method_note
from .uncertainty import RankingResult
from .rank_tables import rank_result, rank_table

__all__ = ["Analysis", "analyse", "memo_boards", "method_note", "rank_table"]


def analyse(corpus: Corpus, settings: AnalysisSettings = AnalysisSettings()) -> Analysis:
    long, columns = segment_scores(corpus)
    works = paragraph_works(corpus)
    rankings: dict[tuple[str, str], pd.DataFrame] = {}
    # the bootstrap behind each table; a table replaced below (Bradley-Terry, corpus-scored) is
    # no longer its result's (``head_to_head`` reuses p-values only where ``result.table`` is)
    ranked: dict[tuple[str, str], RankingResult] = {}
    for column in columns:
        for pair, group in long[long["column"] == column.key].groupby("pair", sort=True):
            nested = works if column.unit == "paragraph" else None
            result = rank_result(group, column.higher_is_better, settings, nested)
            if result is not None:
                rankings[(str(pair), column.key)] = result.table
                ranked[(str(pair), column.key)] = result
    from .bt_board import preference_columns

    preferences = preference_columns(corpus, settings)
    rankings.update(preferences.rankings)
    means = system_means(long)
    if len(preferences.means):
        means = pd.concat([means, preferences.means], ignore_index=True)
    means["paragraph_mean"] = means["mean"]
    from .corpus_boards import corpus_tables

    scored = corpus_tables(corpus, long, columns, settings)
    for (pair, key), made in scored.items():
        rankings[(pair, key)] = made.table
        at = (means["pair"] == pair) & (means["column"] == key)
        means.loc[at, "mean"] = means.loc[at, "system"].map(made.table["mean"])
    analysis = Analysis(
        long, columns, means, rankings, settings, preferences.columns, ranked=ranked
    )
    analysis.corpus_scored = {k: made.signature for k, made in scored.items()}
    from .results import results

    # every number the pages show, computed here once (the pages read ``analysis.results``)
    analysis.results = results(corpus, analysis)
    return analysis


def paragraph_works(corpus: Corpus) -> pd.Series | None:
    """paragraph -> work, the independent unit of paragraph columns (None without works)."""
    table = corpus.paragraphs
    if "work" not in table.columns or not table["work"].notna().any():
        return None
    return table.drop_duplicates("paragraph").set_index("paragraph")["work"]
