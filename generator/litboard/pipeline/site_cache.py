"""Incremental builds: a content-addressed cache of each dataset's generated output.

A dataset's pages depend on its own data roots (their bytes and where they are), on whether
each of them is a root of the study the build runs in (the provenance's build command leaves
those out), on the system lists of the datasets its ``same_as`` links name (absent ones
included: such a link is dropped), on the code and templates, and on the release stamp
(SOURCE_DATE_EPOCH, LITBOARD_RELEASE) and where the site is built from (the request's
``cite.source.Source``: repository, site address, commit). ``dataset_keys`` hashes exactly
these — not the other datasets of the build, so a dataset cached in one combination of roots
is reused in another; when a key is in the cache, the dataset is neither loaded nor analysed
nor rendered: its files, nav, home card, provenance and judge-bias rows come from the cache.
Touching a file (same bytes) changes nothing; adding a system rebuilds that dataset only.

The cache is bounded (``bound``; default 1 GB, ``--site-cache-size``): after a build, the least
recently used of litboard's own files in the cache are removed until the rest fit, never one
this build used.

Entries are written atomically (temporary file, then rename) and read back only when their
name is the key, so a killed build leaves no half entry. The cache is local build state
(``.cache/site`` by default; ``litboard build --no-site-cache`` skips it): it is never published
or shared between machines, and is read with ``pickle``, so it must not be writable by
anyone who may not run code on this machine.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .. import __version__
from ..cite.source import NOWHERE, Source
from ..load.datasets import DatasetRoots, same_as_links
from ..render.core.cache_files import evict, parse_size, write_atomic
from ..settings import BUILD
from ..render.core.jinja import search_path
from ..render.core.pages import Files

GENERATOR = Path(__file__).resolve().parents[1]  # the generator package
ENV = ("SOURCE_DATE_EPOCH", "LITBOARD_RELEASE")
DATA_PARTS = ("corpus", "judgments", "reported")
# bytes kept
DEFAULT_SIZE = parse_size(BUILD.site_cache_size, "litboard.settings", "site_cache_size")


@dataclass
class Entry:
    """Everything ``site.generate`` needs of one dataset, without loading it."""

    dataset_id: str
    is_demo: bool
    systems: set[str]
    files: Files  # already under ``<dataset id>/``, finished (cite boxes, twins)
    nav: dict[str, Any]
    card: Any
    provenance: Any
    judge_rows: Any  # judge_bias_page.dataset_rows / creativity_rows of the dataset
    creative_rows: Any
    judge_absent: str = ""  # why the dataset has no judge-bias rows (``Results.judge_absent``)


def code_fingerprint(templates: Path) -> str:
    """Every source file of the generator and every template, plus the versions of the packages
    that compute numbers (the ones the provenance names: another scipy may give other numbers)."""
    from ..cite.provenance import installed

    digest = hashlib.sha256(f"{__version__}|{sys.version}|{installed()}".encode())
    # the shipped templates live in GENERATOR
    folders = [(folder, "*") for folder in search_path(templates)]
    for base, pattern in ((GENERATOR, "*.py"), (GENERATOR, "*.json"), *folders):
        for path in sorted(
            p for p in base.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts
        ):
            digest.update(f"\0{path.relative_to(base)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def root_digest(root: Path) -> str:
    """The bytes of every data file of a root (names included), not their times."""
    digest = hashlib.sha256(str(root.resolve()).encode())
    for part in DATA_PARTS:
        folder = root / part
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() or path.is_symlink():
                digest.update(f"\0{path.relative_to(root)}\0".encode("utf-8", "surrogateescape"))
                digest.update(
                    path.read_bytes() if path.is_file() and not path.is_symlink() else b"<link>"
                )
    return digest.hexdigest()


def system_folders(root: Path) -> list[str]:
    systems = root / "corpus" / "systems"
    return sorted(p.name for p in systems.iterdir() if p.is_dir()) if systems.is_dir() else []


def dataset_keys(
    groups: Sequence[DatasetRoots],
    templates: Path,
    reader_pages: str = "auto",
    source: Source = NOWHERE,
) -> dict[str, str]:
    """Dataset id -> cache key, for every group with a declared id (``reader_pages``: packed or
    not changes the pages; ``source``: the cite boxes name it)."""
    from ..files.project import find

    code = code_fingerprint(templates)
    env = "|".join([*(f"{k}={os.environ.get(k, '')}" for k in ENV), source.key()])
    # provenance._flags: a study root needs no --data in the build command
    study = set(find().roots)
    systems = {str(g.id): sorted({s for r in g.roots for s in system_folders(r)}) for g in groups}
    keys = {}
    for group in groups:
        if group.id is None:
            continue
        linked = sorted(
            {target.partition("/")[0] for r in group.roots for _, target in same_as_links(r)}
        )
        context = repr([(ds, systems.get(ds)) for ds in linked])  # the datasets its same_as names
        roots = [f"{root_digest(r)} {r.resolve() in study}" for r in group.roots]
        keys[group.id] = hashlib.sha256(
            "\n".join([code, env, reader_pages, context, group.id, *roots]).encode()
        ).hexdigest()
    return keys


@dataclass
class Panel:
    """The cross-dataset judge-bias page (files and nav), keyed by every dataset's key in order."""

    files: Files
    nav: dict[str, Any]


def panel_key(keys: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(["judge-bias panel", *keys]).encode()).hexdigest()


def read(cache: Path, key: str, kind: type = Entry) -> Any:
    """The cached ``kind`` object under ``key``, or None (missing, unreadable or another kind)."""
    path = cache / f"{key}.pickle"
    try:
        with open(path, "rb") as handle:
            entry = pickle.load(handle)
    except (
        OSError,
        EOFError,
        pickle.UnpicklingError,
        AttributeError,
        ImportError,
        TypeError,
        ValueError,
    ):
        return None
    if not isinstance(entry, kind):
        return None
    os.utime(path)  # most recently used
    return entry


def write(cache: Path, key: str, entry: Entry | Panel) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    write_atomic(
        cache / f"{key}.pickle",
        lambda handle: pickle.dump(entry, handle, protocol=pickle.HIGHEST_PROTOCOL),
    )


def bound(cache: Path, limit: int, keys: Sequence[str], since_ns: int) -> list[Path]:
    """Keep the cache within ``limit`` bytes after a build: the least recently used of
    litboard's own files go first; the entries under ``keys`` and every file read or written
    since ``since_ns`` (this build's) stay, even when they alone exceed the limit. The files
    removed."""
    return evict(cache, limit, {cache / f"{key}.pickle" for key in keys}, since_ns)
