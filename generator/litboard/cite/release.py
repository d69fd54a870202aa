"""Freeze a built site as ``RELEASES/v/VERSION/`` and point ``RELEASES/v/latest`` to it.

An existing version is never overwritten. Its reader pages are packed (``packed``: same path,
same bytes once unpacked, a ninth of the size), and ``latest`` is a page that leads to the
newest release, not a second copy of it (issue 32: every kept copy is deployed). Each release
carries ``release.json`` (data versions, repository commit, metric signatures, judge prompt hashes,
litboard version, the versions of the packages that computed the numbers, leaderboard rows
with cluster ids) and, from the second release on, ``changelog.html``/``changelog.json``
against the release before it. ``RELEASES/v/versions.json`` uses mike's format, so
mkdocs-material's version selector can read it; ``RELEASES/v/index.html`` lists the releases.
Nothing of anyone else's is overwritten: ``latest`` carries a manifest (``owned``) and is
replaced only while it holds exactly what litboard put there (or an older litboard's exact copy
of the newest release), and the first release refuses a
``v/`` folder that already has an ``index.html`` or ``latest`` of someone else's.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .. import __version__
from ..files import owned
from . import kept, packed
from ..errors import DataError, Problem
from ..render.core.jinja import DEFAULT_TEMPLATES, render
from .bibtex import TITLE
from .boards import site_boards, site_packages
from .changelog import compare
from .manifest import manifest

VERSION = kept.VERSION
LATEST = "latest"


@dataclass
class Released:
    path: Path
    previous: str | None
    moves: int
    packing: packed.Packing


def _fail(where: Path | str, field: str, message: str, fix: str) -> DataError:
    return DataError([Problem(str(where), 0, field, message, fix)])


def _check(version: str, site: Path, folder: Path) -> None:
    if not VERSION.match(version) or version == LATEST:
        raise _fail(
            version,
            "VERSION",
            "must be 1-40 letters, digits, '.', '_' or '-' and not 'latest'",
            "use a version such as 2026.11 or v1.2",
        )
    if not (site / "index.html").is_file():
        raise _fail(
            site, "--site", "is not a built site (no index.html)", "run `litboard build` first"
        )
    if folder.exists():
        raise _fail(
            folder,
            "VERSION",
            f"release {version} already exists; releases are never overwritten",
            "choose a new version",
        )
    built = built_release(site)
    if built is not None and built != release_key(version):
        raise _fail(
            site,
            "--site",
            f"was built as {_built_as(built)!r}: its BibTeX and "
            f"permalinks would not cite release {version}",
            f"build it again with LITBOARD_RELEASE={version} (make release VERSION={version} does)",
        )


def _built_as(key: str) -> str:
    """What a site's release key says it was built as: the release, or "unreleased" (the key of
    an unreleased build names the package version and commit, and ends so outside git)."""
    version = key.removeprefix("litboard-")
    return "unreleased" if version.startswith(__version__ + "-") else version


def release_key(version: str) -> str:
    return "litboard-" + re.sub(r"[^A-Za-z0-9_:.-]+", "-", version)


def built_release(site: Path) -> str | None:
    """The release key of the BibTeX entry the site's cite boxes carry (None: no cite box)."""
    # the release's own entry (its title), not a dataset's whose key happens to start the same
    entry = re.compile(
        rb"@misc\{(litboard-[^,\s]*),\s*title = \{" + re.escape(TITLE.encode())
    )
    for page in sorted(site.rglob("index.html")) + sorted(site.rglob("*.html")):
        if page.relative_to(site).parts[0] == kept.FOLDER:
            continue  # the kept releases the site serves cite themselves
        found = entry.search(page.read_bytes())
        if found:
            return found.group(1).decode("utf-8", "replace")
    return None


def read_versions(v_dir: Path) -> list[dict[str, Any]]:
    path = v_dir / "versions.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def release(
    version: str,
    site: Path,
    releases: Path,
    roots: Sequence[Path],
    repo: Path,
    date: str,
    templates: Path = DEFAULT_TEMPLATES,
) -> Released:
    v_dir = releases / "v"
    folder = v_dir / version
    _check(version, site, folder)
    versions = read_versions(v_dir)
    previous = versions[0]["version"] if versions else None
    _check_owned(v_dir, previous)
    body = manifest(version, date, roots, repo)
    staging = owned.staging(folder, "staging")
    try:
        _freeze(site, staging)
        packing = packed.pack(staging, version, templates)
        boards = site_boards(staging)
        body["packages"] = site_packages(staging)
        body["leaderboards"] = boards
        _write(staging / "release.json", json.dumps(body, ensure_ascii=False, indent=1) + "\n")
        moves = 0
        if previous is not None:
            old = json.loads((v_dir / previous / "release.json").read_text(encoding="utf-8"))
            log = compare(previous, old.get("leaderboards", {}), version, boards)
            moves = sum(len(b.moves) for b in log.boards)
            _write(
                staging / "changelog.json",
                json.dumps(log.as_dict(), ensure_ascii=False, indent=1) + "\n",
            )
            _write(staging / "changelog.html", render("cite/changelog.html.j2", templates, log=log))
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _latest(version, v_dir, templates)
    versions = [{"version": version, "title": f"{version} ({date})", "aliases": [LATEST]}] + [
        {**v, "aliases": []} for v in versions
    ]
    _write(v_dir / "versions.json", json.dumps(versions, ensure_ascii=False, indent=1) + "\n")
    _write(v_dir / "index.html", render("cite/releases.html.j2", templates, versions=versions))
    return Released(folder, previous, moves, packing)


def _freeze(site: Path, staging: Path) -> None:
    """Copy ``site`` without the releases it serves (v/: a release holds no release); its
    releases page links to them beside it."""

    def skip(folder: str, names: list[str]) -> list[str]:
        return [kept.FOLDER] if Path(folder) == site and kept.FOLDER in names else []

    shutil.copytree(site, staging, dirs_exist_ok=True, ignore=skip)
    listing = staging / kept.PAGE.replace(".md", ".html")
    if listing.is_file():
        listing.write_text(kept.frozen_page(listing.read_text(encoding="utf-8")), encoding="utf-8")


LATEST_FIX = (
    "move your own files out of RELEASES/v/latest (litboard keeps it a page leading to the newest "
    "release)"
)


def _check_owned(v_dir: Path, previous: str | None) -> None:
    """DataError before anything is written when a release would overwrite a file not litboard's."""
    if previous is None and (v_dir / "index.html").exists():
        raise _fail(
            v_dir / "index.html",
            "--releases",
            "exists, but no release was made here (no versions.json): it is not litboard's",
            "pass a folder of its own to --releases",
        )
    latest = v_dir / LATEST
    if latest.is_dir() and owned.listed(latest) is None and previous is not None:
        _adopt(latest, v_dir / previous)
    owned.check_replaceable(latest, "latest", LATEST_FIX)


def _adopt(latest: Path, newest: Path) -> None:
    """A ``latest`` of an older litboard (no manifest) is litboard's when it is still an exact copy
    of the newest release: it gets its manifest; otherwise it stays foreign (refused)."""
    if newest.is_dir() and owned.inventory(latest) == owned.inventory(newest):
        owned.write_manifest(latest)


def _latest(version: str, v_dir: Path, templates: Path) -> None:
    def write(stage: Path) -> None:
        (stage / "index.html").write_text(
            render("cite/latest.html.j2", templates, version=version), encoding="utf-8"
        )

    owned.write_folder(v_dir / LATEST, "latest", LATEST_FIX, write)
