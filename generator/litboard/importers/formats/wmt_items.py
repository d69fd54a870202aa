"""One rating of a WMT MQM TSV (system x segment x rater): its rows, its texts, its errors.

``read_row`` parses one judgment row (tag-free NFC texts and ``<v>`` spans) into its item;
``resolve`` fixes the item's source and target by ``wmt_rows``' matching rule, places every
row's spans on them (a real mismatch keeps the error unlocated) and makes the errors, sorted by
place so the file's row order changes nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...files.ids import slug
from ...spans.tags import TagError, parse_tags
from ...typology import SEVERITIES
from .. import ImportReport
from .wmt_rows import Ledger, Row, canonical, error_order, metadata_note, moved, norm, shift

NO_ERROR = "no-error"
TAG = re.compile(r"</?v>")


@dataclass(slots=True)
class Item:
    """One rater's judgment of one system's segment (its rows; texts set by ``_resolve``)."""

    system: str
    doc: str
    seg: str
    rater: str
    line: int
    source: str = ""
    target: str = ""
    errors: list[dict[str, Any]] = field(default_factory=list)
    problem: str = ""
    file: str = ""  # the TSV file
    rows: list[Row] = field(default_factory=list)


def read_row(
    cell: dict[str, str],
    at: tuple[str, int],
    items: dict[tuple[str, ...], Item],
    key: tuple[str, str, str, str],
) -> None:
    """One judgment row joins its item; texts are placed when the item is complete (``resolve``)."""
    src, number = at
    malformed, side = "", "target"
    try:
        target, target_spans = parse_tags(_nfc(cell["target"]), indexed=False)
        side = "source"
        source, source_spans = parse_tags(_nfc(cell["source"]), indexed=False)
    except TagError as error:  # the error is kept without a location (its label is valid)
        target, source = (_nfc(TAG.sub("", cell[c])) for c in ("target", "source"))
        target_spans, source_spans, malformed = [], [], str(error)
    item = items.setdefault(key, Item(*key, line=number, file=src))
    item.line = min(item.line, number)
    if item.rows:  # one text object per item, not one per row (a release has a million rows)
        target = item.rows[0].target if item.rows[0].target == target else target
        source = item.rows[0].source if item.rows[0].source == source else source
    label: dict[str, str] = {k: cell[k] for k in ("category", "severity", "comment") if k in cell}
    item.rows.append(
        Row(
            number,
            target,
            source,
            [(s.start, s.end) for s in target_spans],
            [(s.start, s.end) for s in source_spans],
            label,
            malformed,
            side,
            metadata_note(cell.get("__meta__", "").split("\t")),
        )
    )


def resolve(item: Item, report: ImportReport, ledger: Ledger) -> None:
    """The item's source and target (``wmt_rows`` rule) and its errors, in line order."""
    first = item.rows[0]  # rows with equal texts share one object (read_row): one check each
    same = all(r.target is first.target and r.source is first.source for r in item.rows)
    item.target = norm(first.target) if same else canonical([r.target for r in item.rows])
    item.source = norm(first.source) if same else canonical([r.source for r in item.rows])
    for row in sorted(item.rows, key=lambda r: r.line):
        spans = _placed(row, item, report, ledger)
        error, problem = _error(row.cell, spans, row.line, report)
        if problem and not item.problem:
            item.problem = problem
        if error is None:
            continue
        if row.note:
            error["comment"] = (row.note + "; " + error.get("comment", "")).strip("; ")
        if row.malformed:
            error["comment"] = f"span located: no (malformed <v> tags: {row.malformed})" + (
                f"; {error['comment']}" if error.get("comment") else ""
            )
            report.count("span located: no")
            report.notes.append(
                f"{item.file}:{row.line}: {row.side}: malformed <v> tags "
                f"({row.malformed}); the error was kept without a location "
                "(span located: no)"
            )
        item.errors.append(error)
    item.errors.sort(key=error_order)  # the file's row order changes nothing


def _placed(
    row: Row, item: Item, report: ImportReport, ledger: Ledger
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], str]:
    """The row's target and source spans in the item's texts; a real mismatch unlocates them."""
    placed: list[list[tuple[int, int]]] = []
    lost = ""
    for side, spans, text, mine in (
        ("target", row.target_spans, item.target, row.target),
        ("source", row.source_spans, item.source, row.source),
    ):
        delta = shift(mine, text)
        if delta is None:
            placed.append([])
            if spans and not lost:
                lost = (
                    f"span located: no (its row's {side} differs from the segment's "
                    "beyond whitespace and Unicode normalisation)"
                )
        else:
            placed.append([moved(s, e, delta, len(text)) for s, e in spans])
    if lost:
        report.count("span located: no")
        ledger.unlocated[slug(item.system)] += 1  # rare: no cache needed
        report.notes.append(
            f"{item.file}:{row.line}: {lost}; the error was kept without a location"
        )
    return placed[0], placed[1], lost


def _error(
    cell: dict[str, str],
    spans: tuple[list[tuple[int, int]], list[tuple[int, int]], str],
    number: int,
    report: ImportReport,
) -> tuple[dict[str, Any] | None, str]:
    target_spans, source_spans, lost = spans
    category, severity = cell["category"].strip(), cell["severity"].strip().lower()
    if NO_ERROR in (category.lower(), severity):
        report.count("no-error rows")
        if category.lower() != severity:
            return None, (
                f"line {number}: category {cell['category']!r} with severity {cell['severity']!r}"
            )
        return None, ""
    if severity not in SEVERITIES:
        return None, (
            f"line {number}: unknown severity {cell['severity']!r} "
            f"(expected {', '.join(SEVERITIES)})"
        )
    main, _, sub = category.partition("/")
    error: dict[str, Any] = {"start": 0, "end": 0, "category": main.strip()}
    if sub.strip():
        error["subcategory"] = sub.strip()
    error["severity"] = severity
    if main.strip().rstrip("!").lower() == "non-translation":  # Google spells it 'Non-translation!'
        error["non_translation"] = True
    if target_spans:
        error["start"], error["end"] = target_spans[0][0], target_spans[-1][1]
        if len(target_spans) > 1:
            error["comment"] = (
                f"{len(target_spans)} <v> spans in one row: stored as the span covering them"
            )
    elif source_spans:
        error["side"] = "source"
        error["source_start"], error["source_end"] = source_spans[0][0], source_spans[-1][1]
        report.count("errors marked in the source only")
    elif lost:
        error["comment"] = lost
    else:
        error["comment"] = "no span marked: zero-width at the start of the target"
        report.count("errors without a span")
    if cell.get("comment", "").strip():
        error["comment"] = (cell["comment"].strip() + "; " + error.get("comment", "")).strip("; ")
    report.count("error rows")
    return error, ""


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)
