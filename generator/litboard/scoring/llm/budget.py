"""The spending cap of one ``score`` call: reserve a worst case, wait for room, charge what was
used.

Before each attempt the runner reserves the request's worst case: an upper bound of its prompt
tokens (one per UTF-8 byte, plus per-message overhead) plus ``max_tokens``. A request whose
reservation does not fit waits while other attempts are in flight (each one settles for what it
really cost, usually far less than its reservation, which makes room); it is refused only when
nothing is in flight and it still does not fit. So the run stops at the cap, never far below it
and never above it.

A settled answer costs its reported usage. An answer without ``usage`` (some endpoints omit it)
costs an upper bound instead: the prompt bound plus one token per UTF-8 byte of the answer and
``REPLY_OVERHEAD``, at most ``max_tokens``. A timeout or an unusable reply costs its whole
reservation (the server may have billed it).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field

from ..settings import ScoreSettings
from .request import Answer, Request

MESSAGE_OVERHEAD = 8  # tokens a chat format adds per message (OpenAI's is 3-4), with room to spare
REPLY_OVERHEAD = 8  # tokens priming the reply (and ending it)


def estimate_tokens(request: Request) -> int:
    """Prompt tokens, roughly (for --dry-run): 1 token per 4 characters plus 4 per message."""
    return sum(math.ceil(len(content) / 4) + 4 for _, content in request.messages)


def prompt_bound(request: Request) -> int:
    """An upper bound of the prompt's tokens: a token covers at least one UTF-8 byte."""
    return (
        sum(len(content.encode("utf-8")) + MESSAGE_OVERHEAD for _, content in request.messages)
        + REPLY_OVERHEAD
    )


def charge(request: Request, answer: Answer, settings: ScoreSettings) -> tuple[int, int]:
    """(prompt, completion) tokens to charge for ``answer``: its usage, or an upper bound without
    one."""
    if answer.usage_reported:
        return answer.prompt_tokens, answer.completion_tokens
    visible = len((answer.text + answer.refusal).encode("utf-8")) + REPLY_OVERHEAD
    return prompt_bound(request), min(settings.max_tokens, visible)


@dataclass(frozen=True)
class Reservation:
    usd: float
    tokens: int


@dataclass
class Budget:
    """Shared by every run of one ``score`` call (thread-safe)."""

    settings: ScoreSettings
    spent_usd: float = 0.0
    spent_tokens: int = 0
    reserved_usd: float = 0.0
    reserved_tokens: int = 0
    held: int = 0  # reservations outstanding (attempts in flight)
    _room: threading.Condition = field(default_factory=threading.Condition)

    def estimate(self, request: Request) -> tuple[float, int]:
        """A typical cost (dry-run estimate): rough prompt tokens + expected_output_tokens."""
        tokens_in, tokens_out = estimate_tokens(request), self.settings.expected_output_tokens
        return self.settings.cost(tokens_in, tokens_out), tokens_in + tokens_out

    def worst_case(self, request: Request) -> Reservation:
        tokens_in, tokens_out = prompt_bound(request), self.settings.max_tokens
        return Reservation(self.settings.cost(tokens_in, tokens_out), tokens_in + tokens_out)

    def _fits(self, want: Reservation) -> bool:
        s = self.settings
        if (
            s.budget_usd is not None
            and self.spent_usd + self.reserved_usd + want.usd > s.budget_usd
        ):
            return False
        return (
            s.budget_tokens is None
            or self.spent_tokens + self.reserved_tokens + want.tokens <= s.budget_tokens
        )

    def reserve(self, request: Request) -> Reservation | None:
        """Reserve the worst case of one attempt, waiting while attempts in flight may make room;
        None when nothing is in flight and it could still cross a cap."""
        want = self.worst_case(request)
        with self._room:
            while not self._fits(want):
                if self.held == 0:
                    return None
                self._room.wait()
            self.reserved_usd += want.usd
            self.reserved_tokens += want.tokens
            self.held += 1
            return want

    def settle(
        self, held: Reservation, used: tuple[int, int] | None = None, spent: bool = False
    ) -> None:
        """Release ``held``; charge ``used`` (prompt, completion) tokens, or the whole reservation
        when ``spent``, or nothing (the request was refused before any work, e.g. HTTP 400)."""
        with self._room:
            self.reserved_usd -= held.usd
            self.reserved_tokens -= held.tokens
            self.held -= 1
            if used is not None:
                self.spent_usd += self.settings.cost(*used)
                self.spent_tokens += sum(used)
            elif spent:
                self.spent_usd += held.usd
                self.spent_tokens += held.tokens
            self._room.notify_all()

    def describe(self) -> str:
        s = self.settings
        caps = [
            f"${s.budget_usd:g}" if s.budget_usd is not None else "",
            f"{s.budget_tokens} tokens" if s.budget_tokens is not None else "",
        ]
        return " / ".join(c for c in caps if c)
