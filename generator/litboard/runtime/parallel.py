"""Map a function over many items in forked worker processes, results in input order; or run
one function in a forked child beside the caller (``Background``).

For the one-per-paragraph reader pages: the shared lookups are built once in the parent and
inherited by the children through ``fork`` (nothing is pickled on the way in); each child
returns its chunk's results. ``Background`` jobs: the loader's corpus reading, a dataset's
analysis and the page sets built beside the reader pages (``pipeline.site``).
``LITBOARD_WORKERS`` sets the number of processes (default: the CPU count, at most 8); 1, a small
input, or a platform without ``fork`` runs in-process. The output does not depend on the number of
workers. A process that cannot fork safely (``can_fork``: other threads, or the chart runtime
loaded) computes in-process. Every child dies with the process that forked it (``die_with_parent``),
so a killed build leaves no worker behind, whatever signal ended it.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar, cast

if TYPE_CHECKING:  # multiprocessing itself is imported when a pool or worker starts
    from multiprocessing.connection import Connection

R = TypeVar("R")
T = TypeVar("T")

MIN_PER_WORKER = 200  # below this, starting processes costs more than it saves
# Items per chunk at most, roughly: the workers take chunks as they finish, so the last one
# runs alone while the others idle. 20,000 reader pages in 8 chunks left one core idle
# for ~4 s at the end; a chunk of 250 takes ~1.2 s.
CHUNK = 250
_TASK: list[Callable[[int], object]] = []  # the function a forked child runs


def workers() -> int:
    value = os.environ.get("LITBOARD_WORKERS", "")
    if value.strip():
        if not value.strip().isdigit() or int(value) < 1:
            raise ValueError(f"LITBOARD_WORKERS must be a whole number >= 1, not {value!r}")
        return int(value)
    return max(1, min(8, os.cpu_count() or 1))


# Threads a fork leaves behind: a lock one of them holds stays locked in the child forever.
# multiprocessing's own pool threads are safe (it forks beside them by design); vl-convert's
# V8/tokio runtime is not (a child that renders a chart would wait for threads it lacks).
_POOL_THREADS = ("(_handle_workers)", "(_handle_tasks)", "(_handle_results)", "(parent watch)")
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int) -> None:
    """In a forked child: end when ``parent`` (the process that forked it) ends. Linux: the
    kernel sends SIGKILL (prctl PR_SET_PDEATHSIG); elsewhere a thread watches the parent id."""
    import signal

    done = False
    if sys.platform.startswith("linux"):
        import ctypes

        done = (
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
            == 0
        )
    if not done:
        threading.Thread(
            target=_watch, args=(parent,), name="litboard (parent watch)", daemon=True
        ).start()
    if os.getppid() != parent:  # the parent was gone before the request took effect
        os._exit(1)


def _watch(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def can_fork() -> bool:
    """Whether forking is safe here: 'fork' exists, the chart runtime is not loaded and every
    other thread is one of multiprocessing's own (under pytest with a browser: not safe)."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods() or "vl_convert" in sys.modules:
        return False
    main = threading.main_thread()
    return all(
        t is main or t is threading.current_thread() or t.name.endswith(_POOL_THREADS)
        for t in threading.enumerate()
    )


def map_ordered(
    func: Callable[[int], R], count: int, done: Callable[[int], object] | None = None
) -> list[R]:
    """``[func(0), ..., func(count - 1)]``, computed in up to ``workers()`` processes;
    ``done(n)`` (in this process) as each n results arrive: a progress hook."""
    import multiprocessing

    tick = done or (lambda n: None)
    n = min(workers(), count // MIN_PER_WORKER)
    if n <= 1 or not can_fork():
        return [_ticked(func(i), tick) for i in range(count)]
    chunks = chunk_bounds(count, n)
    _TASK[:] = [func]
    try:
        with multiprocessing.get_context("fork").Pool(n, die_with_parent, (os.getpid(),)) as pool:
            parts = [
                _ticked(part, tick, len(part))
                for part in pool.imap(_run_chunk, chunks, chunksize=1)
            ]
    finally:
        _TASK.clear()
    return [r for part in parts for r in part]  # type: ignore[misc]


def _ticked(value: T, tick: Callable[[int], object], n: int = 1) -> T:
    tick(n)
    return value


# Background children not waited for yet (by Background). Python's exit joins every
# non-daemon child (multiprocessing's own exit hook): a Ctrl-C that arrives between a start and
# the ``result()`` that would kill the child left the build waiting for it forever. The hook
# below, registered after multiprocessing's, runs before it (atexit is last in, first out).
_LIVE: dict[int, Any] = {}
_HOOKED: list[bool] = []


def _kill_live() -> None:
    for process in list(_LIVE.values()):
        if process.pid is not None and process._parent_pid == os.getpid():
            process.kill()
            process.join()


class Background(Generic[R]):
    """``func()`` computed in a forked child process while the caller goes on; ``result()``
    waits for it (and re-raises its exception). A plain (non-daemon) process, so the child may
    itself fork workers. In-process, at ``result()``, when ``workers()`` is 1 or forking is
    unsafe. A child never waited for is killed when this process exits."""

    def __init__(self, func: Callable[[], R]) -> None:
        import multiprocessing

        self._func: Callable[[], R] = func
        self._process = None
        if workers() > 1 and can_fork():
            context = multiprocessing.get_context("fork")
            self._receive, send = context.Pipe(duplex=False)
            self._process = context.Process(
                target=_background, args=(func, send, os.getpid()), daemon=False
            )
            if not _HOOKED:
                import multiprocessing.util  # its exit hook is registered when it is imported

                atexit.register(_kill_live)
                _HOOKED.append(True)
            _LIVE[id(self)] = self._process
            self._process.start()
            send.close()

    def result(self) -> R:
        if self._process is None:
            return self._func()
        try:
            status, value = self._receive.recv()
        except EOFError:
            raise RuntimeError(
                f"a build worker process died (exit code {self._process.exitcode})"
            ) from None
        # interrupted (Ctrl-C, SIGTERM turned into an exception): the child goes too
        except BaseException:
            self._process.kill()
            raise
        finally:
            self._receive.close()
            self._process.join()
            _LIVE.pop(id(self), None)
        if status == "error":
            raise value
        return cast(R, value)  # what the child's ``func()`` returned, unpickled

    def cancel(self) -> None:
        """Stop the child without waiting for its result (the caller failed before it needed it):
        a child blocked on sending a large result would otherwise keep the build from exiting."""
        if self._process is None:
            return
        self._process.kill()
        self._receive.close()
        self._process.join()
        _LIVE.pop(id(self), None)


def _background(func: Callable[[], object], send: Connection, parent: int) -> None:
    die_with_parent(parent)
    try:
        outcome: tuple[str, object] = ("ok", func())
    except BaseException as exc:  # handed to the parent, which raises it
        outcome = ("error", exc)
    try:
        send.send(outcome)
    except Exception as exc:  # an unpicklable result or exception
        send.send(
            ("error", RuntimeError(f"a build worker's result could not be returned: {exc!r}"))
        )
    finally:
        send.close()


def chunk_bounds(count: int, processes: int) -> list[tuple[int, int]]:
    """[start, end) of the chunks ``map_ordered`` hands out: four per process at least, and
    about ``CHUNK`` items each at most, so the last chunk leaves the other processes idle
    briefly."""
    return _chunks(count, max(processes * 4, count // CHUNK))


def _chunks(count: int, pieces: int) -> list[tuple[int, int]]:
    size = -(-count // max(1, pieces))
    return [(start, min(count, start + size)) for start in range(0, count, size)]


def _run_chunk(bounds: tuple[int, int]) -> list[object]:
    func = _TASK[0]
    return [func(i) for i in range(*bounds)]
