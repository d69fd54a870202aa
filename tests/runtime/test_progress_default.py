"""Issue 47 goal 4 / issue 42 goal 2: progress by default on a terminal (also one that reports 0
columns, as `script` does), off with --quiet or without a terminal; every step ends with its CPU
seconds; a running step gives a sign of life (a redraw or a "still" line) on every timer beat."""

from __future__ import annotations

import io
import os

import pytest

from litboard.cli import build_parser, main
from litboard.runtime import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no size")  # like a pseudo-terminal of 0 columns


@pytest.fixture(autouse=True)
def _default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(progress.ENV, raising=False)
    monkeypatch.delenv(progress.QUIET, raising=False)


def test_a_terminal_without_a_width_still_gets_a_drawn_bar() -> None:
    out = Terminal()
    with progress.bar("things", 3, unit="thing", stream=out) as tick:
        tick(2)
        tick(1)
    drawn = out.getvalue()
    assert "litboard: things: 100%|####" in drawn and "3/3" in drawn


def test_no_terminal_no_bar_but_step_lines_with_cpu_seconds() -> None:
    out = io.StringIO()
    with progress.step("counting", stream=out):
        with progress.bar("things", 3, stream=out) as tick:
            tick(3)
        sum(range(10**5))
    lines = out.getvalue().splitlines()
    assert lines[0] == "litboard: counting …"
    assert lines[1].startswith("litboard: counting done in ") and lines[1].endswith(" CPU-s)")
    assert len(lines) == 2  # no bar in a log


def test_quiet_silences_steps_and_bars(monkeypatch: pytest.MonkeyPatch) -> None:
    progress.configure(None, quiet=True)
    out = Terminal()
    with progress.step("counting", stream=out), progress.bar("things", 3, stream=out) as tick:
        tick(3)
    assert out.getvalue() == ""
    progress.configure(None)
    assert not progress.quiet() and progress.ENV not in os.environ


def test_a_beat_prints_a_still_line_in_a_log_and_redraws_bars_on_a_terminal() -> None:
    log = io.StringIO()
    with progress.step("scoring", stream=log):
        progress._beat()
    assert "litboard: still scoring … " in log.getvalue() and "CPU-s so far" in log.getvalue()
    term = Terminal()
    with progress.step("building", stream=term), progress.bar("pages", 5, stream=term) as tick:
        tick(1)
        before = term.getvalue()
        progress._beat()
        assert len(term.getvalue()) > len(before) and "still" not in term.getvalue()


def test_the_cli_has_quiet_and_progress_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    args = build_parser().parse_args(["--quiet", "init", "x"])
    assert args.quiet and args.progress is None
    # default: the terminal decides
    assert build_parser().parse_args(["init", "x"]).progress is None


def test_quiet_reaches_the_command(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["--quiet", "init", str(tmp_path / "s")]) == 0
    assert "writing the study" not in capsys.readouterr().err
    progress.configure(None)


def test_a_zero_by_zero_terminal_gets_a_real_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """`script` gives a pseudo-terminal of 0 x 0: tqdm hid every bar below screen line 0."""
    monkeypatch.setattr(progress.os, "get_terminal_size", lambda fd=0: os.terminal_size((0, 0)))
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("LINES", "30")
    assert progress._size(Terminal()) == (100, 30)
    monkeypatch.setattr(progress.os, "get_terminal_size", lambda fd=0: os.terminal_size((120, 40)))


def test_a_sized_terminal_is_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    class Sized(Terminal):
        def fileno(self) -> int:
            return 2

    monkeypatch.setattr(progress.os, "get_terminal_size", lambda fd=0: os.terminal_size((120, 40)))
    assert progress._size(Sized()) is None
