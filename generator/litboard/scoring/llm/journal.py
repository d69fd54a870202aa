"""Append-only JSONL journal of paid-for answers: one fsync'ed line per answer.

Each ``append`` returns only once its line is on disk; lines written together share one fsync.
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
        self._lock = threading.Lock()  # appends, open and close
        self._sync = threading.Lock()  # one fsync at a time
        self._fd: int | None = None
        self._written = 0  # lines written to the file
        self._synced = 0  # lines known to be on disk

    def append(self, entry: dict[str, Any]) -> None:
        """Write one line and return once it is on disk (group commit: one fsync covers every line
        written before it began, so replies arriving together wait for one fsync, not for one
        each)."""
        line = (json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        with self._lock:
            if self._fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            os.write(self._fd, line)
            self._written += 1
            mine = self._written
        with self._sync:
            if self._synced >= mine:
                return  # an fsync that began after this write already finished
            with self._lock:
                upto, fd = self._written, self._fd
            if fd is not None:
                os.fsync(fd)
            self._synced = max(self._synced, upto)

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
        with self._sync, self._lock:
            if self._fd is not None:
                os.fsync(self._fd)
                os.close(self._fd)
                self._fd = None

    def truncate(self) -> None:
        """Empty the journal once every entry is safely in the cache files (a checkpoint)."""
        self.close()
        if self.path.exists():
            self.path.unlink()
