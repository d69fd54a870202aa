"""The site cache is bounded and shared between root combinations (issue 32, goal 3, must-show 3):
after a build, the least recently used of litboard's own files go until the cache fits its
bound (never a file of the user's, a folder without litboard's marker, or an entry this build
used); a dataset cached in one combination of roots is reused in another."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from litboard.files import project
from litboard.pipeline.build import build_site
from litboard.cli import main
from litboard.errors import DataError
from litboard.load.datasets import group_roots
from litboard.render.core import cache_files
from litboard.pipeline import site_cache
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.files.project import Project
from litboard.study.scaffold import init_study

from ..conftest import REPO
from ..helpers import FIXTURES

TINY = FIXTURES / "tiny"


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _own_bytes(cache: Path) -> int:
    return sum(p.stat().st_size for p in cache_files.own_files(cache))


def _old_entries(cache: Path, count: int, size: int) -> list[Path]:
    """``count`` entries of ``size`` bytes named as litboard names them, used long ago (oldest
    first)."""
    paths = []
    for i in range(count):
        path = cache / f"{i + 1:064x}.pickle"
        path.write_bytes(b"x" * size)
        os.utime(path, (1_000 + i, 1_000 + i))
        paths.append(path)
    return paths


def _foreign(tmp_path: Path, cache: Path) -> dict[Path, bytes]:
    """Files that are not litboard's: in the cache (dropped in after it was marked), in a
    subfolder it does not own, and a folder without the marker that holds entry-named files."""
    stranger = tmp_path / "not-a-cache"
    (stranger / "charts").mkdir(parents=True)
    (cache / "mine").mkdir()
    files = {
        cache / "notes.txt": b"my notes",
        cache / "results.pickle": b"my results",
        cache / "charts" / "figure.svg": b"<svg/>",
        cache / "mine" / (f"{7:064x}.pickle"): b"mine",
        stranger / f"{8:064x}.pickle": b"looks like an entry",
        stranger / "charts" / f"{9:064x}.svg": b"<svg/>",
    }
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        os.utime(path, (0, 0))  # older than anything: first in line if they were litboard's
    return files


def test_the_bound_holds_and_evicts_only_litboards_least_recently_used_entries(
    tmp_path: Path,
) -> None:
    cache, out = tmp_path / "cache", tmp_path / "public"
    build_site([TINY], out, cache=cache, cache_size="1GB")
    # this build's entries, drawings, templates
    used = {p: p.stat().st_size for p in cache_files.own_files(cache)}
    entries = [p for p in used if p.parent == cache]
    assert len(entries) == 2  # tiny's entry and the judge-bias panel
    old = _old_entries(cache, 6, 10_000)
    foreign = _foreign(tmp_path, cache)
    limit = sum(used.values()) + 25_000  # room for two and a half of the old entries
    assert _own_bytes(cache) > limit
    build_site([TINY], out, cache=cache, cache_size=str(limit))
    assert _own_bytes(cache) <= limit  # the bound holds
    assert [p.exists() for p in old] == [False] * 4 + [True] * 2  # least recently used first
    assert all(p.exists() for p in entries)  # what this build used stays
    assert {p: p.read_bytes() for p in foreign} == foreign  # never a file that is not litboard's
    assert (cache / cache_files.MARKER).is_file()


def test_entries_a_build_uses_stay_even_when_they_alone_exceed_the_bound(tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "public"
    build_site([TINY], out, cache=cache)
    entries = sorted(p for p in cache.glob("*.pickle"))
    old = _old_entries(cache, 3, 1_000)
    foreign = _foreign(tmp_path, cache)
    main(
        [
            "build",
            "--data",
            str(TINY),
            "--out",
            str(out),
            "--site-cache",
            str(cache),
            "--site-cache-size",
            "0",
        ]
    )
    assert not any(p.exists() for p in old)
    assert sorted(p for p in cache.glob("*.pickle") if p.name != "results.pickle") == entries
    assert {p: p.read_bytes() for p in foreign} == foreign


def test_the_bound_needs_litboards_marker(tmp_path: Path) -> None:
    folder = tmp_path / "unmarked"
    folder.mkdir()
    old = _old_entries(folder, 3, 1_000)
    assert cache_files.own_files(folder) == []
    assert site_cache.bound(folder, 0, [], 0) == []
    assert all(p.exists() for p in old)


def test_a_dataset_cached_under_one_root_combination_is_reused_under_another(
    tmp_path: Path, writes: list[str]
) -> None:
    demo, cache = tmp_path / "demo", tmp_path / "cache"
    for part in ("corpus", "judgments"):
        shutil.copytree(REPO / part, demo / part)
    build_site([demo], tmp_path / "alone", cache=cache)
    assert sorted(writes) == ["demo", "judge-bias panel"]
    writes.clear()
    combined = build_site([demo, TINY], tmp_path / "combined", cache=cache).out
    assert writes == ["tiny", "judge-bias panel"]  # demo is not regenerated
    writes.clear()
    build_site([TINY, demo], tmp_path / "reordered", cache=cache)
    assert writes == ["judge-bias panel"]  # both datasets from the cache
    full = build_site([demo, TINY], tmp_path / "full").out  # no cache at all
    assert _tree(combined) == _tree(full)


def test_the_key_does_not_hold_the_other_datasets_of_the_build(tmp_path: Path) -> None:
    alone = site_cache.dataset_keys(group_roots([TINY]), DEFAULT_TEMPLATES)
    both = site_cache.dataset_keys(group_roots([REPO, TINY]), DEFAULT_TEMPLATES)
    assert alone["tiny"] == both["tiny"]


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("1GB", 10**9),
        ("500 MB", 5 * 10**8),
        ("2GiB", 2 * 2**30),
        ("0", 0),
        ("1.5g", 1_500_000_000),
        ("123", 123),
    ],
)
def test_sizes_are_read_with_their_units(text: str, size: int) -> None:
    assert cache_files.parse_size(text, "command line", "--site-cache-size") == size


def test_a_bad_size_names_the_option_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(DataError, match="--site-cache-size: 'lots' is not a size"):
        cache_files.parse_size("lots", "command line", "--site-cache-size")
    code = main(
        ["build", "--data", str(TINY), "--out", str(tmp_path / "out"), "--site-cache-size=-1GB"]
    )
    assert code == 1
    assert (
        "--site-cache-size: '-1GB' is not a size (fix: give a number of bytes"
        in capsys.readouterr().err
    )
    assert not (tmp_path / "out").exists()


def _study(tmp_path: Path, size: str) -> Project:
    """A study (``litboard init``) over a copy of the tiny fixture, its plugin given
    ``site_cache_size``."""
    folder = tmp_path / "study"
    init_study(folder)
    shutil.copytree(TINY, folder / "data", dirs_exist_ok=True)
    config = folder / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace(
        'roots: ["data"]', f'roots: ["data"]\n      site_cache_size: "{size}"'
    )
    assert f'site_cache_size: "{size}"' in text
    config.write_text(text, encoding="utf-8")
    return project.find(folder)


def test_a_studys_mkdocs_yml_sets_the_bound(tmp_path: Path) -> None:
    study = _study(tmp_path, "0")
    cache = study.cache / "site"
    build_site(list(study.roots), tmp_path / "out", cache=cache, study=study)
    old = _old_entries(cache, 3, 1_000)
    build_site(list(study.roots), tmp_path / "out", cache=cache, study=study)
    assert not any(p.exists() for p in old)  # 0: only what the build used stays
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_bad_size_in_mkdocs_yml_names_the_file_and_the_key(tmp_path: Path) -> None:
    study = _study(tmp_path, "a lot")
    with pytest.raises(
        DataError, match="plugins: litboard: site_cache_size: 'a lot' is not a size"
    ):
        build_site(list(study.roots), tmp_path / "out", cache=study.cache / "site", study=study)
    assert not (tmp_path / "out").exists()
