"""A contributed display name that looks like another system's, or hides invisible characters,
is refused by `validate` and by `track new-system` (issue 43, goal 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

import json

from litboard.cli import main
from litboard.errors import Problem
from litboard.load import load
from litboard.tracks.roots import roots

from .contribution import write_contribution
from .test_contrib import TRACK, base, imported, problems_of  # noqa: F401 (fixtures)


def card_problems(
    base, imported, tmp_path: Path, name: str, field: str = "name"
) -> tuple[Path, list[Problem]]:
    def change(folder: Path, outputs: dict) -> None:
        write_contribution(folder, "my-mt", "My MT", outputs)
        card = folder / "system.yaml"
        lines = card.read_text(encoding="utf-8").splitlines()
        lines = [
            f"{field}: {json.dumps(name)}" if line.startswith(f"{field}:") else line
            for line in lines
        ]
        card.write_text("\n".join(lines) + "\n", encoding="utf-8")

    folder, problems = problems_of(base, imported, tmp_path, change)
    return folder / "system.yaml", problems


@pytest.mark.shared
@pytest.mark.parametrize("name", ["Нumаn trаnslаtiоn", "Human​ translation", "HUMAN TRANSLATION"])
def test_validate_refuses_a_lookalike_of_another_display_name(
    base, imported, tmp_path, name: str
) -> None:
    names = {
        sid: info["name"] for sid, info in load(roots(TRACK, base[0], imported)).systems.items()
    }
    assert names["ht"] == "Human translation"
    card, problems = card_problems(base, imported, tmp_path, name)
    if not name.isprintable():  # a hidden character: refused in every name (issue 55)
        found = [p for p in problems if p.field == "name" and "does not show" in p.message]
        assert len(found) == 1 and found[0].file == str(card), problems
        assert "U+200B ZERO WIDTH SPACE" in found[0].message
        return
    found = [p for p in problems if p.field == "name" and "looks the same as" in p.message]
    assert len(found) == 1 and (found[0].file, found[0].line) == (str(card), 2)
    assert "system 'ht'" in found[0].message and "tells the systems apart" in found[0].fix


@pytest.mark.shared
@pytest.mark.parametrize(
    "field,value", [("name", "H​T"), ("name", "‮TM ym"), ("model", "m⁦x"), ("submitted_by", "a‍ b")]
)
def test_validate_refuses_invisible_characters_in_card_fields(
    base, imported, tmp_path, field: str, value: str
) -> None:
    card, problems = card_problems(base, imported, tmp_path, value, field)
    found = [p for p in problems if p.field == field and "U+" in p.message]
    assert len(found) == 1 and found[0].file == str(card) and found[0].line >= 2
    # bidi controls and hidden characters in a name or title are refused by the value checks of
    # every file (load), those of other card fields by the card check
    fixes = ("delete them", "remove it (names and titles are one line)")
    assert (
        "invisible" in found[0].message and found[0].fix in fixes
    ) or "bidirectional control" in found[0].message


@pytest.mark.parametrize(
    "name,needle",
    [
        ("H\u200bT", "U+200B ZERO WIDTH SPACE"),
        ("Demo LLМ (illustrative)", "looks the same as 'Demo LLM (illustrative)'"),
    ],
)
def test_new_system_refuses_the_name(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, needle: str
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
                name,
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert "command line: --name:" in err and needle in err
    assert not (repo_copy / "corpus" / "systems" / "my-mt").exists()
