"""The public site: the repository's demo plus every release pinned in releases.yaml, fetched from
the ../shared/data mirror, imported and built once per test session (tests/ and tests/browser/)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from litboard.pipeline.build import build_site

from .conftest import REPO
from litboard.importers.pinned import prepare

from .conftest import SHARED_DATA, shared_path

MANIFEST = REPO / "releases.yaml"
DATASETS = ("liteval", "creativity-bias", "wmt21-ted-zhen", "literary-translation", "demo")


@dataclass(frozen=True)
class CombinedSite:
    roots: list[Path]  # the repository's root, then one imported root per release
    out: Path


_BUILT: list[CombinedSite] = []


def combined_site(factory: pytest.TempPathFactory) -> CombinedSite:
    for name in ("liteval-public", "creativity-bias", "wmt-mqm-sample", "literary-translation"):
        shared_path(name)  # skip (or fail in CI) without the mirror
    if not _BUILT:
        base = factory.mktemp("combined")
        roots = [REPO, *prepare(MANIFEST, base / "cache", SHARED_DATA)]
        _BUILT.append(CombinedSite(roots, build_site(roots, base / "public").out))
    return _BUILT[0]
