"""Tracks: the datasets that accept new systems by pull request.

A *track* is a dataset whose source paragraphs are public, which has human reference
translations for the automatic measures, and which declares its language pairs. Its
submissions live in a **track root**: ``corpus/systems/`` of the repository for the demo, and
``tracks/<track>/corpus/systems/<id>/`` for a pinned release. A track root has no
``dataset.yaml``; its ``corpus/track.yaml`` names the dataset it adds systems to, so it is
loaded in that dataset's namespace beside the release (see ``datasets.declared_id``).

A dataset is a track by its own declaration, as data: a ``track:`` block in its
``corpus/dataset.yaml`` (the repository's own data root, the demo) or in its release's entry of
``releases.yaml`` (stamped into the imported card). ``no_track:`` says why a dataset has none.
A repository (a study) has exactly the tracks it declares: none by default. ``TRACKS`` and
``NO_TRACK`` are those of the repository the command runs in (the current folder's study).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DataError, Problem, Problems

if TYPE_CHECKING:
    from .rows import RawData, Row

TRACK_FILE = "track.yaml"  # corpus/track.yaml of a track root
TRACKS_DIR = "tracks"  # tracks/<track>/ in the repository
MANIFEST = "releases.yaml"


@dataclass(frozen=True)
class Track:
    id: str  # the track id is the dataset id it adds systems to
    title: str
    release: str | None  # releases.yaml id; None: the repository's own data root (the demo)
    pairs: tuple[str, ...]  # the language pairs it accepts (a human reference exists for each)
    reference: str  # which translations are the references of the automatic measures
    note: str = ""
    page: str = ""  # the site page that says how to submit ('' : no such page)

    @property
    def folder(self) -> str:
        """Where a submission's folder goes, relative to the repository."""
        return (
            "corpus/systems" if self.release is None else f"{TRACKS_DIR}/{self.id}/corpus/systems"
        )

    def root(self, repo: Path) -> Path:
        """The track root in the repository (the repository itself for the demo)."""
        return repo if self.release is None else repo / TRACKS_DIR / self.id


@dataclass(frozen=True)
class Declared:
    """A repository's tracks, and the datasets that say why they have none."""

    tracks: tuple[Track, ...]
    no_track: dict[str, str]


def from_block(dataset_id: str, block: dict[str, Any], release: str | None) -> Track:
    """The track a ``track:`` block (schema-checked: dataset.json / releases.json) declares."""
    return Track(
        dataset_id,
        str(block["title"]),
        release,
        tuple(str(p) for p in block["pairs"]),
        str(block["reference"]),
        str(block.get("note", "")),
        str(block.get("page", "")),
    )


def declared(repo: Path) -> Declared:
    """The tracks ``repo`` declares: its releases' ``track`` blocks, then its own data root's."""
    return _declared(repo.resolve())


@lru_cache(maxsize=8)
def _declared(repo: Path) -> Declared:
    from .textfiles import read_yaml

    problems = Problems()
    tracks: list[Track] = []
    no_track: dict[str, str] = {}
    manifest = repo / MANIFEST
    if manifest.is_file():
        data, _ = read_yaml(manifest, problems, str(manifest))
        for entry in (data or {}).get("releases", []) if isinstance(data, dict) else []:
            _entry(entry, str(manifest), tracks, no_track, problems, release=True)
    card = repo / "corpus" / "dataset.yaml"
    if card.is_file():
        data, _ = read_yaml(card, problems, str(card))
        if isinstance(data, dict) and "id" in data:
            _entry(data, str(card), tracks, no_track, problems, release=False)
    problems.raise_if_any()
    return Declared(tuple(tracks), no_track)


def _entry(
    entry: Any,
    where: str,
    tracks: list[Track],
    no_track: dict[str, str],
    problems: Problems,
    release: bool,
) -> None:
    if not isinstance(entry, dict):
        return
    dataset_id = str(entry.get("id", ""))
    block = entry.get("track")
    if isinstance(entry.get("no_track"), str):
        no_track[dataset_id] = entry["no_track"]
    if block is None:
        return
    if not isinstance(block, dict) or not all(k in block for k in ("title", "pairs", "reference")):
        problems.add(
            where,
            0,
            f"{dataset_id}.track",
            "a track needs title, pairs and reference",
            "see `track` on the Data format page",
        )
        return
    tracks.append(from_block(dataset_id, block, dataset_id if release else None))


def _here() -> Declared:
    from ..files.project import find

    return declared(find().root)


def __getattr__(name: str) -> Any:
    """``TRACKS`` / ``NO_TRACK``: the tracks of the repository the command runs in."""
    if name == "TRACKS":
        return _here().tracks
    if name == "NO_TRACK":
        return _here().no_track
    raise AttributeError(name)


def names() -> list[str]:
    return [t.id for t in _here().tracks]


def get(track_id: str) -> Track:
    """The track, or a DataError naming the known tracks (and why a dataset has none)."""
    here = _here()
    for track in here.tracks:
        if track.id == track_id:
            return track
    why = here.no_track.get(track_id, f"there is no track {track_id!r}")
    raise DataError([Problem("command line", 0, "track", why, one_of())])


def one_of() -> str:
    """The fix that names the declared tracks, or says where they are declared when the current
    folder declares none (a command run outside the repository)."""
    known = names()
    if known:
        return "use one of: " + ", ".join(known)
    from ..files.project import find

    return (
        f"the current folder ({find().root}) declares no track: run the command in the "
        f"repository or study whose {MANIFEST} or corpus/dataset.yaml declares the track"
    )


def of_dataset(dataset_id: str) -> Track | None:
    return next((t for t in _here().tracks if t.id == dataset_id), None)


def check_pair(track: Track, pair: str) -> None:
    if pair not in track.pairs:
        raise DataError(
            [
                Problem(
                    "command line",
                    0,
                    "pair",
                    f"track {track.id!r} has no pair {pair!r}",
                    f"use one of: {', '.join(track.pairs)}",
                )
            ]
        )


def track_file_dataset(path: Path) -> str | None:
    """The dataset id a track root's corpus/track.yaml names (None when unreadable: load says
    why)."""
    problems = Problems()
    return read_track_file(path, problems)


def read_track_file(path: Path, problems: Problems) -> str | None:
    """Check corpus/track.yaml (``track: <id>`` naming a declared track); its dataset id or None."""
    from .textfiles import read_yaml

    if path.is_symlink():
        problems.add(str(path), 0, "file", "is a symbolic link", "replace it by a regular file")
        return None
    data, _ = read_yaml(path, problems, str(path))
    value = data.get("track") if isinstance(data, dict) else None
    known = of_dataset(value) if isinstance(value, str) else None
    if known is None:
        problems.add(
            str(path),
            1,
            "track",
            f"{value!r} is not a track",
            "write `track: <id>` with one of: " + ", ".join(names()) if names() else one_of(),
        )
        return None
    return known.id


def submissions(dataset: str | dict[str, Any]) -> str:
    """One sentence for the dataset's intro: its track, or why it has none. ``dataset``: its card
    (what it declares itself), or its id (what the current repository declares for it)."""
    if isinstance(dataset, str):
        track = of_dataset(dataset)
        return _sentence(track) if track is not None else _here().no_track.get(dataset, "")
    block = dataset.get("track")
    if isinstance(block, dict):
        return _sentence(from_block(str(dataset.get("id", "")), block, None))
    return str(dataset.get("no_track", ""))


def submit_page(card: dict[str, Any]) -> str:
    """The page (relative to the site's root) a track's card names for how to submit ('': none)."""
    block = card.get("track")
    return str(block.get("page", "")) if isinstance(block, dict) else ""


def _sentence(track: Track) -> str:
    return (
        f"Open track: anyone can add a system by pull request (track {track.id}, pairs "
        f"{', '.join(track.pairs)}; references: {track.reference})."
    )


def contributions(raw: "RawData") -> list["Row"]:
    """The system cards the contribution checks apply to: every system of a track root, and every
    system of a data root whose own ``track:`` block lists the systems it was released with
    (``released``: the demo) that is not among them. Every track's contributions, alike."""
    released: dict[str, set[str]] = {}
    for row in raw.of("dataset"):
        block = row.data.get("track")
        if isinstance(block, dict) and isinstance(block.get("released"), list):
            released[row.root] = {str(s) for s in block["released"]}
    return [
        r
        for r in raw.of("system")
        if r.root in raw.track_roots
        or (r.root in released and r.data["id"] not in released[r.root])
    ]
