"""Tracks: the datasets that accept new systems by pull request.

A *track* is a dataset whose source paragraphs are public, which has human reference
translations for the automatic measures, and which declares its language pairs. Its
submissions live in a **track root**: ``corpus/systems/`` of the repository for the demo, and
``tracks/<track>/corpus/systems/<id>/`` for a pinned release. A track root has no
``dataset.yaml``; its ``corpus/track.yaml`` names the dataset it adds systems to, so it is
loaded in that dataset's namespace beside the release (see ``datasets.declared_id``).

Tracks are declared here, once, as data: the CLI (``litboard track list``), the docs and the
checks read this table. A dataset without a track says why (``NO_TRACK``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError, Problem, Problems

TRACK_FILE = "track.yaml"  # corpus/track.yaml of a track root
TRACKS_DIR = "tracks"      # tracks/<track>/ in the repository


@dataclass(frozen=True)
class Track:
    id: str                    # the track id is the dataset id it adds systems to
    title: str
    release: str | None        # releases.yaml id; None: the repository's own data root (the demo)
    pairs: tuple[str, ...]     # the language pairs it accepts (a human reference exists for each)
    reference: str             # which translations are the references of the automatic measures
    note: str = ""

    @property
    def folder(self) -> str:
        """Where a submission's folder goes, relative to the repository."""
        return "corpus/systems" if self.release is None else f"{TRACKS_DIR}/{self.id}/corpus/systems"

    def root(self, repo: Path) -> Path:
        """The track root in the repository (the repository itself for the demo)."""
        return repo if self.release is None else repo / TRACKS_DIR / self.id


TRACKS: tuple[Track, ...] = (
    Track("literary-translation",
          "LiteraryTranslation (Karpinska & Iyyer, WMT 2023): novel excerpts in 18 language pairs",
          "literary-translation",
          ("cs-pl", "de-en", "de-ja", "de-pl", "en-ja", "en-pl", "fr-en", "fr-ja", "fr-pl", "ja-en", "ja-pl",
           "pl-en", "pl-ja", "ru-en", "ru-ja", "ru-pl", "zh-en", "zh-ja"),
          "the published human translation (system human)"),
    Track("creativity-bias", "Creativity Bias (paper 003): literary excerpts into Dutch and Catalan",
          "creativity-bias", ("en-ca", "en-nl", "ru-nl"),
          "the published human translation (system ht)"),
    Track("wmt21-ted-zhen", "WMT 2021 TED talks zh-en (first 300 MQM rows; not literary)",
          "wmt21-ted-zhen", ("zh-en",), "the two WMT reference translations (systems ref and refb)",
          note="TED talks, not literature: a sanity check for a system, not a literary result."),
    Track("demo", "litboard demo data (illustrative)", None, ("de-en", "en-zh"),
          "the demo human translations", note="Illustrative: its numbers are not research results."),
)

NO_TRACK: dict[str, str] = {
    "liteval": ("LitEval-Corpus does not accept submissions: its source paragraphs and translations "
                "are gated by the authors (the public release holds 20-character snippets), so they "
                "cannot be exported for translation nor used as references."),
}


def names() -> list[str]:
    return [t.id for t in TRACKS]


def get(track_id: str) -> Track:
    """The track, or a DataError naming the known tracks (and why a dataset has none)."""
    for track in TRACKS:
        if track.id == track_id:
            return track
    why = NO_TRACK.get(track_id, f"there is no track {track_id!r}")
    raise DataError([Problem("command line", 0, "track", why, f"use one of: {', '.join(names())}")])


def of_dataset(dataset_id: str) -> Track | None:
    return next((t for t in TRACKS if t.id == dataset_id), None)


def check_pair(track: Track, pair: str) -> None:
    if pair not in track.pairs:
        raise DataError([Problem("command line", 0, "pair", f"track {track.id!r} has no pair {pair!r}",
                                 f"use one of: {', '.join(track.pairs)}")])


def track_file_dataset(path: Path) -> str | None:
    """The dataset id a track root's corpus/track.yaml names (None when unreadable: load says why)."""
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
        problems.add(str(path), 1, "track", f"{value!r} is not a track",
                     "write `track: <id>` with one of: " + ", ".join(names()))
        return None
    return known.id


def submissions(dataset_id: str) -> str:
    """One sentence for the dataset's intro: its track, or why it has none."""
    track = of_dataset(dataset_id)
    if track is not None:
        return (f"Open track: anyone can add a system by pull request (track {track.id}, pairs "
                f"{', '.join(track.pairs)}; references: {track.reference}).")
    return NO_TRACK.get(dataset_id, "")
