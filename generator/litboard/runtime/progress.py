"""Progress on stderr for steps that may take over a second.

``step`` prints one line when a step starts and one when it ends, with its wall and CPU seconds
(user + sys of this process and of the children it waited for): that is what a CI log (no
terminal) shows. ``bar`` counts the parts of a phase (datasets analysed, reader pages rendered /
total) with tqdm: drawn by default when stderr is a terminal, also when ``configure(True)``
(``litboard --progress``) or ``LITBOARD_PROGRESS=1`` asks for it; ``--no-progress`` /
``LITBOARD_PROGRESS=0`` silences the bars, ``--quiet`` / ``LITBOARD_QUIET=1`` the step lines too.
No step is silent for more than ``BEAT`` seconds: while a step runs, a timer signal (no thread:
threads make forking unsafe, see ``parallel.can_fork``) redraws the open bars on a terminal, or
prints one "still ..." line with the seconds so far in a log.
Analysis code never calls this module: the build passes a callback down.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TextIO

Tick = Callable[[int], object]  # advance a bar by n parts

ENV = "LITBOARD_PROGRESS"
QUIET = "LITBOARD_QUIET"
BEAT = 20.0  # seconds between two signs of life of a running step
_OPEN: list[Any] = []  # the bars drawn now (redrawn by the timer)
# running steps: name, wall and CPU start, stream
_STEPS: list[tuple[str, float, float, TextIO]] = []


def configure(enabled: bool | None, quiet: bool = False) -> None:
    """True/False: always/never draw bars (also in this process's forked workers); None: on a
    terminal. ``quiet``: no bars and no step lines."""
    if enabled is None and not quiet:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = "1" if enabled and not quiet else "0"
    if quiet:
        os.environ[QUIET] = "1"
    else:
        os.environ.pop(QUIET, None)


def enabled(stream: TextIO | None = None) -> bool:
    chosen = os.environ.get(ENV, "")
    if chosen in ("0", "1"):
        return chosen == "1"
    out = stream or sys.stderr
    return bool(getattr(out, "isatty", lambda: False)())


def quiet() -> bool:
    return os.environ.get(QUIET, "") == "1"


def cpu_seconds() -> float:
    """User + sys seconds of this process and of the children it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _size(stream: TextIO) -> tuple[int, int] | None:
    """None to let tqdm follow the terminal's size; (columns, lines) for a terminal that reports
    0 x 0 (a pseudo-terminal under `script`, some CI consoles): tqdm would hide every bar (it
    draws none below the screen's last line, and the last line is 0)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):
        size = os.terminal_size((0, 0))
    if size.columns > 0 and size.lines > 0:
        return None
    fallback = shutil.get_terminal_size((80, 24))
    return fallback.columns or 80, fallback.lines or 24


class Counter:
    """``total`` parts of a phase: ``tick(n)`` as they are done, ``close()`` at the end (for
    hooks that cannot hold a ``with`` block, like mkdocs' page events). A no-op when quiet."""

    def __init__(
        self, phase: str, total: int, unit: str = "page", stream: TextIO | None = None
    ) -> None:
        self._shown = None
        if total > 0 and enabled(stream) and not quiet():
            from tqdm import tqdm

            # no monitor thread: a running thread makes forking unsafe (parallel.can_fork),
            # and a build drawing bars on a terminal rendered its 20,000 reader pages on one core
            tqdm.monitor_interval = 0
            out = stream or sys.stderr
            size = _size(out)
            fixed = {"ncols": size[0], "nrows": size[1]} if size else {"dynamic_ncols": True}
            self._shown = tqdm(
                total=total,
                desc=f"litboard: {phase}",
                unit=unit,
                file=out,
                mininterval=0.5,
                **fixed,
            )
            _OPEN.append(self._shown)

    def tick(self, n: int = 1) -> None:
        if self._shown is not None:
            self._shown.update(n)

    def close(self) -> None:
        if self._shown is not None:
            if self._shown in _OPEN:
                _OPEN.remove(self._shown)
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


def _beat(signum: int = 0, frame: object = None) -> None:
    """A sign of life of the innermost running step: its open bars redrawn, else one line."""
    if not _STEPS or os.getpid() != _PID[0]:
        return
    if _OPEN:
        for shown in list(_OPEN):
            shown.refresh()
        return
    name, wall, cpu, out = _STEPS[-1]
    out.write(
        f"litboard: still {name} … {time.perf_counter() - wall:.0f} s, "
        f"{cpu_seconds() - cpu:.1f} CPU-s so far\n"
    )
    out.flush()


_PID = [os.getpid()]  # the process whose steps the timer reports (never a forked worker)


def _timer(on: bool) -> None:
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        return
    if on:
        _PID[0] = os.getpid()
        signal.signal(signal.SIGALRM, _beat)
        signal.setitimer(signal.ITIMER_REAL, BEAT, BEAT)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


@contextmanager
def step(name: str, stream: TextIO | None = None) -> Iterator[None]:
    """One line when ``name`` starts and one, with its wall and CPU seconds, when it ends."""
    out = stream or sys.stderr
    if quiet():
        yield
        return
    out.write(f"litboard: {name} …\n")
    out.flush()
    _STEPS.append((name, time.perf_counter(), cpu_seconds(), out))
    if len(_STEPS) == 1:
        _timer(True)
    try:
        yield
    finally:
        _, wall, cpu, _ = _STEPS.pop()
        if not _STEPS:
            _timer(False)
    out.write(
        f"litboard: {name} done in {time.perf_counter() - wall:.1f} s "
        f"({cpu_seconds() - cpu:.1f} CPU-s)\n"
    )
    out.flush()
