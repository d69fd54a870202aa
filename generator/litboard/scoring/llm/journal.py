"""Append-only JSONL journal of paid-for answers: one fsync'ed line per answer.

A run that is killed (even with SIGKILL) loses nothing it already received: on the next
run the cache replays the journal. A torn last line (killed mid-write) is ignored.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Iterator


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._fd: int | None = None

    def append(self, entry: dict[str, Any]) -> None:
        line = (json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        with self._lock:
            if self._fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            os.write(self._fd, line)
            os.fsync(self._fd)

    def entries(self) -> Iterator[dict[str, Any]]:
        if not self.path.is_file():
            return
        with self.path.open("rb") as handle:
            for raw in handle:
                if not raw.endswith(b"\n"):
                    break  # torn last line of a killed run: the answer was never confirmed
                try:
                    yield json.loads(raw)
                except ValueError:
                    continue

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def truncate(self) -> None:
        """Empty the journal once every entry is safely in the cache files (a checkpoint)."""
        self.close()
        if self.path.exists():
            self.path.unlink()
