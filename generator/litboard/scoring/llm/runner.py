"""Send requests with bounded concurrency, retries, a budget cap and a circuit breaker.

Threads (not asyncio): the openai client is synchronous and thread-safe. A worker journals
each reply's raw body the moment it arrives, before parsing it, so a killed run never pays
twice for an answer it received; a reply that cannot be parsed fails that request only.

Every attempt first reserves its worst case from the ``Budget`` (budget.py), which waits for
in-flight attempts to settle before it refuses one. Retries wait with exponential backoff and
jitter; a server's ``Retry-After`` is a minimum (jitter only adds to it). A request that still
has no answer after its retries is in ``RunReport.failed`` (the ``score`` command then exits 1).
After ``max_consecutive_failures`` failed requests in a row no more are sent.
"""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from ..settings import ScoreSettings
from .budget import Budget, Reservation, charge, estimate_tokens, prompt_bound
from .cache import Answer, Request, ResponseCache
from .client import Permanent, Transient
from .reply import BadReply, Reply, parse

__all__ = [
    "Budget",
    "Client",
    "Reservation",
    "RequestFailed",
    "RunReport",
    "delay",
    "estimate_tokens",
    "prompt_bound",
    "run",
]


# an answer and the (prompt, completion) tokens charged for it
Settled = tuple[Answer, tuple[int, int]]


class Client(Protocol):
    def send(self, request: Request) -> Reply: ...


class RequestFailed(Exception):
    """A request that gets no answer in this run (reported, never retried by this run)."""

    def __init__(self, message: str, budget: bool = False) -> None:
        super().__init__(message)
        self.budget = budget


@dataclass
class RunReport:
    requested: int = 0
    cached: int = 0
    sent: int = 0  # requests answered by the endpoint in this run
    calls: int = 0  # HTTP calls made (first attempts and retries)
    retries: int = 0
    not_sent: int = 0
    refused: int = 0  # cache files not trusted (cache_check), asked again
    # attempts without an answer counted as spent (timeouts, bad replies)
    charged: int = 0
    no_usage: int = 0  # answers without usage, charged at an upper bound (budget.charge)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    failed: dict[str, str] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)
    stopped: str = ""
    tripped: bool = False  # the circuit breaker stopped the run

    def merge(self, other: "RunReport") -> None:
        for name in (
            "requested",
            "cached",
            "sent",
            "calls",
            "retries",
            "not_sent",
            "refused",
            "charged",
            "no_usage",
            "prompt_tokens",
            "completion_tokens",
            "cost_usd",
        ):
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


def run(
    requests: Sequence[Request],
    client: Client,
    cache: ResponseCache,
    settings: ScoreSettings,
    budget: Budget,
    sleep: Callable[[float], None] = time.sleep,
) -> RunReport:
    """Answer every request: from the cache when possible, else from the endpoint."""
    state = _Run(client, cache, settings, budget, sleep)
    report = state.report
    unique = list({r.key: r for r in requests}.values())
    report.requested = len(unique)
    todo = []
    refused_before = len(cache.refused.items)
    for request in unique:
        found = cache.get(request.key)
        if found is not None and not cut_shorter(found, settings):
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


def cut_shorter(answer: Answer, settings: ScoreSettings) -> bool:
    """A cached answer cut off at a smaller max_tokens than this run's (or an unknown one): ask
    again, the new answer replaces it."""
    return answer.finish_reason == "length" and (answer.max_tokens or 0) < settings.max_tokens


def _send_all(state: _Run, todo: list[Request]) -> None:
    report, budget, width = state.report, state.budget, max(1, state.settings.concurrency)
    with ThreadPoolExecutor(max_workers=width) as pool:
        inflight: dict[Future[Settled], Request] = {}
        for index, request in enumerate(todo):
            while len(inflight) >= width:
                _collect(state, inflight, wait(inflight, return_when=FIRST_COMPLETED).done)
            held = None if report.stopped else budget.reserve(request)
            if held is None:
                report.not_sent = len(todo) - index
                if not report.stopped:
                    report.stopped = (
                        f"budget cap {budget.describe()} reached: {report.not_sent} request(s) "
                        "not sent; answers so far are saved, rerun with a larger budget to "
                        "continue"
                    )
                break
            inflight[pool.submit(_attempts, state, request, held)] = request
        while inflight:
            _collect(state, inflight, wait(inflight).done)


def _collect(state: _Run, inflight: dict[Future[Settled], Request], done: Any) -> None:
    report, limit = state.report, state.settings.max_consecutive_failures
    for future in done:
        request = inflight.pop(future)
        try:
            answer, used = future.result()
        except (RequestFailed, Permanent) as exc:
            report.failed[request.key] = str(exc)
            state.in_a_row += 1
            if isinstance(exc, RequestFailed) and exc.budget and not report.stopped:
                report.stopped = (
                    f"budget cap {state.budget.describe()} reached before a retry: {exc}"
                )
            if limit and state.in_a_row >= limit and not report.stopped:
                report.tripped = True
                report.stopped = (
                    f"circuit breaker: {state.in_a_row} requests in a row failed (last: {exc}); "
                    "no more requests sent. Check the endpoint, model and key, then rerun "
                    "(answers so far are saved)"
                )
            continue
        state.in_a_row = 0
        report.answers[request.key] = answer
        report.sent += 1
        report.no_usage += not answer.usage_reported
        report.prompt_tokens += used[0]
        report.completion_tokens += used[1]
        report.cost_usd += state.settings.cost(*used)


def _attempts(state: _Run, request: Request, held: Reservation) -> Settled:
    """Send ``request`` until answered, retrying transient errors; journal, parse and cache the
    reply. Every reservation is settled whatever happens (a waiting ``reserve`` counts on it)."""
    settings, budget = state.settings, state.budget
    attempt = 0
    while True:
        state.count("calls")
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
                raise RequestFailed(
                    f"{exc}; no retry: it could cross the budget cap", budget=True
                ) from exc
            held, attempt = again, attempt + 1
            continue
        except Permanent:
            budget.settle(held)
            raise
        except BaseException:
            budget.settle(held, spent=True)
            raise
        return _settle(state, request, reply, held)


def _settle(state: _Run, request: Request, reply: Reply, held: Reservation) -> Settled:
    """Journal the reply (fsync'ed before anything reads the body), parse it, charge it, cache
    it."""
    try:
        state.cache.journal_reply(request, reply)
        answer = parse(request, reply)
    except BadReply as exc:
        state.budget.settle(held, spent=True)
        state.count("charged")
        raise RequestFailed(f"unusable reply: {exc}") from exc
    except BaseException:
        state.budget.settle(held, spent=True)
        raise
    used = charge(request, answer, state.settings)
    state.budget.settle(held, used)
    state.cache.store(request, reply, answer)
    return answer, used


def delay(exc: Transient, attempt: int, settings: ScoreSettings) -> float:
    """Seconds to wait before retry ``attempt + 1``. A Retry-After is a floor: jitter only adds to
    it, and one longer than ``max_backoff`` fails the request rather than retrying early."""
    if exc.retry_after is not None:
        if exc.retry_after > settings.max_backoff:
            raise RequestFailed(
                f"{exc}: the server asks to wait {exc.retry_after:g} s (Retry-After), longer "
                f"than max_backoff {settings.max_backoff:g} s"
            ) from exc
        return exc.retry_after * random.uniform(1.0, 1.25)
    return min(settings.max_backoff, settings.backoff * 2**attempt * random.uniform(0.5, 1.5))
