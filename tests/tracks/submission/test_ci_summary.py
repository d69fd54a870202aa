"""The CI job summary: which systems a PR changed, and their provisional ranks (hand-checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from litboard.tracks.ci_summary import changed_systems, changed_track_systems, ranks, summary
from litboard.load.read import load

from ...helpers import FIXTURES, copy_root
from .conftest import REPO


def test_changed_systems_from_git_paths() -> None:
    paths = [
        "corpus/systems/new-llm/system.yaml",
        "corpus/systems/new-llm/de-en.jsonl",
        "corpus/systems/other/en-zh.jsonl",
        "corpus/works/w/work.yaml",
        "corpus/systems/README.md",
        "",
    ]
    assert changed_systems(paths) == ["new-llm", "other"]


def test_track_contributions_point_to_the_trusted_comment() -> None:
    """A track's contribution folder is named in the summary (it used to say the pull request
    changed no system folder), with where its scores are: the trusted results comment."""
    paths = [
        "tracks/literary-translation/corpus/systems/my-mt/system.yaml",
        "tracks/literary-translation/corpus/systems/my-mt/de-pl.jsonl",
        "tracks/literary-translation/track.yaml",
        "tracks/x/corpus/systems/",
    ]
    assert changed_track_systems(paths) == [("literary-translation", "my-mt")]
    assert changed_systems(paths) == []
    text = summary(load([FIXTURES / "tiny"]), [], [("literary-translation", "my_<b>")])
    assert "### `my\\_&lt;b&gt;` (track `literary-translation`)" in text
    assert "results comment" in text and "changes no folder" not in text and "<b>" not in text


def test_ranks_on_the_tiny_fixture_hand_computed() -> None:
    """tiny: MQM(mt) = -5 (one major error / 1 sentence), MQM(ht) = 0 -> ht 1st, mt 2nd of 2."""
    corpus = load([FIXTURES / "tiny"])
    [line] = ranks(corpus, "mt")
    assert (line.pair, line.value, line.rank, line.of) == ("de-en", -5.0, 2, 2)
    [line] = ranks(corpus, "ht")
    assert (line.value, line.rank) == (0.0, 1)


def test_summary_markdown_escapes_names_and_shows_badge() -> None:
    corpus = load([FIXTURES / "tiny"])
    text = summary(corpus, ["ht", "gone"])
    assert "### Human &lt;script&gt;alert(1)&lt;/script&gt; (`ht`)" in text
    assert "<script>" not in text
    assert "Badge: **human-evaluated: MQM, 1 annotator**" in text
    assert "| de-en | MQM (Students) ↑ | 0 | 1 of 2 |" in text
    assert "Removed in this pull request" in text
    assert "changes no folder" in summary(corpus, [])


def test_new_system_without_scores_says_so(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "r")
    folder = root / "corpus/systems/new"
    folder.mkdir()
    (folder / "system.yaml").write_text(
        "id: new\nname: New\nkind: llm\nmodality: MT\n", encoding="utf-8"
    )
    (folder / "de-en.jsonl").write_text(
        "".join(
            json.dumps({"paragraph": p, "text": t}) + "\n"
            for p, t in (
                ("p1", "One morning Gregor Samsa woke up."),
                ("p2", "He was lying on his back."),
            )
        ),
        encoding="utf-8",
    )
    text = summary(load([root]), ["new"])
    assert "Badge: **not scored yet**" in text and "No scores yet" in text


def test_cli_prints_markdown_for_named_systems() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "litboard.tracks.ci_summary",
            "--data",
            str(FIXTURES / "tiny"),
            "--system",
            "mt",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("## litboard: provisional ranks")
    assert "| de-en | MQM (Students) ↑ | -5 | 2 of 2 |" in done.stdout
