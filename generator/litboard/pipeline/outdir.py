"""Where a build may write: refuse any output folder whose replacement could lose a file.

``build_site`` replaces its output folder wholesale (staging folder, rename, delete the old
one), so the folder must be litboard's own. Refused: a folder that is, contains or lies in
a data root's ``corpus/``/``judgments/`` or the repository's source folders; a folder that
is or contains a data root or the repository; and any non-empty folder without the marker
file litboard writes into every site it builds. Leftover staging/old folders of killed
builds are removed on the next run, only when they carry that marker (a staging folder gets it
when it is made, an old folder is a replaced site); a folder of the same name without it is
left alone, and a build whose own staging/old name is taken by one is refused.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Sequence

from ..errors import DataError, Problem

MARKER = ".litboard-site"
MARKER_TEXT = "This folder was written by `litboard build`; the next build replaces it whole.\n"
# folders of a data root / the repository that hold inputs (never an output, never inside one)
PROTECTED = (
    "corpus",
    "judgments",
    "reported",
    ".git",
    "generator",
    "templates",
    "site",
    "tests",
    ".github",
)


def _inside(path: Path, parent: Path) -> bool:
    return path == parent or parent in path.parents


def out_problem(out: Path, roots: Sequence[Path], repo: Path | None) -> Problem | None:
    """Why ``out`` may not be (re)written by a build, or None when it may (``repo``: the study
    whose mkdocs.yml the build uses; None when it uses litboard's default configuration)."""
    out = out.resolve()
    shown = str(out)
    fix = "pass an output folder of its own, e.g. --out public (litboard creates it)"
    for base in [
        *(Path(r).resolve() for r in roots),
        *([repo.resolve()] if repo is not None else []),
    ]:
        if _inside(base, out):
            return Problem(
                shown,
                0,
                "--out",
                f"is or contains the data root or repository {base}: "
                "building there would delete it",
                fix,
            )
        for name in PROTECTED:
            if _inside(out, base / name):
                return Problem(
                    shown,
                    0,
                    "--out",
                    f"lies inside {base / name}, which holds inputs litboard never writes",
                    fix,
                )
    if out.exists() and not out.is_dir():
        return Problem(shown, 0, "--out", "is a file, not a folder", fix)
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        return Problem(
            shown,
            0,
            "--out",
            f"is a non-empty folder that litboard did not build (no {MARKER} "
            "file in it); a build replaces its output folder whole",
            "choose another folder, or empty or delete this one yourself if it is "
            "really a site built by an older litboard",
        )
    return None


def check_out(out: Path, roots: Sequence[Path], repo: Path | None) -> None:
    problem = out_problem(out, roots, repo)
    if problem is not None:
        raise DataError([problem])


def mark(folder: Path) -> None:
    (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def is_marked(folder: Path) -> bool:
    return folder.is_dir() and not folder.is_symlink() and (folder / MARKER).is_file()


def claim_names(out: Path, pid: int) -> tuple[Path, Path]:
    """This build's staging and old folder names beside ``out``: a leftover of litboard's own
    (marked) is removed; a folder of someone else's under either name refuses the build."""
    names = staging_name(out, "staging", pid), staging_name(out, "old", pid)
    for path in names:
        if is_marked(path):
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            raise DataError(
                [
                    Problem(
                        str(path),
                        0,
                        "--out",
                        f"is in the way of the build: it has the name "
                        f"litboard gives its temporary folders but no {MARKER} file",
                        "rename or move that folder",
                    )
                ]
            )
    return names


def staging_name(out: Path, kind: str, pid: int) -> Path:
    return out.parent / f".{out.name}.{kind}-{pid}"


def clean_leftovers(out: Path) -> list[Path]:
    """Remove staging/old folders of builds that were killed (their process is gone)."""
    removed = []
    for kind in ("staging", "old"):
        for path in sorted(out.parent.glob(f".{out.name}.{kind}-*")):
            pid = path.name.rsplit("-", 1)[-1]
            if not pid.isdigit() or _alive(int(pid)) or not is_marked(path):
                continue  # a folder without litboard's marker is not litboard's to delete
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
