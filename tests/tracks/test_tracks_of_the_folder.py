"""``TRACKS`` is the tracks of the folder a command runs in, read when it is used: a module that
bound it at import (``from ..load.track_decl import TRACKS``) kept the tracks of whichever folder
the process first imported it in, and `validate` then skipped a repository's submissions when an
earlier command of the same process ran elsewhere (the full suite's order showed it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.load import track_decl
from litboard.tracks import offline, pr_content

from ..conftest import REPO


def test_track_modules_read_the_tracks_of_the_folder_they_run_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    folders = [t.folder for t in track_decl.TRACKS if t.release is not None]
    assert folders  # the repository declares release tracks
    assert pr_content._track(folders[0] + "/") is not None
    monkeypatch.chdir(tmp_path)  # a folder that declares no track
    assert tuple(track_decl.TRACKS) == ()
    assert pr_content._track(folders[0] + "/") is None
    system = tmp_path / folders[0] / "corpus" / "systems" / "my-mt"
    system.mkdir(parents=True)
    assert offline.check_offline(tmp_path, []) == (offline.Problems(), [])
    monkeypatch.chdir(REPO)
    problems, checked = offline.check_offline(REPO, [])
    assert all(str(p).startswith(str(REPO / "tracks")) for p in checked)
