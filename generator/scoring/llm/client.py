"""Chat completions against any OpenAI-compatible endpoint (openai imported lazily).

Errors are sorted into ``Transient`` (429, 5xx, timeouts, connection errors: retry) and
``Permanent`` (anything else, e.g. 400/401/404: report, do not retry). Retries are the
runner's job, so the openai client's own retries are switched off.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ...errors import DataError, Problem
from ..settings import ScoreSettings
from .cache import Answer, Request


class Transient(Exception):
    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Permanent(Exception):
    pass


@dataclass
class ChatClient:
    settings: ScoreSettings
    _client: Any = None

    def _get(self) -> Any:
        if self._client is None:
            try:
                import openai
            except ImportError as exc:  # pragma: no cover - openai is a core dependency
                raise DataError([Problem("settings", 0, "openai", "the openai package is not installed",
                                         "pip install openai")]) from exc
            self._client = openai.OpenAI(base_url=self.settings.base_url, api_key=api_key(self.settings),
                                         max_retries=0, timeout=self.settings.timeout)
        return self._client

    def check(self) -> None:
        self._get()

    def complete(self, request: Request) -> Answer:
        import openai

        client = self._get()
        try:
            response = client.chat.completions.create(
                model=request.model, messages=request.message_list(),
                temperature=request.temperature, max_tokens=self.settings.max_tokens)
        except (openai.APITimeoutError, openai.APIConnectionError) as exc:
            raise Transient(f"{type(exc).__name__}: {exc}") from exc
        except openai.APIStatusError as exc:
            if exc.status_code == 429 or exc.status_code >= 500:
                raise Transient(f"HTTP {exc.status_code}", _retry_after(exc)) from exc
            raise Permanent(f"HTTP {exc.status_code}: {exc.message}") from exc
        if not response.choices:
            raise Permanent("the answer has no choices")
        choice = response.choices[0]
        usage = response.usage
        return Answer(key=request.key, text=choice.message.content or "",
                      prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
                      completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
                      finish_reason=str(choice.finish_reason or ""), served_model=str(response.model or ""))


def api_key(settings: ScoreSettings) -> str:
    if not settings.api_key_env:
        return "none"
    value = os.environ.get(settings.api_key_env, "")
    if not value:
        raise DataError([Problem("settings", 0, "api_key_env",
                                 f"the environment variable {settings.api_key_env} is not set",
                                 f"export {settings.api_key_env}=<key>, or set api_key_env to '' "
                                 "for an endpoint without keys")])
    return value


def _retry_after(exc: Any) -> float | None:
    try:
        value = exc.response.headers.get("retry-after")
        return float(value) if value is not None else None
    except (AttributeError, ValueError):
        return None
