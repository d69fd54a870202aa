"""Progress per phase (issue 30, goal 6): drawn on a terminal or when asked, quiet in CI logs."""

from __future__ import annotations

import io

import pytest

from litboard.runtime import progress
from litboard.runtime import parallel


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def automatic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(progress.ENV, raising=False)


def test_quiet_when_stderr_is_not_a_terminal() -> None:
    log = io.StringIO()
    with progress.bar("reader pages", 3, stream=log) as tick:
        for _ in range(3):
            tick(1)
    assert log.getvalue() == ""


def test_drawn_on_a_terminal_with_counts() -> None:
    screen = Terminal()
    with progress.bar("reader pages", 3, stream=screen) as tick:
        for _ in range(3):
            tick(1)
    assert "litboard: reader pages" in screen.getvalue() and "3/3" in screen.getvalue()


def test_asked_for_in_a_log_and_silenced_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    progress.configure(True)
    log = io.StringIO()
    with progress.bar("datasets", 2, unit="dataset", stream=log) as tick:
        tick(2)
    assert "2/2" in log.getvalue()
    progress.configure(False)
    screen = Terminal()
    with progress.bar("datasets", 2, stream=screen) as tick:
        tick(2)
    assert screen.getvalue() == ""
    progress.configure(None)


def test_map_ordered_reports_every_result_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    assert parallel.map_ordered(lambda i: i * i, 50, seen.append) == [i * i for i in range(50)]
    assert sum(seen) == 50


def test_the_cli_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    from litboard.cli import build_parser

    assert build_parser().parse_args(["--progress", "validate"]).progress is True
    assert build_parser().parse_args(["--no-progress", "validate"]).progress is False
    assert build_parser().parse_args(["validate"]).progress is None


def test_a_drawn_bar_starts_no_thread_so_the_reader_pages_still_fork() -> None:
    import threading

    with progress.bar("reader pages", 3, stream=Terminal()) as tick:
        tick(1)
        # tqdm's monitor thread made can_fork() False: one core for every reader page
        assert [t for t in threading.enumerate() if type(t).__name__ == "TMonitor"] == []
