"""VERSE (paper 004 Step 2): story-specific questions per paragraph, each answered 1-3.

Stage 0 generates the questions for a source paragraph (App. J.1), stage 1 classifies
them into the nine categories (App. J.2, H.1.1), stage 2 answers each question for each
translation (App. D rubric). Stages 0-1 are shared by every system (same request, same
cache entry). The record's score is the mean answer; ``raw`` holds every question,
category, answer and request hash as JSON.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from typing import Any

from ..base import Segment, round_score
from ..settings import ScoreSettings
from .cache import Answer, Request
from .judge import Judge, base_record, checked, languages, tagged_number, unusable

CATEGORIES = (
    "Historical and Cultural Context",
    "Imagery and Descriptive Quality",
    "Character Voice, Tone, and Individuality",
    "Interpersonal Communication and Hierarchy",
    "Linguistic and Idiomatic Naturalness",
    "Nuanced Interpretation including Subtle Implications",
    "Narrative Pacing and Rhythm",
    "Affective and Stylistic Resonance",
    "Overall Consistency and Cohesion",
)
BULLET = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)]|\(\d+\))\s+")


def parse_questions(answer: str) -> list[str]:
    """The criteria the model listed: bulleted or numbered lines, else every non-empty line."""
    lines = [line.strip() for line in answer.splitlines() if line.strip()]
    marked = [BULLET.sub("", line).strip() for line in lines if BULLET.match(line)]
    items = marked if marked else lines
    return [
        q.strip("*").strip() for q in items if q.strip("*").strip() and not q.rstrip().endswith(":")
    ]


def parse_categories(answer: str, count: int) -> list[str] | None:
    """The Python list of categories (J.2), or None when it is not one valid category per
    question."""
    start, end = answer.find("["), answer.rfind("]")
    if start < 0 or end < start:
        return None
    try:
        value = ast.literal_eval(answer[start : end + 1])
    except (ValueError, SyntaxError):
        return None
    if (
        not isinstance(value, list)
        or len(value) != count
        or any(v not in CATEGORIES for v in value)
    ):
        return None
    return [str(v) for v in value]


def parse_answer(answer: str) -> int | None:
    return tagged_number(answer, 1, 3)


class Verse(Judge):
    key, name = "verse", "VERSE"
    prompts = ("verse_questions.v1", "verse_classify.v1", "verse_answer.v1")
    minimum, maximum, stages = 1.0, 3.0, 3

    def _questions(self, seg: Segment, settings: ScoreSettings) -> Request:
        src, tgt = languages(seg.pair)
        summary = f"{seg.title} by {seg.author}".strip() if seg.author else seg.title
        return self.request(
            self.prompts[0],
            settings,
            source_lang=src,
            target_lang=tgt,
            summary=summary or "(no summary)",
            paragraph=seg.source,
        )

    def _classify(self, questions: list[str], settings: ScoreSettings) -> Request:
        return self.request(self.prompts[1], settings, questions=repr(questions))

    def _answers(
        self, seg: Segment, questions: list[str], settings: ScoreSettings
    ) -> list[Request]:
        src, tgt = languages(seg.pair)
        return [
            self.request(
                self.prompts[2],
                settings,
                source_lang=src,
                target_lang=tgt,
                question=q,
                original=seg.source,
                translation=seg.text,
            )
            for q in questions
        ]

    def requests(
        self, seg: Segment, stage: int, answers: dict[str, Answer], settings: ScoreSettings
    ) -> list[Request]:
        first = self._questions(seg, settings)
        if stage == 0:
            return [first]
        generated = answers.get(first.key)
        questions = parse_questions(generated.text) if generated and not unusable(generated) else []
        if not questions:
            return []
        return (
            [self._classify(questions, settings)]
            if stage == 1
            else self._answers(seg, questions, settings)
        )

    def record(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> dict[str, Any] | None:
        first = self._questions(seg, settings)
        generated = answers.get(first.key)
        if generated is None:
            return None
        cut = checked(seg, generated, first.key)
        if cut is not None:
            return cut
        questions = parse_questions(generated.text)
        if not questions:
            return {
                **base_record(seg),
                "score": None,
                "error": "no questions could be read from the answer",
                "raw": generated.text,
                "request_sha256": first.key,
            }
        classify = self._classify(questions, settings)
        asked = self._answers(seg, questions, settings)
        if classify.key not in answers or any(r.key not in answers for r in asked):
            return None
        sorted_by = answers[classify.key]
        categories = (
            None if unusable(sorted_by) else parse_categories(sorted_by.text, len(questions))
        ) or [""] * len(questions)
        items = [_item(q, c, r, answers[r.key]) for q, c, r in zip(questions, categories, asked)]
        keys = [first.key, classify.key] + [r.key for r in asked]
        digest = hashlib.sha256("\n".join(keys).encode("ascii")).hexdigest()
        raw = json.dumps(
            {"questions_request": first.key, "classify_request": classify.key, "items": items},
            ensure_ascii=False,
        )
        values = [i["answer"] for i in items if i["answer"] is not None]
        if not values:
            return {
                **base_record(seg),
                "score": None,
                "error": "no answer <1>..<3> could be read",
                "raw": raw,
                "request_sha256": digest,
            }
        return {
            **base_record(seg),
            "score": round_score(sum(values) / len(values)),
            "raw": raw,
            "request_sha256": digest,
        }


def _item(question: str, category: str, request: Request, answer: Answer) -> dict[str, Any]:
    """One answered question; a cut-off or refused answer gives no value, and says why."""
    why = unusable(answer)
    item: dict[str, Any] = {
        "question": question,
        "category": category,
        "answer": None if why else parse_answer(answer.text),
        "raw": answer.text or answer.refusal,
        "request_sha256": request.key,
    }
    if why:
        item["error"] = why
    return item
