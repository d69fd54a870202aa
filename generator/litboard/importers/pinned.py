"""Pinned releases -> verified files -> imported data roots (the public site's inputs).

``releases.yaml`` lists each release: its dataset id, importer, repository and commit, and
every file with its sha256. ``prepare`` takes each file from a mirror folder (tests, CI) or
from GitHub at the pinned commit, checks its sha256, imports the release into a cache folder
and stamps the root's dataset card with the manifest's id, title, licence, citation and
provenance. Any missing file or hash mismatch is a ``DataError`` raised before anything is
built, so the previous site stays as it was.
"""

from __future__ import annotations

import hashlib
import shutil
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import owned
from ..runtime import progress
from ..errors import DataError, Problem, Problems

RAW_URL = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"
TIMEOUT = 60


@dataclass(frozen=True)
class PinnedFile:
    name: str  # where the importer expects it, relative to the release folder
    path: str  # upstream path at the commit
    sha256: str
    lines: int | None = None  # only the first N lines of the upstream file are the pinned file


@dataclass(frozen=True)
class Release:
    id: str
    title: str
    importer: str
    repository: str
    commit: str
    mirror: str
    files: tuple[PinnedFile, ...]
    src: str = "."
    mapping: str | None = None
    licence: str = ""
    citation: str = ""
    track: dict[str, Any] | None = None  # the release's dataset is a track (releases.yaml `track`)
    no_track: str = ""  # why it is none

    def url(self, file: PinnedFile) -> str:
        return RAW_URL.format(
            repository=self.repository, commit=self.commit, path=urllib.parse.quote(file.path)
        )


def read_manifest(path: Path) -> list[Release]:
    """The manifest's releases; every problem (schema, duplicate ids, unsafe names) at once."""
    from jsonschema import Draft202012Validator

    from ..load.schemas import manifest_schema
    from ..load.textfiles import line_for, read_yaml

    problems = Problems()
    data, lines = read_yaml(path, problems, str(path))
    problems.raise_if_any()
    for error in sorted(Draft202012Validator(manifest_schema()).iter_errors(data), key=str):
        where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        problems.add(
            str(path),
            line_for(lines, tuple(error.absolute_path)),
            where,
            error.message,
            "see 'The release manifest' on the Data format page",
        )
    problems.raise_if_any()
    releases = [_release(r) for r in data["releases"]]
    seen: set[str] = set()
    for r in releases:
        if r.id in seen:
            problems.add(
                str(path), 0, f"releases.{r.id}", "is listed twice", "give each release its own id"
            )
        seen.add(r.id)
        for f in r.files:
            if _unsafe(f.name):
                problems.add(
                    str(path),
                    0,
                    f"releases.{r.id}.files.name",
                    f"{f.name!r} leaves the release folder",
                    "use a relative path without '..'",
                )
    problems.raise_if_any()
    return releases


def _unsafe(name: str) -> bool:
    parts = Path(name).parts
    return Path(name).is_absolute() or not parts or any(p in ("..", ".") for p in parts)


def _release(d: dict[str, Any]) -> Release:
    files = tuple(PinnedFile(f["name"], f["path"], f["sha256"], f.get("lines")) for f in d["files"])
    return Release(
        id=d["id"],
        title=d["title"],
        importer=d["importer"],
        repository=d["repository"],
        commit=d["commit"],
        mirror=d["mirror"],
        files=files,
        src=d.get("src", "."),
        mapping=d.get("mapping"),
        licence=d.get("licence", ""),
        citation=d.get("citation", ""),
        track=d.get("track"),
        no_track=d.get("no_track", ""),
    )


def _first_lines(data: bytes, count: int) -> bytes:
    end = 0
    for _ in range(count):
        found = data.find(b"\n", end)
        if found < 0:
            return data
        end = found + 1
    return data[:end]


NETWORK = "network"  # fetch_file's field for a download that found no connection


def _download(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "litboard"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (https only)
        return bytes(response.read())


def fetch_file(
    release: Release, file: PinnedFile, mirror: Path | None, cache: Path
) -> Path | Problem:
    """The verified file in ``cache`` (downloaded or copied once), or the problem that stops it."""
    target = cache / release.id / release.commit / "files" / file.name
    if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == file.sha256:
        return target
    origin = str(mirror / release.mirror / file.name) if mirror else release.url(file)
    try:
        data = (mirror / release.mirror / file.name).read_bytes() if mirror else _download(origin)
    except FileNotFoundError:
        return Problem(
            origin,
            0,
            "file",
            "is missing from the mirror",
            f"put the release file there (upstream: {release.url(file)}) or drop --mirror",
        )
    except urllib.error.HTTPError as exc:  # this file: the others may still come
        return Problem(
            origin,
            0,
            "download",
            f"failed: {exc}",
            "check the network (or pass --mirror DIR with the release files)",
        )
    except (OSError, urllib.error.URLError) as exc:  # no connection: every file would fail alike
        return Problem(origin, 0, NETWORK, f"failed: {exc}", "")
    if file.lines is not None and not mirror:
        data = _first_lines(data, file.lines)
    digest = hashlib.sha256(data).hexdigest()
    if digest != file.sha256:
        return Problem(
            origin,
            0,
            "sha256",
            f"is {digest}, the manifest pins {file.sha256}",
            "the file is not the pinned release file: fetch it again, or update the manifest "
            "only after checking the new release",
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(data)
    partial.replace(target)
    return target


def prepare(
    manifest: Path, cache: Path, mirror: Path | None = None, only: list[str] | None = None
) -> list[Path]:
    """Fetch, verify and import every release (or the ``only`` ids); returns the imported data
    roots."""
    releases = [r for r in read_manifest(manifest) if only is None or r.id in only]
    problems: list[Problem] = []
    total = sum(len(r.files) for r in releases)
    with progress.bar("release files fetched and verified", total, unit="file") as tick:
        done = 0
        for release in releases:
            for file in release.files:
                got = fetch_file(release, file, mirror, cache)
                tick(1)
                done += 1
                if isinstance(got, Problem) and got.field == NETWORK:
                    raise DataError(problems + [_unreachable(got, total - done + 1)])
                if isinstance(got, Problem):
                    problems.append(got)
    if problems:
        raise DataError(problems)
    with progress.bar("datasets imported", len(releases), unit="dataset") as tick:
        return [_ticked(_import(release, manifest.parent, cache), tick) for release in releases]


def _unreachable(first: Problem, left: int) -> Problem:
    """One problem for a download that found no connection (the files left would fail alike)."""
    host = "/".join(first.file.split("/")[:3])
    return Problem(
        first.file,
        0,
        "download",
        f"{first.message}; {host} cannot be reached, so the {left} remaining release file(s) "
        "were not fetched",
        "check the network, or pass --mirror DIR with the release files (e.g. --mirror "
        "../shared/data)",
    )


def _ticked(root: Path, tick: progress.Tick) -> Path:
    tick(1)
    return root


def _import(release: Release, base: Path, cache: Path) -> Path:
    from . import get, write_yaml
    from ..load.textfiles import read_yaml

    folder = cache / release.id / release.commit
    root = folder / "root"
    fix = (
        f"delete {root} yourself if it is an import by an older litboard (it is made again from "
        f"{folder / 'files'}), after moving your own files out of it"
    )
    owned.check_replaceable(root, "--cache", fix)
    fresh = owned.staging(root, "importing")
    try:
        options = {"mapping": base / release.mapping} if release.mapping else {}
        get(release.importer)(folder / "files" / release.src, fresh, **options)
        card_path = fresh / "corpus" / "dataset.yaml"
        problems = Problems()
        card, _ = read_yaml(card_path, problems, str(card_path))
        problems.raise_if_any()
        write_yaml(card_path, stamp(card or {}, release))
        owned.replace(fresh, root, "--cache", fix)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    return root


def stamp(card: dict[str, Any], release: Release) -> dict[str, Any]:
    """The imported dataset card with the manifest's identity and provenance (the manifest wins)."""
    card = dict(
        card,
        id=release.id,
        title=release.title,
        version=f"{release.repository}@{release.commit[:12]}",
        source={
            "url": f"https://github.com/{release.repository}",
            "commit": release.commit,
            "files": [{"path": f.path, "sha256": f.sha256} for f in release.files],
        },
    )
    if release.licence:
        card["licence"] = release.licence
    if release.citation:
        card["citation"] = release.citation
    if release.track is not None:
        card["track"] = release.track
    if release.no_track:
        card["no_track"] = release.no_track
    return card
