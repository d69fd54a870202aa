"""The checks of one judgment record against its campaign: spans inside their text, categories of
the campaign's typology, scores inside the scheme's range (called by ``checks`` for every
record)."""

from __future__ import annotations

from typing import Any

from ..errors import Problems
from .rows import Row


def check_record(
    row: Row,
    scheme: str,
    categories: dict[str, set[str]] | None,
    scale: tuple[float, float],
    campaign: dict[str, Any],
    length: int | None,
    source_length: int | None,
    problems: Problems,
) -> None:
    record = row.data
    if scheme == "mqm":
        for i, error in enumerate(record["errors"]):
            _check_span(row, f"errors.{i}", error, length, problems)
            _check_category(row, f"errors.{i}", error, categories or {}, problems)
    elif scheme == "metric":
        for i, span in enumerate(record.get("spans", [])):
            _check_span(row, f"spans.{i}", span, length, problems)
        if record["score"] is None and not record.get("error"):
            problems.add(
                row.file,
                row.line,
                "error",
                "a null score needs the reason",
                "store why the answer could not be parsed in 'error'",
            )
        _check_range(row, "score", record["score"], _metric_scale(campaign), problems)
    elif scheme == "score":
        _check_range(row, "score", record["score"], _metric_scale(campaign), problems)
    elif scheme == "free":
        for i, span in enumerate(record["spans"]):
            _check_span(row, f"spans.{i}", span, length, problems)
    elif scheme == "sqm":
        _check_range(row, "score", record["score"], scale, problems)
    elif scheme == "esa":
        _check_range(row, "score", record["score"], scale, problems)
        for i, error in enumerate(record["errors"]):
            _check_span(row, f"errors.{i}", error, length, problems)
    elif scheme == "ruler":
        criteria = campaign.get("criteria")
        for name, value in record["scores"].items():
            if criteria and name not in criteria:
                problems.add(
                    row.file,
                    row.line,
                    f"scores.{name}",
                    "is not a criterion of the campaign",
                    f"use one of: {', '.join(criteria)}",
                )
            _check_range(row, f"scores.{name}", value, scale, problems)
    elif scheme == "creativity":
        for i, ucp in enumerate(record["ucps"]):
            if "start" in ucp or "end" in ucp:
                _check_span(row, f"ucps.{i}", ucp, length, problems)
            if "source_start" in ucp or "source_end" in ucp:
                _check_span(
                    row,
                    f"ucps.{i}",
                    {"start": ucp.get("source_start", -1), "end": ucp.get("source_end", -1)},
                    source_length,
                    problems,
                    "source_",
                )
        for i, kudos in enumerate(record.get("kudos", [])):
            _check_span(row, f"kudos.{i}", kudos, length, problems)


def _metric_scale(campaign: dict[str, Any]) -> tuple[float, float]:
    metric = campaign.get("metric", {})
    return float(metric.get("min", float("-inf"))), float(metric.get("max", float("inf")))


def _check_range(
    row: Row, field: str, value: Any, scale: tuple[float, float], problems: Problems
) -> None:
    if value is None:
        return
    low, high = scale
    if not low <= value <= high:
        problems.add(
            row.file,
            row.line,
            field,
            f"{value} is outside the scheme's range {low:g}-{high:g}",
            f"use a value from {low:g} to {high:g} (or change the campaign's scale)",
        )


def _check_span(
    row: Row,
    field: str,
    span: dict[str, Any],
    length: int | None,
    problems: Problems,
    prefix: str = "",
) -> None:
    start, end = span.get("start"), span.get("end")
    if start is None or end is None or start < 0 or end < 0:
        problems.add(
            row.file,
            row.line,
            f"{field}.{prefix}start",
            "needs both start and end offsets",
            "give start and end in code points",
        )
        return
    if start > end:
        problems.add(
            row.file,
            row.line,
            f"{field}.{prefix}end",
            f"span is reversed ({start} > {end})",
            "swap start and end; end is exclusive",
        )
    elif length is not None and end > length:
        problems.add(
            row.file,
            row.line,
            f"{field}.{prefix}end",
            f"offset {end} is past the end of its text ({length} code points)",
            "count offsets in Unicode code points of the NFC text",
        )


def _check_category(
    row: Row, field: str, error: dict[str, Any], categories: dict[str, set[str]], problems: Problems
) -> None:
    main, sub = error["category"], error.get("subcategory", "")
    if main not in categories:
        problems.add(
            row.file,
            row.line,
            f"{field}.category",
            f"unknown category {main!r}",
            f"use one of: {', '.join(categories)}",
        )
    elif sub not in categories[main]:
        options = ", ".join(sorted(s for s in categories[main] if s)) or "none"
        problems.add(
            row.file,
            row.line,
            f"{field}.subcategory",
            f"unknown subcategory {sub!r} of {main}",
            f"use one of: {options}",
        )
