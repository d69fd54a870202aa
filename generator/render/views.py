"""View models: plain dataclasses with everything a template shows, already formatted.

Templates only loop and branch over these; all decisions (ordering, links, which
numbers, provenance strings) are made here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..analysis.leaderboard import Column, segment_scores, system_means
from ..model import Corpus


@dataclass
class Cell:
    value: float | None
    n: int
    link: str


@dataclass
class BoardRow:
    system: str
    name: str
    kind: str
    modality: str
    is_human: bool
    cells: dict[str, Cell]


@dataclass
class Board:
    pair: str
    columns: list[Column]
    rows: list[BoardRow]
    csv: str


@dataclass
class TranslationView:
    system: str
    name: str
    kind: str
    modality: str
    is_human: bool
    text: str | None
    snippet: str
    restricted: str
    scores: list[tuple[str, float | None, str]]
    errors: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class ParagraphView:
    paragraph: str
    work: str
    work_title: str
    author: str
    source_lang: str
    text: str | None
    snippet: str
    restricted: str
    pairs: dict[str, list[TranslationView]]
    prev: str | None
    next: str | None


@dataclass
class Analysis:
    """Everything the pages need that is computed from the corpus, computed once."""

    long: pd.DataFrame
    columns: list[Column]
    means: pd.DataFrame


def analyse(corpus: Corpus) -> Analysis:
    long, columns = segment_scores(corpus)
    return Analysis(long, columns, system_means(long))


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
            cells = {}
            for column in columns:
                hit = means[(means["column"] == column.key) & (means["system"] == system)]
                value = float(hit["mean"].iloc[0]) if len(hit) else None
                cells[column.key] = Cell(value, int(hit["n"].iloc[0]) if len(hit) else 0,
                                         f"systems/{system}.html#{pair}")
            info = systems.loc[system]
            rows.append(BoardRow(system, str(info["name"]), str(info["kind"]), str(info["modality"]),
                                 bool(info["is_human"]), cells))
        rows.sort(key=lambda r: _sort_key(r, columns))
        out.append(Board(pair, columns, rows, f"leaderboard-{pair}.csv"))
    return out


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
    for rank, row in enumerate(board.rows, start=1):
        record: dict[str, Any] = {"rank": rank, "system": row.system, "name": row.name,
                                  "kind": row.kind, "modality": row.modality}
        for column in board.columns:
            cell = row.cells[column.key]
            record[column.label] = cell.value
            record[f"{column.label} n"] = cell.n
        data.append(record)
    return pd.DataFrame(data)


def paragraph_views(corpus: Corpus, analysis: Analysis) -> list[ParagraphView]:
    paragraphs = corpus.paragraphs.sort_values(["work", "index", "paragraph"], kind="stable")
    translations = corpus.translations.sort_values(["pair", "system"], kind="stable")
    systems = corpus.tables["systems"].set_index("system")
    by_translation = analysis.long.groupby(["system", "pair", "paragraph"])
    labels = {c.key: (c.label, c.provenance) for c in analysis.columns}
    errors = corpus.mqm_errors
    views = []
    ordered = paragraphs.to_dict("records")
    for position, p in enumerate(ordered):
        same_work = [q for q in ordered if q["work"] == p["work"]]
        where = same_work.index(p)
        pairs: dict[str, list[TranslationView]] = {}
        for t in translations[translations["paragraph"] == p["paragraph"]].to_dict("records"):
            key = (t["system"], t["pair"], p["paragraph"])
            scores = []
            if key in by_translation.groups:
                for r in by_translation.get_group(key).sort_values("column").to_dict("records"):
                    label, provenance = labels[r["column"]]
                    scores.append((label, r["score"], provenance))
            info = systems.loc[t["system"]]
            errs = errors[(errors["system"] == t["system"]) & (errors["pair"] == t["pair"])
                          & (errors["paragraph"] == p["paragraph"])]
            pairs.setdefault(t["pair"], []).append(TranslationView(
                t["system"], str(info["name"]), str(info["kind"]), str(info["modality"]),
                bool(info["is_human"]), t["text"], str(t["snippet"] or ""), str(t["restricted"] or ""),
                scores, errs.sort_values(["start", "end", "annotator"]).to_dict("records")))
        for items in pairs.values():
            items.sort(key=lambda v: (not v.is_human, v.system))
        work = corpus.works.get(p["work"], {})
        views.append(ParagraphView(
            p["paragraph"], p["work"], str(work.get("title", p["work"])), str(work.get("author", "")),
            p["source_lang"], p["text"], str(p["snippet"] or ""), str(p["restricted"] or ""),
            dict(sorted(pairs.items())),
            same_work[where - 1]["paragraph"] if where > 0 else None,
            same_work[where + 1]["paragraph"] if where + 1 < len(same_work) else None))
    return views
