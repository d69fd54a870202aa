"""Send requests with bounded concurrency, retries, a budget cap and a circuit breaker.

Threads (not asyncio): the openai client is synchronous and thread-safe. A worker journals
each reply's raw body the moment it arrives, before parsing it, so a killed run never pays
twice for an answer it received; a reply that cannot be parsed fails that request only.

The budget never lets spend cross a cap: before each attempt it reserves the request's worst
case, an upper bound of its prompt tokens (one per UTF-8 byte, plus per-message overhead) plus
``max_tokens``. A settled request costs its reported usage; a timeout or an unusable reply
costs its whole reservation (the server may have billed it). Retries wait with exponential
backoff and jitter; a server's ``Retry-After`` is a minimum (jitter only adds to it). After
``max_consecutive_failures`` failed requests in a row no more are sent.
"""

from __future__ import annotations

import math
import random
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from ..settings import ScoreSettings
from .cache import Answer, Request, ResponseCache
from .client import Permanent, Transient
from .reply import BadReply, Reply, parse

MESSAGE_OVERHEAD = 8   # tokens a chat format adds per message (OpenAI's is 3-4), with room to spare
REPLY_OVERHEAD = 8     # tokens priming the reply


class Client(Protocol):
    def send(self, request: Request) -> Reply: ...


class RequestFailed(Exception):
    """A request that gets no answer in this run (reported, never retried by this run)."""

    def __init__(self, message: str, budget: bool = False) -> None:
        super().__init__(message)
        self.budget = budget


def estimate_tokens(request: Request) -> int:
    """Prompt tokens, roughly (for --dry-run): 1 token per 4 characters plus 4 per message."""
    return sum(math.ceil(len(content) / 4) + 4 for _, content in request.messages)


def prompt_bound(request: Request) -> int:
    """An upper bound of the prompt's tokens: a token covers at least one UTF-8 byte."""
    return sum(len(content.encode("utf-8")) + MESSAGE_OVERHEAD for _, content in request.messages) \
        + REPLY_OVERHEAD


@dataclass(frozen=True)
class Reservation:
    usd: float
    tokens: int


@dataclass
class Budget:
    """Shared by every run of one ``score`` call."""

    settings: ScoreSettings
    spent_usd: float = 0.0
    spent_tokens: int = 0
    reserved_usd: float = 0.0
    reserved_tokens: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def estimate(self, request: Request) -> tuple[float, int]:
        """A typical cost (dry-run estimate): rough prompt tokens + expected_output_tokens."""
        tokens_in, tokens_out = estimate_tokens(request), self.settings.expected_output_tokens
        return self.settings.cost(tokens_in, tokens_out), tokens_in + tokens_out

    def worst_case(self, request: Request) -> Reservation:
        tokens_in, tokens_out = prompt_bound(request), self.settings.max_tokens
        return Reservation(self.settings.cost(tokens_in, tokens_out), tokens_in + tokens_out)

    def reserve(self, request: Request) -> Reservation | None:
        """Reserve the worst case of one attempt; None when it could cross a cap."""
        s, want = self.settings, self.worst_case(request)
        with self._lock:
            if s.budget_usd is not None and self.spent_usd + self.reserved_usd + want.usd > s.budget_usd:
                return None
            if s.budget_tokens is not None and \
                    self.spent_tokens + self.reserved_tokens + want.tokens > s.budget_tokens:
                return None
            self.reserved_usd += want.usd
            self.reserved_tokens += want.tokens
            return want

    def settle(self, held: Reservation, answer: Answer | None = None, spent: bool = False) -> None:
        """Release ``held``; charge the answer's usage, or the whole reservation when ``spent``."""
        with self._lock:
            self.reserved_usd -= held.usd
            self.reserved_tokens -= held.tokens
            if answer is not None:
                self.spent_usd += self.settings.cost(answer.prompt_tokens, answer.completion_tokens)
                self.spent_tokens += answer.prompt_tokens + answer.completion_tokens
            elif spent:
                self.spent_usd += held.usd
                self.spent_tokens += held.tokens

    def describe(self) -> str:
        s = self.settings
        caps = [f"${s.budget_usd:g}" if s.budget_usd is not None else "",
                f"{s.budget_tokens} tokens" if s.budget_tokens is not None else ""]
        return " / ".join(c for c in caps if c)


@dataclass
class RunReport:
    requested: int = 0
    cached: int = 0
    sent: int = 0
    retries: int = 0
    not_sent: int = 0
    refused: int = 0             # cache files not trusted (cache_check), asked again
    charged: int = 0             # attempts without an answer counted as spent (timeouts, bad replies)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    failed: dict[str, str] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)
    stopped: str = ""
    tripped: bool = False        # the circuit breaker stopped the run

    def merge(self, other: "RunReport") -> None:
        for name in ("requested", "cached", "sent", "retries", "not_sent", "refused", "charged",
                     "prompt_tokens", "completion_tokens", "cost_usd"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failed.update(other.failed)
        self.answers.update(other.answers)
        self.stopped = self.stopped or other.stopped
        self.tripped = self.tripped or other.tripped


@dataclass
class _Run:
    """One ``run``'s shared state: what the workers and the collector update."""

    client: Client
    cache: ResponseCache
    settings: ScoreSettings
    budget: Budget
    sleep: Callable[[float], None]
    report: RunReport = field(default_factory=RunReport)
    lock: threading.Lock = field(default_factory=threading.Lock)
    in_a_row: int = 0

    def count(self, name: str) -> None:
        with self.lock:
            setattr(self.report, name, getattr(self.report, name) + 1)


def run(requests: Sequence[Request], client: Client, cache: ResponseCache, settings: ScoreSettings,
        budget: Budget, sleep: Callable[[float], None] = time.sleep) -> RunReport:
    """Answer every request: from the cache when possible, else from the endpoint."""
    state = _Run(client, cache, settings, budget, sleep)
    report = state.report
    unique = list({r.key: r for r in requests}.values())
    report.requested = len(unique)
    todo = []
    refused_before = len(cache.refused.items)
    for request in unique:
        found = cache.get(request.key)
        if found is not None:
            report.answers[request.key] = found
            report.cached += 1
        else:
            todo.append(request)
    report.refused = len({p.file for p in cache.refused.items[refused_before:]})
    if not todo:
        return report
    check = getattr(client, "check", None)
    if check is not None:
        check()  # e.g. a missing API key: one clear error before any thread starts
    _send_all(state, todo)
    return report


def _send_all(state: _Run, todo: list[Request]) -> None:
    report, budget, width = state.report, state.budget, max(1, state.settings.concurrency)
    with ThreadPoolExecutor(max_workers=width) as pool:
        inflight: dict[Future[Answer], Request] = {}
        for index, request in enumerate(todo):
            while len(inflight) >= width:
                _collect(state, inflight, wait(inflight, return_when=FIRST_COMPLETED).done)
            held = None if report.stopped else budget.reserve(request)
            if held is None:
                report.not_sent = len(todo) - index
                if not report.stopped:
                    report.stopped = (f"budget cap {budget.describe()} reached: {report.not_sent} request(s) "
                                      "not sent; answers so far are saved, rerun with a larger budget to "
                                      "continue")
                break
            inflight[pool.submit(_attempts, state, request, held)] = request
        while inflight:
            _collect(state, inflight, wait(inflight).done)


def _collect(state: _Run, inflight: dict[Future[Answer], Request], done: Any) -> None:
    report, limit = state.report, state.settings.max_consecutive_failures
    for future in done:
        request = inflight.pop(future)
        try:
            answer = future.result()
        except (RequestFailed, Permanent) as exc:
            report.failed[request.key] = str(exc)
            state.in_a_row += 1
            if isinstance(exc, RequestFailed) and exc.budget and not report.stopped:
                report.stopped = f"budget cap {state.budget.describe()} reached before a retry: {exc}"
            if limit and state.in_a_row >= limit and not report.stopped:
                report.tripped = True
                report.stopped = (f"circuit breaker: {state.in_a_row} requests in a row failed (last: {exc}); "
                                  "no more requests sent. Check the endpoint, model and key, then rerun "
                                  "(answers so far are saved)")
            continue
        state.in_a_row = 0
        report.answers[request.key] = answer
        report.sent += 1
        report.prompt_tokens += answer.prompt_tokens
        report.completion_tokens += answer.completion_tokens
        report.cost_usd += state.settings.cost(answer.prompt_tokens, answer.completion_tokens)


def _attempts(state: _Run, request: Request, held: Reservation) -> Answer:
    """Send ``request`` until answered, retrying transient errors; journal, parse and cache the reply."""
    settings, budget = state.settings, state.budget
    attempt = 0
    while True:
        try:
            reply = state.client.send(request)
        except Transient as exc:
            budget.settle(held, spent=exc.spent)
            if exc.spent:
                state.count("charged")
            if attempt == settings.retries:
                raise RequestFailed(f"{exc} (gave up after {settings.retries} retries)") from exc
            wait_for = delay(exc, attempt, settings)
            state.count("retries")
            state.sleep(wait_for)
            again = budget.reserve(request)
            if again is None:
                raise RequestFailed(f"{exc}; no retry: it could cross the budget cap", budget=True) from exc
            held, attempt = again, attempt + 1
            continue
        except Permanent:
            budget.settle(held)
            raise
        state.cache.journal_reply(request, reply)  # fsync'ed before anything reads the body
        try:
            answer = parse(request, reply)
        except BadReply as exc:
            budget.settle(held, spent=True)
            state.count("charged")
            raise RequestFailed(f"unusable reply: {exc}") from exc
        budget.settle(held, answer=answer)
        state.cache.store(request, reply, answer)
        return answer


def delay(exc: Transient, attempt: int, settings: ScoreSettings) -> float:
    """Seconds to wait before retry ``attempt + 1``. A Retry-After is a floor: jitter only adds to it,
    and one longer than ``max_backoff`` fails the request rather than retrying early."""
    if exc.retry_after is not None:
        if exc.retry_after > settings.max_backoff:
            raise RequestFailed(f"{exc}: the server asks to wait {exc.retry_after:g} s (Retry-After), longer "
                                f"than max_backoff {settings.max_backoff:g} s") from exc
        return exc.retry_after * random.uniform(1.0, 1.25)
    return min(settings.max_backoff, settings.backoff * 2 ** attempt * random.uniform(0.5, 1.5))
