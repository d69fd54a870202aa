"""Incremental builds (issue 20, must-show 3): with the site cache, a rebuild regenerates only the
datasets whose inputs changed, and the result is byte for byte the tree a full build gives."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from litboard.pipeline.build import build_site

from ..conftest import REPO
from litboard.pipeline import site_cache

from ..helpers import FIXTURES


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def _roots(base: Path) -> list[Path]:
    demo, tiny = base / "demo", base / "tiny"
    for part in ("corpus", "judgments"):
        shutil.copytree(REPO / part, demo / part)
    shutil.copytree(FIXTURES / "tiny", tiny)
    return [demo, tiny]


def _add_system(root: Path, template: str, new: str) -> None:
    """A new system: a copy of ``template``'s outputs with every text changed."""
    src, dst = root / "corpus" / "systems" / template, root / "corpus" / "systems" / new
    dst.mkdir()
    card = (src / "system.yaml").read_text(encoding="utf-8")
    card = "\n".join(
        f"id: {new}"
        if line.startswith("id:")
        else f"name: {new}"
        if line.startswith("name:")
        else line
        for line in card.splitlines()
    )
    (dst / "system.yaml").write_text(card + "\n", encoding="utf-8")
    for outputs in src.glob("*.jsonl"):
        lines = []
        for line in outputs.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if isinstance(record.get("text"), str):
                record["text"] = "Neu: " + record["text"]
            lines.append(json.dumps(record, ensure_ascii=False))
        (dst / outputs.name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_incremental_build_equals_full_build(tmp_path: Path, writes: list[str]) -> None:
    roots = _roots(tmp_path / "data")
    cache = tmp_path / "cache"
    first = build_site(roots, tmp_path / "first", cache=cache).out
    assert sorted(writes) == ["demo", "judge-bias panel", "tiny"]

    # touching a file (same bytes, new time) regenerates nothing and changes nothing
    writes.clear()
    touched = next((roots[0] / "corpus" / "systems" / "demo-llm").glob("*.jsonl"))
    os.utime(touched, (1, 1))
    again = build_site(roots, tmp_path / "again", cache=cache).out
    assert writes == []
    assert _tree(again) == _tree(first)

    # adding a system to one dataset regenerates that dataset only; the site equals a full build
    writes.clear()
    _add_system(roots[1], "mt", "mt-new")
    incremental = build_site(roots, tmp_path / "incremental", cache=cache).out
    assert writes == ["tiny", "judge-bias panel"]
    full = build_site(roots, tmp_path / "full").out  # no cache at all
    inc_tree, full_tree = _tree(incremental), _tree(full)
    assert sorted(inc_tree) == sorted(full_tree)
    assert [n for n in inc_tree if inc_tree[n] != full_tree[n]] == []
    assert inc_tree != _tree(first)  # the change is on the site
    assert any("mt-new" in name for name in inc_tree)


def test_a_changed_code_or_stamp_misses_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    groups_roots = _roots(tmp_path / "data")
    from litboard.load.datasets import group_roots
    from litboard.render.core.jinja import DEFAULT_TEMPLATES

    groups = group_roots(groups_roots)
    keys = site_cache.dataset_keys(groups, DEFAULT_TEMPLATES)
    assert sorted(keys) == ["demo", "tiny"]
    monkeypatch.setenv("LITBOARD_RELEASE", "v9")
    assert site_cache.dataset_keys(groups, DEFAULT_TEMPLATES).keys() == keys.keys()
    assert all(
        a != b
        for a, b in zip(site_cache.dataset_keys(groups, DEFAULT_TEMPLATES).values(), keys.values())
    )
    monkeypatch.delenv("LITBOARD_RELEASE")
    # a new system in one dataset changes that dataset's key only ...
    _add_system(groups_roots[1], "mt", "mt-new")
    changed = site_cache.dataset_keys(group_roots(groups_roots), DEFAULT_TEMPLATES)
    assert changed["tiny"] != keys["tiny"] and changed["demo"] == keys["demo"]
    # ... and the key of every dataset whose same_as links name it
    card = groups_roots[0] / "corpus" / "systems" / "demo-llm" / "system.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "same_as: [tiny/mt]\n", encoding="utf-8")
    linked = site_cache.dataset_keys(group_roots(groups_roots), DEFAULT_TEMPLATES)
    _add_system(groups_roots[1], "mt", "mt-newer")
    again = site_cache.dataset_keys(group_roots(groups_roots), DEFAULT_TEMPLATES)
    assert again["demo"] != linked["demo"]


def test_a_broken_cache_entry_is_a_miss(tmp_path: Path) -> None:
    (tmp_path / "k.pickle").write_bytes(b"not a pickle")
    assert site_cache.read(tmp_path, "k") is None
    assert site_cache.read(tmp_path, "absent") is None


def test_a_rebuild_links_the_unchanged_reader_pages_of_the_site_it_replaces(tmp_path: Path) -> None:
    roots = _roots(tmp_path / "data")
    out, cache = tmp_path / "public", tmp_path / "cache"
    build_site(roots, out, cache=cache)
    demo_page, tiny_page = (
        out / "demo" / "paragraphs" / "bronte-jane-eyre-01.html",
        out / "tiny" / "paragraphs" / "p1.html",
    )
    before = {page: (page.stat().st_ino, page.read_bytes()) for page in (demo_page, tiny_page)}
    _add_system(roots[1], "mt", "mt-new")
    build_site(roots, out, cache=cache)
    assert demo_page.stat().st_ino == before[demo_page][0]  # same bytes: the old file, linked
    assert demo_page.read_bytes() == before[demo_page][1]
    assert tiny_page.stat().st_ino != before[tiny_page][0]  # a new column: written afresh
    assert b"mt-new" in tiny_page.read_bytes() and b"mt-new" not in before[tiny_page][1]
    full = build_site(roots, tmp_path / "full").out
    assert _tree(out) == _tree(full)
