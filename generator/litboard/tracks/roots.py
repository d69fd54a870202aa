"""The data roots that hold a track: the imported release plus the track root with its
submissions (``tracks/<track>/``). Apart from ``tracks`` because it asks ``load.datasets``
which dataset a root declares, and the loader itself reads track files through ``tracks``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..errors import DataError, Problem
from ..load import track_decl
from ..load.track_decl import TRACK_FILE, Track


def roots(track: Track, repo: Path, release_roots: Sequence[Path]) -> list[Path]:
    """The data roots that hold the track: the release's imported root plus the track root."""
    if track.release is None:
        return [repo]
    from ..load.datasets import declared_id

    found = [r for r in release_roots if declared_id(r) == track.id]
    if not found:
        raise DataError(
            [
                Problem(
                    "releases.yaml",
                    0,
                    "releases",
                    f"no pinned release {track.release!r} was imported",
                    "pass --releases (and --mirror DIR to read local files)",
                )
            ]
        )
    extra = track.root(repo)
    return found + ([extra] if (extra / "corpus" / TRACK_FILE).is_file() else [])


def track_roots(repo: Path, release_roots: Sequence[Path]) -> list[Path]:
    """The track roots of the releases among ``release_roots`` (their submissions)."""
    from ..load.datasets import declared_id

    loaded = {declared_id(r) for r in release_roots}
    return [
        t.root(repo)
        for t in track_decl.TRACKS
        if t.release is not None
        and t.id in loaded
        and (t.root(repo) / "corpus" / TRACK_FILE).is_file()
    ]
