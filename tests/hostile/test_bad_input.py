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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from litboard.pipeline.outdir import mark

from ..conftest import REPO

from ..helpers import FIXTURES, copy_root
from .cases import CASES, Case

TIMEOUT = 60


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "generator"), "SOURCE_DATE_EPOCH": "0"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "litboard.cli", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            errors="backslashreplace",
            check=False,
        )
    except subprocess.TimeoutExpired:  # run() has killed it; the assertions report the hang
        return subprocess.CompletedProcess(
            args, -1, "", f"HUNG: `litboard {' '.join(args)}` ran over {TIMEOUT} s"
        )


def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry under ``folder`` (links and FIFOs are never followed or opened)."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            info = path.lstat()
            found[os.fsencode(path.relative_to(folder)).hex()] = (
                stat.S_IFMT(info.st_mode),
                info.st_size,
                info.st_mtime_ns,
            )
    return found


def problem_line(case: Case, root: Path, fragment: str, field: str) -> re.Pattern[str]:
    return re.compile(
        rf"^{re.escape(str(root))}/(?:.*/)?{re.escape(fragment)}(?::\d+)?: "
        rf"{re.escape(field)}: \S",
        re.MULTILINE,
    )


def assert_clean_failure(case: Case, done: subprocess.CompletedProcess[str], root: Path) -> None:
    output = done.stdout + done.stderr
    assert not done.stderr.startswith("HUNG"), done.stderr
    assert "Traceback" not in output, output[-3000:]
    assert done.returncode == 1, (done.returncode, output[-3000:])
    for fragment, field in ((case.fragment, case.field), *case.also):
        assert problem_line(case, root, fragment, field).search(done.stderr), (
            fragment,
            field,
            done.stderr,
        )
    assert "\x1b" not in output and "\x07" not in output and "\u202e" not in output, (
        "raw escape codes printed"
    )


def plant(case: Case, tmp: Path) -> Path:
    root = copy_root(FIXTURES / "tiny", tmp / "root")
    outside = tmp / "outside"
    outside.mkdir()
    case.plant(root, outside)
    return root


@dataclass
class Validated:
    root: Path
    done: subprocess.CompletedProcess[str]
    unchanged: bool


@pytest.fixture(scope="module")
def validated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Validated]:
    """Every case planted, then validated by the CLI, a few processes at a time (one Python
    start-up per case is most of the cost)."""

    def one(case: Case) -> Validated:
        tmp = tmp_path_factory.mktemp(case.name)
        root = plant(case, tmp)
        before = snapshot(tmp)
        done = run("validate", "--data", str(root), cwd=tmp)
        return Validated(root, done, snapshot(tmp) == before)

    tmp_path_factory.getbasetemp()  # made once, before the threads (they would race to make it)
    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(zip((c.name for c in CASES), pool.map(one, CASES)))


def test_there_are_at_least_60_cases() -> None:
    assert len(CASES) >= 60 and len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_validate_names_the_problem(case: Case, validated: dict[str, Validated]) -> None:
    result = validated[case.name]
    assert_clean_failure(case, result.done, result.root)
    assert result.unchanged, "validate wrote or changed files"


BUILT = [c for c in CASES if c.build]


@pytest.mark.parametrize("case", BUILT, ids=[c.name for c in BUILT])
def test_build_refuses_and_keeps_the_previous_output(case: Case, tmp_path: Path) -> None:
    root = plant(case, tmp_path)
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("previous build\n", encoding="utf-8")
    mark(out)  # a site litboard built before (build --out refuses any other non-empty folder)
    before = snapshot(tmp_path)
    done = run("build", "--data", str(root), "--out", str(out), cwd=tmp_path)
    assert_clean_failure(case, done, root)
    assert snapshot(tmp_path) == before, "build wrote, removed or changed files"
    assert (out / "index.html").read_text(encoding="utf-8") == "previous build\n"
