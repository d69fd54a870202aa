"""A board's downloads as the reader has filtered it (issue 30): the pair's table without the
columns hidden on the board and the systems its filters left out, as CSV, JSON and the
paper-shaped LaTeX table of ``paper_table``.

The board writes these files in the browser (``templates/assets/litboard-tables.js``, with
``litboard-py.js`` and ``litboard-latex.js``) from the pair's ``X.csv`` and ``X.json``; this
module is the reference they are held to byte for byte (tests/browser/test_board_downloads.py).
Without JavaScript the links give the full files. Every file keeps its provenance: comment lines at
the top of the CSV, a ``shown`` record and the ``provenance`` block in the JSON, the caption and
comments of the LaTeX table.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Sequence

from ..files.csv_cells import FORMULA_START, plain_cell
from .downloads import json_text, table_words
from .paper_table import COMPANIONS, measure_groups, paper_text
from .provenance import caption_of, footnote_of, packages_line

SUFFIX = ".shown"
UNSAFE_START = (*FORMULA_START, '"')  # leaderboard-de-en.csv -> leaderboard-de-en.shown.csv


@dataclass(frozen=True)
class Shown:
    """What the board shows: its pair, the labels of the columns hidden, the ids of the systems
    its filters keep (``None``: every system)."""

    pair: str
    hidden: tuple[str, ...] = ()
    systems: tuple[str, ...] | None = None


def kept_columns(header: Sequence[str], hidden: Sequence[str]) -> list[int]:
    """Indices of the CSV columns left when the board columns ``hidden`` (labels) go, each with
    its companions (``X ci_low``, ``X ci_high``, ``X rank_range``, ``X cluster``, ``X n``)."""
    gone = set(hidden) | {f"{label} {c}" for label in hidden for c in COMPANIONS}
    return [i for i, name in enumerate(header) if name not in gone]


def kept_rows(
    header: Sequence[str], rows: Sequence[Sequence[str]], systems: Sequence[str] | None
) -> list[int]:
    if systems is None or "system" not in header:
        return list(range(len(rows)))
    at, keep = list(header).index("system"), set(systems)
    return [r for r, row in enumerate(rows) if at < len(row) and row[at] in keep]


def _cell(row: Sequence[str], i: int) -> str:
    return row[i] if i < len(row) else ""


def shown_record(
    shown: Shown, header: Sequence[str], rows: Sequence[Sequence[str]], rows_kept: Sequence[int]
) -> dict[str, Any]:
    """The JSON ``shown`` record: pair, hidden columns, systems left out and the note."""
    hidden_set, kept = set(shown.hidden), set(rows_kept)
    hidden = [h for h in header if h in hidden_set]
    gone = [r for r in range(len(rows)) if r not in kept]
    ids = [_cell(rows[r], list(header).index("system")) for r in gone] if "system" in header else []
    names = [_cell(rows[r], list(header).index("name")) for r in gone] if "name" in header else ids
    parts = [f"pair {shown.pair}"] if shown.pair else []
    if hidden:
        parts.append("without the columns " + "; ".join(hidden))
    if gone:
        parts.append(f"{len(rows_kept)} of {len(rows)} systems (without {'; '.join(names)})")
    primary = next(iter(measure_groups(header)), "")
    if "rank" in header and (gone or primary in hidden):
        parts.append(
            f"ranks as on the full board (by {primary})"
            if primary
            else "ranks as on the full board"
        )
    if not hidden and not gone:
        parts.append("every column and system")
    return {
        "pair": shown.pair,
        "hidden_columns": hidden,
        "left_out_systems": ids,
        "note": "As shown on the board: " + ", ".join(parts) + ".",
    }


def comment_line(text: str) -> str:
    """``# text`` on one line, safe in a spreadsheet: a comma-separated piece that would start a
    formula or a quoted field (after spaces) gets a leading single quote, as the CSV guard does."""
    flat = text.replace("\r", " ").replace("\n", " ")
    first, *rest = flat.split(",")
    guarded = ["'" + p if p.lstrip(" ").startswith(UNSAFE_START) else p for p in rest]
    return ",".join([f"# {first}", *guarded])


def _raw_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def shown_files(path: str, csv_text: str, block: dict[str, Any], shown: Shown) -> dict[str, str]:
    """{``X.shown.csv``, ``X.shown.json``, ``X.shown.tex``} of the table at ``path`` (its CSV
    text and the provenance block of its JSON) as ``shown``."""
    raw = _raw_csv(csv_text)
    raw_header, raw_rows = (raw[0], raw[1:]) if raw else ([], [])
    header = [plain_cell(c) for c in raw_header]
    rows = [[plain_cell(c) for c in row] for row in raw_rows]
    cols = kept_columns(header, shown.hidden)
    rows_kept = kept_rows(header, rows, shown.systems)
    record = shown_record(shown, header, rows, rows_kept)
    stem = path.removesuffix(".csv")
    name = stem.rsplit("/", 1)[-1]

    def cut(table: Sequence[Sequence[str]], picked: Sequence[int]) -> list[list[str]]:
        return [[_cell(table[r], i) for i in cols] for r in picked]

    out = io.StringIO()
    for line in (
        f"litboard table {path}. {record['note']}",
        caption_of(block),
        f"computed with {packages_line(block)}",
        f"recompute the full table: {block['command']}",
    ):
        out.write(comment_line(line) + "\n")
    csv.writer(out, lineterminator="\n").writerows(
        cut([raw_header], [0]) + cut(raw_rows, rows_kept)
    )
    sub_header, sub_rows = cut([header], [0])[0], cut(rows, rows_kept)
    caption = f"{name} ({len(sub_rows)} rows), as shown on the board."
    footnote = f"{record['note']} " + footnote_of(block, table_words(path, sub_header, sub_rows))
    head = (
        f"% litboard table {path}, as shown on the board; needs \\usepackage{{booktabs}}\n"
        f"% computed with {packages_line(block)}\n"
    )
    tex, _ = paper_text(
        sub_header,
        sub_rows,
        caption,
        f"tab:{stem}{SUFFIX}",
        block["command"],
        f"{name}.full.tex",
        footnote,
    )
    return {
        f"{stem}{SUFFIX}.csv": out.getvalue(),
        f"{stem}{SUFFIX}.json": json_text(path, sub_header, sub_rows, block, record),
        f"{stem}{SUFFIX}.tex": head + tex,
    }
