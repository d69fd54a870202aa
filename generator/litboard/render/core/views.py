"""View models: plain dataclasses with everything a template shows, already formatted.

Templates only loop and branch over these; all decisions (ordering, links, which
numbers, provenance strings) are made here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ...analysis.leaderboard import GROUPS, Column, primary_keys, ranking_column
from ...analysis.tables import Analysis, BoardCaveat, memo_boards, method_note, results_of
from ...analysis.p_format import limit_text, works_text
from ...analysis.campaign_status import progress_text
from ...analysis.screening import screened
from ...model import Corpus
from .automatic import Alignment, best_aligned
from .board_extras import MatrixView, card_metadata, matrix_view, n_note
from .automatic import order as automatic_order
from .badges import evidence, llm_scored, provenance_badge
from .corpus_scores import corpus_scores
from .screen_marks import screen_text
from .trust import Trust, board_trust


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
    # CI bar: left %, width %, mean % of the column's span
    bar: tuple[float, float, float] | None = None
    # disagreeing published counterparts (board_marks)
    marks: list[Any] = field(default_factory=list)
    corpus: float | None = None  # sacreBLEU's corpus score (downloads only; corpus_scores)
    # where ``value`` is sacreBLEU's corpus score: the mean of paragraph scores (downloads only)
    paragraph_mean: float | None = None
    statistic: str = "mean"  # what ``value`` is: "mean" or "sacreBLEU corpus score"
    # "screened: N outputs flagged (reasons)": LLM-judge screen (analysis.screening); '' if none
    screen: str = ""
    # a descriptive interval (ci_method "range"): how many independent units it spans, which unit
    range_n: int = 0
    range_unit: str = ""


@dataclass
class BoardRow:
    system: str
    name: str
    kind: str
    modality: str
    is_human: bool
    cells: dict[str, Cell]
    badge: str = ""
    chip: str = ""  # the one-word provenance badge (human-evaluated / LLM-judged / ...)
    evidence: tuple[str, ...] = ()  # human / llm / metric: what the system has (filter values)
    # "human evaluation: N of M planned paragraphs judged" (analysis.campaign_status)
    pending: str = ""
    meta: list[str] = field(default_factory=list)  # board_extras.META_FIELDS, "—" if unknown
    n_note: str = ""  # "ranked on 21 of 46 paragraphs": fewer items than the best-covered row


@dataclass
class ColumnGroup:
    key: str  # human | metric | llm
    label: str
    columns: list[Column]


@dataclass
class Board:
    pair: str
    columns: list[Column]
    rows: list[BoardRow]
    unranked: list[BoardRow]
    csv: str
    method: str
    ranked_by: Column | None = None
    ranked_note: str = ""  # why this column ranks (the dataset's declared primary human scheme)
    groups: list[ColumnGroup] = field(default_factory=list)
    sparse: list[str] = field(default_factory=list)  # columns hidden by default: few items
    limits: list[str] = field(default_factory=list)  # "n = 3 texts: no pair can be separated ..."
    aligned: Alignment | None = None  # the automatic measure that orders the unranked section
    constant: dict[str, float] = field(default_factory=dict)  # hidden by default: one value for all
    # an unranked row has human scores in other columns (not automatic-only)
    judged_unranked: bool = False
    # each automatic measure's agreement with the human ranking
    trust: Trust = field(default_factory=Trust)
    # names of the systems without an LLM-judge score
    llm_pending: list[str] = field(default_factory=list)
    matrix: MatrixView | None = None  # the ranking column's head-to-head matrix
    caveats: list[BoardCaveat] = field(default_factory=list)  # its papers' warnings

    @property
    def unranked_llm_pending(self) -> bool:
        """Some system of the automatic-only section has no LLM-judge score, on a dataset an LLM
        judge has scored (``llm_pending`` is empty on one it never scored)."""
        return bool(self.llm_pending) and any("llm" not in r.evidence for r in self.unranked)


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def boards(corpus: Corpus, analysis: Analysis) -> list[Board]:
    """One leaderboard per language pair, ranked by the declared primary human scheme
    (computed once per corpus and analysis; callers only read them)."""
    return memo_boards(corpus, analysis, lambda: _boards(corpus, analysis))


def _boards(corpus: Corpus, analysis: Analysis) -> list[Board]:
    systems = corpus.tables["systems"].set_index("system")
    found = {s: evidence(corpus, s) for s in systems.index}
    primaries = primary_keys(corpus)
    flags = screened(corpus)
    out = []
    for pair in corpus.pairs:
        present = sorted(
            corpus.translations.loc[corpus.translations["pair"] == pair, "system"].unique()
        )
        means = analysis.means[analysis.means["pair"] == pair]
        columns = board_columns(analysis, set(means["column"]))
        first, note = ranking_column(columns, primaries)
        planned = progress_text(corpus, pair)
        rows = []
        stored = corpus_scores(corpus, pair)
        for system in present:
            cells = {c.key: _cell(analysis, means, pair, c, system) for c in columns}
            for key, cell in cells.items():
                if (pair, key) in analysis.corpus_scored:  # the value is the corpus score
                    cell.paragraph_mean = _paragraph_mean(means, key, system)
                    cell.statistic = "sacreBLEU corpus score"
                else:
                    cell.corpus = stored.get((key, system))
                cell.screen = screen_text(flags.get((pair, key, system)))
            info = systems.loc[system]
            rows.append(
                BoardRow(
                    system,
                    str(info["name"]),
                    str(info["kind"]),
                    str(info["modality"]),
                    bool(info["is_human"]),
                    cells,
                    provenance_badge(corpus, system),
                    found[system].chip,
                    found[system].kinds,
                    planned.get(system, ""),
                    card_metadata(corpus.systems.get(system, {})),
                )
            )
        for column in columns:
            _place_bars([r.cells[column.key] for r in rows])
        rows.sort(key=lambda r: _sort_key(r, first))
        ranked = [
            r for r in rows if first is not None and not _is_missing(r.cells[first.key].value)
        ]
        alignment = best_aligned(ranked, columns, first, _is_missing) if first is not None else None
        unranked = automatic_order([r for r in rows if r not in ranked], alignment, _is_missing)
        if first is not None:
            _note_counts(ranked, first)
        groups = [
            ColumnGroup(k, label, [c for c in columns if c.group == k])
            for k, label in GROUPS.items()
            if any(c.group == k for c in columns)
        ]
        out.append(
            Board(
                pair,
                columns,
                ranked,
                unranked,
                f"leaderboard-{pair}.csv",
                method_note(analysis.settings) + _works_note(analysis, pair, columns),
                first,
                note,
                groups,
                sparse_columns(rows, columns, first),
                board_limits(analysis, pair, columns),
                alignment,
                constant_columns(rows, columns, first),
                any(_human_scored(r, columns) for r in unranked),
                board_trust(ranked, columns, first, _is_missing),
                [r.name for r in rows if "llm" not in r.evidence] if llm_scored(corpus) else [],
                *_extras(analysis, pair, first, {r.system: r.name for r in rows}),
            )
        )
    return out


def _note_counts(ranked: list[BoardRow], first: Column) -> None:
    """Say so on a ranked row whose ranking score rests on fewer items than the others'."""
    most = max((r.cells[first.key].n for r in ranked), default=0)
    for row in ranked:
        row.n_note = n_note(row.cells[first.key].n, most, first.unit)


def _extras(
    analysis: Analysis, pair: str, first: Column | None, names: dict[str, str]
) -> tuple[MatrixView | None, list[BoardCaveat]]:
    """The ranking column's head-to-head matrix and the caveats of the board's columns."""
    if first is None or analysis.results is None:
        return None, []
    results = results_of(analysis)
    found = results.head_to_head.get((pair, first.key))
    return matrix_view(found, names), list(results.caveats.get(first.key, []))


def board_columns(analysis: Analysis, keys: set[str]) -> list[Column]:
    """The columns with a value on a board: the scheme and metric columns with the pairwise
    campaigns' Bradley-Terry columns among the human ones (group order kept)."""
    order = list(GROUPS)
    found = [c for c in analysis.columns + analysis.preferences if c.key in keys]
    return sorted(found, key=lambda c: order.index(c.group))


def _human_scored(row: BoardRow, columns: list[Column]) -> bool:
    """Whether ``row`` has a human-judgment score in any column (e.g. judged in another
    campaign)."""
    return any(c.group == "human" and not _is_missing(row.cells[c.key].value) for c in columns)


def constant_columns(
    rows: list[BoardRow], columns: list[Column], first: Column | None
) -> dict[str, float]:
    """Columns that carry no information on this board: every system with a value has the same
    one (e.g. LitEval's terminology points, 0 for all), key -> that value. Hidden at first with a
    note; never the ranking column, never a column with fewer than two values."""
    out = {}
    for column in columns:
        values = {
            r.cells[column.key].value for r in rows if not _is_missing(r.cells[column.key].value)
        }
        count = sum(not _is_missing(r.cells[column.key].value) for r in rows)
        if (first is None or column.key != first.key) and count >= 2 and len(values) == 1:
            out[column.key] = float(values.pop())  # type: ignore[arg-type]
    return out


def board_limits(analysis: Analysis, pair: str, columns: list[Column]) -> list[str]:
    """One note per item count at which no pair of systems can be separated, naming the
    columns it holds for (they show no rank interval and no cluster)."""
    alpha = analysis.settings.alpha
    found: dict[str, list[str]] = {}
    for column in columns:
        table = analysis.rankings.get((pair, column.key))
        if table is None or column.interval or float(table["smallest_p"].min()) < alpha:
            continue
        nested = nested_below_small_n(table)
        n = int(table["n_works" if nested else "n_items"].max())
        unit = "text" if nested else column.unit
        found.setdefault(limit_text(n, unit, alpha), []).append(column.label)
    return [f"{text} ({', '.join(labels)})" for text, labels in found.items()]


SPARSE_SHARE = 0.25  # a column scored on under a quarter of the ranking column's items


def sparse_columns(rows: list[BoardRow], columns: list[Column], first: Column | None) -> list[str]:
    """Columns the chooser hides at first: at most SPARSE_SHARE of the ranking column's items
    (e.g. LitEval's second student annotation, 5 of 46 paragraphs). Never the ranking column."""
    if first is None:
        return []
    most = max((r.cells[first.key].n for r in rows), default=0)
    return [
        c.key
        for c in columns
        if c.key != first.key
        and max((r.cells[c.key].n for r in rows), default=0) <= SPARSE_SHARE * most
    ]


def _cell(analysis: Analysis, means: pd.DataFrame, pair: str, column: Column, system: str) -> Cell:
    key = column.key
    hit = means[(means["column"] == key) & (means["system"] == system)]
    link = f"systems/{system}.html#{pair}"
    if not len(hit):
        return Cell(None, 0, link)
    table = analysis.rankings.get((pair, key))
    cell = Cell(float(hit["mean"].iloc[0]), int(hit["n"].iloc[0]), link)
    if table is not None and system in table.index:
        row = table.loc[system]
        cell.ci_low, cell.ci_high = float(row["ci_low"]), float(row["ci_high"])
        if not column.interval and str(row.get("ci_method", "")) == "range":
            cell.range_n, cell.range_unit = _range_units(row, column)
        if column.interval:  # Bradley-Terry: a rank interval, no cluster (no paired test)
            if not _is_missing(float(row["rank_min"])):
                cell.rank_min, cell.rank_max = int(row["rank_min"]), int(row["rank_max"])
        elif int(row["cluster"]):  # 0: no pair can be separated, no rank interval or cluster
            cell.rank_min, cell.rank_max = int(row["rank_min"]), int(row["rank_max"])
            cell.cluster = int(row["cluster"])
    return cell


def nested_below_small_n(table: pd.DataFrame | None) -> bool:
    """Whether a board table has an interval the analysis made a range over texts
    (``analysis.work_units``: paragraphs nested in fewer than SMALL_N texts)."""
    return (
        table is not None
        and "range_over" in table.columns
        and bool((table["range_over"] == "works").any())
    )


def _works_note(analysis: Analysis, pair: str, columns: list[Column]) -> str:
    """The method sentence's addition when paragraphs of some column nest in few texts."""
    tables = [analysis.rankings.get((pair, c.key)) for c in columns if not c.interval]
    return works_text() if any(nested_below_small_n(t) for t in tables) else ""


def _range_units(row: pd.Series, column: Column) -> tuple[int, str]:
    """(units, "text") where a descriptive interval spans works (texts) its paragraphs nest in,
    fewer than SMALL_N of them; (0, "") otherwise (the cell's own n and unit are the units)."""
    if row.get("range_over") == "works":
        return int(row["n_works"]), "text"
    return 0, ""


def _paragraph_mean(means: pd.DataFrame, key: str, system: str) -> float | None:
    hit = means.loc[(means["column"] == key) & (means["system"] == system), "paragraph_mean"]
    return float(hit.iloc[0]) if len(hit) else None


def _place_bars(cells: list[Cell]) -> None:
    """Position each CI bar on a common axis: the lowest CI bound to the highest of the column."""
    bounded = [
        c for c in cells if c.ci_low is not None and c.ci_high is not None and c.value is not None
    ]
    if not bounded:
        return
    low = min(c.ci_low for c in bounded)  # type: ignore[type-var]
    high = max(c.ci_high for c in bounded)  # type: ignore[type-var]
    span = (high - low) or 1.0  # type: ignore[operator]

    def pos(x: float) -> float:
        return round(100 * (x - low) / span, 1)  # type: ignore[operator]

    for c in bounded:
        left = pos(c.ci_low)  # type: ignore[arg-type]
        c.bar = (left, round(pos(c.ci_high) - left, 1), pos(c.value))  # type: ignore[arg-type]


def _sort_key(row: BoardRow, first: Column | None) -> tuple[Any, ...]:
    """Best first by the ranking column; systems without a score go last, by id, never ranked."""
    if first is None:
        return (1, 0.0, row.system)
    value = row.cells[first.key].value
    if _is_missing(value):
        return (1, 0.0, row.system)
    signed = -value if first.higher_is_better else value  # type: ignore[operator]
    return (0, signed, row.system)


def board_csv(board: Board) -> pd.DataFrame:
    data = []
    ranked = [(rank, row) for rank, row in enumerate(board.rows, start=1)]
    everyone = board.rows + board.unranked
    with_corpus = {
        c.key for c in board.columns if any(r.cells[c.key].corpus is not None for r in everyone)
    }
    with_mean = {
        c.key
        for c in board.columns
        if any(r.cells[c.key].paragraph_mean is not None for r in everyone)
    }
    with_screen = {c.key for c in board.columns if any(r.cells[c.key].screen for r in everyone)}
    for rank, row in ranked + [(None, row) for row in board.unranked]:
        record: dict[str, Any] = {
            "rank": rank,
            "system": row.system,
            "name": row.name,
            "kind": row.kind,
            "modality": row.modality,
        }
        for column in board.columns:
            cell = row.cells[column.key]
            record[column.label] = cell.value
            if column.key in with_corpus:
                record[f"{column.label} corpus"] = cell.corpus
            if column.key in with_mean:
                record[f"{column.label} mean of paragraph scores"] = cell.paragraph_mean
            if column.key in with_screen:  # only where a score rests on flagged outputs
                record[f"{column.label} screened"] = cell.screen
            record[f"{column.label} ci_low"] = cell.ci_low
            record[f"{column.label} ci_high"] = cell.ci_high
            record[f"{column.label} rank_range"] = (
                f"{cell.rank_min}-{cell.rank_max}" if cell.rank_min is not None else None
            )
            record[f"{column.label} cluster"] = cell.cluster
            record[f"{column.label} n"] = cell.n
        data.append(record)
    return pd.DataFrame(data)
