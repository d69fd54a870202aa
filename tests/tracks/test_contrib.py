"""Ten (and more) contributor mistakes on a real track, each named with file:line:field and a fix
(issue 27, must-show 4). The track is Creativity Bias (released data in ../shared/data)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable

import pytest

from litboard.tracks.checks import CHECKS
from litboard.errors import DataError, Problem
from litboard.load import load, validate
from litboard.importers.pinned import prepare
from litboard.tracks.roots import roots
from litboard.load.track_decl import get

from .contribution import spliced, write_contribution
from .conftest import scratch_repo

pytestmark = pytest.mark.shared
TRACK = get("creativity-bias")
PAIR = "en-nl"


@pytest.fixture(scope="module")
def imported(mirror: Path, release_cache: Path) -> list[Path]:
    return prepare(
        Path(__file__).parents[2] / "releases.yaml", release_cache, mirror, only=["creativity-bias"]
    )


@pytest.fixture(scope="module")
def base(
    imported: list[Path], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, list[dict]]]:
    repo = scratch_repo(tmp_path_factory.mktemp("base") / "repo")
    corpus = load(roots(TRACK, repo, imported))
    return repo, {pair: spliced(corpus, TRACK, pair) for pair in (PAIR, "en-ca")}


def problems_of(
    base: tuple[Path, dict],
    imported: list[Path],
    tmp_path: Path,
    change: Callable[[Path, dict[str, list[dict]]], None],
) -> tuple[Path, list[Problem]]:
    repo = tmp_path / "repo"
    shutil.copytree(base[0], repo)
    outputs = {PAIR: [dict(r) for r in base[1][PAIR]]}
    folder = repo / TRACK.folder / "my-mt"
    change(folder, outputs)
    if not folder.exists():
        write_contribution(folder, "my-mt", "My MT", outputs)
    return folder, validate(roots(TRACK, repo, imported), CHECKS).items


def texts_of(imported: list[Path], system: str, pair: str) -> dict[str, str]:
    path = imported[0] / "corpus" / "systems" / system / f"{pair}.jsonl"
    return {
        r["paragraph"]: r["text"]
        for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }


def test_the_generated_contribution_is_valid(base, imported, tmp_path) -> None:
    assert problems_of(base, imported, tmp_path, lambda folder, outputs: None)[1] == []


def one(problems: list[Problem], needle: str) -> Problem:
    found = [p for p in problems if needle in p.message]
    assert found, "\n".join(p.format() for p in problems)
    assert all(p.fix for p in found)
    return found[0]


def test_missing_paragraph(base, imported, tmp_path) -> None:
    folder, problems = problems_of(base, imported, tmp_path, lambda f, o: o[PAIR].pop(3))
    p = one(problems, "misses 1 of the 41 en-nl paragraphs")
    assert (p.file, p.line, p.field) == (str(folder / "en-nl.jsonl"), 0, "paragraph")
    assert "add one line per missing paragraph" in p.fix


def test_extra_paragraph_twice(base, imported, tmp_path) -> None:
    folder, problems = problems_of(
        base, imported, tmp_path, lambda f, o: o[PAIR].append(dict(o[PAIR][0]))
    )
    assert any(
        p.file == str(folder / "en-nl.jsonl") and p.line == 42 and "translated twice" in p.message
        for p in problems
    ), [p.format() for p in problems]


def test_unknown_paragraph_id(base, imported, tmp_path) -> None:
    folder, problems = problems_of(
        base,
        imported,
        tmp_path,
        lambda f, o: o[PAIR].__setitem__(0, {"paragraph": "en-poem-l999", "text": "Bad."}),
    )
    p = next(p for p in problems if p.line == 1 and p.field == "paragraph")
    assert "en-poem-l999" in p.message and p.fix


def test_wrong_pair(base, imported, tmp_path) -> None:
    def change(folder: Path, outputs: dict) -> None:
        outputs["en-de"] = outputs.pop(PAIR)

    folder, problems = problems_of(base, imported, tmp_path, change)
    p = one(problems, "en-de is not a pair of track 'creativity-bias'")
    assert (p.file, p.field) == (
        str(folder / "en-de.jsonl"),
        "file name",
    ) and "en-ca, en-nl, ru-nl" in p.fix


def test_copy_of_another_system(base, imported, tmp_path) -> None:
    mt = texts_of(imported, "mt", PAIR)
    folder, problems = problems_of(
        base,
        imported,
        tmp_path,
        lambda f, o: [r.update(text=mt[r["paragraph"]] + " ") for r in o[PAIR]],
    )
    p = one(problems, "the outputs copy system 'mt'")
    assert p.file == str(folder / "en-nl.jsonl") and p.line >= 1 and p.field == "text"
    assert "in any order" in p.message and "submit your own system's outputs" in p.fix


def test_near_copy_of_the_reference(base, imported, tmp_path) -> None:
    ht = texts_of(imported, "ht", PAIR)
    folder, problems = problems_of(
        base,
        imported,
        tmp_path,
        lambda f, o: [
            r.update(text=ht[r["paragraph"]].replace(".", " .", 1) + " Ja.") for r in o[PAIR]
        ],
    )
    p = one(problems, "copy the human translation 'ht'")
    assert p.file == str(folder / "en-nl.jsonl") and p.field == "text"


def test_wrong_target_language(base, imported, tmp_path) -> None:
    catalan = texts_of(imported, "ht", "en-ca")
    folder, problems = problems_of(
        base,
        imported,
        tmp_path,
        lambda f, o: o[PAIR][1].update(text=catalan[o[PAIR][1]["paragraph"]]),
    )
    p = one(problems, "not in the target language 'nl' of en-nl")
    assert (p.file, p.line, p.field) == (
        str(folder / "en-nl.jsonl"),
        2,
        "text",
    ) and "Catalan (ca)" in p.message
    assert "replace it by the nl translation" in p.fix


def test_duplicate_display_name(base, imported, tmp_path) -> None:
    name = load(roots(TRACK, base[0], imported)).systems["mt"]["name"]

    def change(folder: Path, outputs: dict) -> None:
        write_contribution(folder, "my-mt", f"  {name.upper()} ", outputs)

    folder, problems = problems_of(base, imported, tmp_path, change)
    p = one(problems, "the display name of system 'mt'")
    assert (p.file, p.line, p.field) == (str(folder / "system.yaml"), 2, "name")


def test_huge_non_data_file(base, imported, tmp_path) -> None:
    def change(folder: Path, outputs: dict) -> None:
        write_contribution(folder, "my-mt", "My MT", outputs)
        (folder / "notes.txt").write_text("x" * 100_000, encoding="utf-8")

    folder, problems = problems_of(base, imported, tmp_path, change)
    p = one(problems, "is 100,000 bytes; the limit is 65,536")
    assert (p.file, p.field) == (str(folder / "notes.txt"), "file size")


@pytest.mark.parametrize(
    "field", ["licence", "model", "open_weights", "prompt", "submitted_by", "date", "version"]
)
def test_missing_card_field(base, imported, tmp_path, field: str) -> None:
    def change(folder: Path, outputs: dict) -> None:
        write_contribution(folder, "my-mt", "My MT", outputs)
        card = folder / "system.yaml"
        card.write_text(
            "".join(
                line + "\n"
                for line in card.read_text(encoding="utf-8").splitlines()
                if not line.startswith(field + ":")
            ),
            encoding="utf-8",
        )

    folder, problems = problems_of(base, imported, tmp_path, change)
    p = next(p for p in problems if p.field == field)
    assert (p.file, p.message) == (str(folder / "system.yaml"), "is missing") and p.fix.startswith(
        "write "
    )


def test_kind_human_is_refused(base, imported, tmp_path) -> None:
    def change(folder: Path, outputs: dict) -> None:
        write_contribution(folder, "my-mt", "My MT", outputs)
        card = folder / "system.yaml"
        card.write_text(
            card.read_text(encoding="utf-8").replace("kind: llm", "kind: human"), encoding="utf-8"
        )

    folder, problems = problems_of(base, imported, tmp_path, change)
    p = one(problems, "a contribution may not be a human translation")
    assert (p.file, p.line, p.field) == (str(folder / "system.yaml"), 3, "kind")


def test_a_track_root_alone_names_the_missing_release(base) -> None:
    with pytest.raises(DataError) as err:
        load([base[0] / "tracks" / "creativity-bias"])
    assert "adds systems to a release that is not loaded" in str(err.value) and "--releases" in str(
        err.value
    )
