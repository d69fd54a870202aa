"""A chat-completions request (content-addressed) and the answer parsed from its reply.

Key = sha256 of the canonical JSON of (model, prompt id + version, messages, temperature):
the cache file name, and ``request_sha256`` in every LLM-judge record.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def request_key(model: str, prompt: str, messages: list[dict[str, str]], temperature: float) -> str:
    payload = {"model": model, "prompt": prompt, "messages": messages, "temperature": temperature}
    return hashlib.sha256(canonical(payload).encode("utf-8")).hexdigest()


def prompt_sha256(prompt: str) -> str:
    """SHA-256 of the prompt file's body (templates.py); '' for a prompt id with no file."""
    from .templates import load

    try:
        return load(prompt).sha256
    except (OSError, ValueError):
        return ""


@dataclass(frozen=True)
class Request:
    """One chat-completions request; ``key`` is its content hash (and cache file name)."""

    model: str
    prompt: str  # prompt id and version, e.g. gemba_mqm_literary.v1
    messages: tuple[tuple[str, str], ...]
    temperature: float = 0.0

    @property
    def key(self) -> str:
        return request_key(self.model, self.prompt, self.message_list(), self.temperature)

    def message_list(self) -> list[dict[str, str]]:
        return [{"role": role, "content": content} for role, content in self.messages]

    @classmethod
    def build(
        cls, model: str, prompt: str, messages: list[dict[str, str]], temperature: float
    ) -> "Request":
        return cls(model, prompt, tuple((m["role"], m["content"]) for m in messages), temperature)


@dataclass
class Answer:
    key: str
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str = ""
    served_model: str = ""
    response_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    usage_reported: bool = True  # False: the reply had no usage (the budget charged a bound)
    # the model's refusal message (OpenAI ``message.refusal``), if any
    refusal: str = ""
    max_tokens: int | None = None  # the max_tokens it was asked with (None: not recorded)
