"""A scratch repository for the track tests: the frozen demo root, the track roots' track.yaml
files and releases.yaml — never the repository's own systems (issue 27, goal 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ..conftest import REPO, SHARED_DATA, shared_path
from ..helpers import DEMO, copy_root


def scratch_repo(dst: Path) -> Path:
    copy_root(DEMO, dst)
    shutil.copy(REPO / "releases.yaml", dst / "releases.yaml")
    for track_file in sorted((REPO / "tracks").glob("*/corpus/track.yaml")):
        target = dst / track_file.relative_to(REPO)
        target.parent.mkdir(parents=True)
        shutil.copy(track_file, target)
    return dst


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    return scratch_repo(tmp_path / "repo")


@pytest.fixture(scope="session")
def mirror() -> Path:
    # skip (or fail under LITBOARD_REQUIRE_SHARED=1) without the releases
    shared_path("creativity-bias")
    return SHARED_DATA


@pytest.fixture(scope="session")
def release_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("release-cache")


def release_args(repo: Path, mirror: Path, cache: Path) -> list[str]:
    return ["--repo", str(repo), "--mirror", str(mirror), "--cache", str(cache)]
