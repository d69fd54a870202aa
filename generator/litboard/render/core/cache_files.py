"""Files of the local build cache (``site_cache``'s entries, ``charts``' drawings): written
whole or not at all, and only the most recently used kept."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO, Callable, Iterable


def write_atomic(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """``write(handle)`` into a temporary file beside ``path``, then renamed to it: a killed
    build leaves no half file under ``path``. On an error the temporary file is removed."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def keep_newest(files: Iterable[Path], keep: int) -> None:
    """Remove all but the ``keep`` most recently used (modified or touched) of ``files``."""
    ordered = sorted(files, key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for stale in ordered[keep:]:
        stale.unlink(missing_ok=True)
