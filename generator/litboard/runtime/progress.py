"""Progress on stderr for steps that may take over a second.

``step`` prints one line when a step starts and one when it ends. ``bar`` counts the parts of
a phase (datasets analysed, reader pages rendered / total) with tqdm: drawn on a terminal,
quiet when stderr is not one (CI logs) unless ``configure(True)`` (``litboard --progress``)
or ``LITBOARD_PROGRESS=1`` asks for it; ``--no-progress`` / ``LITBOARD_PROGRESS=0`` silences it.
Analysis code never calls this module: the build passes a callback down.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator, TextIO

Tick = Callable[[int], object]  # advance a bar by n parts

ENV = "LITBOARD_PROGRESS"


def configure(enabled: bool | None) -> None:
    """True/False: always/never draw bars (also in this process's forked workers); None: on a terminal."""
    if enabled is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = "1" if enabled else "0"


def enabled(stream: TextIO | None = None) -> bool:
    chosen = os.environ.get(ENV, "")
    if chosen in ("0", "1"):
        return chosen == "1"
    out = stream or sys.stderr
    return bool(getattr(out, "isatty", lambda: False)())


class Counter:
    """``total`` parts of a phase: ``tick(n)`` as they are done, ``close()`` at the end (for
    hooks that cannot hold a ``with`` block, like mkdocs' page events). A no-op when quiet."""

    def __init__(self, phase: str, total: int, unit: str = "page", stream: TextIO | None = None) -> None:
        self._shown = None
        if total > 0 and enabled(stream):
            from tqdm import tqdm

            # no monitor thread: a running thread makes forking unsafe (parallel.can_fork),
            # and a build drawing bars on a terminal rendered its 20,000 reader pages on one core
            tqdm.monitor_interval = 0
            self._shown = tqdm(total=total, desc=f"litboard: {phase}", unit=unit, file=stream or sys.stderr,
                               dynamic_ncols=True, mininterval=0.5)

    def tick(self, n: int = 1) -> None:
        if self._shown is not None:
            self._shown.update(n)

    def close(self) -> None:
        if self._shown is not None:
            self._shown.close()
            self._shown = None


@contextmanager
def bar(phase: str, total: int, unit: str = "page", stream: TextIO | None = None) -> Iterator[Tick]:
    """A counter for ``total`` parts of ``phase``; yields ``tick(n)``. A no-op when quiet."""
    counter = Counter(phase, total, unit, stream)
    try:
        yield counter.tick
    finally:
        counter.close()


@contextmanager
def step(name: str, stream: TextIO | None = None) -> Iterator[None]:
    out = stream or sys.stderr
    out.write(f"litboard: {name} …\n")
    out.flush()
    started = time.perf_counter()
    yield
    out.write(f"litboard: {name} done in {time.perf_counter() - started:.1f} s\n")
    out.flush()
