"""``litboard import csv TABLE.csv --mapping MAP.yaml --out DST``: one row per translation.

The mapping (``mapping.CsvMapping``) names the columns holding the source, the translation
and the system, and any score columns: each becomes a campaign, ``sqm`` (a human rating,
one per annotator: the annotator column is required) or ``metric`` (an automatic score,
one per translation). Rows repeating a translation (e.g. one row per annotator) share its
paragraph and translation. A row with an empty required cell, a non-numeric or
out-of-range score, or a text that contradicts an earlier row is reported with its line
number and skipped whole. Optional error rows (``errors``, see ``csv_errors``) give an MQM
campaign with spans marked by ``<v>`` tags in the translation or the source.
"""

from __future__ import annotations

import csv
import math
import unicodedata
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ...files.ids import long_slug, slug
from ...typology import DEFAULT_SCALES
from .. import ImportReport
from ..core.inputs import files_title, utf8_text, work_card
from ..core.mapping import CsvMapping
from ..core.mapping_tables import ScoreSettings
from ..core.root_builder import RootBuilder
from ..core.run_steps import finish, start
from .csv_errors import ErrorRows, untagged
from .csv_wmt import prepare

DELIMITERS = {",": ",", ";": ";", "tab": "\t"}


# What the importer skips and why (printed by `litboard import csv --help`).
SKIPS: tuple[tuple[str, str], ...] = (
    (
        "an error (only that row's error)",
        "malformed <v> tags in its source or translation cell, or "
        "an unknown severity; an empty severity is kept as 'unspecified'",
    ),
    (
        "a row",
        "an empty required cell, a non-numeric or out-of-range score, or a text that "
        "contradicts an earlier row",
    ),
    ("a score", "the same annotator (sqm) or translation (metric) scored twice: the first is kept"),
)


class RowError(ValueError):
    """Why one row cannot be imported."""


def run(
    src: Path | list[Path],
    out: Path,
    mapping: Path | None = None,
    namespace: str = "",
    prefix_ids: bool = False,
) -> ImportReport:
    """Import CSV tables ``src`` (files, folders, globs; one mapping) into the data root ``out``."""
    run = start(
        src,
        mapping,
        "csv",
        "example: generator/litboard/importers/examples/csv.yaml",
        ".csv",
        CsvMapping,
        namespace,
        prefix_ids,
    )
    m, files, builder, report = run.mapping, run.files, run.builder, run.report
    for score in m.scores:
        score.campaign = score.campaign or slug(score.column)
        builder.campaign(
            score.campaign, _campaign_card(score, files[0] if len(files) == 1 else files[0].parent)
        )
    metric_seen: dict[tuple[str, str, str], float] = {}
    errors = ErrorRows()
    for f in files:
        rows = read_rows(f, m)
        for line, row in prepare(rows, m, report) if m.errors else rows:
            report.count("rows")
            try:
                _import_row(
                    row, m, run.dataset_id, builder, (metric_seen, errors, f"{f}:{line}"), report
                )
            except RowError as error:
                report.skip(f"{f}:{line}", f"{error}; the row was skipped", "malformed row")
    if m.errors:
        campaign = m.errors.campaign or f"{run.dataset_id}-mqm"
        builder.campaign(
            campaign,
            {
                "title": m.errors.title or "MQM error annotation",
                "scheme": "mqm",
                "source": f"error rows of {files[0].name}"
                + (f" and {len(files) - 1} more files" if len(files) > 1 else ""),
            },
        )
        errors.finish(m, campaign, builder, report)
    return finish(run, out, files_title("CSV table", files))


def read_rows(src: Path, m: CsvMapping) -> list[tuple[int, dict[str, str]]]:
    """(line of the row's start, column -> cell) for every non-blank row; DataError on a bad header
    or a file that is not UTF-8. A row the csv module cannot read, with a control character or
    the wrong number of cells is returned as ``{"__bad__": why}`` (skipped with its line)."""
    import io

    text = _text(src)
    # a long cell is text, not an error
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=DELIMITERS[m.delimiter])
    try:
        header = next(reader, [])
    except csv.Error as error:
        raise DataError(
            [
                Problem(
                    str(src), 1, "header", f"cannot be read as CSV: {error}", "fix the header line"
                )
            ]
        ) from None
    needed = {f"columns.{k}": v for k, v in vars(m.columns).items() if v}
    needed |= {f"scores.{i}.column": s.column for i, s in enumerate(m.scores)}
    if m.errors:
        needed |= {
            f"errors.{k}": getattr(m.errors, k)
            for k in ("category", "severity", "comment")
            if getattr(m.errors, k)
        }
    missing = [
        Problem(
            str(src),
            1,
            key,
            f"column {name!r} is not in the header",
            f"use one of: {', '.join(header)}",
        )
        for key, name in needed.items()
        if name not in header
    ]
    if missing:
        raise DataError(missing)
    wmt = _wmt_header(header, src)
    rows, start = [], reader.line_num + 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            rows.append((start, {"__bad__": f"cannot be read as CSV: {error}"}))
            start = reader.line_num + 1
            continue
        if any(c.strip() for c in cells):
            rows.append((start, _row(header, cells, wmt)))
        start = reader.line_num + 1
    return rows


def _text(src: Path) -> str:
    return utf8_text(src, "encoding", "save the table as UTF-8 (e.g. 'CSV UTF-8' in a spreadsheet)")


def _wmt_header(header: list[str], src: Path) -> int:
    """For a google/wmt-mqm-human-evaluation header, the cells a row needs (0: not such a
    header): its rows may carry unnamed metadata cells, or lack a trailing metadata cell."""
    from ...errors import DataError
    from .wmt_variants import detect

    try:
        return detect(header, src).needed()
    except DataError:
        return 0


def _row(header: list[str], cells: list[str], wmt: int = 0) -> dict[str, str]:
    from ...load.values import _bad_char

    if wmt and len(cells) >= wmt:  # a WMT file's metadata cells beyond the header: not read
        cells = (cells + [""] * len(header))[: len(header)]
    if len(cells) != len(header):
        return {"__bad__": f"has {len(cells)} cells, the header {len(header)}"}
    for name, cell in zip(header, cells):
        odd = _bad_char(cell, False)
        if odd:
            return {"__bad__": f"column {name!r} contains {odd}"}
    return dict(zip(header, cells))


def _campaign_card(score: ScoreSettings, src: Path) -> dict[str, Any]:
    card: dict[str, Any] = {
        "title": score.title or score.column,
        "scheme": score.scheme,
        "source": f"column {score.column!r} of {src.name}",
    }
    if score.scheme == "sqm":
        low, high = _scale(score)
        card["scale"] = {"min": low, "max": high}
    else:
        metric: dict[str, Any] = {
            "name": score.title or score.column,
            "higher_is_better": score.higher_is_better,
        }
        metric |= {k: v for k, v in (("min", score.min), ("max", score.max)) if v is not None}
        if score.signature:
            metric["signature"] = score.signature
        card["metric"] = metric
    return card


def _scale(score: ScoreSettings) -> tuple[float, float]:
    low, high = DEFAULT_SCALES["sqm"] if score.scheme == "sqm" else (-math.inf, math.inf)
    return (
        score.min if score.min is not None else low,
        score.max if score.max is not None else high,
    )


def _cell(row: dict[str, str], column: str) -> str:
    value = row.get(column, "").strip()
    if not value:
        raise RowError(f"column {column!r} is empty")
    return unicodedata.normalize("NFC", value)


def _import_row(
    row: dict[str, str],
    m: CsvMapping,
    dataset_id: str,
    builder: RootBuilder,
    state: tuple[dict[tuple[str, str, str], float], ErrorRows, str],
    report: ImportReport,
) -> None:
    if "__bad__" in row:
        raise RowError(row["__bad__"])
    metric_seen, errors, where = state
    c = m.columns
    cells = (_cell(row, c.source), _cell(row, c.translation))
    source, translation = (untagged(cells[0]), untagged(cells[1])) if m.errors else cells
    system = slug(_cell(row, c.system))
    work_name = _cell(row, c.work) if c.work else ""
    work = slug(work_name) if work_name else (m.work.id or dataset_id)
    key = _cell(row, c.paragraph) if c.paragraph else ""
    sentences = _count(_cell(row, c.sentences)) if c.sentences else None
    scores = {s.campaign: _score(row, s) for s in m.scores}
    annotator = ""
    if any(s.scheme == "sqm" and scores[s.campaign] is not None for s in m.scores):
        name = _cell(row, c.annotator)
        annotator = m.annotators.ids.get(name) or long_slug(name)
    pid = builder.paragraph_id(work, source, key)
    why = builder.conflict(system, pid, source, translation)
    if why:
        raise RowError(why)
    builder.work(
        work, work_card(m.work, m.pair.split("-")[0], work_name or m.dataset.title or dataset_id)
    )
    builder.paragraph(work, source, key, sentences)
    builder.system(system, m.systems.get(system))
    builder.translation(system, pid, translation)
    base = {"system": system, "pair": m.pair, "paragraph": pid}
    if m.errors:
        if not row.get(c.annotator, "").strip():
            raise RowError(f"column {c.annotator!r} is empty")
        errors.add(row, m, cells, base, where, report)
    for s in m.scores:
        value = scores[s.campaign]
        if value is None:
            report.count("empty score cells")
        elif s.scheme == "sqm":
            if not builder.record(
                s.campaign, {**base, "annotator": annotator, "score": value}, m.annotators.expertise
            ):
                report.skip(
                    f"{s.column} of {system}/{pid}",
                    f"{annotator} scored it twice; the first was kept",
                    "score given twice",
                )
        else:
            _metric(s, base, value, builder, metric_seen, report)


def _metric(
    s: ScoreSettings,
    base: dict[str, Any],
    value: float,
    builder: RootBuilder,
    seen: dict[tuple[str, str, str], float],
    report: ImportReport,
) -> None:
    key = (s.campaign, base["system"], base["paragraph"])
    if key in seen:
        if seen[key] != value:
            report.skip(
                f"{s.column} of {base['system']}/{base['paragraph']}",
                f"two different scores ({seen[key]} and {value}); the first was kept",
                "two different metric scores",
            )
        return
    seen[key] = value
    builder.record(s.campaign, {**base, "score": value})


def _score(row: dict[str, str], s: ScoreSettings) -> float | None:
    text = row.get(s.column, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise RowError(f"score {text!r} in column {s.column!r} is not a number") from None
    low, high = _scale(s)
    if not math.isfinite(value) or not low <= value <= high:
        raise RowError(f"score {text} in column {s.column!r} is outside {low:g}-{high:g}")
    return int(value) if value.is_integer() and "." not in text else value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise RowError(f"sentences {text!r} is not a positive whole number")
    return int(text)
