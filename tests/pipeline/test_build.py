"""Whole-site builds: the page set, determinism, atomic replacement."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from litboard.pipeline.build import build_site
from litboard.errors import DataError

from ..helpers import FIXTURES, append_line, copy_root

TINY = FIXTURES / "tiny"


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_pages_per_paragraph_and_system(tmp_path: Path) -> None:
    result = build_site([TINY], tmp_path / "out")
    out = result.out / "tiny"
    for page in (
        "index.html",
        "paragraphs/p1.html",
        "paragraphs/p2.html",
        "systems/ht.html",
        "systems/mt.html",
        "works/w1.html",
        "leaderboard-de-en.csv",
        "systems/mt-de-en.csv",
    ):
        assert (out / page).is_file(), page
    index = (out / "index.html").read_text()
    assert 'href="leaderboard-de-en.csv"' in index


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    first = build_site([TINY], tmp_path / "a").out
    second = build_site([TINY], tmp_path / "b").out
    assert tree_digest(first) == tree_digest(second)


def test_failed_build_leaves_previous_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_site([TINY], out)
    before = tree_digest(out)
    root = copy_root(TINY, tmp_path / "bad")
    append_line(root / "corpus/systems/mt/de-en.jsonl", '{"paragraph": "nope", "text": "x"}')
    with pytest.raises(Exception) as info:
        build_site([root], out)
    assert "unknown paragraph id 'nope'" in str(info.value)
    assert tree_digest(out) == before


def test_data_error_type_for_library_callers(tmp_path: Path) -> None:
    from litboard.load.read import load

    root = copy_root(TINY, tmp_path / "bad")
    append_line(root / "corpus/systems/mt/de-en.jsonl", "not json")
    with pytest.raises(DataError):
        load([root])


def test_chart_svgs_do_not_depend_on_what_was_drawn_before() -> None:
    from litboard.render.core.charts import stable_ids

    first = (
        '<linearGradient id="gradient_3"/><path fill="url(#gradient_3)"/><clipPath id="clip12"/>'
        '<g clip-path="url(#clip12)"/><clipPath id="clip1"/><g clip-path="url(#clip1)"/>'
    )
    assert stable_ids(first) == (
        '<linearGradient id="gradient_0"/><path fill="url(#gradient_0)"/>'
        '<clipPath id="clip1"/><g clip-path="url(#clip1)"/><clipPath id="clip2"/>'
        '<g clip-path="url(#clip2)"/>'
    )
