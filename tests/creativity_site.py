"""The Creativity Bias release imported and built once per test session (shared by the page
tests and the browser tests, so the ~30 s build runs once)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from litboard.pipeline.build import build_site
from litboard.importers import get


@dataclass(frozen=True)
class CreativitySite:
    root: Path  # the imported data root
    out: Path  # the dataset's folder of the built site (its parent is the site)
    seconds: float


_BUILT: dict[Path, CreativitySite] = {}


def creativity_site(release: Path, factory: pytest.TempPathFactory) -> CreativitySite:
    if release not in _BUILT:
        root = factory.mktemp("creativity") / "root"
        get("creativity-bias")(release, root)
        result = build_site([root], factory.mktemp("creativity-site") / "public")
        _BUILT[release] = CreativitySite(root, result.out / "creativity-bias", result.seconds)
    return _BUILT[release]
