"""The LitEval page's rankings (paper 000): per pair and over all pairs, each measure's paired
bootstrap table of the systems as imported, and one with the human translations pooled into one
system ("human": per paragraph, the mean of its human translations), as paper 000 ranks them.
Moved from render/metric_eval/views.py (render computes nothing); ``results`` makes them records.
"""

from __future__ import annotations

from typing import Any, Iterator

import pandas as pd

from ..model import Corpus
from .liteval_records import POOLED, accuracy_frame, adequacy_frames, human_systems
from .liteval_setup import SETTINGS, LitEvalSettings, Measure, measures, ordered_pairs
from .records import Interval, Provenance, Record, qualifiers
from .tables import Analysis, LitEvalRankings, method_note
from .uncertainty import paired_bootstrap, score_matrix

ALL = "all"


def liteval_rankings(
    corpus: Corpus, analysis: Analysis, settings: LitEvalSettings = SETTINGS
) -> LitEvalRankings:
    measured = measures(analysis, settings)
    human = human_systems(corpus)
    tables: dict[str, dict[str, pd.DataFrame | None]] = {}
    pooled: dict[str, dict[str, pd.DataFrame | None]] = {}
    for pair in ordered_pairs(corpus, settings):
        tables[pair] = {m.key: analysis.rankings.get((pair, m.column)) for m in measured}
        data = analysis.long[analysis.long["pair"] == pair]
        pooled[pair] = _pooled(data, measured, human, analysis)
    data = analysis.long[analysis.long["column"].isin([m.column for m in measured])]
    tables[ALL] = {
        m.key: _bootstrap(score_matrix(data[data["column"] == m.column]), m, analysis)
        for m in measured
    }
    pooled[ALL] = _pooled(data, measured, human, analysis)
    return LitEvalRankings(
        tables,
        pooled,
        adequacy_frames(corpus, measured, settings),
        accuracy_frame(corpus, measured, settings),
    )


def _pooled(
    data: pd.DataFrame, measured: list[Measure], human: list[str], analysis: Analysis
) -> dict[str, pd.DataFrame | None]:
    return {
        m.key: _bootstrap(pooled_matrix(data[data["column"] == m.column], human), m, analysis)
        for m in measured
    }


def _bootstrap(matrix: pd.DataFrame, measure: Measure, analysis: Analysis) -> pd.DataFrame | None:
    matrix = matrix.dropna(axis=1, how="all")
    if len(matrix.dropna(how="all")) < 2:
        return None
    s = analysis.settings
    return paired_bootstrap(
        matrix,
        n_resamples=s.bootstrap_resamples,
        seed=s.seed,
        alpha=s.alpha,
        higher_is_better=measure.higher_is_better,
        missing=s.missing,
        test=s.test,
    ).table


def pooled_matrix(data: pd.DataFrame, human: list[str]) -> pd.DataFrame:
    """Paragraphs x systems with the human systems replaced by one column: per paragraph,
    the mean score of its human translations."""
    matrix = score_matrix(data)
    present = [h for h in human if h in matrix.columns]
    pooled = (
        matrix[present].mean(axis=1) if present else pd.Series(float("nan"), index=matrix.index)
    )
    return matrix.drop(columns=present).assign(**{POOLED: pooled})


def ranking_records(
    corpus: Corpus, analysis: Analysis, rankings: LitEvalRankings
) -> Iterator[Record]:
    """The all-pairs tables and every pooled-human table as board records (the per-pair tables
    of the systems as imported are the board's own records)."""
    by_key = {m.key: m for m in measures(analysis)}
    s = analysis.settings
    scoped = [(ALL, "as imported", rankings.tables[ALL])] + [
        (scope, "pooled", tables) for scope, tables in rankings.pooled.items()
    ]
    for scope, humans, tables in scoped:
        for key, table in tables.items():
            if table is None:
                continue
            m = by_key[key]
            prov = Provenance(corpus.data_version(), m.provenance, s.seed)
            for system, row in table.iterrows():
                common: dict[str, Any] = dict(
                    dataset=corpus.dataset_id, pair=scope, measure=m.column, label=m.label,
                    subject=str(system), n=int(row["n_items"]), unit="paragraph",
                    provenance=prov,
                    qualifiers=qualifiers(humans=humans) if humans == "pooled" else (),
                )  # fmt: skip
                yield Record(
                    definition="board.mean", statistic="mean", value=float(row["mean"]),
                    interval=Interval(float(row["ci_low"]), float(row["ci_high"]), 1 - s.alpha,
                                      method_note(s)),
                    **common,
                )  # fmt: skip
                yield Record(
                    definition="board.rank", statistic="rank", value=int(row["rank"]),
                    interval=Interval(int(row["rank_min"]), int(row["rank_max"]), 1 - s.alpha,
                                      "bootstrap rank interval over paragraphs"),
                    **common,
                )  # fmt: skip
                yield Record(
                    definition="board.cluster", statistic="cluster", value=int(row["cluster"]),
                    **{**common, "qualifiers": qualifiers(
                        **dict(common["qualifiers"]), alpha=s.alpha, test=s.test)},
                )  # fmt: skip
