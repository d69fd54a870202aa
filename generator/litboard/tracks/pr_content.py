"""The barrier's content checks: the same ``validate`` as main, on the pull request's files.

``check-pr`` (pr-barrier.yml, the base branch's code) reads the files the pull request adds as git
objects — never checked out, never run — and writes their bytes, with the track's data of the
CURRENT base branch (not the merge base: two open pull requests adding the same id are caught when
the second is checked after the first merged), into a scratch folder. ``validate_all`` then checks
them as ``litboard validate`` does on main: YAML (aliases, duplicate keys), the card, ids and folder
names, encodings and newlines, JSON lines, pairs, coverage, copies, names. Problems name the
pull request's own paths (file:line:field and a fix).
"""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Callable, Sequence

from ..errors import Problem, Problems
from ..load import track_decl
from ..load.track_decl import Track

Git = Callable[..., str]


def _track(folder: str) -> Track | None:
    return next((t for t in track_decl.TRACKS if t.folder + "/" == folder), None)


def check_contents(
    repo: Path,
    base: str,
    head: str,
    paths: Sequence[str],
    folder: str,
    problems: Problems,
    release_roots: Callable[[Track, Path], list[Path]] | None = None,
) -> None:
    """Add every problem ``validate`` finds once the added ``paths`` join the base's track data."""
    from ..load.datasets import validate_all
    from .checks import CHECKS as ROOT_CHECKS

    track = _track(folder.rsplit("/", 1)[0] + "/") if folder else None
    if track is None:
        return
    from ..files.ids import output_file

    for path in paths:
        pair = output_file(path.rsplit("/", 1)[1])[0] if path.endswith(".jsonl") else None
        if pair is not None and pair not in track.pairs:
            problems.add(
                path,
                0,
                "pair",
                f"{pair} is not a pair of track {track.id}",
                f"use one of: {', '.join(track.pairs)} (name the file <pair>.jsonl)",
            )
    if problems.items:
        return
    if _exists(repo, base, folder):
        problems.add(
            folder,
            0,
            "pull request",
            f"{folder}/ exists on the current base branch (merged since "
            "this pull request branched off)",
            "choose another system id (folder name and `id:`)",
        )
        return
    with tempfile.TemporaryDirectory(prefix="litboard-pr-") as scratch:
        root = Path(scratch)
        materialise(repo, base, head, paths, track, root)
        roots = (
            [root]
            if track.release is None
            else (release_roots(track, repo) if release_roots else []) + [track.root(root)]
        )
        if track.release is not None and release_roots is None:
            return  # a release track without its release: scope and card checks only
        found = validate_all(roots, ROOT_CHECKS)
        prefix = str(root) + "/"
        for p in found.items:
            problems.items.append(
                Problem(
                    p.file.replace(prefix, ""),
                    p.line,
                    p.field,
                    p.message.replace(prefix, ""),
                    p.fix.replace(prefix, ""),
                )
            )


def materialise(
    repo: Path, base: str, head: str, paths: Sequence[str], track: Track, root: Path
) -> None:
    """Write the track's data of ``base`` and the bytes of ``paths`` at ``head`` (git objects,
    never checked out) into the empty folder ``root``: the data root(s) ``validate`` and the
    trusted results comment (``pr_trusted``) read."""
    _extract(
        repo,
        base,
        [p for p in ("corpus", "judgments", f"tracks/{track.id}") if _exists(repo, base, p)],
        root,
    )
    for path in paths:
        blob = subprocess.run(
            ["git", "-C", str(repo), "cat-file", "blob", f"{head}:{path}"],
            capture_output=True,
            timeout=120,
            check=True,
        ).stdout
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob)


def _exists(repo: Path, base: str, path: str) -> bool:
    done = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "-e", f"{base}:{path}"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    return done.returncode == 0


def _extract(repo: Path, base: str, paths: list[str], root: Path) -> None:
    if not paths:
        return
    archive = root / ".base.tar"
    with archive.open("wb") as out:
        subprocess.run(
            ["git", "-C", str(repo), "archive", "--format=tar", base, *paths],
            stdout=out,
            timeout=600,
            check=True,
        )
    with tarfile.open(archive) as tar:
        tar.extractall(root, filter="data")
    archive.unlink()
