"""Every planted bad input gives exit 1 and a `file[:line]: field:` message, through the real CLI.

No traceback, no hang (each command runs with a timeout), nothing written: the data root and
its surroundings are unchanged, and for the cases also built, the previous output folder is
exactly as it was. The line number is left out only where the whole file is meant
(a FIFO, a folder, a link).
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import REPO

from ..helpers import FIXTURES, copy_root
from .cases import CASES, Case

TIMEOUT = 60


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SOURCE_DATE_EPOCH": "0"}
    try:
        return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=TIMEOUT,
                              errors="backslashreplace", check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`litboard {' '.join(args)}` hung for {TIMEOUT} s")


def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry under ``folder`` (links and FIFOs are never followed or opened)."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            info = path.lstat()
            found[os.fsencode(path.relative_to(folder)).hex()] = (
                stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns)
    return found


def problem_line(case: Case, root: Path, fragment: str, field: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(str(root))}/(?:.*/)?{re.escape(fragment)}(?::\d+)?: "
                      rf"{re.escape(field)}: \S", re.MULTILINE)


def assert_clean_failure(case: Case, done: subprocess.CompletedProcess[str], root: Path) -> None:
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output[-3000:]
    assert done.returncode == 1, (done.returncode, output[-3000:])
    for fragment, field in ((case.fragment, case.field), *case.also):
        assert problem_line(case, root, fragment, field).search(done.stderr), (fragment, field, done.stderr)
    assert "\x1b" not in output and "\x07" not in output and "\u202e" not in output, "raw escape codes printed"


@pytest.fixture()
def planted(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Case, Path]:
    case: Case = request.param
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    outside = tmp_path / "outside"
    outside.mkdir()
    case.plant(root, outside)
    return case, root


def test_there_are_at_least_60_cases() -> None:
    assert len(CASES) >= 60 and len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("planted", CASES, ids=[c.name for c in CASES], indirect=True)
def test_validate_names_the_problem(planted: tuple[Case, Path], tmp_path: Path) -> None:
    case, root = planted
    before = snapshot(tmp_path)
    done = run("validate", "--data", str(root), cwd=tmp_path)
    assert_clean_failure(case, done, root)
    assert snapshot(tmp_path) == before, "validate wrote or changed files"


BUILT = [c for c in CASES if c.build]


@pytest.mark.parametrize("planted", BUILT, ids=[c.name for c in BUILT], indirect=True)
def test_build_refuses_and_keeps_the_previous_output(planted: tuple[Case, Path], tmp_path: Path) -> None:
    case, root = planted
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("previous build\n", encoding="utf-8")
    before = snapshot(tmp_path)
    done = run("build", "--data", str(root), "--out", str(out), cwd=tmp_path)
    assert_clean_failure(case, done, root)
    assert snapshot(tmp_path) == before, "build wrote, removed or changed files"
    assert (out / "index.html").read_text(encoding="utf-8") == "previous build\n"
