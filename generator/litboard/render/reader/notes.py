"""Judgments of a paragraph that are not spans: SQM ratings, BWS tuples, pairwise preferences,
RULER and VERSE scores and their comments and questions, and the raw answer or error an
automatic metric / LLM judge stored. The reader's span layers show the rest; this is the list
under the translations, so every stored text field reaches a page (escaped by the template)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pandas as pd

from ...analysis.rounding import stated
from ...model import Corpus

RAW_LIMIT = 2000  # characters of a stored raw LLM answer shown; the data file keeps all of it


@dataclass(frozen=True)
class NoteTable:
    title: str
    headers: list[str]
    rows: list[list[str]]


def _text(value: Any) -> str:
    """A stored value as text; a float at the stated precision (``analysis.rounding.stated``)."""
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    return str(stated(value)) if isinstance(value, float) else str(value)


def _raw(value: Any) -> str:
    text = _text(value)
    return (
        text
        if len(text) <= RAW_LIMIT
        else text[:RAW_LIMIT] + f" … ({len(text):,} characters in the data file)"
    )


Row = Callable[[dict[str, Any]], list[str]]


def _preferred(r: dict[str, Any], name: Callable[[str, str], str]) -> str:
    """'A (<system name>)', 'B (...)' or 'tie'."""
    side = _text(r["preference"])
    if side not in ("a", "b"):
        return side
    return f"{side.upper()} ({name(r[side], r[side])})"


def paragraph_notes(corpus: Corpus) -> dict[str, list[NoteTable]]:
    """paragraph id -> its tables, in a fixed order; a paragraph without such judgments has none."""
    t = corpus.tables
    titles = {c: _text(d.get("title", c)) for c, d in corpus.campaigns.items()}
    name = {s: _text(c.get("name", s)) for s, c in corpus.systems.items()}.get
    specs: list[tuple[str, pd.DataFrame, list[str], Row]] = [
        (
            "SQM ratings (0-6)",
            t["sqm"],
            ["campaign", "system", "annotator", "score", "comment"],
            lambda r: [
                r["campaign"],
                name(r["system"], r["system"]),
                r["annotator"],
                _text(r["score"]),
                _text(r["comment"]),
            ],
        ),
        (
            "Best-worst scaling",
            t["bws"],
            ["campaign", "annotator", "shown", "best", "worst", "comment"],
            lambda r: [
                r["campaign"],
                r["annotator"],
                ", ".join(name(s, s) for s in r["systems"]),
                name(r["best"], r["best"]),
                name(r["worst"], r["worst"]),
                _text(r["comment"]),
            ],
        ),
        (
            "Pairwise preferences",
            t["pairwise"],
            ["campaign", "annotator", "A", "B", "preferred", "comment"],
            lambda r: [
                r["campaign"],
                r["annotator"],
                name(r["a"], r["a"]),
                name(r["b"], r["b"]),
                _preferred(r, name),
                _text(r["comment"]),
            ],
        ),
        (
            "RULER rubric scores (1-5)",
            t["ruler"],
            ["campaign", "system", "annotator", "criterion", "score"],
            lambda r: [
                r["campaign"],
                name(r["system"], r["system"]),
                r["annotator"],
                r["criterion"],
                _text(r["score"]),
            ],
        ),
        (
            "VERSE questions and answers (1-3)",
            t["verse"],
            ["campaign", "system", "annotator", "question", "category", "answer"],
            lambda r: [
                r["campaign"],
                name(r["system"], r["system"]),
                r["annotator"],
                _text(r["question"]),
                _text(r["category"]),
                _text(r["answer"]),
            ],
        ),
        (
            "Automatic scores: stored answers and errors",
            _with_text(t["metric_scores"]),
            ["campaign", "system", "score", "error", "raw answer"],
            lambda r: [
                r["campaign"],
                name(r["system"], r["system"]),
                _text(r["score"]),
                _text(r["error"]),
                _raw(r["raw"]),
            ],
        ),
    ]
    notes: dict[str, list[NoteTable]] = {}
    for title, frame, headers, row in specs:
        if frame.empty:
            continue
        ordered = frame.sort_values(
            [c for c in ("campaign", "pair", "system", "annotator") if c in frame], kind="stable"
        )
        for paragraph, group in ordered.groupby("paragraph", sort=False):
            rows = [
                [
                    f"{titles.get(r['campaign'], r['campaign'])}" if i == 0 else v
                    for i, v in enumerate(row(r))
                ]
                for r in group.to_dict("records")
            ]
            notes.setdefault(str(paragraph), []).append(NoteTable(title, headers, rows))
    return notes


def _with_text(metric: pd.DataFrame) -> pd.DataFrame:
    """Segment scores that carry a raw answer or an error (most carry neither)."""
    if metric.empty:
        return metric
    has = (metric["error"].fillna("").astype(str) != "") | (
        metric["raw"].fillna("").astype(str) != ""
    )
    return metric[has & (metric["level"] == "segment") & metric["paragraph"].notna()]
