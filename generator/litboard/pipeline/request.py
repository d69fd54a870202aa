"""What one build is asked for (``BuildRequest``) and what it owns while it runs (``BuildContext``).

``build_site`` hands both to the mkdocs plugin object before mkdocs starts, and reads the
result and a ``DataError`` back from the context: nothing travels through the environment. A
plain ``mkdocs build`` or ``mkdocs serve`` (and ``litboard serve``, whose rebuilds mkdocs itself
starts) has no request: the plugin makes one from its mkdocs.yml options and the user-facing
overrides below (``from_options``).

User-facing environment overrides (documented on the plugin and in ``litboard build --help``):
LITBOARD_DATA (data roots, separated by os.pathsep) over the plugin's ``roots``,
LITBOARD_SITE_CACHE (the incremental-build cache folder; unset or empty: none),
LITBOARD_SITE_CACHE_SIZE over ``site_cache_size`` and LITBOARD_READER_PAGES over
``reader_pages``. A request's own values win over all of them.

Where the site is built from (``cite.source.Source``: repository, site address, commit) is part
of the request, resolved once where the request is made (``built_from``: mkdocs.yml's
``repo_url``/``site_url``, git, and the user-facing overrides LITBOARD_REPO_URL,
LITBOARD_SITE_URL, LITBOARD_COMMIT and GitHub Actions' GITHUB_SERVER_URL/GITHUB_REPOSITORY) and
handed down to every cite box; litboard never sets any of them.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ..cite import source as cite_source
from ..cite.source import NOWHERE, Source
from ..errors import DataError
from ..files.project import DEFAULT_CONFIG

if TYPE_CHECKING:
    from .site import Generated

DATA_VARIABLE = "LITBOARD_DATA"
CACHE_VARIABLE = "LITBOARD_SITE_CACHE"
SIZE_VARIABLE = "LITBOARD_SITE_CACHE_SIZE"  # the site cache's bound (``--site-cache-size``)
READER_VARIABLE = "LITBOARD_READER_PAGES"  # packed or plain reader pages (``--reader-pages``)


@dataclass(frozen=True)
class BuildRequest:
    """One build: its data roots and cache, and what overrides the plugin's options.

    ``cache_size`` / ``reader_pages`` / ``kept``: None takes the plugin's option (after its
    environment override, for the first two). ``previous``: the built site this build replaces,
    whose unchanged reader pages are linked, not written (None: none). ``source``: where the
    site is built from (``built_from``; default: nowhere, a build that names none)."""

    roots: tuple[Path, ...]
    cache: Path | None = None
    cache_size: str | None = None
    reader_pages: str | None = None
    kept: Path | None = None
    previous: Path | None = None
    source: Source = NOWHERE

    @classmethod
    def from_options(cls, roots: Sequence[str], config: Any) -> BuildRequest:
        """The request of a build mkdocs starts itself: the plugin's ``roots`` (relative to the
        folder of mkdocs ``config``) unless LITBOARD_DATA names others; LITBOARD_SITE_CACHE;
        where it is built from (``built_from``)."""
        base = Path(config["config_file_path"]).parent
        override = os.environ.get(DATA_VARIABLE)
        chosen = override.split(os.pathsep) if override else list(roots)
        cache = os.environ.get(CACHE_VARIABLE, "")
        resolved = tuple((base / r).resolve() for r in chosen)
        found = built_from(config, resolved, os.environ)
        return cls(resolved, Path(cache) if cache else None, source=found)

    def environment(self) -> dict[str, str]:
        """The user-facing variables that make a build mkdocs starts itself (``litboard serve``)
        ask for this request (``kept`` and ``previous`` have none: serve uses neither)."""
        values = {
            DATA_VARIABLE: os.pathsep.join(str(r) for r in self.roots),
            CACHE_VARIABLE: str(self.cache) if self.cache else "",
        }
        if self.cache_size is not None:
            values[SIZE_VARIABLE] = self.cache_size
        if self.reader_pages is not None:
            values[READER_VARIABLE] = self.reader_pages
        return values


def built_from(config: Any, roots: Sequence[Path], env: Mapping[str, str]) -> Source:
    """Where a build of mkdocs ``config`` (loaded, not yet built) over ``roots`` is from: its
    ``repo_url`` and ``site_url`` and the commit of the study's folder, or of the first data
    root when the build uses litboard's default configuration (no study); ``env``: the
    environment whose overrides count (``cite.source.resolve``)."""
    config_file = Path(config["config_file_path"]).resolve()
    default = config_file == DEFAULT_CONFIG.resolve()
    checkout = roots[0] if default and roots else config_file.parent
    return cite_source.resolve(
        config["repo_url"] or "", config["site_url"] or "", checkout, env
    )


@dataclass
class BuildContext:
    """What one build owns: its request, its result or error (for ``build_site``), and the
    per-build state of the renderers (the chart and compiled-template caches in the site cache
    folder), set up by ``caches`` and always released after the build, so a later render in
    this process (a release, the next build of a test) neither reads nor writes that folder."""

    request: BuildRequest
    generated: Generated | None = None
    error: DataError | None = None
    timings: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def caches(self) -> Iterator[None]:
        from ..render.core import charts, jinja

        charts.use_cache(self.request.cache)
        jinja.use_cache(self.request.cache)
        try:
            yield
        finally:
            charts.use_cache(None)
            jinja.use_cache(None)
