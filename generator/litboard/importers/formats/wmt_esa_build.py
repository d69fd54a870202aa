"""The kept ESA ratings -> works, paragraphs, systems and one ESA campaign per pair.

Spans: Appraise's ``start_i``/``end_i`` mark the first and the last character, so the stored end
(exclusive) is ``end_i + 1``; the offsets count code points of the text as the txt file has it
and are carried over to the NFC text litboard stores (WMT's Hindi outputs are not all NFC).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable

from ...files.ids import slug
from ...spans.align import offset_map
from .. import ImportReport
from ..core.mapping_common import SystemSettings
from ..core.root_builder import RootBuilder
from .wmt_esa_read import Rating
from .wmt_esa_rules import Sorted
from .wmt_esa_texts import REFERENCE, Texts

SEVERITIES = ("minor", "major")


def build_root(
    builder: RootBuilder,
    sorted_: Sorted,
    texts: Texts,
    person: dict[str, str],
    report: ImportReport,
    campaign: str,
    title: str,
    positions: dict[str, int],
) -> None:
    """Add the kept ratings to ``builder``: one ESA campaign ``campaign`` for every pair;
    ``positions`` gets each paragraph's line id."""
    for r in sorted_.kept:
        where = f"{r.where}: system {r.system}, line_id {r.line_id}"
        source = r.source if r.source is not None else texts.source(r.pair, r.line_id)
        target = r.target if r.target is not None else texts.output(r.pair, r.system, r.line_id)
        if source is None or target is None:
            what = "source line" if source is None else f"output of {r.system}"
            report.skip(where, f"the {what} is not in txt/; the rating was skipped", "no texts")
            continue
        source, raw = unicodedata.normalize("NFC", source), target
        target = unicodedata.normalize("NFC", raw)
        moved = offset_map(raw, target) if raw != target else None
        work = slug(r.doc or f"{r.pair}-lines")
        pid = builder.paragraph_id(work, source, f"{work[:70]}-{r.line_id}")
        system = slug(r.system)
        why = builder.conflict(system, pid, source, target, r.pair)
        if why:
            report.skip(where, f"{why}; the rating was skipped", "conflicting texts")
            continue
        builder.work(work, _work_card(r.doc, r.pair))
        builder.paragraph(work, source, pid)
        builder.system(system, _system(r.system))
        builder.translation(system, pid, target, r.pair)
        positions[pid] = r.line_id
        cid = campaign
        builder.campaign(cid, _campaign(title))
        record = {
            "system": system,
            "pair": r.pair,
            "paragraph": pid,
            "annotator": person.get(r.account, slug(r.account)),
            "score": r.score,
            "errors": [_span(s, len(raw), moved, report) for s in r.spans],
        }
        builder.record(cid, record, "professional")
        report.count("ESA ratings kept")


def order_paragraphs(builder: RootBuilder, positions: dict[str, int]) -> None:
    """Each work's paragraph index: the line order in the document."""
    for rows in builder.paragraphs.values():
        rows.sort(key=lambda row: (positions.get(row["id"], 0), row["id"]))
        for index, row in enumerate(rows):
            row["index"] = index


def _span(
    s: dict[str, Any],
    length: int,
    moved: Callable[[int, bool], int] | None,
    report: ImportReport,
) -> dict[str, Any]:
    """One Appraise span as litboard's ESA span (counted when its position or severity is
    unknown); ``moved`` maps offsets of the exported text into its NFC form."""
    severity = str(s.get("severity", ""))
    span: dict[str, Any] = {"start": 0, "end": 0, "severity": severity}
    notes = []
    if severity not in SEVERITIES:
        span["severity"] = "unknown"
        notes.append(f"severity {severity!r} in the export")
        report.count(f"spans of unknown severity ({severity!r}, kept as unknown)")
    start, end = s.get("start_i"), s.get("end_i")
    if isinstance(start, int) and isinstance(end, int) and 0 <= start <= end < length:
        span["start"], span["end"] = start, end + 1
        if moved is not None:
            span["start"] = moved(start, False)
            span["end"] = max(span["start"], moved(end + 1, True))
    else:
        span["position"] = "unknown"
        notes.append("position unknown" + (f" (offsets {start!r}-{end!r})" if start else ""))
        report.count("spans without a position (kept zero-width, position unknown)")
    if s.get("error_type"):
        span["error_type"] = str(s["error_type"])
    if notes:
        span["comment"] = "; ".join(notes)
    report.count("ESA spans")
    return span


def _work_card(doc: str, pair: str) -> dict[str, Any]:
    return {
        "title": doc or f"{pair} lines",
        "source_lang": pair.split("-")[0],
        "genre": "other",
        "era": "contemporary",
        "rights": {
            "status": "unknown",
            "note": "WMT test document, released by WMT for research use; the rights of the "
            "source text were not checked by the importer",
        },
    }


def _system(name: str) -> SystemSettings:
    if name == REFERENCE or name.lower().startswith(("ref", "human")):
        return SystemSettings(
            name=name, kind="human", modality="HT", description="WMT reference translation"
        )
    return SystemSettings(name=name, kind="nmt", modality="MT", description="WMT submission")


def _campaign(title: str) -> dict[str, Any]:
    return {
        "title": title,
        "scheme": "esa",
        "source": "Appraise ESA export (WMT)",
        "scale": {"min": 0, "max": 100},
    }


def add_all_lines(
    builder: RootBuilder,
    texts: Texts,
    pairs: list[str],
    domain: str,
    positions: dict[str, int],
    report: ImportReport,
) -> None:
    """Every line of ``domain`` and every system's output of it (rated or not), so the release
    holds the whole test set of a track, not only the rated segments; an empty output line is
    left out (the loader refuses empty translations), counted."""
    for pair in pairs:
        if not texts.has(pair):
            continue
        for line, (line_domain, doc) in enumerate(texts.documents(pair)):
            source = texts.source(pair, line)
            if line_domain != domain or not doc or source is None:
                continue
            source = unicodedata.normalize("NFC", source)
            work = slug(doc)
            pid = builder.paragraph_id(work, source, f"{work[:70]}-{line}")
            builder.work(work, _work_card(doc, pair))
            if builder.paragraph(work, source, pid) is None:
                continue
            positions[pid] = line
            for name in [REFERENCE, *texts.systems(pair)]:
                text = texts.output(pair, name, line)
                if text is None or not text.strip():
                    report.count("empty output lines left out (unrated)", text is not None)
                    continue
                builder.system(slug(name), _system(name))
                builder.translation(slug(name), pid, unicodedata.normalize("NFC", text), pair)
