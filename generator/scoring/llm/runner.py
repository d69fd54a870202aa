"""Send requests with bounded concurrency, retries and a budget cap; cache every answer.

Threads (not asyncio): the openai client is synchronous and thread-safe, and a worker
journals its answer the moment it arrives. Retries use exponential backoff with jitter
(or the server's Retry-After). The budget reserves each request's estimated cost before
sending it and settles the real usage after; when the next request would cross the cap,
no more are sent, the ones in flight finish, and the run stops with a message.
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


class Client(Protocol):
    def complete(self, request: Request) -> Answer: ...


def estimate_tokens(request: Request) -> int:
    """Prompt tokens, roughly: 1 token per 4 characters plus 4 per message."""
    return sum(math.ceil(len(content) / 4) + 4 for _, content in request.messages)


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
        tokens_in, tokens_out = estimate_tokens(request), self.settings.expected_output_tokens
        return self.settings.cost(tokens_in, tokens_out), tokens_in + tokens_out

    def reserve(self, usd: float, tokens: int) -> bool:
        s = self.settings
        with self._lock:
            if s.budget_usd is not None and self.spent_usd + self.reserved_usd + usd > s.budget_usd:
                return False
            if s.budget_tokens is not None and \
                    self.spent_tokens + self.reserved_tokens + tokens > s.budget_tokens:
                return False
            self.reserved_usd += usd
            self.reserved_tokens += tokens
            return True

    def settle(self, usd: float, tokens: int, answer: Answer | None) -> None:
        with self._lock:
            self.reserved_usd -= usd
            self.reserved_tokens -= tokens
            if answer is not None:
                self.spent_usd += self.settings.cost(answer.prompt_tokens, answer.completion_tokens)
                self.spent_tokens += answer.prompt_tokens + answer.completion_tokens

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
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    failed: dict[str, str] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)
    stopped: str = ""

    def merge(self, other: "RunReport") -> None:
        for name in ("requested", "cached", "sent", "retries", "not_sent", "prompt_tokens",
                     "completion_tokens", "cost_usd"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failed.update(other.failed)
        self.answers.update(other.answers)
        self.stopped = self.stopped or other.stopped


def run(requests: Sequence[Request], client: Client, cache: ResponseCache, settings: ScoreSettings,
        budget: Budget, sleep: Callable[[float], None] = time.sleep) -> RunReport:
    """Answer every request: from the cache when possible, else from the endpoint."""
    report = RunReport()
    unique = list({r.key: r for r in requests}.values())
    report.requested = len(unique)
    todo = []
    for request in unique:
        found = cache.get(request.key)
        if found is not None:
            report.answers[request.key] = found
            report.cached += 1
        else:
            todo.append(request)
    if not todo:
        return report
    check = getattr(client, "check", None)
    if check is not None:
        check()  # e.g. a missing API key: one clear error before any thread starts
    lock = threading.Lock()

    def work(request: Request) -> Answer:
        answer = _call(client, request, settings, sleep, report, lock)
        cache.put(request, answer)
        return answer

    with ThreadPoolExecutor(max_workers=max(1, settings.concurrency)) as pool:
        inflight: dict[Future[Answer], tuple[Request, float, int]] = {}
        for index, request in enumerate(todo):
            while len(inflight) >= max(1, settings.concurrency):
                _collect(inflight, wait(inflight, return_when=FIRST_COMPLETED).done, report, budget, settings)
            usd, tokens = budget.estimate(request)
            if not budget.reserve(usd, tokens):
                report.not_sent = len(todo) - index
                report.stopped = (f"budget cap {budget.describe()} reached: {report.not_sent} request(s) not "
                                  f"sent; answers so far are saved, rerun with a larger budget to continue")
                break
            inflight[pool.submit(work, request)] = (request, usd, tokens)
        while inflight:
            _collect(inflight, wait(inflight).done, report, budget, settings)
    return report


def _collect(inflight: dict[Future[Answer], tuple[Request, float, int]], done: Any, report: RunReport,
             budget: Budget, settings: ScoreSettings) -> None:
    for future in done:
        request, usd, tokens = inflight.pop(future)
        try:
            answer = future.result()
        except (Transient, Permanent) as exc:
            report.failed[request.key] = str(exc)
            budget.settle(usd, tokens, None)
            continue
        budget.settle(usd, tokens, answer)
        report.answers[request.key] = answer
        report.sent += 1
        report.prompt_tokens += answer.prompt_tokens
        report.completion_tokens += answer.completion_tokens
        report.cost_usd += settings.cost(answer.prompt_tokens, answer.completion_tokens)


def _call(client: Client, request: Request, settings: ScoreSettings, sleep: Callable[[float], None],
          report: RunReport, lock: threading.Lock) -> Answer:
    for attempt in range(settings.retries + 1):
        try:
            return client.complete(request)
        except Transient as exc:
            if attempt == settings.retries:
                raise Transient(f"{exc} (gave up after {settings.retries} retries)") from exc
            delay = exc.retry_after if exc.retry_after is not None else settings.backoff * 2 ** attempt
            with lock:
                report.retries += 1
            sleep(min(settings.max_backoff, delay) * random.uniform(0.5, 1.5))
    raise AssertionError("unreachable")  # pragma: no cover
