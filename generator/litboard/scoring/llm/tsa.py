"""TSA (paper 003 App. F): a JSON answer whose translation carries <vN>...</vN> tags -> spans.

Tags are parsed with ``litboard.spans.tags.parse_tags``; ``errors[N]`` gives tag vN's
severity and category. If the model echoes the translation with small changes, offsets are
mapped back with ``litboard.spans.align.offset_map``; a very different echo is an error.
Score = -(25 critical + 5 major + 1 minor), uncapped (MQM weights; paper 003 reports
error counts, not a score).
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from ...spans.align import offset_map
from ...spans.tags import TagError, parse_tags
from ..base import Segment
from ..settings import ScoreSettings
from .cache import Answer, Request
from .gemba import MAIN, WEIGHTS
from .judge import Judge, base_record, failed

MIN_SIMILARITY = 0.9
NONE = "(none)"


def parse(answer: str, translation: str) -> tuple[list[dict[str, Any]], str]:
    """(spans on the translation, error message or '')."""
    start, end = answer.find("{"), answer.rfind("}")
    if start < 0 or end < start:
        return [], "no JSON object in the answer"
    try:
        data = json.loads(answer[start : end + 1])
        annotated, errors = str(data["annotated_translation"]), list(data["errors"])
    except (ValueError, KeyError, TypeError) as exc:
        return [], f"the JSON answer is malformed ({type(exc).__name__}: {exc})"
    try:
        text, tagged = parse_tags(annotated, indexed=True)
    except TagError as exc:
        return [], f"bad tags: {exc}"
    if difflib.SequenceMatcher(None, text, translation, autojunk=False).ratio() < MIN_SIMILARITY:
        return [], "the annotated translation differs from the translation"
    to_translation = offset_map(text, translation)
    spans = []
    for tag in tagged:
        if tag.index is None or tag.index >= len(errors) or not isinstance(errors[tag.index], dict):
            return [], f"tag v{tag.index} has no entry in 'errors'"
        entry = errors[tag.index]
        severity = str(entry.get("severity", "")).strip().lower()
        if severity not in WEIGHTS:
            return [], f"tag v{tag.index} has severity {entry.get('severity')!r}"
        main, _, sub = str(entry.get("category", "")).strip().partition("/")
        span: dict[str, Any] = {
            "start": to_translation(tag.start, False),
            "end": to_translation(tag.end, True),
            "category": MAIN.get(main.lower(), main.strip().capitalize() or "Other"),
            "severity": severity,
        }
        if sub.strip():
            span["subcategory"] = sub.strip()[:1].upper() + sub.strip()[1:]
        spans.append(span)
    return spans, ""


def score(spans: list[dict[str, Any]]) -> float:
    return -float(sum(WEIGHTS[s["severity"]] for s in spans))


class TSA(Judge):
    key, name, prompts = "tsa", "TSA error spans", ("tsa.v1",)
    maximum = 0.0

    def requests(
        self, seg: Segment, stage: int, answers: dict[str, Answer], settings: ScoreSettings
    ) -> list[Request]:
        return [
            self.request(
                self.prompts[0],
                settings,
                prev_source=seg.prev_source or NONE,
                prev_translation=seg.prev_text or NONE,
                next_source=seg.next_source or NONE,
                next_translation=seg.next_text or NONE,
                source=seg.source,
                translation=seg.text,
            )
        ]

    def record(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> dict[str, Any] | None:
        got = self.single_answer(seg, answers, settings)
        if not isinstance(got, tuple):
            return got
        request, answer = got
        spans, error = parse(answer.text, seg.text)
        if error:
            return failed(seg, answer.text, request.key, error)
        return {
            **base_record(seg),
            "score": score(spans),
            "spans": spans,
            "raw": answer.text,
            "request_sha256": request.key,
        }
