"""What a command reads from its process: a git checkout's answer, and environment variables set
for the span of a block (forked workers inherit them)."""

from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping


def git(folder: Path, *args: str) -> str:
    """``git -C folder ARGS``'s output, stripped; "" when git is missing, fails or times out."""
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


@contextmanager
def environ(values: Mapping[str, str]) -> Iterator[None]:
    """The process environment with ``values`` inside the block; as it was afterwards."""
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
