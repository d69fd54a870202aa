"""A latest site that serves kept releases, made the way `make release` and `make public` do:
build as release V, freeze it (`litboard release`), and finally build the latest site with
``--kept-releases``."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import pytest

from litboard.pipeline.build import build_site
from litboard.cli import main


def released_site(
    base: Path, states: Sequence[tuple[str, Path]], latest: Path, date: str = "2026-11-24"
) -> Path:
    """Freeze one release per (version, data root) in order, then build ``latest`` (a data root)
    serving them; returns the built latest site (releases in base/releases)."""
    releases, cache = base / "releases", base / "cache"
    for version, root in states:
        with pytest.MonkeyPatch.context() as env:
            env.setenv("LITBOARD_RELEASE", version)  # the frozen site's BibTeX cites it
            site = build_site([root], base / f"site-{version}", cache=cache, kept=releases).out
        assert (
            main(
                [
                    "release",
                    version,
                    "--data",
                    str(root),
                    "--site",
                    str(site),
                    "--releases",
                    str(releases),
                    "--date",
                    date,
                ]
            )
            == 0
        )
    with pytest.MonkeyPatch.context() as env:
        env.delenv("LITBOARD_RELEASE", raising=False)
        return build_site([latest], base / "public", cache=cache, kept=releases).out
