"""What every LLM judge provides: requests per segment (in stages) and a metric record.

A judge never talks to the endpoint: it builds ``Request``s from a ``Segment`` and turns
answers into one metric record (generator/litboard/load/schemas/metric.json). Multi-step judges
(VERSE) use ``stages``: stage N's requests may depend on the answers of stages < N.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from typing import Any

from ..base import Segment
from ..settings import ScoreSettings
from .cache import Answer, Request
from .endpoint import public_url
from .templates import language, load

ANSWER_TAG = re.compile(r"<\s*(\d+)\s*>")


class Judge(ABC):
    key: str = ""  # metric name on the command line, e.g. gemba-mqm-literary
    name: str = ""  # display name, e.g. GEMBA-MQM (Literary)
    prompts: tuple[str, ...] = ()  # prompt ids (file names without .txt)
    higher_is_better: bool = True
    minimum: float | None = None
    maximum: float | None = None
    stages: int = 1

    def applies(self, pair: str) -> bool:
        return True

    @abstractmethod
    def requests(
        self, seg: Segment, stage: int, answers: dict[str, Answer], settings: ScoreSettings
    ) -> list[Request]:
        """Requests of one stage; may return [] when an earlier stage failed."""

    @abstractmethod
    def record(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> dict[str, Any] | None:
        """The metric record, or None while some answer is still missing."""

    def prompt_sha256(self) -> str:
        if len(self.prompts) == 1:
            return load(self.prompts[0]).sha256
        joined = "\n".join(load(p).sha256 for p in self.prompts)
        return hashlib.sha256(joined.encode("ascii")).hexdigest()

    def campaign(self, campaign_id: str, settings: ScoreSettings) -> dict[str, Any]:
        metric: dict[str, Any] = {"name": self.name, "higher_is_better": self.higher_is_better}
        if self.minimum is not None:
            metric["min"] = self.minimum
        if self.maximum is not None:
            metric["max"] = self.maximum
        metric["signature"] = (
            f"judge:{settings.model}|prompt:{'+'.join(self.prompts)}|"
            f"sha256:{self.prompt_sha256()[:12]}|temperature:{settings.temperature:g}"
        )
        return {
            "id": campaign_id,
            "title": f"{self.name} ({settings.model})",
            "scheme": "metric",
            "description": f"LLM judge {self.name} run by litboard score.",
            "metric": metric,
            "judge": {
                "model": settings.model,
                "prompt": "+".join(self.prompts),
                "prompt_sha256": self.prompt_sha256(),
                "temperature": settings.temperature,
                "base_url": public_url(settings.base_url),
            },
        }

    def request(self, prompt: str, settings: ScoreSettings, **values: str) -> Request:
        messages = load(prompt).render(**values)
        return Request.build(settings.model, prompt, messages, settings.temperature)

    def single_answer(
        self, seg: Segment, answers: dict[str, Answer], settings: ScoreSettings
    ) -> tuple[Request, Answer] | dict[str, Any] | None:
        """For a one-request judge: (request, answer) to parse; None when it is not answered
        yet; or the failure record of a truncated or refused answer (never parsed, see checked)."""
        request = self.requests(seg, 0, answers, settings)[0]
        answer = answers.get(request.key)
        if answer is None:
            return None
        cut = checked(seg, answer, request.key)
        return cut if cut is not None else (request, answer)


def languages(pair: str) -> tuple[str, str]:
    src, tgt = pair.split("-", 1)
    return language(src), language(tgt)


def base_record(seg: Segment) -> dict[str, Any]:
    return {"system": seg.system, "pair": seg.pair, "paragraph": seg.paragraph, "level": "segment"}


def failed(seg: Segment, raw: str, key: str, why: str) -> dict[str, Any]:
    """An answer that gave no score: kept raw, with the reason, never a number."""
    return {**base_record(seg), "score": None, "error": why, "raw": raw, "request_sha256": key}


TRUNCATED = "truncated"  # first word of the ``error`` of a record whose answer was cut off
REFUSED = "refused"  # ... whose answer the model or the endpoint's filter refused


def unusable(answer: Answer) -> str:
    """Why ``answer`` must not be parsed into a score whatever its text says, or ''.

    A cut-off answer (``finish_reason: length``) may look complete ("Major:\nacc" reads as no
    error); a refusal has nothing to parse."""
    if answer.refusal:
        return f"{REFUSED}: the model refused to answer ({answer.refusal[:200]})"
    if answer.finish_reason == "content_filter":
        return (
            f"{REFUSED}: the endpoint's content filter stopped the answer (finish_reason: "
            f"content_filter)"
        )
    if answer.finish_reason == "length":
        return (
            f"{TRUNCATED}: the answer was cut off at max_tokens (finish_reason: length), so it is "
            f"not scored"
        )
    return ""


def checked(seg: Segment, answer: Answer, key: str) -> dict[str, Any] | None:
    """The failure record of an unusable answer, or None when it may be parsed."""
    why = unusable(answer)
    return failed(seg, answer.text or answer.refusal, key, why) if why else None


def kind_of(record: dict[str, Any]) -> str:
    """'' for a scored record, else truncated | refused | unparseable."""
    if record.get("score") is not None:
        return ""
    word = str(record.get("error", "")).split(":", 1)[0]
    return word if word in (TRUNCATED, REFUSED) else "unparseable"


def tagged_number(text: str, low: int, high: int) -> int | None:
    """The final answer written as <n> (paper 004 J.3); a bare number alone is accepted too."""
    found = {int(m) for m in ANSWER_TAG.findall(text)}
    if not found:
        bare = text.strip().strip(".").strip()
        found = {int(bare)} if bare.isdigit() else set()
    if len(found) != 1:
        return None
    value = found.pop()
    return value if low <= value <= high else None
