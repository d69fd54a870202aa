"""Every track is checked alike (issue 55, goal 3): the demo's contributions get the checks of a
release track's, and a track declared only now refuses a copy with the default limits."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from litboard.load import validate
from litboard.tracks.checks import CHECKS

from ..conftest import REPO
from ..helpers import DEMO, copy_root
from .contribution import CARD
from .redteam import reverse

PAIR = "de-en"


def _texts(root: Path, system: str) -> dict[str, str]:
    path = root / "corpus" / "systems" / system / f"{PAIR}.jsonl"
    return {
        r["paragraph"]: r["text"]
        for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }


def _demo(dst: Path, dataset: dict | None = None) -> Path:
    """The frozen demo with the repository's own track block (its ``released`` list)."""
    root = copy_root(DEMO, dst)
    card = yaml.safe_load((root / "corpus" / "dataset.yaml").read_text(encoding="utf-8"))
    card["track"] = yaml.safe_load((REPO / "corpus" / "dataset.yaml").read_text("utf-8"))["track"]
    card.update(dataset or {})
    (root / "corpus" / "dataset.yaml").write_text(yaml.safe_dump(card), encoding="utf-8")
    return root


def _contribute(root: Path, texts: dict[str, str], card: str = "") -> Path:
    folder = root / "corpus" / "systems" / "my-mt"
    folder.mkdir()
    (folder / "system.yaml").write_text(
        card or CARD.format(id="my-mt", name="My MT"), encoding="utf-8"
    )
    (folder / f"{PAIR}.jsonl").write_text(
        "".join(json.dumps({"paragraph": p, "text": t}) + "\n" for p, t in texts.items()),
        encoding="utf-8",
    )
    return folder


def _messages(root: Path) -> list[str]:
    return [f"{p.field}: {p.message}" for p in validate([root], CHECKS).items]


def test_the_demo_declares_the_systems_it_came_with(tmp_path: Path) -> None:
    root = _demo(tmp_path / "demo")
    released = yaml.safe_load((root / "corpus" / "dataset.yaml").read_text("utf-8"))["track"]
    assert sorted(released["released"]) == sorted(
        p.name for p in (DEMO / "corpus/systems").iterdir()
    )
    assert _messages(root) == []


def test_a_verbatim_copy_in_the_demo_is_refused(tmp_path: Path) -> None:
    root = _demo(tmp_path / "demo")
    _contribute(root, _texts(root, "demo-llm"))
    assert any("copy system 'demo-llm'" in m for m in _messages(root))


def test_a_reordered_copy_of_the_demo_reference_is_refused(tmp_path: Path) -> None:
    root = _demo(tmp_path / "demo")
    _contribute(root, reverse(_texts(root, "demo-human-a"), {}, None))  # type: ignore[arg-type]
    assert any("the human translation 'demo-human-a'" in m for m in _messages(root))


def test_shifted_outputs_in_the_demo_are_refused(tmp_path: Path) -> None:
    root = _demo(tmp_path / "demo")
    texts = _texts(root, "demo-llm")
    ids = list(texts)
    _contribute(root, {p: texts[ids[(i + 1) % len(ids)]] for i, p in enumerate(ids)})
    assert any("copy system 'demo-llm'" in m or "look shifted" in m for m in _messages(root))


def test_a_human_translation_card_in_the_demo_is_refused(tmp_path: Path) -> None:
    root = _demo(tmp_path / "demo")
    card = CARD.format(id="my-mt", name="My MT").replace("kind: llm", "kind: human")
    own = {p: " ".join(t.split()[::-1]) for p, t in _texts(root, "demo-llm").items()}
    _contribute(root, own, card)
    assert any(m.startswith("kind: a contribution may not be a human") for m in _messages(root))


def test_a_new_track_refuses_a_copy(tmp_path: Path) -> None:
    """A dataset declared a track only here (no limits measured for it: the defaults apply)."""
    root = _demo(tmp_path / "new", {"id": "new-track", "title": "A new track"})
    root_card = yaml.safe_load((root / "corpus" / "dataset.yaml").read_text("utf-8"))
    assert root_card["track"]["released"] and root_card["id"] == "new-track"
    _contribute(root, reverse(_texts(root, "demo-human-b"), {}, None))  # type: ignore[arg-type]
    assert any("the human translation 'demo-human-b'" in m for m in _messages(root))


def test_check_pr_without_releases_says_what_it_did_not_check() -> None:
    from litboard.tracks.pr_scope import skipped

    said = skipped("tracks/creativity-bias/corpus/systems/my-mt", "origin/main", releases=False)
    assert "NOT checked without the release of track 'creativity-bias'" in said
    assert "copies of the reference" in said
    assert "`litboard check-pr --base origin/main --releases`" in said
    assert skipped("tracks/creativity-bias/corpus/systems/my-mt", "origin/main", True) == ""
    assert skipped("corpus/systems/my-mt", "origin/main", False) == ""  # the demo: all checked
