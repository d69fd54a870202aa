"""Issue 47 goal 1: tracks are data. A repository has exactly the tracks its data declares (the
releases.yaml entries' and its own dataset card's `track` blocks); a study declares none by
default, and litboard's base pages and default configuration carry no page, nav entry or link of
this repository's contribution flow (site/submit.md, site/human-evaluation.md)."""

from __future__ import annotations

import re
from pathlib import Path

from litboard.files.project import DEFAULT_CONFIG, PAGES
from litboard.importers.pinned import read_manifest, stamp
from litboard.load.track_decl import declared, submissions, submit_page
from litboard.study.scaffold import init_study

from ..conftest import REPO

FLOW = ("submit.md", "human-evaluation.md", "submit.html", "human-evaluation.html")


def test_the_repository_declares_its_tracks_and_why_liteval_has_none() -> None:
    found = declared(REPO)
    assert sorted(t.id for t in found.tracks) == [
        "creativity-bias",
        "demo",
        "literary-translation",
        "wmt21-ted-zhen",
        "wmt24-literary-esa",
    ]
    demo = next(t for t in found.tracks if t.id == "demo")
    assert (
        demo.release is None
        and demo.pairs == ("de-en", "en-zh")
        and demo.folder == "corpus/systems"
    )
    lt = next(t for t in found.tracks if t.id == "literary-translation")
    assert lt.release == "literary-translation" and len(lt.pairs) == 18 and lt.page == "submit.md"
    assert "gated" in found.no_track["liteval"]


def test_a_new_study_declares_no_track(tmp_path: Path) -> None:
    init_study(tmp_path / "s", "S")
    assert declared(tmp_path / "s").tracks == () and declared(tmp_path / "s").no_track == {}


def test_a_release_card_carries_its_declaration() -> None:
    releases = {r.id: r for r in read_manifest(REPO / "releases.yaml")}
    card = stamp({"id": "x", "title": "t", "version": "1"}, releases["creativity-bias"])
    assert submissions(card).startswith(
        "Open track: anyone can add a system by pull request (track "
        "creativity-bias, pairs en-ca, en-nl, ru-nl"
    )
    assert submit_page(card) == "submit.md"
    liteval = stamp({"id": "x", "title": "t", "version": "1"}, releases["liteval"])
    assert "does not accept submissions" in submissions(liteval) and submit_page(liteval) == ""
    assert submissions({"id": "mine", "title": "t", "version": "1"}) == ""  # a study's import


def test_base_pages_and_the_default_configuration_name_no_contribution_page() -> None:
    for page in sorted(PAGES.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        links = re.findall(r"\]\(([^)]+)\)", text)
        assert not [link for link in links if link.split("#")[0] in FLOW], page.name
    config = DEFAULT_CONFIG.read_text(encoding="utf-8")
    assert not [name for name in FLOW if name in config]
