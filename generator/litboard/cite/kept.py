"""The releases a site serves beside its latest build, and the site's releases page.

``litboard build --kept-releases DIR`` (``make public`` passes ``releases/``) reads DIR/v/ as
``litboard release`` writes it: ``versions.json`` (mike's format, newest first) and each
version's ``release.json``. The build then

* renders ``releases.md``: every kept release with its date, data versions, link, changelog
  and BibTeX entry; with none yet, how to make one;
* serves the releases under ``v/`` (``serve``): every ``v/VERSION/`` and ``v/versions.json``,
  which the version selector (``assets/litboard/versions.js``) reads from any page of the
  latest site (``v/versions.json``) or of a release (``../versions.json``).

Without DIR the site still gets ``v/versions.json`` (``[]``), so the selector finds no release
without a failed request. Version names become paths only after ``release.VERSION`` accepts them.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from ..errors import DataError, Problem
from ..render.core.jinja import DEFAULT_TEMPLATES, render
from .bibtex import ReleaseInfo, release_entry
from .source import NOWHERE, Source

VERSIONS = "versions.json"
PAGE = "releases.md"
FOLDER = "v"  # the releases' folder in the site and in the releases folder
# a release name (release.py checks new ones)
VERSION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z._-]{0,39}$")


@dataclass(frozen=True)
class Kept:
    """One kept release as the releases page shows it."""

    version: str
    title: str
    date: str
    datasets: list[dict[str, str]] = field(default_factory=list)  # id, version
    litboard: str = ""
    commit: str = ""
    changelog: bool = False  # v/VERSION/changelog.html exists (every release but the first)
    previous: str = ""
    bibtex: str = ""


def _fail(where: Path, field_: str, message: str, fix: str) -> DataError:
    return DataError([Problem(str(where), 0, field_, message, fix)])


def _versions(path: Path) -> list[dict[str, Any]]:
    try:
        listed = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(
            path,
            VERSIONS,
            f"cannot be read as JSON: {exc}",
            "restore it from the releases branch (litboard release writes it)",
        ) from None
    bad = [
        i
        for i, v in enumerate(listed if isinstance(listed, list) else [None])
        if not isinstance(v, dict) or not VERSION.match(str(v.get("version", "")))
    ]
    if not isinstance(listed, list) or bad:
        raise _fail(
            path,
            f"[{bad[0] if bad else 0}].version",
            "must be a list of {version, title, aliases} "
            "with versions of 1-40 letters, digits, '.', '_' or '-'",
            "restore it from the releases branch (litboard release writes it)",
        )
    return listed


def _manifest(folder: Path) -> dict[str, Any]:
    path = folder / "release.json"
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _fail(
            path,
            "release.json",
            "is missing: versions.json lists this release",
            "restore the release folder from the releases branch",
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(
            path,
            "release.json",
            f"cannot be read as JSON: {exc}",
            "restore the release folder from the releases branch",
        ) from None
    return body if isinstance(body, dict) else {}


def read(releases: Path | None) -> list[Kept]:
    """The releases kept in ``releases``/v (newest first); [] for None or a folder without any
    (not made yet: the first ``litboard release`` creates it)."""
    if releases is None or not releases.exists():
        return []
    if not releases.is_dir():
        raise _fail(
            releases,
            "--kept-releases",
            "is a file, not a folder",
            "pass the folder `litboard release --releases` writes (make public: RELEASES=releases)",
        )
    path = releases / FOLDER / VERSIONS
    listed = _versions(path) if path.is_file() else []
    kept = []
    for index, entry in enumerate(listed):
        version = str(entry["version"])
        body = _manifest(releases / FOLDER / version)
        previous = str(listed[index + 1]["version"]) if index + 1 < len(listed) else ""
        kept.append(
            Kept(
                version,
                str(entry.get("title") or version),
                str(body.get("date", "")),
                [
                    {"id": str(d.get("id", "")), "version": str(d.get("version", ""))}
                    for d in body.get("datasets", [])
                    if isinstance(d, dict)
                ],
                str(body.get("litboard", "")),
                str(body.get("repository_commit", "")),
                (releases / FOLDER / version / "changelog.html").is_file(),
                previous,
            )
        )
    return kept


def with_bibtex(kept: list[Kept], url: str, repo_url: str = "") -> list[Kept]:
    """Each release's BibTeX entry, as its own pages cite it (``url``: the site's address,
    ``repo_url``: the repository's; the commit is the one its release.json records)."""
    out = []
    for k in kept:
        data = "; ".join(f"{d['id']} {d['version']}" for d in k.datasets)
        commit = k.commit if re.fullmatch(r"[0-9a-f]{40}", k.commit) else ""
        info = ReleaseInfo(k.version, k.date, url, k.litboard, commit, repo_url)
        entry = release_entry(info, data)
        out.append(replace(k, bibtex=entry.text))
    return out


def page(kept: list[Kept], templates: Path = DEFAULT_TEMPLATES) -> str:
    """The releases page (Markdown with one HTML block; its links are relative to the site root)."""
    from ..render.core.pages import page as md_page

    body = render("cite/releases_page.html.j2", templates, kept=kept)
    return md_page("Releases", body, False, templates, search="full")


def releases_page(
    releases: Path | None,
    files: Iterable[str] = (),
    templates: Path = DEFAULT_TEMPLATES,
    source: Source = NOWHERE,
) -> str:
    """The releases page of a build that serves the releases kept in ``releases``, citing them
    at the build's ``source`` addresses; a DataError when one of the site's generated ``files``
    would sit in v/, where the releases are served."""
    taken = sorted(f for f in files if f.split("/", 1)[0] == FOLDER)
    if taken:
        raise _fail(
            Path(taken[0]),
            "v/",
            "a generated page sits in v/, where the site serves its releases "
            "(a dataset with the id 'v'?)",
            "give that dataset another id",
        )
    return page(with_bibtex(read(releases), source.site_url, source.repo_url), templates)


def with_nav(nav: list[Any]) -> list[Any]:
    """``nav`` with a "Releases" entry after "How to cite" (else last), unless it has one."""
    if any(isinstance(e, dict) and PAGE in e.values() for e in nav) or PAGE in nav:
        return nav
    at = next(
        (i + 1 for i, e in enumerate(nav) if isinstance(e, dict) and "cite.md" in e.values()),
        len(nav),
    )
    return nav[:at] + [{"Releases": PAGE}] + nav[at:]


def frozen_page(text: str) -> str:
    """The releases page as a frozen release keeps it at v/VERSION/: its ``v/…`` links point to
    the releases beside it (``../…``), since a release holds no v/ of its own."""
    return text.replace(f'href="{FOLDER}/', 'href="../')


def serve(site: Path, releases: Path | None) -> None:
    """Copy every kept release (``releases``/v/*) into ``site``/v/; without any, write an empty
    ``v/versions.json``. ``site`` is a fresh build folder (nothing of anyone else's)."""
    target = site / FOLDER
    source = releases / FOLDER if releases is not None else None
    if source is not None and (source / VERSIONS).is_file():
        shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".*"))
        return
    target.mkdir(parents=True, exist_ok=True)
    (target / VERSIONS).write_text("[]\n", encoding="utf-8")
