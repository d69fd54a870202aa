"""An endpoint's raw reply (journaled before anything reads it) and its parsing into an ``Answer``.

The runner journals the reply body exactly as received, then parses it here. A reply that is
not a usable chat completion (truncated JSON, no choices, no text) raises ``BadReply``: that
request is reported as failed, and the run goes on. A completion that is a refusal (no text,
``message.refusal`` set) or has no ``usage`` is an ``Answer``: the judge records the refusal
as a failure, and the budget charges an upper bound for the missing usage.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .request import Answer, Request


class BadReply(Exception):
    """An HTTP 200 whose body is not a usable chat completion."""


@dataclass(frozen=True)
class Reply:
    body: str  # the HTTP body, as received
    endpoint: str  # host[:port] of the endpoint, no credentials
    received: str  # UTC time the body arrived, ISO 8601
    request_id: str = ""  # the x-request-id header, when the server sent one
    max_tokens: int | None = None  # the max_tokens the request was sent with


def parse(request: Request, reply: Reply) -> Answer:
    """The answer in ``reply``; ``BadReply`` names what is wrong with it."""
    try:
        data = json.loads(reply.body)
    except ValueError as exc:
        raise BadReply(
            f"the reply is not valid JSON ({exc}); {len(reply.body)} characters received"
        ) from exc
    if not isinstance(data, dict):
        raise BadReply("the reply is not a JSON object")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise BadReply("the reply has no choices")
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    refusal = message.get("refusal") if isinstance(message, dict) else None
    refusal = refusal.strip() if isinstance(refusal, str) else ""
    if not isinstance(content, str):
        if not refusal:
            raise BadReply("the reply's first choice has no text content")
        content = ""  # a refusal: kept (it was paid for) and recorded as a failure by the judge
    usage = given if isinstance(given := data.get("usage"), dict) else {}
    prompt, completion = _count(usage, "prompt_tokens"), _count(usage, "completion_tokens")
    return Answer(
        key=request.key,
        text=content,
        prompt_tokens=prompt or 0,
        completion_tokens=completion or 0,
        finish_reason=str(choices[0].get("finish_reason") or ""),
        served_model=str(data.get("model") or ""),
        response_id=_response_id(data, reply),
        usage_reported=prompt is not None and completion is not None,
        refusal=refusal,
        max_tokens=reply.max_tokens,
    )


def _count(usage: dict[str, Any], name: str) -> int | None:
    """The count the endpoint reported, or None when it gave none (the budget then charges a
    bound)."""
    value = usage.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadReply(f"the reply's usage.{name} is not a count: {value!r}")
    return value


def _response_id(data: dict[str, Any], reply: Reply) -> str:
    """The completion id, else the x-request-id header, else a digest of the body (named as
    such)."""
    value = data.get("id")
    if isinstance(value, str) and value.strip():
        return value.strip()
    if reply.request_id:
        return f"x-request-id:{reply.request_id}"
    return "body-sha256:" + hashlib.sha256(reply.body.encode("utf-8")).hexdigest()[:32]
