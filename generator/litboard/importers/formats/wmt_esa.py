"""``litboard import wmt-esa SRC --out DST [--domain D] [--pairs P ...]``: Appraise ESA exports.

SRC is a WMT release folder (``humeval/esa_*.csv`` and/or ``jsonl/*.jsonl``, ``txt/`` and
``humeval/annotator_mapping.json``, as wmt-conference/wmt24-news-systems lays them out) or
export files inside one. Both layouts of ``wmt_esa_read`` are read by the same code (WMT24's
CSV and JSONL dump; WMT25 publishes the same fields). Line ids are WMT's: 0-based into the txt
files, the canary line 0. Every rating's document id is checked against
``txt/documents/<pair>.docs``; a file whose ids disagree (WMT's ESA files before November 2024
were off by one) is refused, never imported shifted.

``--pairs`` keeps those pairs, ``--domain`` the lines of that domain (the documents file's, or
the dump's ``domain``). Tutorial rows, ``BAD`` quality-control items and ratings in
``#incomplete``/``#dup``/``#bad`` documents are removed and counted; the BAD items' results are
kept per annotator in the dataset card's notes. A re-rating by the same account keeps the
latest end time (WMT's scripts), counted. Accounts are mapped to people through
``annotator_mapping.json``, so agreement and per-annotator figures count people.

Written: one work per document, one paragraph per line (id ``<document>-<line>``), one system
per WMT system (``refA`` the human reference, kind human), and one ESA campaign ``esa``
holding every pair (scheme ``esa``: the 0-100 score and the minor/major spans, end offsets
exclusive: Appraise's
``end_i`` is the last marked character). An omission marked without a position (offsets
``"missing"``) is kept as a zero-width span at 0 with ``position: unknown``; a severity other
than minor/major is kept as ``unknown`` (its value in the comment) and counted.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ...files.ids import long_slug, slug
from .. import ImportReport
from ..core.root_builder import RootBuilder
from .wmt_esa_build import add_all_lines, build_root, order_paragraphs
from .wmt_esa_read import Rating, read_file
from .wmt_esa_rules import is_tutorial, sort_ratings
from .wmt_esa_texts import Texts, check_documents

# What the importer removes or skips and why (printed by `litboard import wmt-esa --help`).
SKIPS: tuple[tuple[str, str], ...] = (
    ("a row", "wrong column count, a line id or score that is not a number, spans not JSON"),
    ("a tutorial row", "Appraise's tutorial documents are not judgments (counted)"),
    ("a BAD item", "a quality-control copy with injected errors (counted; kept per annotator)"),
    ("a rating in a #incomplete, #dup or #bad document", "not a judgment (counted per marker)"),
    ("a re-rating", "the same account rated the item again: the latest end time is kept"),
    ("a rating without its texts", "its line or system output is not in txt/ (counted)"),
    ("a whole file", "its document ids disagree with txt/documents (off by one): refused"),
)

MAPPING_FILE = "annotator_mapping.json"


def run(
    src: Path | list[Path],
    out: Path,
    mapping: Path | None = None,
    domain: str = "",
    pairs: list[str] | None = None,
    dataset: dict[str, Any] | None = None,
    systems: dict[str, dict[str, Any]] | None = None,
    all_lines: bool = False,
) -> ImportReport:
    """Import the ESA exports of ``src`` into the data root ``out``.

    ``mapping``: the annotator mapping (default: ``humeval/annotator_mapping.json`` of the
    release folder); ``dataset`` and ``systems``: card fields a release importer adds;
    ``all_lines``: also every unrated line of the domain and every system's output of it."""
    files, root = export_files(src)
    texts = Texts(root)
    report = ImportReport()
    person = read_people(mapping or root / "humeval" / MAPPING_FILE, report)
    ratings: list[Rating] = []
    for f in files:
        got, problems = read_file(f)
        report.count("rows", len(got) + len(problems))
        for p in problems:
            report.skip(f"{p.file}:{p.line}", f"{p.field}: {p.message}", "unreadable row")
        kept = _select(got, texts, domain, pairs, report)
        check_documents(str(f), [r for r in kept if r.doc], texts)
        ratings += kept
    if not ratings:
        raise DataError([_nothing(files, domain, pairs)])
    sorted_ = sort_ratings(ratings, person)
    for what, n in sorted(sorted_.removed.items()):
        report.count(f"{what} removed", n)
    builder = RootBuilder(ratings[0].pair)
    card = _card(files, dataset or {}, report, sorted_, domain)
    title = (dataset or {}).get("campaign") or ("ESA" + (f", {domain} domain" if domain else ""))
    positions: dict[str, int] = {}
    build_root(builder, sorted_, texts, person, report, card["id"], title, positions)
    if all_lines:
        add_all_lines(builder, texts, sorted({r.pair for r in ratings}), domain, positions, report)
    order_paragraphs(builder, positions)
    builder.count_read(report)
    for sid, extra in (systems or {}).items():
        if sid in builder.systems:
            builder.systems[sid] |= extra
    builder.write(out, card, report, files)
    return report


def export_files(src: Path | list[Path]) -> tuple[list[Path], Path]:
    """The export files and the release folder (the one holding ``txt/``)."""
    given = src if isinstance(src, list) else [src]
    files: list[Path] = []
    for path in given:
        if path.is_dir():
            found = sorted((path / "humeval").glob("esa_*.csv")) + sorted(
                (path / "jsonl").glob("*.jsonl")
            )
            files += found
        elif path.is_file():
            files.append(path)
    if not files:
        raise DataError(
            [
                Problem(
                    str(given[0]),
                    0,
                    "SRC",
                    "holds no ESA export (humeval/esa_*.csv or jsonl/*.jsonl)",
                    "pass the release folder or the export files",
                )
            ]
        )
    root = given[0] if given[0].is_dir() else files[0].parent
    if not (root / "txt").is_dir() and (root.parent / "txt").is_dir():
        root = root.parent  # humeval/esa_*.csv or jsonl/*.jsonl given as files
    return files, root


def read_people(path: Path, report: ImportReport) -> dict[str, str]:
    """Account -> person (the annotator id); empty (each account its own person) without one."""
    if not path.is_file():
        report.notes.append(f"no {path.name}: every Appraise account counts as its own annotator")
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(
            [Problem(str(path), 0, "json", f"is not JSON ({exc})", "use WMT's mapping file")]
        ) from exc
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise DataError(
            [
                Problem(
                    str(path),
                    0,
                    "mapping",
                    "is not {person: [account, ...]}",
                    "use WMT's annotator_mapping.json layout",
                )
            ]
        )
    person: dict[str, str] = {}
    for name, accounts in data.items():
        for account in accounts:
            person[str(account)] = long_slug(str(name))
    return person


def _select(
    ratings: list[Rating],
    texts: Texts,
    domain: str,
    pairs: list[str] | None,
    report: ImportReport,
) -> list[Rating]:
    """The ratings of the asked pairs and domain, without tutorial rows (counted)."""
    kept = []
    for r in ratings:
        if is_tutorial(r):
            report.count("tutorial rows removed")
        elif pairs and r.pair not in pairs:
            report.count("ratings of other pairs left out (--pairs)")
        elif domain and line_domain(r, texts) != domain:
            report.count(f"ratings outside the {domain} domain left out (--domain)")
        else:
            kept.append(r)
    return kept


def line_domain(r: Rating, texts: Texts) -> str:
    if r.domain:
        return r.domain
    docs = texts.documents(r.pair) if texts.has(r.pair) else []
    return docs[r.line_id][0] if 0 <= r.line_id < len(docs) else ""


def _nothing(files: list[Path], domain: str, pairs: list[str] | None) -> Problem:
    asked = ", ".join(x for x in (f"domain {domain}" if domain else "", " ".join(pairs or [])) if x)
    return Problem(
        str(files[0]),
        0,
        "ratings",
        "holds no rating to import" + (f" for {asked}" if asked else ""),
        "check --domain and --pairs against the export's pairs and txt/documents",
    )


def _card(
    files: list[Path],
    extra: dict[str, Any],
    report: ImportReport,
    sorted_: Any,
    domain: str,
) -> dict[str, Any]:
    import hashlib

    sums = [hashlib.sha256(f.read_bytes()).hexdigest() for f in files]
    card: dict[str, Any] = {
        "id": slug(extra.get("id", "wmt-esa" + (f"-{domain}" if domain else ""))),
        "title": extra.get(
            "title", "WMT ESA human evaluation" + (f" ({domain})" if domain else "")
        ),
        "version": "sha256-" + hashlib.sha256("".join(sums).encode()).hexdigest()[:12],
        "source": {"files": [{"path": f.name, "sha256": h} for f, h in zip(files, sums)]},
    }
    card |= {k: v for k, v in extra.items() if k not in ("id", "title", "campaign")}
    removed: Counter[str] = sorted_.removed
    notes = [f"{n} {what} removed" for what, n in sorted(removed.items())]
    notes += [
        "quality control, " + qc.line(person) for person, qc in sorted(sorted_.quality.items())
    ]
    report.notes.extend(notes)
    card["notes"] = list(card.get("notes", [])) + report.notes
    return card
