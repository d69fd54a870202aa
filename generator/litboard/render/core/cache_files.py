"""Files of the local build cache (``site_cache``'s entries, ``charts``' drawings, jinja's
compiled templates): written whole or not at all, only the most recently used kept within a
size bound (``evict``, ``parse_size``), and only in a folder that is litboard's cache
(``claim``), so a prune never removes a file of the user's."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import BinaryIO, Callable, Iterable

from ...errors import DataError, Problem

MARKER = ".litboard-cache"
MARKER_TEXT = (
    "This folder is litboard's build cache (--site-cache); litboard prunes the files it named.\n"
)
# the names litboard gives cache files (a SHA-256 key and a kind; jinja's compiled templates;
# temporary files of write_atomic): prunes touch nothing else
OWN = {
    "": re.compile(r"[0-9a-f]{64}\.pickle|\.[0-9a-f]{64}\.pickle\.[0-9]+\.tmp"),
    "charts": re.compile(r"\.?[0-9a-f]{64}\.(svg|png|js)(\.[0-9]+\.tmp)?"),
    "jinja": re.compile(r"__jinja2_[0-9a-f]{40}\.cache|\.?__jinja2_.*"),
}


def is_own(folder: str, name: str) -> bool:
    """Whether ``name`` in the cache's ``folder`` ('' for the cache itself) is a name litboard
    gives."""
    pattern = OWN.get(folder)
    return pattern is not None and pattern.fullmatch(name) is not None


def claim(cache: Path) -> None:
    """Make ``cache`` litboard's cache folder: created and marked when absent or empty, or when
    it holds only files named as litboard names them (a cache of an older litboard); a folder
    holding anything else is refused, so a prune can never reach the user's files."""
    if (cache / MARKER).is_file() and not (cache / MARKER).is_symlink():
        return
    fix = "pass --site-cache a folder of its own (litboard creates it), or --no-site-cache"
    if cache.exists() and (cache.is_symlink() or not cache.is_dir()):
        raise DataError([Problem(str(cache), 0, "--site-cache", "is not a folder", fix)])
    strangers = _strangers(cache) if cache.is_dir() else []
    if strangers:
        more = f" and {len(strangers) - 5} more" if len(strangers) > 5 else ""
        raise DataError(
            [
                Problem(
                    str(cache),
                    0,
                    "--site-cache",
                    "is a folder litboard's cache did not "
                    f"make (no {MARKER} file), holding {', '.join(strangers[:5])}{more}; "
                    "the cache prunes its folder",
                    fix,
                )
            ]
        )
    cache.mkdir(parents=True, exist_ok=True)
    (cache / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def _strangers(cache: Path) -> list[str]:
    found = []
    for entry in sorted(cache.iterdir()):
        if entry.name in OWN and entry.is_dir() and not entry.is_symlink():
            found += [
                f"{entry.name}/{p.name}"
                for p in sorted(entry.iterdir())
                if p.is_symlink() or not p.is_file() or not is_own(entry.name, p.name)
            ]
        elif entry.is_symlink() or not entry.is_file() or not is_own("", entry.name):
            found.append(entry.name)
    return found


def write_atomic(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """``write(handle)`` into a temporary file beside ``path``, then renamed to it: a killed
    build leaves no half file under ``path``. On an error the temporary file is removed."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def keep_newest(files: Iterable[Path], keep: int) -> None:
    """Remove all but the ``keep`` most recently used (modified or touched) of ``files`` that
    are cache files (``is_own`` in a claimed cache folder); any other file is left alone."""
    own = [p for p in files if _prunable(p)]
    ordered = sorted(own, key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for stale in ordered[keep:]:
        stale.unlink(missing_ok=True)


def own_files(cache: Path) -> list[Path]:
    """litboard's finished files in the claimed folder ``cache``: its SHA-256-named entries and
    its ``charts/`` and ``jinja/`` files (temporary files of a write in progress excluded); none
    when ``cache`` carries no marker. Links, folders and names litboard does not give are never
    listed."""
    marker = cache / MARKER
    if cache.is_symlink() or not marker.is_file() or marker.is_symlink():
        return []
    found = []
    for folder in ("", *sorted(k for k in OWN if k)):
        base = cache / folder if folder else cache
        if base.is_symlink() or not base.is_dir():
            continue
        found += [
            p
            for p in sorted(base.iterdir())
            if not p.name.endswith(".tmp")
            and is_own(folder, p.name)
            and not p.is_symlink()
            and p.is_file()
        ]
    return found


def evict(cache: Path, limit: int, keep: set[Path], since_ns: int) -> list[Path]:
    """Remove the least recently used (modified or touched) of ``own_files(cache)`` until they
    take at most ``limit`` bytes. Never removed: a file in ``keep``, one used since ``since_ns``
    (``time.time_ns()`` when the build started; a read touches its file), and anything that is
    not litboard's. Returns the files removed."""
    files = []
    for path in own_files(cache):
        try:
            info = path.stat()
        except OSError:  # removed meanwhile by another build
            continue
        files.append((info.st_mtime_ns, path, info.st_size))
    total = sum(size for _, _, size in files)
    removed = []
    for mtime, path, size in sorted(files):  # least recently used first
        if total <= limit:
            break
        if path in keep or mtime >= since_ns:
            continue
        path.unlink(missing_ok=True)
        total -= size
        removed.append(path)
    return removed


UNITS = {
    "": 1,
    "b": 1,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "k": 10**3,
    "m": 10**6,
    "g": 10**9,
    "t": 10**12,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
}
SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)\s*")


def parse_size(text: str, where: str, field: str) -> int:
    """Bytes of a size such as ``1GB``, ``500 MB``, ``2GiB`` or ``0`` (decimal units: 1 GB =
    10^9 bytes); a DataError naming ``where`` and ``field`` otherwise."""
    match = SIZE.fullmatch(str(text))
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in UNITS:
        raise DataError(
            [
                Problem(
                    where,
                    0,
                    field,
                    f"{text!r} is not a size",
                    "give a number of bytes with an optional unit: 1GB, 500MB, 2GiB, 0",
                )
            ]
        )
    return int(float(match.group(1)) * UNITS[unit])


def _prunable(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    if (path.parent / MARKER).is_file():
        return is_own("", path.name)
    return (path.parent.parent / MARKER).is_file() and is_own(path.parent.name, path.name)
