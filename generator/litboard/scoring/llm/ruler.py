"""RULER (paper 004 Step 1): one 1-5 grade per translation and rubric criterion (App. C, J.3).

Each criterion is its own metric campaign (one request, one score per record). The
honorifics criterion is written for Korean and only applies to Korean targets. The human
translation (a reference) is shown when one exists, as in the paper's main setting.
"""

from __future__ import annotations

from typing import Any

from ..base import Segment
from ..settings import ScoreSettings
from .cache import Answer, Request
from .judge import Judge, base_record, failed, languages, tagged_number
from .templates import fill, load

CRITERIA = {
    "lexical-choices": ("Lexical Choices", "rubric_lexical_choices"),
    "honorifics": ("Proper Use of Honorifics in Dialogues", "rubric_honorifics"),
    "syntax-grammar": ("Syntax and Grammar", "rubric_syntax_grammar"),
    "content-accuracy": ("Content Accuracy", "rubric_content_accuracy"),
}
PROMPT = "ruler.v1"


def parse(answer: str) -> tuple[int | None, str]:
    value = tagged_number(answer, 1, 5)
    return (
        (value, "")
        if value is not None
        else (None, "no single final answer <1>..<5> in the answer")
    )


class Ruler(Judge):
    prompts = (PROMPT,)
    minimum, maximum = 1.0, 5.0

    def __init__(self, criterion: str) -> None:
        self.criterion = criterion
        self.key = f"ruler-{criterion}"
        self.name = f"RULER {CRITERIA[criterion][0]}"

    def applies(self, pair: str) -> bool:
        return self.criterion != "honorifics" or pair.endswith("-ko")

    def requests(
        self, seg: Segment, stage: int, answers: dict[str, Answer], settings: ScoreSettings
    ) -> list[Request]:
        template = load(PROMPT)
        src, tgt = languages(seg.pair)
        reference = ""
        if seg.references:
            reference = (
                fill(template.block("reference"), {"reference": seg.references[0]}, PROMPT) + "\n\n"
            )
        return [
            self.request(
                PROMPT,
                settings,
                source_lang=src,
                target_lang=tgt,
                criterion=template.block(CRITERIA[self.criterion][1]),
                original=seg.source,
                translation=seg.text,
                reference_section=reference,
            )
        ]

    def record(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> dict[str, Any] | None:
        got = self.single_answer(seg, answers, settings)
        if not isinstance(got, tuple):
            return got
        request, answer = got
        value, error = parse(answer.text)
        if error:
            return failed(seg, answer.text, request.key, error)
        return {
            **base_record(seg),
            "score": float(value or 0),
            "raw": answer.text,
            "request_sha256": request.key,
        }
