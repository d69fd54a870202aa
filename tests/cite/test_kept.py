"""Issue 30 goal 3: `litboard build --kept-releases` lists the kept releases on the site's
Releases page and serves them under v/; a release freezes no release inside it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from litboard import __version__
from litboard.pipeline.build import build_site
from litboard.cite import kept
from litboard.cite.release import built_release
from litboard.cli import main
from litboard.errors import DataError

from .released import released_site
from .test_release import tree_digest
from .states import STATE_A, STATE_B, write_state


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Releases 2026.1 (state A) and 2026.2 (state B), then the latest site of state B."""
    base = tmp_path_factory.mktemp("kept")
    a, b = write_state(base / "data-a", STATE_A), write_state(base / "data-b", STATE_B)
    return released_site(base, [("2026.1", a), ("2026.2", b)], b), base / "releases"


def _body(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text[text.index('<div class="lb-page"') : text.index("</article>")]


def test_the_releases_page_lists_every_release_newest_first(served: tuple[Path, Path]) -> None:
    body = _body(served[0] / "releases.html")
    assert body.index('id="release-2026.2"') < body.index('id="release-2026.1"')
    for version in ("2026.1", "2026.2"):
        assert (
            f'href="v/{version}/index.html"' in body and f'href="v/{version}/release.json"' in body
        )
        assert f"@misc{{litboard-{version}," in body and f"version = {{{version}}}" in body
    assert (
        body.count('href="v/2026.2/changelog.html"') == 2
        and "changelog.html" not in body.split("2026.1/release")[1]
    )
    assert "<code>tiny</code> 1" in body  # each dataset's id and version
    assert 'href="v/versions.json"' in body and "No release has been made yet" not in body


def test_the_site_serves_each_release_and_mikes_versions_json(served: tuple[Path, Path]) -> None:
    site, releases = served
    listed = json.loads((site / "v" / "versions.json").read_text())
    assert listed == json.loads((releases / "v" / "versions.json").read_text())
    assert [v["version"] for v in listed] == ["2026.2", "2026.1"] and listed[0]["aliases"] == [
        "latest"
    ]
    # every file (but the build folder's dot-file marker), same bytes
    for version in ("2026.1", "2026.2"):
        assert tree_digest(site / "v" / version) == {
            k: d for k, d in tree_digest(releases / "v" / version).items() if not k.startswith(".")
        }
    log = (site / "v" / "2026.2" / "changelog.html").read_text(encoding="utf-8")
    assert "Changes from release 2026.1 to 2026.2" in log and 'class="lb-move-real"' in log
    assert "Releases" in (site / "index.html").read_text(encoding="utf-8")  # in the navigation
    assert 'src="assets/litboard/versions.js"' in (site / "index.html").read_text(encoding="utf-8")


def test_a_release_holds_no_release_and_links_the_ones_beside_it(served: tuple[Path, Path]) -> None:
    releases = served[1] / "v"
    assert not (releases / "2026.2" / "v").exists()  # built serving 2026.1, frozen without it
    body = _body(releases / "2026.2" / "releases.html")
    assert 'href="../2026.1/index.html"' in body and 'href="v/' not in body
    # the latest site, not a release it serves
    # (an unreleased build: the package version and the commit it was built from)
    key = rf"litboard-{re.escape(__version__)}-[0-9a-f]{{12}}"
    assert re.fullmatch(key, built_release(served[0]) or "")


def test_no_release_yet_says_how_to_make_one(tmp_path: Path) -> None:
    root = write_state(tmp_path / "data", STATE_A)
    site = build_site([root], tmp_path / "public", kept=tmp_path / "releases").out  # not made yet
    body = _body(site / "releases.html")
    assert "No release has been made yet" in body and "make release VERSION=2026.11" in body
    assert "litboard release 2026.11 --site public --releases releases" in body
    assert json.loads((site / "v" / "versions.json").read_text()) == []  # the selector finds none


def test_hostile_release_titles_are_text(tmp_path: Path) -> None:
    (tmp_path / "v" / "1").mkdir(parents=True)
    (tmp_path / "v" / "1" / "release.json").write_text(
        json.dumps(
            {
                "date": "2026-01-01",
                "datasets": [{"id": "<script>x</script>", "version": "\"><img src=x>"}],
            }
        )
    )
    (tmp_path / "v" / "versions.json").write_text(
        json.dumps([{"version": "1", "title": "<script>alert(1)</script>", "aliases": []}])
    )
    body = kept.releases_page(tmp_path)
    assert "<script>" not in body and "<img" not in body and "&lt;script&gt;alert(1)" in body


@pytest.mark.parametrize(
    ("listed", "field"),
    [
        ('[{"version": "../../etc", "title": "x"}]', "[0].version"),
        ('{"version": "1"}', "[0].version"),
        ("[{", "versions.json"),
    ],
)
def test_a_broken_versions_json_is_an_error_naming_it(
    tmp_path: Path, listed: str, field: str
) -> None:
    (tmp_path / "v").mkdir()
    (tmp_path / "v" / "versions.json").write_text(listed)
    with pytest.raises(DataError) as caught:
        kept.read(tmp_path)
    problem = caught.value.problems[0]
    assert problem.file.endswith("versions.json") and problem.field == field and problem.fix


def test_a_listed_release_without_its_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "v").mkdir()
    (tmp_path / "v" / "versions.json").write_text('[{"version": "1", "title": "1", "aliases": []}]')
    with pytest.raises(DataError, match="release.json: is missing"):
        kept.read(tmp_path)


def test_kept_releases_inside_the_output_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_state(tmp_path / "data", STATE_A)
    code = main(
        [
            "build",
            "--data",
            str(root),
            "--out",
            str(tmp_path / "public"),
            "--kept-releases",
            str(tmp_path / "public" / "releases"),
            "--no-site-cache",
        ]
    )
    assert code == 1 and "replaces whole" in capsys.readouterr().err
    assert not (tmp_path / "public").exists()


def test_releases_joins_the_navigation_once_after_how_to_cite() -> None:
    assert kept.with_nav([{"Home": "index.md"}, {"How to cite": "cite.md"}, {"X": "x.md"}]) == [
        {"Home": "index.md"},
        {"How to cite": "cite.md"},
        {"Releases": "releases.md"},
        {"X": "x.md"},
    ]
    mine = [{"Home": "index.md"}, {"Old versions": "releases.md"}]
    assert kept.with_nav(mine) == mine


def test_a_page_in_v_is_refused_where_releases_are_served() -> None:
    with pytest.raises(DataError, match="where the site serves its releases") as caught:
        kept.releases_page(None, ["index.md", "v/index.md", "v/works/w1.md"])
    assert caught.value.problems[0].file == "v/index.md"
    assert "No release has been made yet" in kept.releases_page(None, ["index.md", "vv/index.md"])
