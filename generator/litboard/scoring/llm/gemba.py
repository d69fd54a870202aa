"""GEMBA-MQM (Original and Literary, paper 000 Table 11): parse answers into errors and score them.

An answer lists errors under ``Critical:``, ``Major:`` and ``Minor:`` headers, one per line
or run together on one line, as ``category/subcategory (note) - "span"``; ``no-error``
means none. Score = -(25 critical + 5 major + 1 minor), capped at -25 as GEMBA-MQM does.
An answer without any header is unparseable: stored raw with an error, never a score.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..base import Segment
from ..settings import ScoreSettings
from .cache import Answer, Request
from .judge import Judge, base_record, failed, languages

WEIGHTS = {"critical": 25, "major": 5, "minor": 1}
FLOOR = -25.0
HEADER = re.compile(r"\b(critical|major|minor)\s*:", re.I)
ENTRY = re.compile(
    r"(?P<cat>[A-Za-z][A-Za-z \-]*(?:/[A-Za-z][A-Za-z \-]*)?)\s*"
    r"(?:\((?P<note>[^)]*)\))?\s*-\s*\"(?P<span>[^\"]*)\""
)
BARE = re.compile(
    r"^\s*(?P<cat>[A-Za-z][A-Za-z \-]*/[A-Za-z][A-Za-z \-]*)\s*(?:\((?P<note>[^)]*)\))?\s*$", re.M
)
NO_ERROR = re.compile(r"\bno[- ]error\b", re.I)
MAIN = {
    "accuracy": "Accuracy",
    "fluency": "Fluency",
    "style": "Style",
    "terminology": "Terminology",
    "non-translation": "Non-translation",
    "other": "Others",
    "locale convention": "Locale convention",
}


@dataclass(frozen=True)
class GembaError:
    severity: str  # critical | major | minor
    category: str  # e.g. accuracy/mistranslation
    note: str  # e.g. Too-literal
    text: str | None  # the quoted span, when given


@dataclass
class Parsed:
    errors: list[GembaError]
    error: str = ""

    @property
    def score(self) -> float | None:
        return None if self.error else score(self.errors)


def parse(answer: str) -> Parsed:
    headers = list(HEADER.finditer(answer))
    if not headers:
        return Parsed([], "no 'Critical:', 'Major:' or 'Minor:' section in the answer")
    errors: list[GembaError] = []
    for head, nxt in zip(headers, headers[1:] + [None]):
        severity = head.group(1).lower()
        section = NO_ERROR.sub(" ", answer[head.end() : nxt.start() if nxt else len(answer)])
        for m in ENTRY.finditer(section):
            errors.append(
                GembaError(
                    severity,
                    _clean(m.group("cat")),
                    (m.group("note") or "").strip(),
                    m.group("span"),
                )
            )
        rest = ENTRY.sub(" ", section)
        for m in BARE.finditer(rest):
            errors.append(
                GembaError(severity, _clean(m.group("cat")), (m.group("note") or "").strip(), None)
            )
    return Parsed(errors)


def score(errors: list[GembaError]) -> float:
    return max(FLOOR, -float(sum(WEIGHTS[e.severity] for e in errors)))


def spans(errors: list[GembaError], translation: str) -> list[dict[str, Any]]:
    """Errors whose quoted text occurs in the translation, as code-point spans (first
    occurrence)."""
    out = []
    for e in errors:
        if not e.text:
            continue
        start = translation.find(e.text)
        if start < 0:
            continue
        main, _, sub = e.category.partition("/")
        span: dict[str, Any] = {
            "start": start,
            "end": start + len(e.text),
            "category": MAIN.get(main, main.capitalize()),
            "severity": e.severity,
        }
        if sub:
            span["subcategory"] = sub[:1].upper() + sub[1:]
        if main == "non-translation":
            span["non_translation"] = True
        if e.note:
            span["comment"] = e.note
        out.append(span)
    return out


def _clean(category: str) -> str:
    return re.sub(r"\s+", " ", category.strip().lower())


class Gemba(Judge):
    minimum, maximum = FLOOR, 0.0

    def __init__(self, variant: str) -> None:
        self.key = f"gemba-mqm-{variant}"
        self.name = f"GEMBA-MQM ({variant.capitalize()})"
        self.prompts = (f"gemba_mqm_{variant}.v1",)

    def requests(
        self, seg: Segment, stage: int, answers: dict[str, Answer], settings: ScoreSettings
    ) -> list[Request]:
        src, tgt = languages(seg.pair)
        return [
            self.request(
                self.prompts[0],
                settings,
                source_lang=src,
                target_lang=tgt,
                source_seg=seg.source,
                target_seg=seg.text,
            )
        ]

    def record(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> dict[str, Any] | None:
        got = self.single_answer(seg, answers, settings)
        if not isinstance(got, tuple):
            return got
        request, answer = got
        parsed = parse(answer.text)
        if parsed.error:
            return failed(seg, answer.text, request.key, parsed.error)
        return {
            **base_record(seg),
            "score": parsed.score,
            "spans": spans(parsed.errors, seg.text),
            "raw": answer.text,
            "request_sha256": request.key,
        }
