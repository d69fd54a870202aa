"""View models: plain dataclasses with everything a template shows, already formatted.

Templates only loop and branch over these; all decisions (ordering, links, which
numbers, provenance strings) are made here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..analysis.leaderboard import Column, segment_scores, system_means
from ..analysis.uncertainty import method_text, paired_bootstrap, score_matrix
from ..model import Corpus
from ..settings import AnalysisSettings
from .badges import provenance_badge


@dataclass
class Cell:
    value: float | None
    n: int
    link: str
    ci_low: float | None = None
    ci_high: float | None = None
    rank_min: int | None = None
    rank_max: int | None = None
    cluster: int | None = None


@dataclass
class BoardRow:
    system: str
    name: str
    kind: str
    modality: str
    is_human: bool
    cells: dict[str, Cell]
    badge: str = ""


@dataclass
class Board:
    pair: str
    columns: list[Column]
    rows: list[BoardRow]
    unranked: list[BoardRow]
    csv: str
    method: str


@dataclass
class Analysis:
    """Everything the pages need that is computed from the corpus, computed once."""

    long: pd.DataFrame
    columns: list[Column]
    means: pd.DataFrame
    rankings: dict[tuple[str, str], pd.DataFrame]
    settings: AnalysisSettings


def analyse(corpus: Corpus, settings: AnalysisSettings = AnalysisSettings()) -> Analysis:
    long, columns = segment_scores(corpus)
    rankings = {}
    for column in columns:
        for pair, group in long[long["column"] == column.key].groupby("pair", sort=True):
            table = rank_table(group, column.higher_is_better, settings)
            if table is not None:
                rankings[(str(pair), column.key)] = table
    return Analysis(long, columns, system_means(long), rankings, settings)


def rank_table(group: pd.DataFrame, higher_is_better: bool,
               settings: AnalysisSettings) -> pd.DataFrame | None:
    """Bootstrap mean/CI/95% rank interval/cluster per system; None below two paragraphs (no CI shown)."""
    matrix = score_matrix(group)
    if len(matrix.dropna(how="all")) < 2:
        return None
    weights = score_matrix(group, value="weight") if "weight" in group.columns else None
    result = paired_bootstrap(matrix, n_resamples=settings.bootstrap_resamples, seed=settings.seed,
                              alpha=settings.alpha, higher_is_better=higher_is_better,
                              missing=settings.missing, test=settings.test,  # type: ignore[arg-type]
                              weights=weights)
    return result.table


def method_note(settings: AnalysisSettings) -> str:
    return method_text(settings.bootstrap_resamples, settings.seed, settings.alpha, settings.test)


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def boards(corpus: Corpus, analysis: Analysis) -> list[Board]:
    """One leaderboard per language pair, systems ordered by the first column's mean."""
    systems = corpus.tables["systems"].set_index("system")
    out = []
    for pair in corpus.pairs:
        present = sorted(corpus.translations.loc[corpus.translations["pair"] == pair, "system"].unique())
        means = analysis.means[analysis.means["pair"] == pair]
        columns = [c for c in analysis.columns if c.key in set(means["column"])]
        rows = []
        for system in present:
            cells = {c.key: _cell(analysis, means, pair, c.key, system) for c in columns}
            info = systems.loc[system]
            rows.append(BoardRow(system, str(info["name"]), str(info["kind"]), str(info["modality"]),
                                 bool(info["is_human"]), cells, provenance_badge(corpus, system)))
        rows.sort(key=lambda r: _sort_key(r, columns))
        ranked = [r for r in rows if columns and not _is_missing(r.cells[columns[0].key].value)]
        unranked = [r for r in rows if r not in ranked]
        out.append(Board(pair, columns, ranked, unranked, f"leaderboard-{pair}.csv",
                         method_note(analysis.settings)))
    return out


def _cell(analysis: Analysis, means: pd.DataFrame, pair: str, key: str, system: str) -> Cell:
    hit = means[(means["column"] == key) & (means["system"] == system)]
    link = f"systems/{system}.html#{pair}"
    if not len(hit):
        return Cell(None, 0, link)
    table = analysis.rankings.get((pair, key))
    cell = Cell(float(hit["mean"].iloc[0]), int(hit["n"].iloc[0]), link)
    if table is not None and system in table.index:
        row = table.loc[system]
        cell.ci_low, cell.ci_high = float(row["ci_low"]), float(row["ci_high"])
        cell.rank_min, cell.rank_max = int(row["rank_min"]), int(row["rank_max"])
        cell.cluster = int(row["cluster"])
    return cell


def _sort_key(row: BoardRow, columns: list[Column]) -> tuple[Any, ...]:
    """Rank by the first column; systems without a score go last, by id, never top or bottom-ranked."""
    if not columns:
        return (1, 0.0, row.system)
    first = columns[0]
    value = row.cells[first.key].value
    if _is_missing(value):
        return (1, 0.0, row.system)
    signed = -value if first.higher_is_better else value  # type: ignore[operator]
    return (0, signed, row.system)


def board_csv(board: Board) -> pd.DataFrame:
    data = []
    ranked = [(rank, row) for rank, row in enumerate(board.rows, start=1)]
    for rank, row in ranked + [(None, row) for row in board.unranked]:
        record: dict[str, Any] = {"rank": rank, "system": row.system, "name": row.name,
                                  "kind": row.kind, "modality": row.modality}
        for column in board.columns:
            cell = row.cells[column.key]
            record[column.label] = cell.value
            record[f"{column.label} ci_low"] = cell.ci_low
            record[f"{column.label} ci_high"] = cell.ci_high
            record[f"{column.label} rank_range"] = (
                f"{cell.rank_min}-{cell.rank_max}" if cell.rank_min is not None else None)
            record[f"{column.label} cluster"] = cell.cluster
            record[f"{column.label} n"] = cell.n
        data.append(record)
    return pd.DataFrame(data)
