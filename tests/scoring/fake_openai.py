"""A real HTTP server on 127.0.0.1 speaking POST /v1/chat/completions with scripted answers.

Counts requests per content hash (of the messages), injects latency, 429 bursts (with a
``Retry-After``), forced statuses (e.g. every other request a 500), raw bodies (e.g. truncated
JSON, a refusal), replies without ``usage``, and a hook run when a request arrives; records
each request's ``Idempotency-Key`` header;
honours ``max_tokens`` like a real endpoint (the answer is cut, ``finish_reason: length``);
records what it billed (usage of every answer it produced, even one the client gave up on)
and the peak number of requests in flight. Used by the scoring tests and the bench.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Messages = list[dict[str, Any]]


def messages_hash(messages: Messages) -> str:
    text = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def default_answer(messages: Messages) -> str:
    return 'Critical:\nno-error\nMajor:\nno-error\nMinor:\nstyle/awkward - "the"'


class FakeOpenAI:
    def __init__(
        self,
        answer: Callable[[Messages], str] = default_answer,
        latency: float = 0.0,
        storm: int = 0,
        status_for: Callable[[int], int] | None = None,
        retry_after: str | None = None,
        body_for: Callable[[Messages], bytes | None] | None = None,
        latency_for: Callable[[Messages], float] | None = None,
        on_request: Callable[[int], None] | None = None,
        worst_case_tokens: bool = False,
        usage: bool = True,
        status_of: Callable[[Messages], int | None] | None = None,
    ) -> None:
        self.answer = answer
        self.latency = latency
        self.storm = storm  # the first `storm` requests get HTTP 429
        self.status_for = status_for  # request number -> forced status (None: normal)
        # messages -> forced status, on every attempt (None: normal)
        self.status_of = status_of
        self.retry_after = retry_after  # Retry-After header sent with every 429
        self.body_for = body_for  # messages -> raw 200 body instead of a completion
        self.latency_for = latency_for  # messages -> latency (overrides `latency`)
        self.on_request = on_request  # called with the request number as it arrives
        # bill a prompt as litboard's upper bound (bytes + overhead)
        self.worst_case_tokens = worst_case_tokens
        # False: replies carry no `usage` (the server still bills)
        self.usage = usage
        # messages hash -> Idempotency-Key of each request
        self.idempotency: dict[str, list[str]] = {}
        self.paths: list[str] = []
        self.lock = threading.Lock()
        self.received: Counter[str] = Counter()
        self.answered: Counter[str] = Counter()
        self.events: list[tuple[float, str, int]] = []  # (monotonic time, key, status) per request
        # (prompt, completion) tokens per answer made
        self.billed: list[tuple[int, int]] = []
        self.max_tokens_seen: set[int | None] = set()
        self.total = 0
        self.rejected = 0
        self.inflight = 0
        self.peak = 0
        self._server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def billed_tokens(self) -> int:
        with self.lock:
            return sum(p + c for p, c in self.billed)

    def billed_usd(self, price_in: float, price_out: float) -> float:
        with self.lock:
            return sum(p / 1000 * price_in + c / 1000 * price_out for p, c in self.billed)

    def __enter__(self) -> "FakeOpenAI":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes: with Nagle's algorithm on, the body waits for
            # the
            # client's delayed ACK of the headers (40 ms on Linux), a stall no real endpoint has.
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                with fake.lock:
                    fake.paths.append(self.path)
                if self.path.split("?")[0] != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": "not found"}})
                fake.handle(self, body)

            def _send(
                self,
                status: int,
                payload: dict[str, Any] | bytes,
                headers: dict[str, str] | None = None,
            ) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in (headers or {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (timeout) or was killed

        class Server(ThreadingHTTPServer):
            request_queue_size = 128  # a real endpoint's listen backlog, not socketserver's 5

        self._server = Server(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def handle(self, handler: Any, body: dict[str, Any]) -> None:
        key = messages_hash(body["messages"])
        with self.lock:
            self.idempotency.setdefault(key, []).append(
                str(handler.headers.get("Idempotency-Key", ""))
            )
            self.total += 1
            number = self.total
            self.received[key] += 1
            self.max_tokens_seen.add(body.get("max_tokens"))
            forced = self.status_for(number) if self.status_for else None
            if forced is None and self.status_of is not None:
                forced = self.status_of(body["messages"])
            if forced is None and self.storm > 0:
                self.storm -= 1
                forced = 429
            self.events.append((time.monotonic(), key, forced or 200))
            if forced:
                self.rejected += 1
            else:
                self.inflight += 1
                self.peak = max(self.peak, self.inflight)
        if self.on_request is not None:
            self.on_request(number)
        if forced:
            headers = (
                {"Retry-After": self.retry_after} if forced == 429 and self.retry_after else {}
            )
            return handler._send(
                forced, {"error": {"message": f"scripted {forced}", "type": "test"}}, headers
            )
        payload = self._completion(body, number)
        with self.lock:  # billed as soon as the work starts: a client that gives up still pays
            self.billed.append(
                (payload["usage"]["prompt_tokens"], payload["usage"]["completion_tokens"])
            )
        time.sleep(self.latency_for(body["messages"]) if self.latency_for else self.latency)
        raw = self.body_for(body["messages"]) if self.body_for else None
        with self.lock:
            self.inflight -= 1
            self.answered[key] += 1
        if raw is None and not self.usage:
            payload = {k: v for k, v in payload.items() if k != "usage"}
        handler._send(200, raw if raw is not None else payload)

    def _completion(self, body: dict[str, Any], number: int) -> dict[str, Any]:
        text, finish = self.answer(body["messages"]), "stop"
        limit = body.get("max_tokens")
        if limit is not None and len(text) // 4 > limit:
            text, finish = text[: limit * 4], "length"
        if self.worst_case_tokens:
            prompt_tokens = sum(len(m["content"].encode("utf-8")) + 8 for m in body["messages"]) + 8
        else:
            prompt_tokens = sum(len(m["content"]) for m in body["messages"]) // 4
        return {
            "id": f"cmpl-{number}",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "finish_reason": finish,
                    "message": {"role": "assistant", "content": text},
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": len(text) // 4,
                "total_tokens": prompt_tokens + len(text) // 4,
            },
        }
