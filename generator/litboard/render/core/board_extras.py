"""What a leaderboard user expects beside the scores (issue 56 goal 4), formatted for the board:
the system cards' metadata columns, the note on a row ranked on fewer items than the others,
the head-to-head matrix (``analysis.head_to_head``'s, from the results) and the "last updated"
line. Nothing here computes a statistic: the matrix's numbers are the analysis's records."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from ...analysis.rounding import format_number
from ...analysis.tables import HeadToHead

UNKNOWN = "—"  # a card field the card does not give: no guess
# (card field, column heading): the metadata columns, in board order
META_FIELDS = (
    ("kind", "Kind"),
    ("size", "Size"),
    ("open_weights", "Open weights"),
    ("date", "Date"),
    ("licence", "Licence"),
)


def card_metadata(card: dict[str, Any]) -> list[str]:
    """The card's values of ``META_FIELDS``, as shown: "—" where the card says nothing."""
    out = []
    for name, _ in META_FIELDS:
        value = card.get(name)
        if value is None or value == "":
            out.append(UNKNOWN)
        elif isinstance(value, bool):
            out.append("yes" if value else "no")
        else:
            out.append(str(value))
    return out


def n_note(n: int, most: int, unit: str) -> str:
    """The row's note when it is ranked on fewer items than the board's best-covered system."""
    if n <= 0 or n >= most:
        return ""
    return f"ranked on {n} of {most} {unit}s"


@dataclass
class MatrixCell:
    text: str  # the win rate, e.g. "62%"; "" on the diagonal or with nothing shared
    title: str  # wins / ties / losses, n, mean difference, p
    verdict: str = ""  # better | worse | "" (the cell's class)


@dataclass
class MatrixRow:
    system: str
    name: str
    cells: list[MatrixCell] = field(default_factory=list)


@dataclass
class MatrixView:
    label: str
    heads: list[tuple[str, str]]  # (system, name) of the columns
    rows: list[MatrixRow]
    method: str
    n_text: str  # "n = 46 paragraphs per pair of systems" or its range
    separable: bool


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"= {format_number(p, 3)}"


def _signed(value: float) -> str:
    text = format_number(value, 2)
    return text if text.startswith("-") else f"+{text}"


def matrix_view(found: HeadToHead | None, names: dict[str, str]) -> MatrixView | None:
    """The board's head-to-head matrix, formatted (None: the ranking column has none)."""
    if found is None or not found.cells:
        return None
    unit = found.unit
    rows = []
    for row in found.systems:
        cells = []
        for other in found.systems:
            cell = found.cells.get((row, other))
            if cell is None:
                title = "" if row == other else f"no {unit} scored for both"
                cells.append(MatrixCell("", title))
                continue
            title = (
                f"{names.get(row, row)} vs {names.get(other, other)}: better on {cell.wins}, "
                f"tied on {cell.ties}, worse on {cell.losses} of {cell.n} {unit}s; mean "
                f"difference {_signed(cell.difference)}; p {_p(cell.p)}"
            )
            cells.append(
                MatrixCell(f"{format_number(100 * cell.win_rate, 0)}%", title, cell.verdict)
            )
        rows.append(MatrixRow(row, names.get(row, row), cells))
    counts = sorted({cell.n for cell in found.cells.values()})
    n_text = (
        f"n = {counts[0]} {unit}s for every pair of systems"
        if len(counts) == 1
        else f"n = {counts[0]}–{counts[-1]} {unit}s per pair of systems (the {unit}s both "
        "were scored on)"
    )
    heads = [(s, names.get(s, s)) for s in found.systems]
    return MatrixView(found.label, heads, rows, found.method, n_text, found.separable)


def last_updated(data_version: str) -> tuple[str, str]:
    """("Last updated" text, how it is dated): the build's SOURCE_DATE_EPOCH (the build pins it
    to the last commit's time unless it is set), never the clock; without it, the data version
    alone."""
    stamp = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not stamp.isdigit():
        return f"data {data_version}", "no build date set (SOURCE_DATE_EPOCH)"
    date = time.strftime("%Y-%m-%d", time.gmtime(int(stamp)))
    return (
        f"{date} · data {data_version}",
        "the build's SOURCE_DATE_EPOCH: the time of the last commit built unless set",
    )
