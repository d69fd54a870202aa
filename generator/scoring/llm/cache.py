"""Content-addressed answer cache: one JSON file per request, named by its SHA-256.

Key = sha256 of the canonical JSON of (model, prompt id + version, messages, temperature).
Layout under the cache folder (default ``<data root>/llm-cache/``)::

    ab/abcdef...json     one answer per file (request, answer text, usage), sorted keys
    journal.jsonl        write-ahead journal of the current run (see journal.py)

One file per answer keeps the cache git-friendly: new answers only add files, two branches
that scored different systems merge without conflicts, and a diff shows exactly what was
paid for. Files are written atomically (temporary file + rename).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .journal import Journal


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def request_key(model: str, prompt: str, messages: list[dict[str, str]], temperature: float) -> str:
    payload = {"model": model, "prompt": prompt, "messages": messages, "temperature": temperature}
    return hashlib.sha256(canonical(payload).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Request:
    """One chat-completions request; ``key`` is its content hash (and cache file name)."""

    model: str
    prompt: str                       # prompt id and version, e.g. gemba_mqm_literary.v1
    messages: tuple[tuple[str, str], ...]
    temperature: float = 0.0

    @property
    def key(self) -> str:
        return request_key(self.model, self.prompt, self.message_list(), self.temperature)

    def message_list(self) -> list[dict[str, str]]:
        return [{"role": role, "content": content} for role, content in self.messages]

    @classmethod
    def build(cls, model: str, prompt: str, messages: list[dict[str, str]],
              temperature: float) -> "Request":
        return cls(model, prompt, tuple((m["role"], m["content"]) for m in messages), temperature)


@dataclass
class Answer:
    key: str
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str = ""
    served_model: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def entry(request: Request, answer: Answer) -> dict[str, Any]:
    return {"key": answer.key, "model": request.model, "prompt": request.prompt,
            "temperature": request.temperature, "messages": request.message_list(),
            "answer": answer.text, "usage": {"prompt_tokens": answer.prompt_tokens,
                                             "completion_tokens": answer.completion_tokens},
            "finish_reason": answer.finish_reason, "served_model": answer.served_model}


def answer_of(data: dict[str, Any]) -> Answer:
    usage = data.get("usage", {})
    return Answer(data["key"], data["answer"], int(usage.get("prompt_tokens", 0)),
                  int(usage.get("completion_tokens", 0)), data.get("finish_reason", ""),
                  data.get("served_model", ""))


class ResponseCache:
    """Files under ``folder``; ``open`` replays the journal left by an interrupted run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.journal = Journal(folder / "journal.jsonl")

    @classmethod
    def open(cls, folder: Path) -> "ResponseCache":
        cache = cls(folder)
        cache.replay()
        return cache

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Answer | None:
        path = self.path(key)
        if not path.is_file():
            return None
        return answer_of(json.loads(path.read_text(encoding="utf-8")))

    def put(self, request: Request, answer: Answer) -> None:
        """Journal first (fsync), then the content-addressed file."""
        data = entry(request, answer)
        self.journal.append(data)
        self._write(data)

    def replay(self) -> int:
        """Write every journal entry that has no cache file yet; returns how many."""
        count = 0
        for data in self.journal.entries():
            if not self.path(data["key"]).is_file():
                self._write(data)
                count += 1
        return count

    def checkpoint(self) -> None:
        """After a clean run every journal entry is in its file: drop the journal."""
        self.replay()
        self.journal.truncate()

    def _write(self, data: dict[str, Any]) -> None:
        path = self.path(data["key"])
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
