"""`build --site-cache DIR` prunes only litboard's own cache files (issue 33 row 2): it used to
delete the user's *.pickle files beyond the newest 64 and DIR/charts/ files beyond 2,048.
(The size bound that replaced the 64 entries: tests/pipeline/test_site_cache_bound.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from litboard.pipeline.build import build_site
from litboard.errors import DataError
from litboard.render.core import cache_files, charts
from litboard.pipeline import site_cache

from ..helpers import FIXTURES

TINY = FIXTURES / "tiny"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_a_folder_of_the_users_pickles_is_refused_untouched(tmp_path: Path) -> None:
    cache = tmp_path / "mine"
    (cache / "charts").mkdir(parents=True)
    for i in range(100):
        (cache / f"experiment-{i:03d}.pickle").write_bytes(b"results %d" % i)
    (cache / "charts" / "figure.png").write_bytes(b"\x89PNG")
    before = _snapshot(cache)
    with pytest.raises(DataError, match="--site-cache: is a folder litboard's cache did not make"):
        build_site([TINY], tmp_path / "public", cache=cache)
    assert _snapshot(cache) == before
    assert not (tmp_path / "public").exists()


def test_a_prune_in_litboards_cache_skips_files_it_did_not_name(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache_files.claim(cache)
    (cache / "notes.pickle").write_bytes(b"mine")  # dropped in later by the user
    os.utime(cache / "notes.pickle", (0, 0))
    for key in ("a" * 64, "b" * 64):
        site_cache.write(cache, key, site_cache.Panel({}, {}))
    os.utime(cache / ("a" * 64 + ".pickle"), (1, 1))
    site_cache.bound(cache, (cache / ("b" * 64 + ".pickle")).stat().st_size, [], 10**18)
    assert sorted(p.name for p in cache.glob("*.pickle")) == ["b" * 64 + ".pickle", "notes.pickle"]


def test_an_older_litboard_cache_is_adopted_and_still_pruned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    (cache / "charts").mkdir(parents=True)
    (cache / "jinja").mkdir()
    (cache / ("c" * 64 + ".pickle")).write_bytes(b"old entry")
    (cache / "charts" / ("d" * 64 + ".svg")).write_text("<svg/>")
    (cache / "jinja" / ("__jinja2_" + "e" * 40 + ".cache")).write_bytes(b"code")
    cache_files.claim(cache)
    assert (cache / cache_files.MARKER).is_file()
    monkeypatch.setattr(charts, "KEEP", 0)
    charts.use_cache(cache)
    charts.use_cache(None)
    assert list((cache / "charts").iterdir()) == []


def test_a_build_with_a_fresh_cache_marks_it(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    build_site([TINY], tmp_path / "public", cache=cache)
    assert (cache / cache_files.MARKER).is_file()
    assert any(cache.glob("*.pickle"))
    build_site([TINY], tmp_path / "public", cache=cache)  # its own cache: used again
