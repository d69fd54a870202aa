"""Error rows of a CSV/TSV table read the way ``import wmt-mqm`` reads them (issue 45).

One file, one answer: before the rows of a table with an ``errors`` block are imported,

- attention-check rows of the annotation tool (``wmt_rows.is_control``: severity
  ``HOTW-test``) are removed alone and counted; their text, which holds an injected error, is
  never compared with the segment;
- the rows of one rating (system, work, paragraph, annotator) get the source and translation
  most of them carry, by ``wmt_rows``' rule (NFC, leading/trailing whitespace ignored; a tie:
  the smallest), with each row's ``<v>`` tags moved onto that text; a row whose text still
  differs keeps its error without a location (``span located: no``) instead of being skipped.

So no rating depends on the file's row order or loses a rater to a trailing space.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ...spans.tags import TagError, parse_tags
from .. import ImportReport
from ..core.mapping import CsvMapping
from .wmt_rows import canonical, is_control, moved, norm, shift

Rows = list[tuple[int, dict[str, str]]]
LOST = "__located__"  # a row's note: its error is kept without a location (read by csv_errors)


def prepare(rows: Rows, m: CsvMapping, report: ImportReport) -> Rows:
    """The rows to import: controls removed, each rating's texts agreed (see the module)."""
    assert m.errors is not None
    kept: Rows = []
    for line, row in rows:
        severity = row.get(m.errors.severity, "") if m.errors.severity else ""
        if "__bad__" not in row and is_control(row.get(m.errors.category, ""), severity):
            report.count("attention-check rows removed (HOTW-test)")
            continue
        kept.append((line, row))
    groups: dict[tuple[str, ...], list[dict[str, str]]] = {}
    for _, row in kept:
        if "__bad__" not in row:
            groups.setdefault(_key(row, m), []).append(row)
    for members in groups.values():
        for column in (m.columns.source, m.columns.translation):
            texts = [_plain(r.get(column, ""))[0] for r in members]
            text = canonical(texts)
            for r in members:
                _retag(r, column, text, report)
    return kept


def _key(row: dict[str, str], m: CsvMapping) -> tuple[str, ...]:
    c = m.columns
    where = (
        row.get(c.paragraph, "").strip() if c.paragraph else norm(_plain(row.get(c.source, ""))[0])
    )
    return (
        row.get(c.system, "").strip(),
        row.get(c.work, "").strip() if c.work else "",
        where,
        row.get(c.annotator, "").strip(),
    )


def _plain(cell: str) -> tuple[str, list[tuple[int, int]] | None]:
    """(tag-free NFC text, spans); spans None when the tags are malformed."""
    text = unicodedata.normalize("NFC", cell)
    try:
        plain, spans = parse_tags(text, indexed=False)
    except TagError:
        from .csv_errors import untagged

        return untagged(text), None
    return plain, [(s.start, s.end) for s in spans]


def _retag(row: dict[str, str], column: str, text: str, report: ImportReport) -> None:
    """Put ``text`` into the cell, with the cell's tags moved onto it (or the error unlocated)."""
    plain, spans = _plain(row.get(column, ""))
    if spans is None:
        return  # malformed tags: csv_errors keeps the error without a location
    delta = shift(plain, text)
    if delta is None:
        row[column] = text
        if spans and LOST not in row:
            row[LOST] = (
                "span located: no (its row's text differs from the segment's beyond "
                "whitespace and Unicode normalisation)"
            )
        return
    row[column] = _tagged(text, [moved(s, e, delta, len(text)) for s, e in spans])


def _tagged(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``<v>…</v>`` around each span (a zero-width span: ``<v></v>``)."""
    marks: list[tuple[int, int, str]] = []
    for start, end in spans:
        marks += [(start, 1, "<v></v>")] if end == start else [(start, 2, "<v>"), (end, 0, "</v>")]
    out, cursor = [], 0
    for at, _, tag in sorted(marks):
        out.append(text[cursor:at] + tag)
        cursor = at
    return "".join(out) + text[cursor:]
