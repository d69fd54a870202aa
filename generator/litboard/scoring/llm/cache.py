"""Content-addressed answer cache: one JSON file per request, named by its SHA-256.

Layout under the cache folder (default ``<data root>/llm-cache/``)::

    ab/abcdef...json     one answer per file: the request, the answer text, the usage and the
                         provenance (request and prompt hashes, endpoint host, time, response id)
    journal.jsonl        write-ahead journal of the current run (see journal.py)

One file per answer keeps the cache git-friendly: new answers only add files, two branches
that scored different systems merge without conflicts, and a diff shows exactly what was
paid for. Files are written atomically (temporary file + rename). A file that fails
``cache_check`` (no provenance, a key that is not its request's hash) is never used: ``get``
refuses it and remembers why in ``refused``.

The journal holds each reply's raw body, written before the body is parsed: ``replay`` parses
it again after a crash, so an answer received before a ``kill -9`` is never paid for twice.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ...errors import Problems
from . import cache_check
from .journal import Journal
from .reply import BadReply, Reply, parse
from .request import Answer, Request, canonical, prompt_sha256, request_key

__all__ = ["Answer", "Request", "ResponseCache", "canonical", "request_key", "entry"]


def entry(request: Request, reply: Reply, answer: Answer) -> dict[str, Any]:
    """The cache file of one answer: request, answer, usage and provenance. A reply without usage
    stores zeros with ``usage.reported: false``; a refusal stores its message as ``refusal``."""
    usage: dict[str, Any] = {
        "prompt_tokens": answer.prompt_tokens,
        "completion_tokens": answer.completion_tokens,
    }
    if not answer.usage_reported:
        usage["reported"] = False
    data = {
        "key": answer.key,
        "model": request.model,
        "prompt": request.prompt,
        "temperature": request.temperature,
        "messages": request.message_list(),
        "answer": answer.text,
        "usage": usage,
        "finish_reason": answer.finish_reason,
        "served_model": answer.served_model,
        "provenance": {
            "request_sha256": request.key,
            "prompt_sha256": prompt_sha256(request.prompt),
            "endpoint": reply.endpoint,
            "received": reply.received,
            "response_id": answer.response_id,
        },
    }
    if answer.refusal:
        data["refusal"] = answer.refusal
    if answer.max_tokens is not None:
        data["max_tokens"] = answer.max_tokens
    return data


def journal_entry(request: Request, reply: Reply) -> dict[str, Any]:
    return {
        "key": request.key,
        "model": request.model,
        "prompt": request.prompt,
        "temperature": request.temperature,
        "messages": request.message_list(),
        "endpoint": reply.endpoint,
        "received": reply.received,
        "request_id": reply.request_id,
        "max_tokens": reply.max_tokens,
        "body": reply.body,
    }


def answer_of(data: dict[str, Any]) -> Answer:
    usage = data["usage"]
    return Answer(
        data["key"],
        data["answer"],
        int(usage["prompt_tokens"]),
        int(usage["completion_tokens"]),
        str(data.get("finish_reason", "")),
        str(data.get("served_model", "")),
        str(data["provenance"]["response_id"]),
        usage_reported=usage.get("reported") is not False,
        refusal=str(data.get("refusal") or ""),
        max_tokens=data.get("max_tokens"),
    )


class ResponseCache:
    """Files under ``folder``; ``open`` replays the journal left by an interrupted run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.journal = Journal(folder / "journal.jsonl")
        self.refused = Problems()

    @classmethod
    def open(cls, folder: Path) -> "ResponseCache":
        cache = cls(folder)
        cache.clean()
        cache.replay()
        return cache

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Answer | None:
        """The trusted cached answer of ``key``, or None (missing, or refused: see ``refused``)."""
        path = self.path(key)
        if not path.is_file() or path.is_symlink():
            return None
        found = Problems()
        if not cache_check.check_file(path, found):
            self.refused.extend(found)
            return None
        return answer_of(json.loads(path.read_text(encoding="utf-8")))

    def journal_reply(self, request: Request, reply: Reply) -> None:
        """Append the raw reply to the journal (fsync'ed) before anything parses it."""
        self.journal.append(journal_entry(request, reply))

    def store(self, request: Request, reply: Reply, answer: Answer) -> None:
        self._write(entry(request, reply, answer))

    def replay(self) -> int:
        """Write every parseable journaled reply that has no cache file yet; returns how many."""
        count = 0
        for data in self.journal.entries():
            try:
                request = Request.build(
                    data["model"], data["prompt"], data["messages"], data["temperature"]
                )
                limit = data.get("max_tokens")
                reply = Reply(
                    data["body"],
                    data["endpoint"],
                    data["received"],
                    data.get("request_id", ""),
                    limit if type(limit) is int and limit > 0 else None,
                )
            except (KeyError, TypeError):
                continue  # not a journal line this version wrote
            if request.key != data["key"] or self.path(request.key).is_file():
                continue
            try:
                answer = parse(request, reply)
            except BadReply:
                continue  # a failed reply: the next run asks again
            self.store(request, reply, answer)
            count += 1
        return count

    def checkpoint(self) -> None:
        """After a clean run every journal entry is in its file: drop the journal."""
        self.replay()
        self.journal.truncate()

    def clean(self) -> None:
        """Remove the temporary files of writes that a killed run left half done."""
        if self.folder.is_dir():
            for tmp in self.folder.glob("*/.tmp-*.json"):
                tmp.unlink()

    def _write(self, data: dict[str, Any]) -> None:
        path = self.path(data["key"])
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
