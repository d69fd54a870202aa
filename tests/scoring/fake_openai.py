"""A real HTTP server on 127.0.0.1 speaking POST /v1/chat/completions with scripted answers.

Counts requests per content hash (of the messages), injects latency and 429 bursts, and
records the peak number of requests in flight. Used by the scoring tests and the bench.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


def messages_hash(messages: list[dict[str, Any]]) -> str:
    text = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def default_answer(messages: list[dict[str, Any]]) -> str:
    return 'Critical:\nno-error\nMajor:\nno-error\nMinor:\nstyle/awkward - "the"'


class FakeOpenAI:
    def __init__(self, answer: Callable[[list[dict[str, Any]]], str] = default_answer,
                 latency: float = 0.0, storm: int = 0, status_for: Callable[[int], int] | None = None) -> None:
        self.answer = answer
        self.latency = latency
        self.storm = storm                    # the first `storm` requests get HTTP 429
        self.status_for = status_for          # request number -> forced status (None: normal)
        self.lock = threading.Lock()
        self.received: Counter[str] = Counter()
        self.answered: Counter[str] = Counter()
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

    def __enter__(self) -> "FakeOpenAI":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                if self.path != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": "not found"}})
                fake.handle(self, body)

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
            self.total += 1
            number = self.total
            self.received[key] += 1
            forced = self.status_for(number) if self.status_for else None
            if forced is None and self.storm > 0:
                self.storm -= 1
                forced = 429
            if forced:
                self.rejected += 1
            else:
                self.inflight += 1
                self.peak = max(self.peak, self.inflight)
        if forced:
            return handler._send(forced, {"error": {"message": f"scripted {forced}", "type": "test"}})
        time.sleep(self.latency)
        text = self.answer(body["messages"])
        prompt_chars = sum(len(m["content"]) for m in body["messages"])
        payload = {"id": f"cmpl-{number}", "object": "chat.completion", "created": 0, "model": body["model"],
                   "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": text}}],
                   "usage": {"prompt_tokens": prompt_chars // 4, "completion_tokens": len(text) // 4,
                             "total_tokens": prompt_chars // 4 + len(text) // 4}}
        with self.lock:
            self.inflight -= 1
            self.answered[key] += 1
        handler._send(200, payload)
