"""Chat completions against any OpenAI-compatible endpoint (openai imported lazily).

``send`` returns the raw ``Reply`` (body as received); parsing is the runner's next step,
after the body is journaled. Errors are sorted into ``Transient`` (429, 5xx, timeouts,
connection errors: retry) and ``Permanent`` (anything else, e.g. 400/401/404: report, do not
retry). A timeout is marked ``spent``: the server may still be generating (and billing) the
answer. Retries are the runner's job, so the openai client's own retries are switched off.

Every request carries an idempotency header (``Idempotency-Key`` unless configured otherwise)
whose value is derived from the request body alone: a request resent after a retry or a
``kill -9`` carries the same key, so an endpoint that honours such keys answers it once.

Credentials in ``base_url`` (``user:pass@`` or a query token) are used to connect and never
leave this module: replies carry the endpoint's host only (endpoint.py).
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any

from ...errors import DataError, Problem
from ..settings import ScoreSettings
from . import endpoint
from .reply import Reply
from .request import Request, canonical

HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP token (RFC 9110)


class Transient(Exception):
    def __init__(self, message: str, retry_after: float | None = None, spent: bool = False) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.spent = spent  # the request may have been billed (a timeout)


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
                raise DataError(
                    [
                        Problem(
                            "settings",
                            0,
                            "openai",
                            "the openai package is not installed",
                            "pip install openai",
                        )
                    ]
                ) from exc
            base, query = endpoint.connection(self.settings.base_url)
            self._client = openai.OpenAI(
                base_url=base,
                api_key=api_key(self.settings),
                max_retries=0,
                timeout=self.settings.timeout,
                default_query=query or None,
            )
        return self._client

    def check(self) -> None:
        name = self.settings.idempotency_header
        if name and not HEADER_NAME.fullmatch(name):
            raise DataError(
                [
                    Problem(
                        "settings",
                        0,
                        "idempotency_header",
                        f"{name!r} is not an HTTP header name",
                        "use letters, digits and dashes, e.g. Idempotency-Key, or '' for none",
                    )
                ]
            )
        self._get()

    def headers(self, request: Request) -> dict[str, str]:
        """The idempotency header: the same key for the same request body, in this run or after a
        crash."""
        name = self.settings.idempotency_header
        return {name: idempotency_key(request, self.settings.max_tokens)} if name else {}

    def send(self, request: Request) -> Reply:
        import openai

        client = self._get()
        try:
            raw = client.chat.completions.with_raw_response.create(
                model=request.model,
                messages=request.message_list(),
                temperature=request.temperature,
                max_tokens=self.settings.max_tokens,
                extra_headers=self.headers(request),
            )
            body = raw.text
        except openai.APITimeoutError as exc:
            raise Transient(f"timed out after {self.settings.timeout:g} s", spent=True) from exc
        except openai.APIConnectionError as exc:
            raise Transient(f"{type(exc).__name__}: {exc}") from exc
        except openai.APIStatusError as exc:
            if exc.status_code == 429 or exc.status_code >= 500:
                raise Transient(
                    f"HTTP {exc.status_code}", retry_after(exc.response.headers)
                ) from exc
            raise Permanent(f"HTTP {exc.status_code}: {exc.message}") from exc
        except openai.OpenAIError as exc:
            raise Permanent(f"{type(exc).__name__}: {exc}") from exc
        return Reply(
            body=body,
            endpoint=endpoint.host(self.settings.base_url),
            received=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            request_id=str(raw.headers.get("x-request-id") or ""),
            max_tokens=self.settings.max_tokens,
        )


def idempotency_key(request: Request, max_tokens: int) -> str:
    """``litboard-`` + SHA-256 of the request's key and ``max_tokens`` (everything the body
    holds)."""
    body = canonical({"request_sha256": request.key, "max_tokens": max_tokens})
    return "litboard-" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def api_key(settings: ScoreSettings) -> str:
    if not settings.api_key_env:
        return "none"
    value = os.environ.get(settings.api_key_env, "")
    if not value:
        raise DataError(
            [
                Problem(
                    "settings",
                    0,
                    "api_key_env",
                    f"the environment variable {settings.api_key_env} is not set",
                    f"export {settings.api_key_env}=<key>, or set api_key_env to '' "
                    "for an endpoint without keys",
                )
            ]
        )
    return value


def retry_after(headers: Any) -> float | None:
    """Seconds the server asks to wait: ``retry-after-ms``, or ``retry-after`` (seconds or an HTTP
    date)."""
    try:
        millis = headers.get("retry-after-ms")
        if millis is not None:
            return max(0.0, float(millis) / 1000)
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (AttributeError, TypeError, ValueError, IndexError):
        return None
