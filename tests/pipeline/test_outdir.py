"""`build --out` never deletes what litboard did not write (issue 15, defect 1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.pipeline import outdir
from litboard.pipeline.build import build_site

from ..conftest import REPO
from litboard.errors import DataError

from ..helpers import FIXTURES, copy_root

TINY = FIXTURES / "tiny"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litboard.cli", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def listing(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch clone of the repository (its own corpus/, judgments/ and .git)."""
    clone = tmp_path_factory.mktemp("scratch") / "litboard"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True, timeout=120)
    return clone


@pytest.mark.parametrize("target", [".", "corpus", "judgments", "corpus/systems/new", ".git", ".."])
def test_build_refuses_out_that_would_delete_inputs(scratch: Path, target: str) -> None:
    before = listing(scratch)
    done = run("build", "--data", str(scratch), "--out", str(scratch / target))
    assert done.returncode == 1, done.stderr
    assert "--out:" in done.stderr and "Traceback" not in done.stderr
    assert "(fix: " in done.stderr
    assert listing(scratch) == before  # nothing deleted, nothing written
    for kept in (".git/HEAD", "corpus/dataset.yaml", "judgments"):
        assert (scratch / kept).exists()


def test_build_refuses_a_folder_it_did_not_build(tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("years of work\n")
    with pytest.raises(DataError) as caught:
        build_site([TINY], out)
    assert "did not build" in str(caught.value)
    assert (out / "thesis.tex").read_text() == "years of work\n"


def test_build_replaces_its_own_output_and_marks_it(tmp_path: Path) -> None:
    out = tmp_path / "public"
    build_site([TINY], out)
    assert (out / outdir.MARKER).is_file()
    (out / "stale.html").write_text("old page")
    build_site([TINY], out)  # a marked folder is litboard's own: replaced whole
    assert not (out / "stale.html").exists()


def test_empty_or_missing_out_is_fine(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert outdir.out_problem(tmp_path / "empty", [TINY], REPO) is None
    assert outdir.out_problem(tmp_path / "new" / "deep", [TINY], REPO) is None
    assert outdir.out_problem(REPO / "public-test-out", [REPO], REPO) is None  # beside the data


def test_data_root_inside_out_is_refused(tmp_path: Path) -> None:
    root = copy_root(TINY, tmp_path / "site" / "data")
    problem = outdir.out_problem(tmp_path / "site", [root], REPO)
    assert problem is not None and "contains the data root" in problem.message


def test_killed_builds_leave_nothing_behind(tmp_path: Path) -> None:
    out = tmp_path / "public"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    for kind in ("staging", "old"):
        leftover = outdir.staging_name(out, kind, dead.pid)
        leftover.mkdir(parents=True)
        outdir.mark(leftover)  # litboard marks its staging folders when it makes them
        (leftover / "index.html").write_text("half a site")
    live = outdir.staging_name(out, "staging", os.getppid())  # a build still running: kept
    live.mkdir()
    build_site([TINY], out)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [live.name, "public"]


def test_leftover_names_without_the_marker_are_left_alone(tmp_path: Path) -> None:
    """Issue 33 row 9: a build deleted sibling `.<out>.old-<pid>`/`.staging-<pid>` folders of a
    dead pid without checking litboard's marker."""
    out = tmp_path / "public"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    mine = [outdir.staging_name(out, kind, dead.pid) for kind in ("staging", "old")]
    for folder in mine:
        folder.mkdir(parents=True)
        (folder / "backup.tex").write_text("mine")
    build_site([TINY], out)
    assert all((folder / "backup.tex").read_text() == "mine" for folder in mine)


def test_a_foreign_folder_under_the_builds_own_temporary_name_refuses_it(tmp_path: Path) -> None:
    out = tmp_path / "public"
    taken = outdir.staging_name(out, "old", os.getpid())
    taken.mkdir()
    (taken / "backup.tex").write_text("mine")
    with pytest.raises(DataError, match="in the way of the build"):
        build_site([TINY], out)
    assert (taken / "backup.tex").read_text() == "mine" and not out.exists()


@pytest.mark.parametrize("part", ["reported", "reported/site"])
def test_out_inside_a_data_roots_reported_folder_is_refused_even_when_absent(
    tmp_path: Path, part: str
) -> None:
    """Issue 33 row 10: --out ROOT/reported was allowed when that folder was absent, so the site
    landed inside the data root (validate then reported every page as a stray file)."""
    root = copy_root(TINY, tmp_path / "root")
    assert not (root / "reported").exists()
    problem = outdir.out_problem(root / part, [root], REPO)
    assert problem is not None and "holds inputs" in problem.message
    with pytest.raises(DataError, match="--out"):
        build_site([root], root / part)
    assert not (root / "reported").exists()


def test_a_full_disk_is_a_clean_error_and_keeps_the_previous_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33 row 12: a disk filling up mid-build kept the old site but printed an ENOSPC
    traceback."""
    import errno

    from mkdocs import utils

    from litboard.cli import main

    out = tmp_path / "public"
    build_site([TINY], out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real, written = utils.write_file, []

    def fill(content: bytes, path: str) -> None:
        if len(written) >= 3:
            raise OSError(errno.ENOSPC, "No space left on device", path)
        written.append(path)
        real(content, path)

    monkeypatch.setattr(utils, "write_file", fill)
    assert main(["build", "--data", str(TINY), "--out", str(out), "--no-site-cache"]) == 1
    err = capsys.readouterr().err
    assert "disk: is full (No space left on device)" in err and "(fix: free space" in err
    assert "Traceback" not in err and "ENOSPC" not in err
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public"]  # no staging folder left
