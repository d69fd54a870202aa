"""``litboard import wmt-mqm FILE.tsv --out DST [--mapping MAP.yaml]``: WMT expert MQM TSV.

The TSV (google/wmt-mqm-human-evaluation) has the header ``system doc doc_id seg_id rater
source target category severity [comment]`` and one row per error: the span is marked with
``<v>…</v>`` inside the full target (or, for omissions and source errors, inside the source);
an error-free segment is one row with category and severity ``No-error``.

Written: one work per doc, one paragraph per segment (id ``<doc>-<seg_id>``, index from the
segment order), one system per WMT system (``ref*``/``human*`` = human translations), one
MQM campaign (variant ``wmt``) with one record per (system, segment, rater) and offsets in
code points of the tag-free NFC target. An error marked only in the source is stored with
``side: source`` and its source offsets (``source_start``/``source_end``; ``start``/``end``
stay a zero-width target span at 0), and the reader shows it on the source text. A row with
malformed ``<v>`` tags keeps its error (category, severity, comment) without a location: a
zero-width span at 0 whose comment says "span located: no", counted in the summary. A row
with the wrong number of fields or a control character is skipped; other malformed rows drop
their record. Every skip names the file and line; a file without any usable row is left out
(said so), and when nothing at all can be imported the import stops, listing the first lines.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ...files.ids import long_slug, slug
from ...load.values import _bad_char
from ...spans.tags import TagError, parse_tags
from ...typology import SEVERITIES, allowed_categories
from .. import ImportReport
from ..core.inputs import dataset_card, default_id, files_title, input_files, namespace_ids, utf8_text
from ..core.mapping import WmtMapping, load_mapping
from ..core.mapping_common import SystemSettings
from ..core.root_builder import RootBuilder, category_names
from .wmt_names import doc_title, file_title

# What the importer skips and why (printed by `litboard import wmt-mqm --help`).
SKIPS: tuple[tuple[str, str], ...] = (
    ("a row", "it has more or fewer fields than the header, or a control character"),
    ("nothing", "an error with malformed <v> tags is kept without a location ('span located: no')"),
    ("a record (system x segment x rater)", "an unknown severity, a No-error row with a real "
     "category, a tag-free text differing between its rows, texts contradicting an earlier record, "
     "or the same rater judging the translation twice"),
)

COLUMNS = ("system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity")
NO_ERROR = "no-error"
TAG = re.compile(r"</?v>")
# ISO 639-1 codes of WMT language pairs, to read 'zhen' in a file name as zh-en.
WMT_LANGS = {"cs", "de", "en", "es", "et", "fi", "fr", "gu", "ha", "he", "hi", "hr", "is", "ja",
             "kk", "km", "lt", "lv", "pl", "ps", "ro", "ru", "ta", "tr", "uk", "xh", "zh", "zu"}


@dataclass
class Item:
    """One rater's judgment of one system's segment."""

    system: str
    doc: str
    seg: str
    rater: str
    line: int
    source: str
    target: str
    errors: list[dict[str, Any]] = field(default_factory=list)
    problem: str = ""
    clean: int = 0       # rows read
    file: str = ""       # the TSV file


def run(src: Path | list[Path], out: Path, mapping: Path | None = None, namespace: str = "",
        prefix_ids: bool = False) -> ImportReport:
    """Import WMT MQM TSV files ``src`` (files, folders, globs) into the data root ``out``.

    Each file is one campaign (its pair from ``pair`` or the file name); with one file the
    campaign id is ``campaign`` or the file name, with several always the file name."""
    files = input_files(src, ".tsv")
    m = load_mapping(mapping, WmtMapping) if mapping else WmtMapping()
    report = ImportReport()
    builder = RootBuilder(m.pair or pair_from_name(files[0]))
    positions: dict[str, int] = {}
    for f in files:
        _import_file(f, m, m.campaign if len(files) == 1 else "", builder, report, positions)
    for rows in builder.paragraphs.values():  # index = position in the doc, not first appearance
        rows.sort(key=lambda r: (positions[r["id"]], r["id"]))
        for index, row in enumerate(rows):
            row["index"] = index
    builder.check_system_cards(m.systems, str(mapping or "mapping"), report)
    builder.count_read(report)
    dataset_id, prefix = namespace_ids(m.dataset, namespace, prefix_ids, files)
    card = dataset_card(m.dataset, dataset_id, files, report.notes,
                        file_title(files[0].name) if len(files) == 1 else files_title("WMT expert MQM", files))
    builder.prefix = prefix
    builder.write(out, card, report, files)
    return report


def _import_file(src: Path, m: WmtMapping, campaign: str, builder: RootBuilder, report: ImportReport,
                 positions: dict[str, int]) -> None:
    """One TSV file -> one campaign; ``builder.pair`` is set to the file's pair."""
    builder.pair = m.pair or pair_from_name(src)
    items, order = read_items(src, report)
    campaign = campaign or default_id(src)
    builder.campaign(campaign, {"title": m.title or file_title(src.name), "scheme": "mqm",
                                "source": f"WMT MQM TSV {src.name}"})
    texts = []
    for item in items.values():
        pid = _add_item(item, m, campaign, builder, report)
        if pid:
            positions[pid] = order[(item.doc, item.seg)]
            texts.append(item.source)
    builder.campaigns[campaign]["mqm"] = _typology(category_names(builder.records[campaign]))
    _check_pair(builder.pair, texts, report)


def pair_from_name(src: Path) -> str:
    """'mqm_ted_zhen.tsv' -> 'zh-en' (source first, as in WMT's directory names)."""
    for token in re.split(r"[_.]", src.name.lower()):
        dashed = re.fullmatch(r"([a-z]{2})-([a-z]{2})", token)
        if dashed:
            return f"{dashed.group(1)}-{dashed.group(2)}"
        if len(token) == 4 and token[:2] in WMT_LANGS and token[2:] in WMT_LANGS:
            return f"{token[:2]}-{token[2:]}"
    raise DataError([Problem(str(src), 0, "pair", "cannot tell the language pair from the file name",
                             "pass --mapping with 'pair: <source>-<target>', e.g. zh-en")])


def read_items(src: Path, report: ImportReport
               ) -> tuple[dict[tuple[str, ...], Item], dict[tuple[str, str], int]]:
    """Rows grouped into items; also (doc, seg_id) -> position in the doc (doc_id, else seg_id)."""
    # rows are read one at a time: a million parsed rows held at once took more memory than the rest
    rows = csv.reader(_lines(src), delimiter="\t", quoting=csv.QUOTE_NONE)
    first = next(rows, None)
    header = [h.strip().lower() for h in first] if first is not None else []
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise DataError([Problem(str(src), 1, "header", f"missing columns: {', '.join(missing)}",
                                 "use the WMT MQM TSV header: " + " ".join(COLUMNS) + " [comment]")])
    col = {name: header.index(name) for name in header}
    items: dict[tuple[str, ...], Item] = {}
    order: dict[tuple[str, str], int] = {}
    for number, row in enumerate(rows, start=2):
        if not any(cell.strip() for cell in row):
            continue
        report.count("rows")
        if len(row) != len(header):
            report.skip(f"{src}:{number}", f"fields: has {len(row)} fields, the header {len(header)}; "
                        "the row was skipped (fix: one tab between cells, no tab inside a cell)",
                        "row with a wrong number of fields")
            continue
        odd = next(((name, _bad_char(row[i], False)) for name, i in col.items() if _bad_char(row[i], False)), None)
        if odd:
            report.skip(f"{src}:{number}", f"{odd[0]}: contains {odd[1]}; the row was skipped (fix: remove it)",
                        "row with a control character")
            continue
        cell = {name: row[i] for name, i in col.items()}
        order[(cell["doc"], cell["seg_id"])] = _position(cell["doc_id"], cell["seg_id"])
        key = (cell["system"], cell["doc"], cell["seg_id"], cell["rater"])
        _read_row(cell, (str(src), number), items, key, report)
    return items, order


def _lines(src: Path) -> list[str]:
    """The file's lines; DataError naming the line of the first byte that is not UTF-8."""
    text = utf8_text(src, "encoding", "save the file as UTF-8 (the WMT release files are UTF-8)")
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))  # a long cell is text, not an error
    return text.split("\n")


def _position(doc_id: str, seg_id: str) -> int:
    for value in (doc_id, seg_id):
        if value.strip().isdigit():
            return int(value)
    return 0


def _read_row(cell: dict[str, str], at: tuple[str, int], items: dict[tuple[str, ...], Item],
              key: tuple[str, ...], report: ImportReport) -> None:
    src, number = at
    malformed, side = "", "target"
    try:
        target, target_spans = parse_tags(unicodedata.normalize("NFC", cell["target"]), indexed=False)
        side = "source"
        source, source_spans = parse_tags(unicodedata.normalize("NFC", cell["source"]), indexed=False)
    except TagError as error:  # the error is kept without a location (category and severity are valid)
        target, source = (unicodedata.normalize("NFC", TAG.sub("", cell[c])) for c in ("target", "source"))
        target_spans, source_spans, malformed = [], [], str(error)
    item = items.setdefault(key, Item(*key, line=number, source=source, target=target, file=src))
    item.clean += 1
    problem = ""
    if (item.target, item.source) != (target, source):
        problem = f"line {number}: the tag-free source or target differs from line {item.line}"
    if not problem:
        error, problem = _error(cell, target_spans, source_spans, number, report)
        if error is not None:
            if malformed:
                error["comment"] = (f"span located: no (malformed <v> tags: {malformed})"
                                    + (f"; {cell['comment'].strip()}" if cell.get("comment", "").strip() else ""))
                report.count("span located: no")
                report.notes.append(f"{src}:{number}: {side}: malformed <v> tags ({malformed}); the error "
                                    "was kept without a location (span located: no)")
            item.errors.append(error)
    if problem and not item.problem:
        item.problem = problem


def _error(cell: dict[str, str], target_spans: list[Any], source_spans: list[Any], number: int,
           report: ImportReport) -> tuple[dict[str, Any] | None, str]:
    category, severity = cell["category"].strip(), cell["severity"].strip().lower()
    if NO_ERROR in (category.lower(), severity):
        report.count("no-error rows")
        if category.lower() != severity:
            return None, f"line {number}: category {cell['category']!r} with severity {cell['severity']!r}"
        return None, ""
    if severity not in SEVERITIES:
        return None, f"line {number}: unknown severity {cell['severity']!r} (expected {', '.join(SEVERITIES)})"
    main, _, sub = category.partition("/")
    error: dict[str, Any] = {"start": 0, "end": 0, "category": main.strip()}
    if sub.strip():
        error["subcategory"] = sub.strip()
    error["severity"] = severity
    if main.strip().rstrip("!").lower() == "non-translation":  # Google spells it 'Non-translation!'
        error["non_translation"] = True
    if target_spans:
        error["start"], error["end"] = target_spans[0].start, target_spans[-1].end
        if len(target_spans) > 1:
            error["comment"] = f"{len(target_spans)} <v> spans in one row: stored as the span covering them"
    elif source_spans:
        error["side"] = "source"
        error["source_start"], error["source_end"] = source_spans[0].start, source_spans[-1].end
        report.count("errors marked in the source only")
    else:
        error["comment"] = "no span marked: zero-width at the start of the target"
        report.count("errors without a span")
    if cell.get("comment", "").strip():
        error["comment"] = (cell["comment"].strip() + "; " + error.get("comment", "")).strip("; ")
    report.count("error rows")
    return error, ""


def _add_item(item: Item, m: WmtMapping, campaign: str, builder: RootBuilder, report: ImportReport) -> str:
    """Add one record (and its paragraph and translation); returns the paragraph id, '' if skipped."""
    where = f"{item.file}:{item.line}: system {item.system}, doc {item.doc}, seg {item.seg}, rater {item.rater}"
    report.count("items (system x segment x rater)")
    if item.problem:
        report.skip(where, f"{item.problem}; the whole record was skipped", "record with a malformed row")
        return ""
    work = slug(m.documents.id_prefix + item.doc)
    known = builder.works.get(work, {}).get("source_lang", builder.pair.split("-")[0])
    if known != builder.pair.split("-")[0]:  # the same doc name in another source language
        work = slug(f"{m.documents.id_prefix}{item.doc}-{builder.pair.split('-')[0]}")
    system = slug(item.system)
    pid = builder.paragraph_id(work, item.source, f"{work}-{item.seg}")
    why = builder.conflict(system, pid, item.source, item.target)
    if why:
        report.skip(where, f"{why}; the record was skipped", "record contradicting an earlier text")
        return ""
    builder.work(work, _work_card(item.doc, builder.pair, m))
    builder.paragraph(work, item.source, pid)
    builder.system(system, m.systems.get(system) or _default_system(item.system))
    builder.translation(system, pid, item.target)
    annotator = m.annotators.ids.get(item.rater) or long_slug(item.rater)
    record = {"system": system, "pair": builder.pair, "paragraph": pid, "annotator": annotator,
              "errors": item.errors}
    if not builder.record(campaign, record, m.annotators.expertise or "professional"):
        report.skip(where, f"rater {annotator} already judged this translation; the first was kept",
                    "repeated judgment")
    return pid


def _default_system(name: str) -> SystemSettings:
    human = name.lower().startswith(("ref", "human"))
    return SystemSettings(name=name, kind="human" if human else "nmt", modality="HT" if human else "MT",
                          description="WMT reference translation" if human else "WMT submission")


def _work_card(doc: str, pair: str, m: WmtMapping) -> dict[str, Any]:
    d = m.documents
    return {"title": doc_title(doc), "source_lang": pair.split("-")[0], "genre": d.genre, "era": d.era,
            "rights": {"status": d.rights, "note": d.rights_note or "WMT test document; the rights "
                       "of the source text were not checked by the importer"}}


def _typology(found: list[str]) -> dict[str, Any]:
    wmt = allowed_categories("wmt")
    fits = all(c.partition("/")[0] in wmt and c.partition("/")[2] in wmt[c.partition("/")[0]] for c in found)
    return {"variant": "wmt", "typology": "wmt"} if fits else {"variant": "wmt", "typology": "custom",
                                                               "categories": found}


def _check_pair(pair: str, texts: list[str], report: ImportReport) -> None:
    """Say so when the source texts do not look like the pair's source language (zh, ja)."""
    source = pair.split("-")[0]
    if source not in ("zh", "ja"):
        return
    texts = sorted(set(texts))
    han = sum(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts)
    if texts and han < len(texts) / 2:
        report.notes.append(f"the pair is {pair}, but only {han} of {len(texts)} source segments contain "
                            "Han characters: check the direction (set pair: in the mapping)")
