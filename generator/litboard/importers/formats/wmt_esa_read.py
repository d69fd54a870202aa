"""Appraise ESA exports -> ``Rating`` rows, as WMT publishes them (``wmt_esa`` imports them).

Two layouts, told apart by the file's suffix:

- the CSV export (``humeval/esa_*.csv``): no header, 12 columns: account, system, line id
  (0-based into the txt files, canary = 0), item type (``TGT``; ``BAD`` = a quality-control item
  with injected errors), source and target language (3-letter codes), score 0-100, document id,
  an unused column, the error spans as JSON (``start_i``/``end_i``, ``severity``,
  ``error_type``), start and end time (Unix seconds);
- the JSONL dump (``jsonl/*.jsonl``): one object per rating with ``langs`` (``en-ja``; a region
  suffix such as ``ja_JP`` is dropped), ``line_id``, ``doc_id``, ``domain``, ``src``, ``tgt``,
  ``esa_spans``, ``esa_score``, ``system``, ``annotator`` and optionally ``item_type`` and the
  times (WMT24's README; WMT25 publishes the same fields).

A row that cannot be read (wrong column count, a score or line id that is not a number, spans
that are not JSON) is a ``Problem`` naming file, line and field; the caller skips and counts it.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import Problem
from ..core.inputs import utf8_text

COLUMNS = 12

# ISO 639-3 (as Appraise writes them) -> ISO 639-1 (litboard's pair codes)
LANGS: dict[str, str] = {
    "ara": "ar",
    "ben": "bn",
    "ces": "cs",
    "deu": "de",
    "eng": "en",
    "est": "et",
    "fas": "fa",
    "fra": "fr",
    "heb": "he",
    "hin": "hi",
    "isl": "is",
    "ita": "it",
    "jpn": "ja",
    "kor": "ko",
    "mar": "mr",
    "nld": "nl",
    "pol": "pl",
    "por": "pt",
    "ron": "ro",
    "rus": "ru",
    "spa": "es",
    "srp": "sr",
    "swa": "sw",
    "tur": "tr",
    "ukr": "uk",
    "vie": "vi",
    "zho": "zh",
}


@dataclass
class Rating:
    """One row of an export: one account's rating of one system's output of one line."""

    account: str
    system: str
    line_id: int
    item_type: str  # TGT or BAD
    pair: str  # e.g. en-ja
    score: float
    doc_id: str  # as exported (may end in #incomplete, #dup, #bad)
    spans: list[dict[str, Any]]
    start_time: float | None
    end_time: float | None
    file: str
    line: int
    domain: str = ""  # the JSONL layout's; the CSV's comes from the documents file
    source: str | None = None  # the JSONL layout's texts (the CSV's come from the txt files)
    target: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def doc(self) -> str:
        """The document id without a ``#`` marker."""
        return self.doc_id.partition("#")[0]

    @property
    def marker(self) -> str:
        """``incomplete``, ``dup``, ``bad`` (Appraise's document markers) or ''."""
        return self.doc_id.partition("#")[2]


def read_file(path: Path) -> tuple[list[Rating], list[Problem]]:
    """The ratings of one export file and the problems of the rows that could not be read."""
    text = utf8_text(path, "encoding", "save the export as UTF-8 (Appraise writes UTF-8)")
    if path.suffix == ".jsonl":
        return _read_jsonl(path, text)
    return _read_csv(path, text)


def _read_csv(path: Path, text: str) -> tuple[list[Rating], list[Problem]]:
    ratings: list[Rating] = []
    problems: list[Problem] = []
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    for number, row in enumerate(csv.reader(text.splitlines()), start=1):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != COLUMNS:
            problems.append(
                Problem(
                    str(path),
                    number,
                    "columns",
                    f"has {len(row)} columns, an Appraise ESA export has {COLUMNS}",
                    "export the campaign again from Appraise (CSV, no header)",
                )
            )
            continue
        got = _csv_rating(path, number, row)
        (problems if isinstance(got, Problem) else ratings).append(got)  # type: ignore[arg-type]
    return ratings, problems


def _csv_rating(path: Path, number: int, row: list[str]) -> Rating | Problem:
    account, system, line_id, item, src, tgt, score, doc, _unused, spans, start, end = row
    pair = _pair(LANGS.get(src.strip().lower(), ""), LANGS.get(tgt.strip().lower(), ""))
    if not pair:
        return _problem(path, number, "language", f"{src!r}-{tgt!r} is not a known language code")
    parsed = _numbers(path, number, line_id, score)
    if isinstance(parsed, Problem):
        return parsed
    loaded = _spans(path, number, spans)
    if isinstance(loaded, Problem):
        return loaded
    return Rating(
        account.strip(),
        system.strip(),
        parsed[0],
        item.strip().upper(),
        pair,
        parsed[1],
        doc.strip(),
        loaded,
        _time(start),
        _time(end),
        str(path),
        number,
    )


def _read_jsonl(path: Path, text: str) -> tuple[list[Rating], list[Problem]]:
    ratings: list[Rating] = []
    problems: list[Problem] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(_problem(path, number, "json", f"is not JSON ({exc.msg})"))
            continue
        got = _jsonl_rating(path, number, data) if isinstance(data, dict) else None
        if got is None:
            got = _problem(path, number, "json", "is not one object with the dump's fields")
        (problems if isinstance(got, Problem) else ratings).append(got)  # type: ignore[arg-type]
    return ratings, problems


def _jsonl_rating(path: Path, number: int, d: dict[str, Any]) -> Rating | Problem | None:
    if not all(k in d for k in ("langs", "line_id", "system", "annotator", "esa_score")):
        return None
    langs = str(d["langs"]).split("-")
    pair = _pair(*(lang.split("_")[0].lower() for lang in langs)) if len(langs) == 2 else ""
    if not pair:
        return _problem(path, number, "langs", f"{d['langs']!r} is not 'src-tgt'")
    parsed = _numbers(path, number, str(d["line_id"]), str(d["esa_score"]))
    if isinstance(parsed, Problem):
        return parsed
    spans = d.get("esa_spans") or []
    if not isinstance(spans, list) or not all(isinstance(s, dict) for s in spans):
        return _problem(path, number, "esa_spans", "is not a list of span objects")
    known = {"langs", "line_id", "system", "annotator", "esa_score", "esa_spans", "doc_id"}
    known |= {"domain", "src", "tgt", "item_type", "start_time", "end_time"}
    return Rating(
        str(d["annotator"]),
        str(d["system"]),
        parsed[0],
        str(d.get("item_type", "TGT")).upper(),
        pair,
        parsed[1],
        str(d.get("doc_id", "")),
        spans,
        _time(str(d.get("start_time", ""))),
        _time(str(d.get("end_time", ""))),
        str(path),
        number,
        domain=str(d.get("domain", "")),
        source=d.get("src") if isinstance(d.get("src"), str) else None,
        target=d.get("tgt") if isinstance(d.get("tgt"), str) else None,
        extra={k: v for k, v in d.items() if k not in known},
    )


def _pair(source: str, target: str) -> str:
    ok = all(2 <= len(x) <= 3 and x.isalpha() and x.isascii() for x in (source, target))
    return f"{source}-{target}" if ok else ""


def _numbers(path: Path, number: int, line_id: str, score: str) -> tuple[int, float] | Problem:
    if not line_id.strip().isdigit():
        return _problem(path, number, "line_id", f"{line_id!r} is not a 0-based line number")
    try:
        value = float(score)
    except ValueError:
        return _problem(path, number, "score", f"{score!r} is not a number")
    if not 0 <= value <= 100:
        return _problem(path, number, "score", f"{value:g} is outside ESA's 0-100")
    return int(line_id), value


def _spans(path: Path, number: int, cell: str) -> list[dict[str, Any]] | Problem:
    try:
        spans = json.loads(cell) if cell.strip() else []
    except json.JSONDecodeError as exc:
        return _problem(path, number, "spans", f"is not JSON ({exc.msg})")
    if not isinstance(spans, list) or not all(isinstance(s, dict) for s in spans):
        return _problem(path, number, "spans", "is not a list of span objects")
    return spans


def _time(cell: str) -> float | None:
    try:
        return float(cell)
    except ValueError:
        return None


def _problem(path: Path, number: int, where: str, what: str) -> Problem:
    return Problem(
        str(path), number, where, what, "fix or drop the row (the file is read as exported)"
    )
