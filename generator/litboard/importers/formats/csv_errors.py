"""MQM error rows of a CSV table, WMT style: one row per error, the span marked with ``<v>…</v>``.

The span is marked inside the translation cell, or inside the source cell for an error shown
on the source text (stored with ``side: source`` and ``source_start``/``source_end``). Rows of
one (system, paragraph, annotator) form one MQM record; an empty category (or ``No-error``)
is an error-free row. A row with malformed tags keeps its error without a location (comment
"span located: no", counted); an unknown severity skips that error only. An empty severity
cell gives severity ``unspecified`` (never guessed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...files.ids import long_slug, slug
from ...spans.tags import TagError, parse_tags
from ...typology import SEVERITIES
from .. import ImportReport
from ..core.mapping import CsvMapping
from ..core.root_builder import RootBuilder, category_names
from .wmt_rows import error_order

TAG = re.compile(r"</?v>")
UNSPECIFIED = "unspecified"
Key = tuple[str, str, str]  # (system, paragraph, annotator)


def untagged(text: str) -> str:
    """The cell without its ``<v>`` tags (also when they are malformed)."""
    return TAG.sub("", text)


@dataclass
class ErrorRows:
    """MQM records collected row by row, added to the builder by ``finish``."""

    records: dict[Key, dict[str, Any]] = field(default_factory=dict)
    clean: dict[Key, int] = field(default_factory=dict)
    where: dict[Key, str] = field(default_factory=dict)

    def add(
        self,
        row: dict[str, str],
        m: CsvMapping,
        cells: tuple[str, str],
        base: dict[str, Any],
        where: str,
        report: ImportReport,
    ) -> None:
        """One row: its error (if any) joins the record of its system, paragraph and annotator."""
        assert m.errors is not None
        name = row.get(m.columns.annotator, "").strip()
        annotator = m.annotators.ids.get(name) or long_slug(name)
        key = (base["system"], base["paragraph"], annotator)
        record = self.records.setdefault(key, {**base, "annotator": annotator, "errors": []})
        self.where.setdefault(key, where)
        located = ""
        try:
            _, source_spans = parse_tags(cells[0], indexed=False)
            _, target_spans = parse_tags(cells[1], indexed=False)
        except TagError as error:  # the error is kept without a location
            source_spans, target_spans, located = (
                [],
                [],
                f"span located: no (malformed <v> tags: {error})",
            )
        if not located and row.get("__located__"):  # csv_wmt: the row's text is not the segment's
            located = str(row["__located__"])
        self.clean[key] = self.clean.get(key, 0) + 1
        category = row.get(m.errors.category, "").strip()
        if not category or category.lower() == "no-error":
            report.count("error-free rows")
            return
        severity = (
            row.get(m.errors.severity, "").strip().lower() if m.errors.severity else ""
        ) or UNSPECIFIED
        if severity not in (*SEVERITIES, UNSPECIFIED):
            report.skip(
                where,
                f"unknown severity {severity!r} (expected {', '.join(SEVERITIES)}); only "
                "this error was skipped",
                "error with an unknown severity",
            )
            return
        comment = row.get(m.errors.comment, "").strip() if m.errors.comment else ""
        if located:
            comment = f"{located}; {comment}" if comment else located
            report.count("span located: no")
            what = "malformed <v> tags" if "malformed" in located else located
            report.notes.append(f"{where}: {what}; the error was kept without a location")
        record["errors"].append(_error(category, severity, source_spans, target_spans, comment))
        report.count("error rows")
        if severity == UNSPECIFIED:
            report.count("errors without severity (stored as unspecified)")

    def finish(
        self, m: CsvMapping, campaign: str, builder: RootBuilder, report: ImportReport
    ) -> None:
        assert m.errors is not None
        for key, record in self.records.items():
            record["errors"].sort(key=error_order)  # the file's row order changes nothing
            if not builder.record(campaign, record, m.annotators.expertise):
                report.skip(self.where[key], "repeated MQM judgment", "repeated mqm judgment")
        builder.campaigns[campaign]["mqm"] = {
            "variant": m.errors.variant,
            "typology": "custom",
            "categories": category_names(builder.records[campaign]),
        }
        if m.errors.weights:  # the mapping declares the campaign's weights
            builder.campaigns[campaign]["mqm"]["weights"] = dict(m.errors.weights)


def _error(
    category: str, severity: str, source_spans: list[Any], target_spans: list[Any], comment: str
) -> dict[str, Any]:
    main, _, sub = category.partition("/")
    error: dict[str, Any] = {"start": 0, "end": 0, "category": main.strip()}
    if sub.strip():
        error["subcategory"] = sub.strip()
    error["severity"] = severity
    if main.strip().rstrip("!").lower() == "non-translation":  # Google spells it 'Non-translation!'
        error["non_translation"] = True
    if target_spans:
        error["start"], error["end"] = target_spans[0].start, target_spans[-1].end
    elif source_spans:
        error["side"] = "source"
        error["source_start"], error["source_end"] = source_spans[0].start, source_spans[-1].end
    if comment:
        error["comment"] = comment
    return error
