"""Which files litboard wrote: every replace and every prune asks this module first.

A folder litboard writes whole (an imported data root, a release's ``latest`` copy) carries a
manifest, ``.litboard-files``: one line per file, its SHA-256 and its path. Such a folder may be
replaced only while every file in it is listed with the same bytes; a file the user added or
edited makes the replace a ``DataError`` naming it, and nothing is touched. Staging folders
are created fresh (never an existing folder reused or emptied), so a folder of the same name
that someone else made is never deleted.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from ..errors import DataError, Problem

MANIFEST = ".litboard-files"
HEADER = "# written by litboard: sha256 and path of every file it wrote here\n"
SHOWN = 5  # foreign files named in an error


def _files(folder: Path) -> list[Path]:
    """Every file or link under ``folder`` (the manifest itself excluded), in a stable order."""
    found = []
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names) + [d for d in dirs if os.path.islink(os.path.join(base, d))]:
            path = Path(base) / name
            if path.parent != folder or name != MANIFEST:
                found.append(path)
    return found


def _digest(path: Path) -> str:
    if path.is_symlink() or not path.is_file():
        return "link"
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def inventory(folder: Path) -> dict[str, str]:
    """Path (relative, POSIX) -> SHA-256 of every file now in ``folder`` ("link" for a link)."""
    return {p.relative_to(folder).as_posix(): _digest(p) for p in _files(folder)}


def write_manifest(folder: Path) -> None:
    """List every file now in ``folder`` as litboard's own."""
    lines = [f"{digest}  {name}\n" for name, digest in inventory(folder).items()]
    (folder / MANIFEST).write_text(
        HEADER + "".join(lines), encoding="utf-8", errors="surrogateescape"
    )


def listed(folder: Path) -> dict[str, str] | None:
    """Path -> digest of the files ``folder``'s manifest lists (None: no manifest)."""
    path = folder / MANIFEST
    if not path.is_file() or path.is_symlink():
        return None
    rows: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        digest, _, name = line.partition("  ")
        if name and not line.startswith("#"):
            rows[name] = digest
    return rows


def foreign(folder: Path) -> list[str]:
    """Files in ``folder`` that litboard did not write there (or that were changed since)."""
    if not folder.exists():
        return []
    if not folder.is_dir() or folder.is_symlink():
        return [folder.name]
    own = listed(folder) or {}
    return [name for name, digest in inventory(folder).items() if own.get(name) != digest]


def refusal(folder: Path, what: str, fix: str) -> DataError:
    names = foreign(folder)
    more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
    return DataError(
        [
            Problem(
                str(folder),
                0,
                what,
                "holds files litboard did not write (or that were "
                f"changed since): {', '.join(names[:SHOWN])}{more}; they would be lost",
                fix,
            )
        ]
    )


def check_replaceable(folder: Path, what: str, fix: str) -> None:
    """DataError unless ``folder`` is absent, empty, or holds only litboard's unchanged files."""
    if foreign(folder):
        raise refusal(folder, what, fix)


def staging(target: Path, kind: str) -> Path:
    """A new, empty folder beside ``target`` (``.<name>.<kind>-<pid>-<random>``)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{target.name}.{kind}-{os.getpid()}-", dir=target.parent))


def replace(stage: Path, target: Path, what: str, fix: str) -> None:
    """Move the finished ``stage`` (given a manifest here) to ``target``, replacing a previous
    folder only after ``check_replaceable``; the previous folder is removed after the swap."""
    write_manifest(stage)
    check_replaceable(target, what, fix)
    old = None
    if target.exists():
        old = staging(target, "old")
        os.rename(target, old / target.name)
    os.rename(stage, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def remove(folder: Path, what: str, fix: str) -> None:
    """Delete ``folder`` if it is litboard's (``check_replaceable``); absent: nothing to do."""
    check_replaceable(folder, what, fix)
    if folder.exists():
        shutil.rmtree(folder)


def write_folder(target: Path, what: str, fix: str, write: Callable[[Path], None]) -> None:
    """``write(stage)`` into a fresh staging folder, then ``replace`` ``target`` with it: a
    failed or refused write leaves ``target`` as it was and no staging folder behind."""
    check_replaceable(target, what, fix)  # refused before any work is done
    stage = staging(target, "writing")
    try:
        write(stage)
        replace(stage, target, what, fix)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
