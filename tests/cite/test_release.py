"""Must-show 1: two releases from two data states; the old one never changes; the changelog
lists the added system and tells moves across a cluster (real) from moves inside one (noise)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from importlib import metadata
from pathlib import Path

import pytest

from litboard.files import owned
from litboard.cite import packed
from litboard.pipeline.build import build_site
from litboard.cite.provenance import installed

from ..conftest import REPO
from litboard.cli import main
from litboard.cite.release import release
from litboard.errors import DataError

from .states import STATE_A, STATE_B, write_state


def tree_digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> dict:
    base = tmp_path_factory.mktemp("releases")
    out: dict = {"dir": base / "releases"}
    for version, state in (("2026.1", STATE_A), ("2026.2", STATE_B)):
        root = write_state(base / f"data-{version}", state)
        with pytest.MonkeyPatch.context() as env:
            env.setenv("LITBOARD_RELEASE", version)  # the BibTeX of the frozen site cites it
            site = build_site([root], base / f"site-{version}").out
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
                    str(out["dir"]),
                    "--date",
                    "2026-11-23",
                ]
            )
            == 0
        )
        out[version] = tree_digest(out["dir"] / "v" / version)
        out[f"site-{version}"] = site
    return out


def test_both_release_paths_exist_and_the_old_one_is_unchanged(releases: dict) -> None:
    v = releases["dir"] / "v"
    assert (v / "2026.1" / "index.html").is_file() and (v / "2026.2" / "index.html").is_file()
    assert tree_digest(v / "2026.1") == releases["2026.1"]  # digest taken before 2026.2 existed
    assert "changelog.html" not in releases["2026.1"]
    # a page leading to the newest, not a third copy of the site
    assert _leads_to(v / "latest", "2026.2")
    versions = json.loads((v / "versions.json").read_text())
    assert [x["version"] for x in versions] == ["2026.2", "2026.1"]
    assert versions[0]["aliases"] == ["latest"] and versions[1]["aliases"] == []


def test_release_json_records_versions_commit_and_clustered_rows(releases: dict) -> None:
    body = json.loads((releases["dir"] / "v" / "2026.2" / "release.json").read_text())
    assert body["version"] == "2026.2" and body["date"] == "2026-11-23"
    assert body["datasets"] == [{"id": "tiny", "version": "1", "source": {}}]
    assert len(body["repository_commit"]) == 40 or body["repository_commit"] == "unknown"
    # the versions of the packages that computed the numbers, as the site's downloads record them
    assert body["packages"] == dict(installed()) and body["packages"]["numpy"] == metadata.version(
        "numpy"
    )
    ((table, board),) = body["leaderboards"].items()
    assert table.endswith("leaderboard-de-en.csv") and board["measure"] == "MQM (Students)"
    rows = board["rows"]
    assert [(r["system"], r["rank"], r["cluster"]) for r in rows] == [
        ("ht", 1, 1),
        ("s", 2, 2),
        ("t1", 3, 2),
        ("t2", 4, 3),
        ("llm", 5, 4),
        ("mt", 6, 5),
    ]


def test_changelog_lists_the_added_system_and_marks_cluster_crossings(releases: dict) -> None:
    folder = releases["dir"] / "v" / "2026.2"
    log = json.loads((folder / "changelog.json").read_text())
    board = log["boards"][0]
    assert (log["old"], log["new"]) == ("2026.1", "2026.2") and len(log["boards"]) == 1
    assert board["table"].endswith("leaderboard-de-en.csv")
    assert [r["system"] for r in board["added"]] == ["llm"] and board["removed"] == []
    moves = {m["system"]: m for m in board["moves"]}
    # s: -5 -> -1.33 (rank 4 -> 2) passes t1 (same new cluster c2: noise) and t2 (c3: real)
    assert moves["s"]["kind"] == "real" and moves["s"]["swapped"] == ["t1", "t2"]
    assert moves["s"]["delta"] == pytest.approx(-8 / 6 + 5, abs=1e-5)  # stored to 6 digits
    assert moves["t1"]["kind"] == "noise" and (
        moves["t1"]["old_rank"],
        moves["t1"]["new_rank"],
    ) == (2, 3)
    assert moves["t2"]["kind"] == "real" and (moves["t2"]["old_rank"], moves["t2"]["new_rank"]) == (
        3,
        4,
    )
    assert moves["mt"]["kind"] == "shift"  # 5 -> 6 only because llm was added above it
    assert "ht" not in moves
    page = (folder / "changelog.html").read_text()
    assert "Added: <span class=\"lb-added\">LLM {new} (llm), rank 5</span>" in page
    assert 'class="lb-move-real">real (past t1, t2)' in page
    assert 'class="lb-move-noise">noise (past s)' in page
    assert "T1 &amp; co_%" in page


def test_an_existing_release_is_never_overwritten(
    releases: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    site = releases["dir"] / "v" / "2026.2"
    before = tree_digest(releases["dir"] / "v" / "2026.1")
    code = main(
        [
            "release",
            "2026.1",
            "--data",
            str(REPO),
            "--site",
            str(site),
            "--releases",
            str(releases["dir"]),
        ]
    )
    err = capsys.readouterr().err
    assert code == 1 and "release 2026.1 already exists" in err and "Traceback" not in err
    assert tree_digest(releases["dir"] / "v" / "2026.1") == before


@pytest.mark.parametrize("version", ["latest", "../x", "", "a b"])
def test_bad_version_names_are_refused(
    tmp_path: Path, version: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["release", version, "--site", str(tmp_path), "--releases", str(tmp_path / "r")])
    assert code == 1 and "VERSION" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def _two_releases(tmp_path: Path, prepare) -> Path:
    """Release 1, then ``prepare(v_dir)``, then release 2; returns the v/ folder."""
    root = write_state(tmp_path / "data", STATE_A)
    release("1", _site_of(root, tmp_path, "1"), tmp_path / "rel", [root], REPO, "2026-11-24")
    prepare(tmp_path / "rel" / "v")
    release("2", _site_of(root, tmp_path, "2"), tmp_path / "rel", [root], REPO, "2026-11-24")
    return tmp_path / "rel" / "v"


def _site_of(root: Path, tmp_path: Path, version: str) -> Path:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("LITBOARD_RELEASE", version)
        return build_site([root], tmp_path / f"site-{version}").out


def test_a_users_file_in_latest_refuses_the_release_untouched(tmp_path: Path) -> None:
    """Issue 33 goal 1: ``latest`` used to be replaced whole, whatever it held."""

    def plant(v: Path) -> None:
        (v / "latest" / "my-notes.md").write_text("mine")

    with pytest.raises(DataError, match="my-notes.md"):
        _two_releases(tmp_path, plant)
    v = tmp_path / "rel" / "v"
    assert (v / "latest" / "my-notes.md").read_text() == "mine"
    assert (
        not (v / "2").exists()
        and sorted(p.name for p in v.iterdir() if p.name.startswith(".")) == []
    )


def _leads_to(latest: Path, version: str) -> bool:
    files = {k for k in tree_digest(latest) if k != owned.MANIFEST}
    page = (latest / "index.html").read_text(encoding="utf-8")
    return files == {"index.html"} and f'content="0; url=../{version}/index.html"' in page


def test_latest_of_an_older_litboard_is_adopted_when_it_is_an_exact_copy(tmp_path: Path) -> None:
    """An older litboard kept ``latest`` as a whole copy of the newest release, with no manifest."""

    def older(v: Path) -> None:
        shutil.rmtree(v / "latest")
        shutil.copytree(v / "1", v / "latest")

    v = _two_releases(tmp_path, older)
    assert _leads_to(v / "latest", "2")


def test_reader_pages_are_packed_and_unpack_to_the_bytes_built(releases: dict) -> None:
    """Issue 32: a release keeps every file of the site it froze; reader pages are packed (same
    path, the exact bytes once unpacked), every other file is the same bytes."""
    site, frozen = releases["site-2026.2"], releases["dir"] / "v" / "2026.2"
    built = {k: d for k, d in tree_digest(site).items() if not k.startswith("v/")}
    kept = tree_digest(frozen)
    assert set(built) <= set(kept) and set(kept) - set(built) == {
        "release.json",
        "changelog.json",
        "changelog.html",
    }
    readers = [k for k in built if packed.is_reader((site / k).read_bytes())]
    assert readers and all(k.startswith("tiny/paragraphs/") for k in readers)
    for name in readers:
        stored = (frozen / name).read_bytes()
        assert packed.PACKED in stored and packed.unpack(stored) == (site / name).read_bytes()
    assert (
        sum((frozen / k).stat().st_size for k in readers)
        < sum((site / k).stat().st_size for k in readers) / 2
    )
    same = {k: d for k, d in built.items() if k not in readers and k != "releases.html"}
    assert same == {k: kept[k] for k in same}


def test_a_foreign_index_in_the_first_release_folder_is_refused(tmp_path: Path) -> None:
    root = write_state(tmp_path / "data", STATE_A)
    site = _site_of(root, tmp_path, "1")
    (tmp_path / "rel" / "v").mkdir(parents=True)
    (tmp_path / "rel" / "v" / "index.html").write_text("my page")
    with pytest.raises(DataError, match="not litboard's"):
        release("1", site, tmp_path / "rel", [root], REPO, "2026-11-24")
    assert (tmp_path / "rel" / "v" / "index.html").read_text() == "my page"


def test_a_frozen_release_cites_its_own_version(releases: dict) -> None:
    page = next(
        p
        for p in sorted((releases["dir"] / "v" / "2026.2").rglob("*.html"))
        if re.search(rb"@misc\{litboard-[^,\s]*,", p.read_bytes())
    ).read_text(encoding="utf-8")
    assert "@misc{litboard-2026.2," in page and "version = {2026.2}" in page
    assert "litboard-unreleased" not in page and "{unreleased}" not in page


def test_a_site_built_for_another_release_is_not_frozen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_state(tmp_path / "data", STATE_A)
    site = build_site([root], tmp_path / "site").out  # no LITBOARD_RELEASE: "unreleased"
    code = main(
        [
            "release",
            "2026.3",
            "--data",
            str(root),
            "--site",
            str(site),
            "--releases",
            str(tmp_path / "r"),
            "--date",
            "2026-11-23",
        ]
    )
    err = capsys.readouterr().err
    assert code == 1 and "was built as 'unreleased'" in err and "LITBOARD_RELEASE=2026.3" in err
    assert not (tmp_path / "r" / "v" / "2026.3").exists()
