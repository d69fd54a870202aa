"""Validated rows -> tidy pandas tables (see ``model.COLUMNS``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pandas as pd

from ..model import COLUMNS, Corpus
from .rows import RawData, Row


def build(raw: RawData, roots: list[Path]) -> Corpus:
    rows: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    dataset_of = {r.root: r.data["id"] for r in raw.of("dataset")}
    for row in raw.of("dataset"):
        d = row.data
        rows["datasets"].append(
            {
                "dataset": d["id"],
                "title": d["title"],
                "version": d["version"],
                "demo": bool(d.get("demo", False)),
                "licence": d.get("licence", ""),
                "root": row.root,
            }
        )
    works = {r.data["id"]: r for r in raw.of("work")}
    for row in works.values():
        d = row.data
        rows["works"].append(
            {
                "work": d["id"],
                "title": d["title"],
                "author": d.get("author", ""),
                "year": d.get("year"),
                "source_lang": d["source_lang"],
                "genre": d["genre"],
                "era": d["era"],
                "rights_status": d["rights"]["status"],
                "rights_note": d["rights"]["note"],
                "dataset": dataset_of.get(row.root, ""),
            }
        )
    for row in raw.of("paragraph"):
        d = row.data
        work = works[row.context["work"]].data if row.context["work"] in works else {}
        rows["paragraphs"].append(
            {
                "paragraph": d["id"],
                "work": row.context["work"],
                "index": d["index"],
                "source_lang": work.get("source_lang", ""),
                **_text(d),
                "sentences": d.get("sentences"),
                "dataset": dataset_of.get(row.root, ""),
                "subsets": tuple(d.get("subsets", ())),
            }
        )
    for row in raw.of("system"):
        d = row.data
        rows["systems"].append(
            {
                "system": d["id"],
                "name": d["name"],
                "kind": d["kind"],
                "modality": d["modality"],
                "model": d.get("model", ""),
                "size": d.get("size", ""),
                "version": d.get("version", ""),
                "date": d.get("date", ""),
                "is_human": d["kind"] == "human",
                "dataset": dataset_of.get(row.root, ""),
            }
        )
    for row in raw.of("translation"):
        rows["translations"].append(
            {
                "system": row.context["system"],
                "pair": row.context["pair"],
                "paragraph": row.data["paragraph"],
                **_text(row.data),
                "file": row.file,
                "line": row.line,
            }
        )
    for row in raw.of("reported"):
        d = row.data
        rows["reported"].append(
            {
                "dataset": dataset_of.get(row.root, ""),
                "source": d["source"],
                "measure": d["measure"],
                "keys": dict(d.get("keys", {})),
                "params": dict(d.get("params", {})),
                "value": float("nan") if d["value"] is None else float(d["value"]),
                "decimals": int(d["decimals"]),
                "label": d.get("label", ""),
                "note": d.get("note", ""),
                "reason": d.get("reason", ""),
                "file": row.file,
                "line": row.line,
            }
        )
    for cid, row in raw.campaigns.items():
        _campaign_rows(cid, row, raw, rows, dataset_of.get(row.root, ""))
    tables = {name: _keep_none(pd.DataFrame(rows[name], columns=COLUMNS[name])) for name in COLUMNS}
    return Corpus(
        tables=tables,
        datasets=[r.data for r in raw.of("dataset")],
        works={k: r.data for k, r in works.items()},
        systems={r.data["id"]: r.data for r in raw.of("system")},
        campaigns={k: r.data for k, r in raw.campaigns.items()},
    )


TEXT_COLUMNS = ("text", "snippet", "restricted")


def _keep_none(frame: pd.DataFrame) -> pd.DataFrame:
    """A missing (rights-restricted) text stays None: pandas turns None into NaN, a float that
    renderers would take for text. Readers test ``text is None`` to show the restricted state."""
    for column in TEXT_COLUMNS:
        if column in frame.columns:
            values = frame[column].astype(object)
            frame[column] = values.where(values.notna(), None)
    return frame


def _text(d: dict[str, Any]) -> dict[str, Any]:
    text = d.get("text")
    return {
        "text": text,
        "snippet": d.get("snippet", text[:80] if text else ""),
        "restricted": d.get("restricted", ""),
        "length": len(text) if text is not None else d.get("length"),
    }


def _campaign_rows(
    cid: str, campaign: Row, raw: RawData, rows: dict[str, list[Any]], dataset: str
) -> None:
    c = campaign.data
    metric, judge = c.get("metric", {}), c.get("judge", {})
    rows["campaigns"].append(
        {
            "campaign": cid,
            "scheme": c["scheme"],
            "title": c["title"],
            "mqm_variant": c.get("mqm", {}).get("variant", "paper000"),
            "metric": metric.get("name", ""),
            "higher_is_better": metric.get("higher_is_better", True),
            "signature": metric.get("signature", ""),
            "judge_model": judge.get("model", ""),
            "prompt_sha256": judge.get("prompt_sha256", ""),
            "temperature": judge.get("temperature"),
            "dataset": dataset,
            "focal": c.get("pairwise", {}).get("focal", ""),
            "second_annotation_of": c.get("second_annotation_of", ""),
        }
    )
    for a in c.get("annotators", []):
        rows["annotators"].append(
            {"campaign": cid, "annotator": a["id"], "expertise": a["expertise"]}
        )
    if c["scheme"] == "mqm":  # most rows by far: one loop without a generator per record
        _mqm_rows(cid, [r for r in raw.of("mqm") if r.context.get("campaign") == cid], rows)
        return
    for row in raw.of(c["scheme"]):
        if row.context.get("campaign") == cid:
            for table, item in _judgment_rows(c["scheme"], row):
                rows[table].append({"campaign": cid, **item})


def _mqm_rows(cid: str, records: list[Row], rows: dict[str, list[Any]]) -> None:
    """The mqm and mqm_errors rows of one campaign, as tuples in ``COLUMNS`` order (most rows by
    far: a tuple is a third of a dict's memory, and pandas reads tuples faster)."""
    scores, errors = rows["mqm"], rows["mqm_errors"]
    for row in records:
        d = row.data
        base = (cid, d.get("system"), d.get("pair"), d.get("paragraph"), d.get("annotator"))
        spans = d["errors"]
        scores.append(base + (d.get("sentences"), len(spans), row.file, row.line))
        for e in spans:
            errors.append(
                base
                + (
                    e["start"],
                    e["end"],
                    e.get("category", ""),
                    e.get("subcategory", ""),
                    e.get("severity", ""),
                    bool(e.get("non_translation", False)),
                    e.get("comment", ""),
                    e.get("link", ""),
                    e.get("side", "target"),
                    e.get("source_start"),
                    e.get("source_end"),
                )
            )


def _judgment_rows(scheme: str, row: Row) -> Iterator[tuple[str, dict[str, Any]]]:
    d = row.data
    base = {k: d.get(k) for k in ("system", "pair", "paragraph", "annotator")}
    if scheme == "free":
        for s in d["spans"]:
            yield (
                "free_spans",
                {
                    **base,
                    "start": s["start"],
                    "end": s["end"],
                    "polarity": s["polarity"],
                    "comment": s.get("comment", ""),
                },
            )
    elif scheme == "sqm":
        yield "sqm", {**base, "score": float(d["score"]), "comment": d.get("comment", "")}
    elif scheme == "esa":
        yield "esa", {**base, "score": float(d["score"]), "errors": len(d["errors"])}
        for e in d["errors"]:
            yield "esa_spans", {**base, **esa_span(e)}
    elif scheme == "bws":
        yield (
            "bws",
            {k: d.get(k) for k in ("pair", "paragraph", "annotator", "best", "worst")}
            | {"systems": tuple(d["systems"]), "comment": d.get("comment", "")},
        )
    elif scheme == "pairwise":
        yield (
            "pairwise",
            {k: d.get(k) for k in ("pair", "paragraph", "annotator", "a", "b", "preference")}
            | {"comment": d.get("comment", "")},
        )
    elif scheme == "creativity":
        for u in d["ucps"]:
            yield (
                "ucps",
                {
                    **base,
                    "ucp": u["id"],
                    "ucp_class": u["class"],
                    **{k: u.get(k) for k in ("source_start", "source_end", "start", "end")},
                    "source_text": u.get("source_text", ""),
                    "target_text": u.get("target_text", ""),
                    "cultural": bool(u.get("cultural", False)),
                    "comment": u.get("comment", ""),
                },
            )
        for k in d.get("kudos", []):
            yield (
                "kudos",
                {
                    **base,
                    "start": k["start"],
                    "end": k["end"],
                    "points": float(k.get("points", 1)),
                    "comment": k.get("comment", ""),
                },
            )
    elif scheme == "ruler":
        for criterion, score in d["scores"].items():
            yield "ruler", {**base, "criterion": criterion, "score": float(score)}
    elif scheme == "verse":
        for a in d["answers"]:
            yield (
                "verse",
                {
                    **base,
                    "question": a["question"],
                    "category": a["category"],
                    "answer": int(a["answer"]),
                },
            )
    elif scheme == "score":
        # a released human score without spans: one per-translation score, like a metric's,
        # kept apart by its campaign's scheme (never shown as an automatic metric)
        yield (
            "metric_scores",
            {
                "system": d["system"],
                "pair": d["pair"],
                "paragraph": d.get("paragraph"),
                "level": "segment" if "paragraph" in d else "system",
                "score": float(d["score"]),
                "error": "",
                "raw": "",
                "work": d.get("work", ""),
                "screen": "",
            },
        )
    elif scheme == "metric":
        level = d.get("level", "segment")
        yield (
            "metric_scores",
            {
                "system": d["system"],
                "pair": d["pair"],
                "paragraph": d.get("paragraph"),
                "level": level,
                "score": d["score"],
                "error": d.get("error", ""),
                "raw": d.get("raw", ""),
                "work": d.get("work", ""),
                # text addressed to an LLM judge (scoring/llm/screen.py): kept, shown as a mark
                "screen": d.get("screen", ""),
            },
        )
        for s in d.get("spans", []):
            yield (
                "metric_spans",
                {
                    "system": d["system"],
                    "pair": d["pair"],
                    "paragraph": d.get("paragraph"),
                    **_span(s),
                },
            )


def _span(e: dict[str, Any]) -> dict[str, Any]:
    return {
        "start": e["start"],
        "end": e["end"],
        "category": e.get("category", ""),
        "subcategory": e.get("subcategory", ""),
        "severity": e.get("severity", ""),
        "comment": e.get("comment", ""),
    }


def esa_span(e: dict[str, Any]) -> dict[str, Any]:
    """One ESA span's row: its offsets, severity and whether its position is known."""
    return {
        "start": e["start"],
        "end": e["end"],
        "severity": e["severity"],
        "position": e.get("position", "known"),
        "error_type": e.get("error_type", ""),
        "comment": e.get("comment", ""),
    }
