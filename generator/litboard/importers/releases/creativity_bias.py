"""Import the Creativity Bias release (paper 003, INCREC/Creativity_bias) as a data root.

Model (see docs in the report):
- works: one per source text (language x genre): en-poem, en-short-story, en-thriller,
  ru-poem, ru-short-story, ru-thriller; EN-NL and EN-CA share the English source lines.
  Paragraphs are the release's segments (one per ``line`` of llm-judge-errors/*.json), id
  ``<work>-l<line:03d>``; empty lines (stanza breaks) are not paragraphs.
- systems: ``ht``, ``pe``, ``mt`` (one per modality); each has one translation per paragraph
  and pair (en-nl, en-ca, ru-nl), so modality is on every translation.
- judgments: ``llm-tsa-errors`` (the LLM's TSA spans), ``pro-errors`` (the error overview:
  professional errors and the LLM errors the authors aligned with them), ``creativity``
  (UCP classes by ``pro`` and ``llm``), and one metric campaign per per-text score
  (records carry ``work``).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from pathlib import Path
from typing import Any

from ...files import owned
from .. import OUT_FIX, ImportReport, write_jsonl, write_outputs, write_yaml
from ..reported import ship
from .creativity_bias_csv import (
    GENRES,
    LANGS,
    MODALITIES,
    error_campaign,
    creativity_campaign,
    score_campaigns,
    read_csv,
)
from ...spans.align import offset_map
from ...spans.tags import TagError, parse_tags

PAIRS = ("en-nl", "en-ca", "ru-nl")
WORKS: dict[str, dict[str, Any]] = {
    "en-poem": {
        "title": "A Bath",
        "author": "Amy Lowell",
        "year": None,
        "era": "classic",
        "note": "Era from the author's dates (Amy Lowell died in 1925).",
    },
    "en-short-story": {
        "title": "Afternoon in Summer",
        "author": "Sylvia Townsend Warner",
        "year": None,
        "era": "classic",
        "note": "Era from the author's dates (Sylvia Townsend Warner died in 1978).",
    },
    "en-thriller": {
        "title": "Bright Young Women",
        "author": "Jessica Knoll",
        "year": 2023,
        "era": "contemporary",
    },
    "ru-poem": {
        "title": "Your house",
        "author": "Bella Akhmadulina",
        "year": None,
        "era": "unknown",
        "note": "Paper 003 gives no date; the publication year was not checked.",
    },
    "ru-short-story": {
        "title": "Yasha's Dream",
        "author": "Anna Starobinets",
        "year": None,
        "era": "contemporary",
    },
    "ru-thriller": {
        "title": "Night Watch",
        "author": "Sergei Lukyanenko",
        "year": 1998,
        "era": "contemporary",
    },
}
SYSTEMS = {
    "ht": {
        "name": "Human translation",
        "kind": "human",
        "modality": "HT",
        "description": "Professional literary translators (paper 003, Table 10: T1/T2 for "
        "EN-NL and RU-NL, T3/T4 for EN-CA, counterbalanced per text).",
    },
    "pe": {
        "name": "Post-edited GPT-4o",
        "kind": "post-edit",
        "modality": "PE",
        "model": "gpt-4o",
        "description": "GPT-4o output post-edited by the professional translators (Table 10).",
    },
    "mt": {
        "name": "GPT-4o",
        "kind": "llm",
        "modality": "MT",
        "model": "gpt-4o",
        "date": "2025-03",
        "description": "Zero-shot 'translate creatively' prompt with author and context "
        "(paper 003, Appendix B).",
    },
}
# Paper 003's text names no authors, venue or date: the author is the group that publishes the
# release (INCREC, ERC Consolidator Grant 101086819, named in the paper's funding note); the year
# is the earliest the paper can be from (it cites WMT 2025 and a 2026 journal issue).
CITATION = """@misc{creativity_bias,
  title = {Creativity Bias: How Machine Evaluation Struggles with Creativity in Literary Translations},
  author = {{INCREC project (ERC Consolidator Grant 101086819)}},
  year = {2026},
  howpublished = {Preprint and data release},
  url = {https://github.com/INCREC/Creativity_bias},
  note = {Data: INCREC/Creativity\\_bias; the paper text names no authors or venue}
}"""  # noqa: E501
LICENCE = "Apache-2.0"


def run(src: Path, out: Path) -> ImportReport:
    """Read the release in ``src`` and write a litboard data root to ``out`` (new, empty, or an
    earlier import whose files are all unchanged: ``owned.write_folder``)."""
    report = ImportReport()
    owned.write_folder(
        Path(out), "--out", OUT_FIX, lambda stage: _write_root(Path(src), stage, report)
    )
    return report


def _write_root(src: Path, out: Path, report: ImportReport) -> None:
    segments = read_segments(src, report)
    paragraphs = _write_works(segments, out, report)
    _write_systems(segments, paragraphs, out, report)
    _write_llm_tsa(segments, paragraphs, src, out, report)
    texts = {
        key: {line: seg["translation"] for line, seg in lines.items()}
        for key, lines in segments.items()
    }
    for cid, campaign, records in [
        error_campaign(
            read_csv(src / "Overview_error_annotations.csv"),
            texts,
            _llm_tags(segments),
            paragraphs,
            report,
        ),
        creativity_campaign(
            read_csv(src / "Creativity_annotation_together.csv"), segments, paragraphs, report
        ),
        *score_campaigns(
            read_csv(src / "Scores_metrics_and_human_creativity.csv"),
            read_csv(src / "Creativity_scores_comb.csv"),
            report,
        ),
    ]:
        write_yaml(out / "judgments" / cid / "campaign.yaml", {"id": cid, **campaign})
        write_jsonl(out / "judgments" / cid / f"{cid}.jsonl", records)
        report.count(f"{cid} records", len(records), "written")
    _write_dataset(src, out, report)
    ship("creativity-bias", out, report)  # paper 003's published numbers (importers/reported/)


def read_segments(
    src: Path, report: ImportReport
) -> dict[tuple[str, str, str], dict[int, dict[str, Any]]]:
    """(pair, genre, modality) -> line -> segment of llm-judge-errors/*.json (text NFC)."""
    segments: dict[tuple[str, str, str], dict[int, dict[str, Any]]] = {}
    for path in sorted((src / "llm-judge-errors").glob("*.json")):
        pair_code, genre_code, modality = path.name.split("_")[:3]
        key = (pair_code.lower(), GENRES[genre_code], modality)
        lines: dict[int, dict[str, Any]] = {}
        for item in json.loads(path.read_text(encoding="utf-8-sig")):
            seg = {k: unicodedata.normalize("NFC", item[k]) for k in ("source", "translation")}
            lines[int(item["line"])] = {
                **seg,
                "output": item["model_output_json"],
                "file": path.name,
            }
        segments[key] = lines
        report.count("llm-judge-errors files")
        report.count("segments", len(lines))
    return segments


def work_id(pair: str, genre: str) -> str:
    return f"{pair.split('-')[0]}-{genre.replace(' ', '-')}"


def paragraph_id(work: str, line: int) -> str:
    return f"{work}-l{line:03d}"


def _write_works(
    segments: dict[tuple[str, str, str], dict[int, dict[str, Any]]], out: Path, report: ImportReport
) -> dict[tuple[str, str, int], str]:
    """Write works and paragraphs; returns (pair, genre, line) -> paragraph id."""
    sources: dict[str, dict[int, str]] = {}
    paragraphs: dict[tuple[str, str, int], str] = {}
    for (pair, genre, modality), lines in sorted(segments.items()):
        work = work_id(pair, genre)
        texts = {line: seg["source"] for line, seg in lines.items()}
        if work in sources and sources[work] != texts:
            report.notes.append(
                f"{work}: {pair} {modality} has different source lines than "
                "another file of the same work; the first was kept"
            )
        sources.setdefault(work, texts)
        for line, text in texts.items():
            if text.strip():
                paragraphs[(pair, genre, line)] = paragraph_id(work, line)
    for work, texts in sorted(sources.items()):
        meta = WORKS[work]
        genre = next(g for p, g, _ in segments if work_id(p, g) == work)
        notes = [
            "Paragraphs are the release's segments (lines of llm-judge-errors); "
            "empty lines (stanza or paragraph breaks) are left out, so ids skip them."
        ]
        if work.startswith("en-"):
            notes.append("The EN-NL and EN-CA files have identical source lines: one work.")
        notes += [meta["note"]] if "note" in meta else []
        write_yaml(
            out / "corpus" / "works" / work / "work.yaml",
            {
                "id": work,
                "title": meta["title"],
                "author": meta["author"],
                "year": meta["year"],
                "source_lang": work.split("-")[0],
                "genre": genre,
                "era": meta["era"],
                "rights": {
                    "status": "licensed",
                    "licence": LICENCE,
                    "note": "Fragment (~150 words) released by INCREC/Creativity_bias under "
                    "Apache-2.0; the full work may be under copyright.",
                },
                "notes": notes,
            },
        )
        rows = [
            {"id": paragraph_id(work, line), "index": i, "text": text}
            for i, (line, text) in enumerate(
                (ln, t) for ln, t in sorted(texts.items()) if t.strip()
            )
        ]
        write_jsonl(out / "corpus" / "works" / work / "paragraphs.jsonl", rows)
        report.count("works", 1, "written")
        report.count("paragraphs", len(rows), "written")
        empty = len(texts) - len(rows)
        if empty:
            report.notes.append(f"{work}: {empty} empty source lines are not paragraphs")
    return paragraphs


def _write_systems(
    segments: dict[tuple[str, str, str], dict[int, dict[str, Any]]],
    paragraphs: dict[tuple[str, str, int], str],
    out: Path,
    report: ImportReport,
) -> None:
    for system, card in SYSTEMS.items():
        write_yaml(out / "corpus" / "systems" / system / "system.yaml", {"id": system, **card})
        for pair in PAIRS:
            rows = []
            for genre in ("poem", "short story", "thriller"):
                for line, seg in sorted(segments[(pair, genre, card["modality"])].items()):
                    pid = paragraphs.get((pair, genre, line))
                    if pid is None:
                        continue
                    if not seg["translation"].strip():
                        report.skip(
                            f"{seg['file']} line {line}", "empty translation of a non-empty source"
                        )
                        continue
                    rows.append({"paragraph": pid, "text": seg["translation"]})
            write_outputs(out / "corpus" / "systems" / system, pair, rows)
            report.count("translations", len(rows), "written")


def _llm_tags(
    segments: dict[tuple[str, str, str], dict[int, dict[str, Any]]],
) -> dict[tuple[str, str, str], dict[int, list[tuple[int, int, str]]]]:
    """(pair, genre, modality) -> line -> the LLM's spans (start, end, text) in text order;
    empty ones are omissions. Lines with malformed tags have none (reported elsewhere)."""
    found: dict[tuple[str, str, str], dict[int, list[tuple[int, int, str]]]] = {}
    for key, lines in segments.items():
        for line, seg in sorted(lines.items()):
            try:
                spans = _llm_spans(seg)[0]
            except TagError:
                continue
            text = seg["translation"]
            found.setdefault(key, {})[line] = [
                (s["start"], s["end"], text[s["start"] : s["end"]]) for s in spans
            ]
    return found


def errors_of(seg: dict[str, Any]) -> list[Any]:
    """The model's list of errors for a segment (empty without an output)."""
    return list((seg["output"] or {}).get("errors", []))


def _llm_spans(seg: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """The LLM's spans mapped onto the stored translation, plus why any were dropped.

    Raises TagError for malformed tags (the caller reports file and line).
    """
    output = seg["output"] or {}
    if "annotated_translation" not in output:
        return [], []
    text, spans = parse_tags(unicodedata.normalize("NFC", output["annotated_translation"]))
    errors = output.get("errors", [])
    mapped = offset_map(text, seg["translation"])
    result, dropped = [], []
    for span in spans:
        if span.index is None or span.index >= len(errors):
            dropped.append(f"tag v{span.index} has no entry in 'errors' ({len(errors)} entries)")
            continue
        entry = errors[span.index]
        main, _, sub = str(entry.get("category", "")).partition("/")
        start, end = mapped(span.start, False), mapped(span.end, True)
        item = {
            "start": start,
            "end": max(start, end),
            "category": main.strip().capitalize() or "Other",
            "severity": str(entry.get("severity", "")).lower(),
        }
        if sub.strip():
            item["subcategory"] = sub.strip().capitalize()
        comment = f"v{span.index}"
        if seg["translation"][item["start"] : item["end"]] != span.text:
            comment += f"; the model's copy reads {span.text!r} (text differs from the translation)"
        item["comment"] = comment
        result.append(item)
    tagged = {s.index for s in spans}
    for i, entry in enumerate(errors):
        if i not in tagged:
            dropped.append(
                f"errors[{i}] ({entry.get('severity')} {entry.get('category')}) has no tag v{i}"
            )
    return result, dropped


def _write_llm_tsa(
    segments: dict[tuple[str, str, str], dict[int, dict[str, Any]]],
    paragraphs: dict[tuple[str, str, int], str],
    src: Path,
    out: Path,
    report: ImportReport,
) -> None:
    system_of = {card["modality"]: sid for sid, card in SYSTEMS.items()}
    records, categories = [], set()
    listed = untagged = 0  # the models' error entries, and those no <vN> tag places in the text
    for (pair, genre, modality), lines in sorted(segments.items()):
        for line, seg in sorted(lines.items()):
            pid = paragraphs.get((pair, genre, line))
            where = f"llm-judge-errors/{seg['file']} line {line}"
            if pid is None or not seg["output"]:
                continue
            try:
                errors, dropped = _llm_spans(seg)
            except TagError as error:
                report.skip(where, f"malformed tags: {error}; the line's spans were skipped")
                continue
            for why in dropped:
                report.skip(where, why)
            unplaced = [why for why in dropped if why.startswith("errors[")]
            listed += len(errors_of(seg))
            untagged += len(unplaced)
            note = (
                f"Not placed, no span tag in the model's annotated text: {len(unplaced)} of its "
                f"{len(errors_of(seg))} listed errors ({'; '.join(unplaced)}). "
                if unplaced
                else ""
            )
            categories |= {
                e["category"] + ("/" + e["subcategory"] if "subcategory" in e else "")
                for e in errors
            }
            records.append(
                {
                    "system": system_of[modality],
                    "pair": pair,
                    "paragraph": pid,
                    "annotator": "llm",
                    "errors": errors,
                    "comment": note
                    + "raw model output: "
                    + json.dumps(seg["output"], ensure_ascii=False),
                }
            )
            report.count("llm error spans", len(errors), "written")
    cid = "llm-tsa-errors"
    write_yaml(
        out / "judgments" / cid / "campaign.yaml",
        {
            "id": cid,
            "title": "LLM-as-a-judge errors (Tagged Span Annotation)",
            "scheme": "mqm",
            "description": "GPT-5.2 (reasoning effort high) marked error spans per segment with "
            "<vN> tags; span N takes category and severity from entry N of the "
            "model's 'errors' list. The raw model output is kept in each record's comment. "
            f"{untagged} of the {listed} listed errors have no tag in the text, so no span: they "
            "are not placed or scored, and the comment of their segment names them.",
            "source": (
                "INCREC/Creativity_bias llm-judge-errors/*.json (paper 003, Sec. 3.5, App. F.1)"
            ),
            "annotators": [{"id": "llm", "expertise": "llm", "note": "GPT-5.2, TSA prompt"}],
            "mqm": {
                "variant": "paper000",
                "typology": "custom",
                "categories": sorted(categories),
                "normalise": "words",
            },
            "judge": {"model": "gpt-5.2", "prompt": "TSA adapted (paper 003, Appendix F.1)"},
            "licence": LICENCE,
        },
    )
    write_jsonl(out / "judgments" / cid / f"{cid}.jsonl", records)
    report.count(f"{cid} records", len(records), "written")


def _write_dataset(src: Path, out: Path, report: ImportReport) -> None:
    files = sorted(p for p in src.rglob("*") if p.is_file())
    hashed = [
        {"path": str(p.relative_to(src)), "sha256": hashlib.sha256(p.read_bytes()).hexdigest()}
        for p in files
    ]
    version = hashlib.sha256("".join(f["path"] + f["sha256"] for f in hashed).encode()).hexdigest()
    write_yaml(
        out / "corpus" / "dataset.yaml",
        {
            "id": "creativity-bias",
            "title": "Creativity Bias (paper 003)",
            "version": f"files-sha256-{version[:12]}",
            "description": "EN/RU -> NL/CA literary texts (poem, short story, thriller) in three "
            "modalities (HT, PE, MT) with professional and LLM-as-a-judge annotations "
            "of errors and units of creative potential, and automatic metric scores.",
            "licence": LICENCE,
            "citation": CITATION,
            # paper 003 ranks by the professionals' creativity index
            "primary": {"campaign": "pro-ci", "measure": "score"},
            "source": {
                "url": "https://github.com/INCREC/Creativity_bias",
                "commit": "unknown (SOURCE.md names none); version is a hash of the file hashes",
                "files": hashed,
            },
            "notes": report.notes[:],
        },
    )
