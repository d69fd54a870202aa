"""Progress lines on stderr for steps that may take over a second."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Iterator, TextIO


@contextmanager
def step(name: str, stream: TextIO | None = None) -> Iterator[None]:
    out = stream or sys.stderr
    out.write(f"litboard: {name} …\n")
    out.flush()
    started = time.perf_counter()
    yield
    out.write(f"litboard: {name} done in {time.perf_counter() - started:.1f} s\n")
    out.flush()
