"""Issue 47 goal 1: every built site has 0 broken internal links and 0 mkdocs warnings: the demo
(litboard's default configuration, as a stranger builds it) and the public site (the session's
combined build). The study built from the wheel is checked in test_wheel_study.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.files import project
from litboard.pipeline.build import build_site

from .combined_site import combined_site, warnings_of
from .conftest import DEMO
from .linkcheck import broken_links


def test_the_demo_site(tmp_path: Path) -> None:
    with warnings_of("mkdocs") as said:
        out = build_site([DEMO], tmp_path / "public", study=project.find(tmp_path)).out
    assert said == []
    assert broken_links(out) == []
    index = (out / "demo" / "index.html").read_text(encoding="utf-8")
    assert "Open track" in index  # the demo declares its track (corpus/dataset.yaml) ...
    assert "submit.html" not in index  # ... but names no submit page this site lacks


@pytest.mark.shared
def test_the_public_site(tmp_path_factory: pytest.TempPathFactory) -> None:
    site = combined_site(tmp_path_factory)
    assert site.warnings == []
    assert broken_links(site.out) == []
    board = (site.out / "literary-translation" / "index.html").read_text(encoding="utf-8")
    assert "Open track" in board and 'href="../submit.html"' in board  # releases.yaml declares it
    assert "Open track" not in (site.out / "liteval" / "index.html").read_text(encoding="utf-8")
