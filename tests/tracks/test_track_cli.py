"""`litboard track list | sources | new-system` (issue 27, goal 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from litboard.cli import main
from litboard.load.track_decl import TRACKS

from .conftest import release_args


def test_list_names_every_track_its_pairs_and_why_liteval_has_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["track", "list"]) == 0
    out = capsys.readouterr().out
    for track in TRACKS:
        assert (
            f"{track.id}: " in out
            and " ".join(track.pairs) in out
            and f"{track.folder}/<id>/" in out
        )
    assert "creativity-bias" in out and "pairs: en-ca en-nl ru-nl" in out
    assert "liteval (no track)" in out and "gated" in out


def test_demo_sources_as_jsonl_and_plain_text(repo_copy: Path, tmp_path: Path) -> None:
    jsonl, txt = tmp_path / "de-en.jsonl", tmp_path / "de-en.txt"
    for out in (jsonl, txt):
        assert (
            main(
                [
                    "track",
                    "sources",
                    "demo",
                    "--pair",
                    "de-en",
                    "--out",
                    str(out),
                    "--repo",
                    str(repo_copy),
                ]
            )
            == 0
        )
    rows = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    # the demo's human translations of de-en cover these three Kafka paragraphs, in reading order
    assert [r["paragraph"] for r in rows] == [
        "kafka-verwandlung-01",
        "kafka-verwandlung-02",
        "kafka-verwandlung-05",
    ]
    assert rows[0]["text"].startswith("Als Gregor Samsa eines Morgens")
    lines = txt.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and lines[0] == " ".join(rows[0]["text"].split())


def test_sources_never_overwrite_and_name_the_pairs(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine.txt"
    out.write_text("my notes\n", encoding="utf-8")
    assert (
        main(
            [
                "track",
                "sources",
                "demo",
                "--pair",
                "de-en",
                "--out",
                str(out),
                "--repo",
                str(repo_copy),
            ]
        )
        == 1
    )
    assert out.read_text(encoding="utf-8") == "my notes\n"
    assert "already exists" in capsys.readouterr().err
    assert (
        main(
            [
                "track",
                "sources",
                "demo",
                "--pair",
                "fr-en",
                "--out",
                str(tmp_path / "x.txt"),
                "--repo",
                str(repo_copy),
            ]
        )
        == 1
    )
    assert (
        "pair: track 'demo' has no pair 'fr-en' (fix: use one of: de-en, en-zh)"
        in capsys.readouterr().err
    )


def test_liteval_has_no_track(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):  # argparse refuses it: not among the track choices
        main(["track", "sources", "liteval", "--pair", "de-en", "--out", "x.txt"])
    assert "invalid choice: 'liteval'" in capsys.readouterr().err


@pytest.mark.shared
@pytest.mark.parametrize(
    "track, pair, count, first",
    [
        ("creativity-bias", "en-nl", 41, "en-poem-l001"),
        ("creativity-bias", "ru-nl", 36, None),
        ("creativity-bias", "en-ca", 41, "en-poem-l001"),
        ("wmt21-ted-zhen", "zh-en", 14, None),
        ("literary-translation", "de-en", 10, None),
        ("literary-translation", "zh-ja", 10, None),
    ],
)
def test_release_track_sources(
    repo_copy: Path,
    mirror: Path,
    release_cache: Path,
    tmp_path: Path,
    track: str,
    pair: str,
    count: int,
    first: str | None,
) -> None:
    out = tmp_path / f"{pair}.jsonl"
    args = [
        "track",
        "sources",
        track,
        "--pair",
        pair,
        "--out",
        str(out),
        *release_args(repo_copy, mirror, release_cache),
    ]
    assert main(args) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert (
        len(rows) == count
        and len({r["paragraph"] for r in rows}) == count
        and all(r["text"] for r in rows)
    )
    assert first is None or rows[0]["paragraph"] == first


def test_new_system_scaffolds_card_and_outputs(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = tmp_path / "de-en.txt"
    outputs.write_text("One.\nTwo.\nThree.\n", encoding="utf-8")
    assert (
        main(
            [
                "track",
                "new-system",
                "demo",
                "--id",
                "my-mt",
                "--from",
                str(outputs),
                "--repo",
                str(repo_copy),
                "--name",
                "My MT",
                "--open-weights",
                "yes",
            ]
        )
        == 0
    )
    folder = repo_copy / "corpus" / "systems" / "my-mt"
    card = yaml.safe_load((folder / "system.yaml").read_text(encoding="utf-8"))
    assert card["name"] == "My MT" and card["open_weights"] is True and card["kind"] == "llm"
    assert card["model"].startswith("FILL IN")
    rows = [
        json.loads(x) for x in (folder / "de-en.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert rows[2] == {"paragraph": "kafka-verwandlung-05", "text": "Three."}
    # a second scaffold of the same id writes nothing
    before = (folder / "system.yaml").read_bytes()
    assert (
        main(
            [
                "track",
                "new-system",
                "demo",
                "--id",
                "my-mt",
                "--from",
                str(outputs),
                "--repo",
                str(repo_copy),
            ]
        )
        == 1
    )
    assert (
        "already exists" in capsys.readouterr().err
        and (folder / "system.yaml").read_bytes() == before
    )


def test_new_system_refuses_a_short_text_file_and_a_foreign_pair(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short, foreign = tmp_path / "de-en.txt", tmp_path / "fr-en.txt"
    short.write_text("One.\n", encoding="utf-8")
    foreign.write_text("Un.\n", encoding="utf-8")
    assert (
        main(
            [
                "track",
                "new-system",
                "demo",
                "--id",
                "x",
                "--from",
                str(short),
                str(foreign),
                "--repo",
                str(repo_copy),
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert f"{short}:1: lines: has 1 line(s); the pair has 3 source paragraph(s)" in err
    assert "'fr-en.txt' does not name a pair of track 'demo'" in err
    assert not (repo_copy / "corpus" / "systems" / "x").exists()


def test_dataset_pages_say_whether_the_dataset_is_a_track() -> None:
    from litboard.render.core.dataset_cards import DatasetIntro
    from litboard.load.track_decl import submissions
    from litboard.render.core.jinja import DEFAULT_TEMPLATES, render

    liteval = submissions("liteval")
    assert "does not accept submissions" in liteval and "gated" in liteval
    assert submissions("creativity-bias").startswith(
        "Open track: anyone can add a system by pull request"
    )
    assert submissions("some-import") == ""
    html = render(
        "dataset_intro.html.j2",
        DEFAULT_TEMPLATES,
        intro=DatasetIntro("liteval", "v1", "", "", "", [], liteval),
    )
    assert '<p class="lb-submissions">LitEval-Corpus does not accept submissions' in html
