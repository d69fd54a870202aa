"""``litboard import wmt-mqm FILE.tsv --out DST [--mapping MAP.yaml]``: WMT expert MQM TSV.

Every release of google/wmt-mqm-human-evaluation is read as published: the header decides the
layout and the file name the release (``wmt_variants``: 2020 layout ``system doc doc_id seg_id
rater source target category severity [comment]``, Marot layout with ``docSegId globalSegId``
and a metadata column, which may be unnamed). One row per error: the span is marked with
``<v>…</v>`` inside the full target (or, for omissions and source errors, inside the source);
an error-free segment is one row with category and severity ``No-error``. Attention checks
(``HOTW-test``) are removed alone and counted (``wmt_rows``).

Written: one work per doc, one paragraph per segment (id ``<doc>-<seg_id>``, index from the
segment order), one system per WMT system (``ref*``/``human*`` = human translations), one
MQM campaign (variant ``wmt``; weights: the mapping's, else the release's when it is not WMT's
standard table) with one record per (system, segment, rater) and offsets in code points of the
tag-free NFC target. An error marked only in the source is stored with ``side: source`` and
its source offsets (``source_start``/``source_end``; ``start``/``end`` stay a zero-width
target span at 0), and the reader shows it on the source text. A row with malformed ``<v>``
tags, or whose text is not the rating's (``wmt_rows``' matching rule), keeps its error without
a location: a zero-width span at 0 whose comment says "span located: no", counted. A row with
too few fields or a control character is skipped; other malformed rows drop their record. Every
skip names the file and line and is counted per system in the dataset card (``Ledger``); a
file without any usable row is left out (said so), and when nothing at all can be imported the
import stops, listing the first lines. The file's row order changes nothing.
"""

from __future__ import annotations

import csv
import functools
import re
from pathlib import Path
from typing import Any

from ...analysis.mqm_weights import STANDARD, TABLES
from ...errors import DataError, Problem
from ...files.ids import long_slug, slug
from ...load.values import _bad_char
from ...typology import allowed_categories
from .. import ImportReport
from ..core.inputs import (
    dataset_card,
    default_id,
    files_title,
    input_files,
    namespace_ids,
    utf8_text,
)
from ..core.mapping import WmtMapping, load_mapping
from ..core.mapping_common import SystemSettings
from ..core.root_builder import RootBuilder, category_names
from .wmt_names import doc_title, file_title
from .wmt_items import Item, read_row, resolve
from .wmt_rows import Ledger, is_control
from .wmt_variants import Layout, detect

# What the importer skips and why (printed by `litboard import wmt-mqm --help`).
SKIPS: tuple[tuple[str, str], ...] = (
    (
        "a row",
        "it has fewer fields than the columns read, or a control character (cells beyond "
        "the header are metadata, kept)",
    ),
    (
        "an attention-check row (HOTW-test)",
        "removed alone and counted; its rating keeps its other rows",
    ),
    (
        "nothing",
        "an error with malformed <v> tags, or on a text other than the rating's (beyond "
        "whitespace and Unicode normalisation), is kept without a location ('span located: no')",
    ),
    (
        "a record (system x segment x rater)",
        "an unknown severity, a No-error row with a real "
        "category, only attention-check rows, texts contradicting an earlier record, or the same "
        "rater judging the translation twice",
    ),
)

# ISO 639-1 codes of WMT language pairs, to read 'zhen' in a file name as zh-en.
WMT_LANGS = {
    "cs",
    "de",
    "en",
    "es",
    "et",
    "fi",
    "fr",
    "gu",
    "ha",
    "he",
    "hi",
    "hr",
    "is",
    "ja",
    "kk",
    "km",
    "lt",
    "lv",
    "pl",
    "ps",
    "ro",
    "ru",
    "ta",
    "tr",
    "uk",
    "xh",
    "zh",
    "zu",
}


def run(
    src: Path | list[Path],
    out: Path,
    mapping: Path | None = None,
    namespace: str = "",
    prefix_ids: bool = False,
) -> ImportReport:
    """Import WMT MQM TSV files ``src`` (files, folders, globs) into the data root ``out``.

    Each file is one campaign (its pair from ``pair`` or the file name); with one file the
    campaign id is ``campaign`` or the file name, with several always the file name."""
    files = input_files(src, ".tsv")
    m = load_mapping(mapping, WmtMapping) if mapping else WmtMapping()
    report = ImportReport()
    builder = RootBuilder(m.pair or pair_from_name(files[0]))
    positions: dict[str, int] = {}
    ledger = Ledger()
    for f in files:
        campaign = m.campaign if len(files) == 1 else ""
        _import_file(f, m, campaign, builder, report, (positions, ledger))
    report.notes.extend(ledger.notes())
    for rows in builder.paragraphs.values():  # index = position in the doc, not first appearance
        rows.sort(key=lambda r: (positions[r["id"]], r["id"]))
        for index, row in enumerate(rows):
            row["index"] = index
    builder.check_system_cards(m.systems, str(mapping or "mapping"), report)
    builder.count_read(report)
    dataset_id, prefix = namespace_ids(m.dataset, namespace, prefix_ids, files)
    card = dataset_card(
        m.dataset,
        dataset_id,
        files,
        report.notes,
        file_title(files[0].name) if len(files) == 1 else files_title("WMT expert MQM", files),
    )
    if ledger.table():
        card["import_skips"] = ledger.table()
    builder.prefix = prefix
    builder.write(out, card, report, files)
    return report


def _import_file(
    src: Path,
    m: WmtMapping,
    campaign: str,
    builder: RootBuilder,
    report: ImportReport,
    state: tuple[dict[str, int], Ledger],
) -> None:
    """One TSV file -> one campaign; ``builder.pair`` is set to the file's pair."""
    positions, ledger = state
    builder.pair = m.pair or pair_from_name(src)
    items, order, layout = read_items(src, report, m.variant, ledger)
    ledger.variants.append(
        f"{src.name}:1: read as variant {layout.variant.name} "
        f"({layout.variant.year}; chosen by {layout.how})"
    )
    campaign = campaign or default_id(src)
    builder.campaign(
        campaign,
        {
            "title": m.title or file_title(src.name),
            "scheme": "mqm",
            "source": f"WMT MQM TSV {src.name}",
        },
    )
    texts = []
    # in segment order, then system and rater: the file's row order changes nothing
    for key in sorted(items, key=lambda k: (k[1], order.get((k[1], k[2]), 0), k[2], k[0], k[3])):
        item = items[key]
        pid = _add_item(item, m, campaign, builder, report, ledger)
        if pid:
            positions[pid] = order[(item.doc, item.seg)]
            texts.append(item.source)
    builder.campaigns[campaign]["mqm"] = _typology(category_names(builder.records[campaign]))
    table = m.weights or TABLES[layout.variant.weights]  # the mapping's, else the release's
    if table != STANDARD:  # the release defines its own weights: the campaign declares them
        builder.campaigns[campaign]["mqm"]["weights"] = dict(table)
    _check_pair(builder.pair, texts, report)


def pair_from_name(src: Path) -> str:
    """'mqm_ted_zhen.tsv' -> 'zh-en' (source first, as in WMT's directory names)."""
    for token in re.split(r"[_.]", src.name.lower()):
        dashed = re.fullmatch(r"([a-z]{2})-([a-z]{2})", token)
        if dashed:
            return f"{dashed.group(1)}-{dashed.group(2)}"
        if len(token) == 4 and token[:2] in WMT_LANGS and token[2:] in WMT_LANGS:
            return f"{token[:2]}-{token[2:]}"
    raise DataError(
        [
            Problem(
                str(src),
                0,
                "pair",
                "cannot tell the language pair from the file name",
                "pass --mapping with 'pair: <source>-<target>', e.g. zh-en",
            )
        ]
    )


def read_items(
    src: Path, report: ImportReport, chosen: str = "", ledger: Ledger | None = None
) -> tuple[dict[tuple[str, ...], Item], dict[tuple[str, str], int], Layout]:
    """Rows grouped into items; also (doc, seg_id) -> position in the doc (doc_id, else seg_id),
    and the file's layout (``wmt_variants``; ``chosen``: the mapping's variant)."""
    # rows are read one at a time: a million parsed rows held at once took more memory than the rest
    rows = csv.reader(_lines(src), delimiter="\t", quoting=csv.QUOTE_NONE)
    layout = detect(next(rows, []), src, chosen)
    ledger = ledger if ledger is not None else Ledger()
    items: dict[tuple[str, ...], Item] = {}
    order: dict[tuple[str, str], int] = {}
    controls: dict[tuple[str, str, str, str], tuple[str, int]] = {}
    for number, row in enumerate(rows, start=2):
        if not any(cell.strip() for cell in row):
            continue
        report.count("rows")
        at = layout.columns["system"]
        system = _slug(row[at]) if at < len(row) and row[at].strip() else "(no system)"
        ledger.rows[system] += 1
        cell = _cells(row, layout, f"{src}:{number}", report)
        if isinstance(cell, str):
            ledger.skip_row(system, cell)
            continue
        order[(cell["doc"], cell["seg_id"])] = _position(cell["doc_id"], cell["seg_id"])
        key = (cell["system"], cell["doc"], cell["seg_id"], cell["rater"])
        if is_control(cell["category"], cell["severity"]):
            report.count("attention-check rows removed (HOTW-test)")
            ledger.controls[system] += 1
            controls.setdefault(key, (str(src), number))
            continue
        read_row(cell, (str(src), number), items, key)
    for key, (file, number) in controls.items():
        if key not in items:  # the tool writes No-error beside a lone control: not the case here
            items[key] = Item(
                *key,
                line=number,
                file=file,
                problem="it holds only attention-check (HOTW-test) rows, no judgment",
            )
    return items, order, layout


def _cells(
    row: list[str], layout: Layout, where: str, report: ImportReport
) -> dict[str, str] | str:
    """Column -> cell of one row (metadata: ``__meta__``), or why the row is skipped."""
    if len(row) < layout.needed():
        report.skip(
            where,
            f"fields: has {len(row)} fields, the header {layout.width}; the row was "
            "skipped (fix: one tab between cells, no tab inside a cell)",
            "row with a wrong number of fields",
        )
        return "row with a wrong number of fields"
    odd = next(
        (
            (name, _bad_char(row[i], False))
            for name, i in layout.columns.items()
            if i < len(row) and _bad_char(row[i], False)
        ),
        None,
    )
    if odd:
        report.skip(
            where,
            f"{odd[0]}: contains {odd[1]}; the row was skipped (fix: remove it)",
            "row with a control character",
        )
        return "row with a control character"
    cell = {name: row[i] if i < len(row) else "" for name, i in layout.columns.items()}
    extra = [row[i] for i in sorted(layout.metadata.values()) if i < len(row)] + row[layout.width :]
    if any(c.strip() for c in extra):
        report.count("rows with metadata cells (kept)")
    cell["__meta__"] = "\t".join(extra)
    return cell


def _lines(src: Path) -> list[str]:
    """The file's lines; DataError naming the line of the first byte that is not UTF-8."""
    text = utf8_text(src, "encoding", "save the file as UTF-8 (the WMT release files are UTF-8)")
    # a long cell is text, not an error
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    return text.split("\n")


def _position(doc_id: str, seg_id: str) -> int:
    for value in (doc_id, seg_id):
        if value.strip().isdigit():
            return int(value)
    return 0


def _add_item(
    item: Item,
    m: WmtMapping,
    campaign: str,
    builder: RootBuilder,
    report: ImportReport,
    ledger: Ledger,
) -> str:
    """Add one record (and its paragraph and translation); returns the paragraph id, '' if
    skipped."""
    where = (
        f"{item.file}:{item.line}: system {item.system}, doc {item.doc}, seg {item.seg}, rater "
        f"{item.rater}"
    )
    report.count("items (system x segment x rater)")
    system = _slug(item.system)
    ledger.ratings[system] += 1
    if item.rows:
        resolve(item, report, ledger)
    if item.problem:
        reason = (
            "record of attention checks only" if not item.rows else "record with a malformed row"
        )
        report.skip(where, f"{item.problem}; the whole record was skipped", reason)
        ledger.skip(system, reason)
        return ""
    work = slug(m.documents.id_prefix + item.doc)
    known = builder.works.get(work, {}).get("source_lang", builder.pair.split("-")[0])
    if known != builder.pair.split("-")[0]:  # the same doc name in another source language
        work = slug(f"{m.documents.id_prefix}{item.doc}-{builder.pair.split('-')[0]}")
    pid = builder.paragraph_id(work, item.source, f"{work}-{item.seg}")
    why = builder.conflict(system, pid, item.source, item.target)
    if why:
        report.skip(where, f"{why}; the record was skipped", "record contradicting an earlier text")
        ledger.skip(system, "record contradicting an earlier text")
        return ""
    builder.work(work, _work_card(item.doc, builder.pair, m))
    builder.paragraph(work, item.source, pid)
    builder.system(system, m.systems.get(system) or _default_system(item.system))
    builder.translation(system, pid, item.target)
    annotator = m.annotators.ids.get(item.rater) or long_slug(item.rater)
    record = {
        "system": system,
        "pair": builder.pair,
        "paragraph": pid,
        "annotator": annotator,
        "errors": item.errors,
    }
    if not builder.record(campaign, record, m.annotators.expertise or "professional"):
        report.skip(
            where,
            f"rater {annotator} already judged this translation; the first was kept",
            "repeated judgment",
        )
        ledger.skip(system, "repeated judgment")
    return pid


@functools.lru_cache(maxsize=4096)
def _slug(name: str) -> str:
    """``slug`` of a system name (a file names its systems over and over)."""
    return slug(name)


def _default_system(name: str) -> SystemSettings:
    human = name.lower().startswith(("ref", "human"))
    return SystemSettings(
        name=name,
        kind="human" if human else "nmt",
        modality="HT" if human else "MT",
        description="WMT reference translation" if human else "WMT submission",
    )


def _work_card(doc: str, pair: str, m: WmtMapping) -> dict[str, Any]:
    d = m.documents
    return {
        "title": doc_title(doc),
        "source_lang": pair.split("-")[0],
        "genre": d.genre,
        "era": d.era,
        "rights": {
            "status": d.rights,
            "note": d.rights_note
            or "WMT test document; the rights of the source text were not checked by the importer",
        },
    }


def _typology(found: list[str]) -> dict[str, Any]:
    wmt = allowed_categories("wmt")
    fits = all(
        c.partition("/")[0] in wmt and c.partition("/")[2] in wmt[c.partition("/")[0]]
        for c in found
    )
    return (
        {"variant": "wmt", "typology": "wmt"}
        if fits
        else {"variant": "wmt", "typology": "custom", "categories": found}
    )


def _check_pair(pair: str, texts: list[str], report: ImportReport) -> None:
    """Say so when the source texts do not look like the pair's source language (zh, ja)."""
    source = pair.split("-")[0]
    if source not in ("zh", "ja"):
        return
    texts = sorted(set(texts))
    han = sum(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts)
    if texts and han < len(texts) / 2:
        report.notes.append(
            f"the pair is {pair}, but only {han} of {len(texts)} source segments contain "
            "Han characters: check the direction (set pair: in the mapping)"
        )
