"""Map a function over many items in forked worker processes, results in input order.

For the one-per-paragraph reader pages: the shared lookups are built once in the parent and
inherited by the children through ``fork`` (nothing is pickled on the way in); each child
returns its chunk's results. ``LITBOARD_WORKERS`` sets the number of processes (default: the
CPU count, at most 8); 1, a small input, or a platform without ``fork`` runs in-process.
The output does not depend on the number of workers.
"""

from __future__ import annotations

import os
from typing import Callable, TypeVar

R = TypeVar("R")

MIN_PER_WORKER = 200  # below this, starting processes costs more than it saves
_TASK: list[Callable[[int], object]] = []  # the function a forked child runs


def workers() -> int:
    value = os.environ.get("LITBOARD_WORKERS", "")
    if value.strip():
        if not value.strip().isdigit() or int(value) < 1:
            raise ValueError(f"LITBOARD_WORKERS must be a whole number >= 1, not {value!r}")
        return int(value)
    return max(1, min(8, os.cpu_count() or 1))


def map_ordered(func: Callable[[int], R], count: int) -> list[R]:
    """``[func(0), ..., func(count - 1)]``, computed in up to ``workers()`` processes."""
    import multiprocessing

    n = min(workers(), count // MIN_PER_WORKER)
    if n <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [func(i) for i in range(count)]
    chunks = _chunks(count, n * 4)
    _TASK[:] = [func]
    try:
        with multiprocessing.get_context("fork").Pool(n) as pool:
            parts = pool.map(_run_chunk, chunks, chunksize=1)
    finally:
        _TASK.clear()
    return [r for part in parts for r in part]  # type: ignore[misc]


class Background:
    """``func()`` computed in a forked process while the caller goes on; ``result()`` waits
    for it (and re-raises its exception). With one worker it runs in-process, at ``result()``."""

    def __init__(self, func: Callable[[], R]) -> None:
        import multiprocessing

        self._func: Callable[[], object] | None = func
        self._pool = None
        self._async = None
        if workers() > 1 and "fork" in multiprocessing.get_all_start_methods():
            _TASK[:] = [lambda _: func()]
            self._pool = multiprocessing.get_context("fork").Pool(1)
            self._async = self._pool.apply_async(_run_chunk, ((0, 1),))
            _TASK.clear()  # the child has its copy

    def result(self) -> object:
        if self._pool is None:
            assert self._func is not None
            return self._func()
        try:
            assert self._async is not None
            return self._async.get()[0]
        finally:
            self._pool.close()
            self._pool.join()


def _chunks(count: int, pieces: int) -> list[tuple[int, int]]:
    size = -(-count // max(1, pieces))
    return [(start, min(count, start + size)) for start in range(0, count, size)]


def _run_chunk(bounds: tuple[int, int]) -> list[object]:
    func = _TASK[0]
    return [func(i) for i in range(*bounds)]

