"""Contributor mistakes of issue 43 ("Also:"), each a file:line:field message with a fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.cli import main
from litboard.load import validate


def new_system(repo: Path, *args: str) -> int:
    return main(["track", "new-system", "demo", "--id", "my-mt", "--repo", str(repo), *args])


def test_a_json_line_that_is_not_an_object(repo_copy: Path, tmp_path: Path, capsys) -> None:
    path = tmp_path / "de-en.jsonl"
    path.write_text(
        '{"paragraph": "kafka-verwandlung-01", "text": "One."}\n[1,2]\n', encoding="utf-8"
    )
    assert new_system(repo_copy, "--from", str(path)) == 1
    err = capsys.readouterr().err
    assert f"{path}:2: line: is list '[1,2]', not an object" in err and '{"paragraph": id' in err


def test_two_files_for_one_pair(repo_copy: Path, tmp_path: Path, capsys) -> None:
    txt, jsonl = tmp_path / "de-en.txt", tmp_path / "de-en.jsonl"
    txt.write_text("One.\nTwo.\nThree.\n", encoding="utf-8")
    jsonl.write_text(
        json.dumps({"paragraph": "kafka-verwandlung-01", "text": "One."}) + "\n", encoding="utf-8"
    )
    assert new_system(repo_copy, "--from", str(txt), str(jsonl)) == 1
    err = capsys.readouterr().err
    assert f"{jsonl}: --from: is a second file for de-en (also {txt})" in err
    assert "keep either de-en.txt or de-en.jsonl" in err
    assert not (repo_copy / "corpus" / "systems" / "my-mt").exists()


@pytest.mark.parametrize("date", ["2026-13-45", "2026-02-30"])
def test_an_impossible_date(repo_copy: Path, tmp_path: Path, capsys, date: str) -> None:
    txt = tmp_path / "de-en.txt"
    txt.write_text("One.\nTwo.\nThree.\n", encoding="utf-8")
    assert new_system(repo_copy, "--from", str(txt), "--date", date) == 1
    err = capsys.readouterr().err
    assert (
        f"command line: --date: '{date}' is not a day of the calendar" in err
        and "e.g. 2026-11-24" in err
    )


def test_score_out_is_a_file(tmp_path: Path, capsys) -> None:
    out = tmp_path / "scores.json"
    out.write_text("{}", encoding="utf-8")
    assert main(["track", "score", "demo", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert (
        f"{out}: --out: is a file (or a link), not a folder" in err
        and "pass a new or empty folder" in err
    )


def test_sources_never_write_through_a_dangling_link(
    repo_copy: Path, tmp_path: Path, capsys
) -> None:
    target, link = tmp_path / "elsewhere.txt", tmp_path / "de-en.txt"
    link.symlink_to(target)
    assert (
        main(
            [
                "track",
                "sources",
                "demo",
                "--pair",
                "de-en",
                "--out",
                str(link),
                "--repo",
                str(repo_copy),
            ]
        )
        == 1
    )
    assert f"{link}: --out: is a symbolic link" in capsys.readouterr().err and not target.exists()


def test_a_reversed_pair_file_is_one_problem_naming_the_right_file(repo_copy: Path) -> None:
    folder = repo_copy / "corpus" / "systems" / "demo-llm"
    (folder / "de-en.jsonl").rename(folder / "en-de.jsonl")
    found = [p for p in validate([repo_copy]).items if "but the file is for en-de" in p.message]
    assert len(found) == 1 and found[0].line == 1 and found[0].field == "paragraph"
    assert found[0].message.startswith(
        "3 line(s) translate 'de' paragraphs ('kafka-verwandlung-01'"
    )
    assert "the pair is reversed" in found[0].fix and "rename it to de-en.jsonl" in found[0].fix
