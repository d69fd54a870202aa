"""The Creativity Bias CSVs -> campaign records (helpers of ``creativity_bias``).

The CSVs are semicolon-separated, UTF-8 with BOM, decimal commas, and sometimes a stray
tab inside a quoted number; ``read_csv`` and ``number`` absorb all of that.
"""

from __future__ import annotations

import csv
import difflib
import unicodedata
from pathlib import Path
from typing import Any

from ...typology import UCP_CLASSES, simple_class
from .. import ImportReport
from .creativity_bias_spans import Locator, Tag, find_span

LANGS = {
    "English": "en",
    "Russian": "ru",
    "Dutch": "nl",
    "Catalan": "ca",
    "EN": "en",
    "RU": "ru",
    "NL": "nl",
    "CA": "ca",
}
GENRES = {"Poem": "poem", "ShortStory": "short story", "Thriller": "thriller"}
MODALITIES = {"HT": "ht", "PE": "pe", "MT": "mt"}
WHOSE = {
    "Human": "found by the professionals only",
    "AE": "found by the LLM only",
    "Match": "found by both (Match)",
}
LICENCE = "Apache-2.0"
Row = dict[str, str]
Text = tuple[str, str, str]  # (pair, genre, modality)


def read_csv(path: Path) -> list[Row]:
    """Rows as dicts (repeated headers get '.1'), values stripped, '_line' = file line."""
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle, delimiter=";")
        header = next(reader)
        names: list[str] = []
        for name in header:
            name = name.strip()
            names.append(name if name not in names else f"{name}.1")
        rows = []
        for number, values in enumerate(reader, start=2):
            row = {n: v.strip() for n, v in zip(names, values)}
            row["_line"] = str(number)
            rows.append(row)
    return rows


def number(value: str) -> float | None:
    """'1,5' -> 1.5, '' -> None."""
    value = value.strip().replace(",", ".")
    return float(value) if value else None


def text_key(row: Row) -> Text:
    return (
        f"{LANGS[row['ST']]}-{LANGS[row['TT']]}",
        GENRES[row["Genre"].strip()],
        row["Modality"].strip(),
    )


def work_of(pair: str, genre: str) -> str:
    return f"{pair.split('-')[0]}-{genre.replace(' ', '-')}"


# ---------------------------------------------------------------- error overview


def _error(row: Row, suffix: str, how: str, start: int, end: int) -> dict[str, Any]:
    severity = row[f"Severity{suffix}"] or row["Severity"]
    category = row[f"Category_main{suffix}"] or row["Category_main"]
    sub = row[f"Category_sub{suffix}"] if suffix else row["Category_sub"]
    span = (
        f"LLM span {row['Span_2']!r}, professionals' span {row['Span']!r}"
        if suffix
        else f"span {row['Span']!r}"
    )
    notes = [WHOSE[row["Whose_error"]], span, f"located: {how}"]
    if suffix and not row["Category_main_2"]:
        notes.append("the LLM's category is not given; the professionals' is used")
    if row["Kudos"]:
        notes.append("professionals marked this as Kudos")
    if row["Cultural reference"]:
        notes.append("cultural reference")
    notes += [f"details: {row['Details']}"] if row["Details"] else []
    notes += [f"understandable: {row['Understandable']}"] if row["Understandable"] else []
    error = {
        "start": start,
        "end": end,
        "category": category,
        "severity": severity.lower(),
        "comment": "; ".join(notes),
    }
    if sub:
        error["subcategory"] = sub
    return error


def error_campaign(
    rows: list[Row],
    texts: dict[Text, dict[int, str]],
    tags: dict[Text, dict[int, list[Tag]]],
    paragraphs: dict[tuple[str, str, int], str],
    report: ImportReport,
) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """Overview_error_annotations.csv -> mqm campaign ``pro-errors`` (annotators pro, llm).

    ``tags`` holds the LLM's <vN> spans per text and line (see ``Locator``)."""
    locators = {
        key: Locator({ln: t for ln, t in lines.items() if t.strip()}, tags.get(key, {}))
        for key, lines in texts.items()
    }
    grouped: dict[tuple[str, str, str, str], list[dict[str, Any]]] = {}
    categories: set[str] = set()
    for number_, row in enumerate(rows, start=1):
        pair, genre, modality = key = text_key(row)
        where = f"Overview_error_annotations.csv line {row['_line']}"
        placed = locators[key].locate(row)
        if placed is None:
            report.skip(
                where, f"{row['Whose_error']} error with no line and no span text cannot be placed"
            )
            continue
        line, sides = placed
        link = f"m{number_:03d}" if row["Whose_error"] == "Match" else None
        for annotator, (start, end, how) in sides.items():
            report.count(
                f"overview errors placed ({annotator}): "
                + how.split(",")[0].split(":")[0].split(" (")[0]
            )
            suffix = "_2" if annotator == "llm" and row["Whose_error"] == "Match" else ""
            error = _error(row, suffix, how, start, end)
            if link:
                error["link"] = link
            categories.add(
                error["category"] + ("/" + error["subcategory"] if "subcategory" in error else "")
            )
            pid = paragraphs[(pair, genre, line)]
            grouped.setdefault((MODALITIES[modality], pair, pid, annotator), []).append(error)
        report.count("overview error rows")
    records = []
    for (pair, genre, modality), lines in sorted(texts.items()):
        for line in sorted(lines):
            known = paragraphs.get((pair, genre, line))
            if known is None:
                continue
            for annotator in ("pro", "llm"):
                errors = grouped.get((MODALITIES[modality], pair, known, annotator), [])
                records.append(
                    {
                        "system": MODALITIES[modality],
                        "pair": pair,
                        "paragraph": known,
                        "annotator": annotator,
                        "errors": errors,
                    }
                )
    campaign = {
        "title": "Error annotations: professionals and LLM (paper 003 overview)",
        "scheme": "mqm",
        "description": "Overview_error_annotations.csv: professional MQM errors (annotator pro) "
        "and the LLM-as-a-judge errors as aligned by the authors (annotator llm). "
        "Errors both found (Whose_error = Match) share a 'link' id; for them the "
        "pro error carries the professionals' severity/category and the llm error "
        "the model's. Each side sits on its own span: the professionals' Span, "
        "and the LLM's own span (Span_2 for a Match) on the LLM's <vN> tag. "
        "Spans are located in the segment by their text; how is stated in "
        "each comment. A span that cannot be placed is 'position unknown': "
        "zero-width at offset 0, it marks no character in the span kappa.",
        "source": (
            "INCREC/Creativity_bias Overview_error_annotations.csv (paper 003, Tables 5, 7, 9)"
        ),
        "annotators": [
            {
                "id": "pro",
                "expertise": "professional",
                "note": "the professional literary translators (Table 10)",
            },
            {"id": "llm", "expertise": "llm", "note": "GPT-5.2 TSA, as aligned by the authors"},
        ],
        # the texts have no sentence count: paper 003's error points per (100) source words
        "mqm": {
            "variant": "paper000",
            "typology": "custom",
            "categories": sorted(categories),
            "normalise": "words",
        },
        "licence": LICENCE,
    }
    return "pro-errors", campaign, records


# ---------------------------------------------------------------- creativity (UCPs)


def _source_line(sentence: str, ucp: str, sources: dict[int, str]) -> tuple[int, str]:
    clean = sentence.strip(" .")
    for how, test in (
        ("sentence", lambda s: s.strip() == sentence.strip()),
        ("sentence part", lambda s: bool(clean) and clean in s),
        ("unit text", lambda s: bool(ucp.strip()) and ucp.strip() in s),
    ):
        hits = [ln for ln, s in sources.items() if test(s)]
        if len(hits) == 1:
            return hits[0], how
    best = max(sources, key=lambda ln: difflib.SequenceMatcher(None, clean, sources[ln]).ratio())
    return best, "closest sentence"


def _ucp(row: Row, uid: str, who: str, source: str, target: str) -> dict[str, Any]:
    raw, simple = (
        (row["Human annotation"], row["Simplified"])
        if who == "pro"
        else (row["Automatic annotation"], row["Simplified.1"])
    )
    item: dict[str, Any] = {"id": uid}
    if raw in UCP_CLASSES and simple_class(raw) == simple:
        item["class"] = raw
    else:
        item["class"] = simple
        item["comment"] = f"raw class {raw!r} is simplified to {simple} by the release"
    found = find_span(source, row["UCP"]) if row["UCP"] else None
    if found and found[2] == "exact":
        item["source_start"], item["source_end"] = found[0], found[1]
    found = find_span(target, row["Translation.1"]) if row["Translation.1"] else None
    if found and found[2] == "exact":
        item["start"], item["end"] = found[0], found[1]
    item["source_text"], item["target_text"] = row["UCP"], row["Translation.1"]
    return item


def creativity_campaign(
    rows: list[Row],
    segments: dict[Text, dict[int, dict[str, Any]]],
    paragraphs: dict[tuple[str, str, int], str],
    report: ImportReport,
) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """Creativity_annotation_together.csv -> creativity campaign (annotators pro, llm).

    UCP ids are positional: the k-th row of a text is the same unit in HT, PE and MT (the
    release lists them in the same order; the unit texts agree at every position).
    """
    counters: dict[Text, int] = {}
    grouped: dict[tuple[str, str, str, str], list[dict[str, Any]]] = {}
    for row in rows:
        pair, genre, modality = key = text_key(row)
        k = counters[key] = counters.get(key, 0) + 1
        uid = f"{pair}-{genre.replace(' ', '-')}-u{k:03d}"
        lines = {ln: s for ln, s in segments[key].items() if s["source"].strip()}
        line, how = _source_line(
            row["English"], row["UCP"], {ln: s["source"] for ln, s in lines.items()}
        )
        report.count(f"ucp rows placed by {how}")
        pid = paragraphs[(pair, genre, line)]
        for who in ("pro", "llm"):
            grouped.setdefault((MODALITIES[modality], pair, pid, who), []).append(
                _ucp(row, uid, who, lines[line]["source"], lines[line]["translation"])
            )
    records = [
        {"system": s, "pair": p, "paragraph": pid, "annotator": a, "ucps": ucps}
        for (s, p, pid, a), ucps in grouped.items()
    ]
    campaign = {
        "title": "Creative shifts: professionals and LLM (paper 003)",
        "scheme": "creativity",
        "description": "Units of creative potential (UCPs) classified as creative shift (CS, "
        "CSA/CSM/CSC), reproduction (R) or omission (O) by the professionals "
        "(pro) and by GPT-5.2 (llm); both annotators share UCP ids. Classes are "
        "the release's raw classes unless they disagree with its simplified "
        "column, which then wins (see comments).",
        "source": (
            "INCREC/Creativity_bias Creativity_annotation_together.csv (paper 003, Tables 8, 13)"
        ),
        "annotators": [
            {
                "id": "pro",
                "expertise": "professional",
                "note": "doctoral students who are translators",
            },
            {"id": "llm", "expertise": "llm", "note": "GPT-5.2, creative-shift prompt (App. F.2)"},
        ],
        "licence": LICENCE,
    }
    return "creativity", campaign, records


# ---------------------------------------------------------------- per-text scores

SCORES = [  # (campaign, column, title, higher_is_better)
    ("pro-cs", "CS", "Creative shifts (professionals)", True),
    ("ucp-count", "UCP", "Units of creative potential in the source", True),
    ("pro-error-points", "ErrorPoints", "Error points (professionals; minor 1, major 5)", False),
    ("pro-kudos", "Kudos", "Kudos (professionals)", True),
    ("source-words", "Words", "Source words", True),
    ("pro-ci", "C.I.", "Creativity index (professionals)", True),
    ("aem-bertscore", "BERT score", "BERTScore", True),
    ("aem-bleurt", "BLEURT", "BLEURT", True),
    ("aem-comet", "COMET", "COMET", True),
    ("aem-bleu", "BLEU", "BLEU", True),
    ("aem-chrf2", "chrF2", "chrF2", True),
    ("aem-ter", "TER", "TER", False),
    ("aem-cometkiwi", "COMETKiwi", "COMETKiwi", True),
    ("aem-litransproqa", "LiTransProQA", "LiTransProQA", True),
    ("aem-metricx24", "MetricX24", "MetricX-24", False),
]
LLM_SCORES = [
    ("llm-cs", "CS", "Creative shifts (LLM)", True),
    ("llm-error-points", "ErrorPoints", "Error points (LLM)", False),
    ("llm-kudos", "Kudos", "Kudos (LLM)", True),
    ("llm-ci", "CI_GPT", "Creativity index (LLM-as-a-judge)", True),
]
MATEO = {"BLEU", "TER", "chrF2", "COMET", "BERT score", "BLEURT"}
DESCRIPTIVE = {"ucp-count", "source-words"}  # counts of the source text, not judgments


# the professionals' judgments of each text: human scores (scheme score), never metrics
HUMAN = {"pro-cs", "pro-error-points", "pro-kudos", "pro-ci"}
PROFESSIONALS = [
    {
        "id": "pro",
        "expertise": "professional",
        "note": "the professional translators of paper 003 (Sec. 3.2), one per pair",
    }
]


def _score_records(rows: list[Row], column: str, human: bool = False) -> list[dict[str, Any]]:
    records = []
    for row in rows:
        pair, genre, modality = (
            f"{LANGS[row['ST']]}-{LANGS[row['TT']]}",
            GENRES[row["Genre"]],
            row["Modality"],
        )
        value = number(row[column])
        if value is not None:
            record: dict[str, Any] = {
                "system": MODALITIES[modality],
                "pair": pair,
                "work": work_of(pair, genre),
            }
            record.update({"annotator": "pro"} if human else {"level": "system"})
            records.append({**record, "score": value})
    return records


def score_campaigns(
    scores: list[Row], comb: list[Row], report: ImportReport
) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """One campaign per per-text quantity; records are (system, pair, work) scores: scheme score
    for the professionals' judgments (CS, error points, kudos, CI), metric for the rest."""
    result = []
    for cid, column, title, higher in SCORES + LLM_SCORES:
        rows = comb if (cid, column, title, higher) in LLM_SCORES else scores
        metric: dict[str, Any] = {"name": title, "higher_is_better": higher}
        if cid.startswith("aem-") and column not in ("COMETKiwi", "LiTransProQA"):
            metric["reference"] = "the HT of the same text (so HT has no score)"
        if column in MATEO:
            metric["signature"] = "run through MATEO (paper 003, Sec. 3.4)"
        human = cid in HUMAN
        campaign: dict[str, Any] = {
            "title": title,
            "scheme": "score" if human else "metric",
            "description": f"Per-text value of column {column!r}; each record is one translated "
            "text: system (modality) x pair x work, level system.",
            "source": "INCREC/Creativity_bias "
            + (
                "Creativity_scores_comb.csv"
                if rows is comb
                else "Scores_metrics_and_human_creativity.csv"
            ),
            "metric": metric,
            "licence": LICENCE,
        }
        if cid.startswith("llm-"):
            campaign["judge"] = {"model": "gpt-5.2", "prompt": "paper 003, Appendix F"}
        if human:
            campaign["annotators"] = PROFESSIONALS
        if cid in DESCRIPTIVE:
            metric["descriptive"] = True
        records = _score_records(rows, column, human)
        report.count("per-text scores", len(records))
        result.append((cid, campaign, records))
    _compare_ci(scores, comb, report)
    return result


def _compare_ci(scores: list[Row], comb: list[Row], report: ImportReport) -> None:
    pro = {
        (LANGS[r["ST"]], LANGS[r["TT"]], r["Genre"], r["Modality"]): number(r["C.I."])
        for r in scores
    }
    for row in comb:
        key = (LANGS[row["ST"]], LANGS[row["TT"]], row["Genre"], row["Modality"])
        human, published = number(row["CI_Human"]), pro.get(key)
        if human is None or published is None or abs(human - published) > 0.01:
            report.notes.append(
                f"CI_Human of {row['ID']} ({human}) differs from C.I. ({pro.get(key)})"
            )
