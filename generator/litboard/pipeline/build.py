"""Build the site with mkdocs into a fresh folder, then swap it in atomically.

A failed build leaves the previous output untouched. SOURCE_DATE_EPOCH is pinned (to the
git HEAD commit time, else 0) so the same inputs give a byte-identical tree.
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from . import outdir
from ..files import project
from ..errors import DataError, Problem
from ..files.project import Project
from ..runtime.process import environ, git
from .request import BuildContext, BuildRequest, built_from


@dataclass
class BuildResult:
    out: Path
    pages: int
    seconds: float
    timings: dict[str, float]


def default_roots() -> list[Path]:
    """The data roots of the study in the current folder (its mkdocs.yml's litboard plugin)."""
    return project.find().data_roots()


def source_date_epoch(repo: Path | None = None, roots: Sequence[Path] = ()) -> str:
    """SOURCE_DATE_EPOCH if set, else the time of the last commit of ``repo`` (default: the
    current folder's git history), else the newest file of the data ``roots`` (a study outside
    git: its citation is dated by its data, never 1970), else 0."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return os.environ["SOURCE_DATE_EPOCH"]
    stamp = git(repo or Path.cwd(), "log", "-1", "--format=%ct")
    return stamp if stamp.isdigit() else _newest(roots)


def _newest(roots: Sequence[Path]) -> str:
    stamps = (
        p.stat().st_mtime
        for r in roots
        for part in ("corpus", "judgments", "reported")
        for p in (Path(r) / part).rglob("*")
        if p.is_file()
    )
    return str(int(max(stamps, default=0)))


def build_site(
    roots: Sequence[Path],
    out: Path,
    quiet: bool = True,
    cache: Path | None = None,
    study: Project | None = None,
    kept: Path | None = None,
    cache_size: str | None = None,
    reader_pages: str | None = None,
) -> BuildResult:
    """Build into ``out``; raises DataError / mkdocs errors and leaves ``out`` as it was.

    ``study``: whose mkdocs.yml (and site/ pages) to use; default: the current folder's, else
    litboard's default configuration. ``cache``: a folder for each dataset's generated output
    (``pipeline.site_cache``), so a rebuild only regenerates the datasets whose inputs
    changed (the site is the same), kept within ``cache_size`` (e.g. "1GB"; default: the
    LITBOARD_SITE_CACHE_SIZE variable, else the plugin's ``site_cache_size``). ``kept``: the
    folder of the releases to list and serve under v/ (``cite.kept``; default: the study's
    ``kept_releases``, else none). ``reader_pages``: auto, packed or plain
    (``render.core.packed_reader``; default: LITBOARD_READER_PAGES, else the plugin's
    ``reader_pages``)."""
    from ..render.core.cache_files import claim

    study = study or project.find()
    out = out.resolve()
    outdir.check_out(out, roots, study.root if study.config is not None else None)
    if kept is not None and kept.resolve().is_relative_to(out):
        raise DataError(
            [
                Problem(
                    str(kept),
                    0,
                    "--kept-releases",
                    f"is inside the output folder {out}, which every build replaces whole",
                    "keep the releases in a folder of their own (make public: RELEASES=releases)",
                )
            ]
        )
    if cache is not None:
        claim(cache)  # refused here, before mkdocs starts, when it is not litboard's cache
    out.parent.mkdir(parents=True, exist_ok=True)
    outdir.clean_leftovers(out)
    staging, old = outdir.claim_names(out, os.getpid())
    staging.mkdir()
    # a killed build's staging folder is recognisably litboard's (mkdocs keeps dot files)
    outdir.mark(staging)
    started = time.perf_counter()
    if quiet:
        logging.getLogger("mkdocs").setLevel(logging.WARNING)
    request = BuildRequest(
        tuple(Path(r).resolve() for r in roots),
        cache.resolve() if cache else None,
        cache_size,
        reader_pages,
        kept.resolve() if kept else None,
        out if (out / outdir.MARKER).is_file() else None,  # its unchanged pages are linked
    )
    try:
        with environ({"SOURCE_DATE_EPOCH": source_date_epoch(study.root, roots)}):
            timings = _build(request, study, staging)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError) and exc.errno in FULL:
            raise _disk_full(exc, out) from None
        raise
    try:
        _swap(staging, out, old)
    except OSError as exc:
        if exc.errno not in FULL:
            raise
        shutil.rmtree(staging, ignore_errors=True)
        raise _disk_full(exc, out) from None
    pages = sum(1 for _ in out.rglob("*.html"))
    seconds = time.perf_counter() - started
    timings["mkdocs"] = seconds - sum(timings.values())
    return BuildResult(out, pages, seconds, timings)


FULL = (errno.ENOSPC, errno.EDQUOT)  # no space left / disk quota exceeded


def _disk_full(exc: OSError, out: Path) -> DataError:
    """A full disk while building: the staging copy is gone and the previous site is unchanged."""
    where = exc.filename or out.parent
    return DataError(
        [
            Problem(
                str(where),
                0,
                "disk",
                f"is full ({exc.strerror}): the build stopped and "
                f"was removed; the previous site in {out} is unchanged",
                f"free space on the disk holding {out.parent} (a build needs room for "
                "a second copy of the site), or build into --out elsewhere",
            )
        ]
    )


def _swap(staging: Path, out: Path, old: Path) -> None:
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def _build(request: BuildRequest, study: Project, staging: Path) -> dict[str, float]:
    """mkdocs' build of ``study`` into ``staging``, its litboard plugin handed ``request``; the
    timings of the generated part. Its DataError is raised as is, not as mkdocs' Abort."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from .mkdocs_plugin import LitboardPlugin

    config = load_config(str(study.config_file), site_dir=str(staging), **study.overrides)
    plugin = config.plugins.get("litboard")
    if not isinstance(plugin, LitboardPlugin):
        raise DataError(
            [
                Problem(
                    str(study.config_file),
                    0,
                    "plugins",
                    "has no litboard plugin: nothing would generate the site's pages",
                    "add `- litboard` under `plugins:` (litboard init writes one)",
                )
            ]
        )
    # where the site is built from: resolved here, once, from mkdocs.yml, git and the documented
    # overrides, and handed down in the request (pipeline.request.built_from)
    request = replace(request, source=built_from(config, request.roots, os.environ))
    context = plugin.context = BuildContext(request)
    # this build's cache folder is not the next command's (release renders too)
    with context.caches():
        try:
            build(config)
        except Exception:
            if context.error is not None:
                raise context.error from None
            raise
    return dict(context.generated.timings) if context.generated is not None else {}
