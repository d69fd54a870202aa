"""Packed reader pages (``render.core.packed_reader``): a packed build is the plain build with
each reader page's body swapped for its packed box — the box gives back those exact bytes —,
every other file the same; packed builds are byte-identical run to run and through mkdocs'
plain path; ``auto`` packs only large datasets; a bad mode names where it came from; the
site cache keys the mode; a frozen release does not pack a packed page again.
The browser side is tests/browser/test_packed_reader.py and test_reader.py."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from litboard.files import project
from litboard.pipeline.build import build_site
from litboard.cite import packed as release_packing
from litboard.cli import main
from litboard.errors import DataError
from litboard.load.datasets import group_roots
from litboard.render.core import packed_reader
from litboard.pipeline import site_cache
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.pipeline.mkdocs_plugin import PLAIN_SWITCH
from litboard.study.scaffold import init_study

from ..helpers import DEMO, FIXTURES

HOSTILE = FIXTURES / "hostile"
_BOX = re.compile(
    r'<div class="lb-page" markdown="0">\n<div class="lb-packed".*?</script>\n</div>\n</div>', re.S
)


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    base = tmp_path_factory.mktemp("packed")
    return {
        mode: _tree(build_site([HOSTILE], base / mode, reader_pages=mode).out)
        for mode in ("plain", "packed")
    }


def test_a_packed_page_is_the_plain_page_with_its_body_in_the_box(
    builds: dict[str, dict[str, bytes]],
) -> None:
    plain, packed = builds["plain"], builds["packed"]
    assert sorted(plain) == sorted(packed)
    readers = [name for name in plain if b'<div class="lb-reader" data-paragraph="' in plain[name]]
    assert len(readers) >= 3
    for name in readers:
        page = packed[name].decode("utf-8")
        box = _BOX.search(page)
        assert box is not None and len(_BOX.findall(page)) == 1, name
        assert (
            page[: box.start()] + packed_reader.unpack(box.group(0)) + page[box.end() :]
            == plain[name].decode()
        ), name
        # outside the payload the page holds only the escaped heading of the plain page
        outside = page[: box.start()] + _BOX.sub(
            "", box.group(0).split('<script type="application/octet-stream"')[0]
        )
        assert (
            "<img src=x" not in outside
            and "&lt;img src=x" in box.group(0).split("lb-packed-data")[0]
        )
    assert [name for name in plain if name not in readers and plain[name] != packed[name]] == []


def test_packed_builds_are_deterministic_and_the_same_through_mkdocs_plain_path(
    builds: dict[str, dict[str, bytes]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    again = _tree(build_site([HOSTILE], tmp_path / "again", reader_pages="packed").out)
    assert again == builds["packed"]
    # every page through Markdown and the theme: the box passes as is
    monkeypatch.setenv(PLAIN_SWITCH, "1")
    assert (
        _tree(build_site([HOSTILE], tmp_path / "slow", reader_pages="packed").out)
        == builds["packed"]
    )


def test_auto_packs_only_datasets_of_more_than_a_thousand_paragraphs(tmp_path: Path) -> None:
    assert [packed_reader.packs("auto", n) for n in (0, 1000, 1001, 20000)] == [
        False,
        False,
        True,
        True,
    ]
    assert packed_reader.packs("packed", 1) and not packed_reader.packs("plain", 10**6)
    # the default: the demo's 6 pages stay plain
    site = _tree(build_site([DEMO], tmp_path / "auto").out)
    pages = [v for k, v in site.items() if "/paragraphs/" in k and k.endswith(".html")]
    assert pages and not any(b"lb-packed-data" in v for v in pages)
    assert any(b'<div class="lb-reader" data-paragraph="' in v for v in pages)


def test_unpack_refuses_a_page_without_a_box() -> None:
    with pytest.raises(ValueError, match="no packed litboard reader body"):
        packed_reader.unpack("<p>plain</p>")
    with pytest.raises(ValueError, match="one generated lb-page block"):
        packed_reader.pack("---\ntitle: x\n---\n\n<p>no page block</p>\n")


def test_a_bad_mode_names_where_it_came_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(
        DataError,
        match="LITBOARD_READER_PAGES: --reader-pages: 'zip' is not a way to write reader pages",
    ):
        build_site([DEMO], tmp_path / "out", reader_pages="zip")
    assert not (tmp_path / "out").exists()
    with pytest.raises(SystemExit):
        main(
            ["build", "--data", str(DEMO), "--out", str(tmp_path / "out"), "--reader-pages", "zip"]
        )
    assert "invalid choice: 'zip'" in capsys.readouterr().err
    folder = tmp_path / "study"
    init_study(folder)
    shutil.copytree(DEMO, folder / "data", dirs_exist_ok=True)
    config = folder / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            'roots: ["data"]', 'roots: ["data"]\n      reader_pages: gzip'
        ),
        encoding="utf-8",
    )
    study = project.find(folder)
    with pytest.raises(
        DataError, match=r"mkdocs.yml: plugins: litboard: reader_pages: 'gzip' is not a way"
    ):
        build_site(list(study.roots), tmp_path / "out2", study=study)
    assert not (tmp_path / "out2").exists()


def test_the_site_cache_keys_the_mode() -> None:
    groups = group_roots([DEMO])
    keys = {
        mode: site_cache.dataset_keys(groups, DEFAULT_TEMPLATES, mode)
        for mode in packed_reader.MODES
    }
    assert len({tuple(k.values()) for k in keys.values()}) == 3


def test_a_release_does_not_pack_a_packed_page_again(
    builds: dict[str, dict[str, bytes]], tmp_path: Path
) -> None:
    for name, data in builds["packed"].items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    done = release_packing.pack(tmp_path, "2026.11")
    assert done.pages == 0
    assert _tree(tmp_path) == builds["packed"]
