"""`litboard validate` without `--releases` on a track submission checks what it can (files, card,
output language) and says what it did not check and the command that does (issue 43, goal 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.cli import main

from .contribution import CARD

GERMAN = (
    "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett."
)
DUTCH = "Toen Gregor Samsa op een ochtend uit onrustige dromen ontwaakte, lag hij in zijn bed."


def submit(repo: Path, lines: bytes) -> Path:
    folder = repo / "tracks" / "creativity-bias" / "corpus" / "systems" / "my-mt"
    folder.mkdir(parents=True)
    (folder / "system.yaml").write_text(CARD.format(id="my-mt", name="My MT"), encoding="utf-8")
    (folder / "en-nl.jsonl").write_bytes(lines)
    return folder / "en-nl.jsonl"


def row(pid: str, text: str) -> bytes:
    return (json.dumps({"paragraph": pid, "text": text}, ensure_ascii=False) + "\n").encode()


def run(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.chdir(repo)
    code = main(["validate", "--data", str(repo)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_german_text_in_an_en_nl_file_is_refused(repo_copy, monkeypatch, capsys) -> None:
    path = submit(repo_copy, row("p1", DUTCH) + row("p2", GERMAN))
    code, out, err = run(repo_copy, monkeypatch, capsys)
    assert code == 1 and "no problems found" not in out
    assert f"{path}:2: text: is in German (de), not in the target language 'nl'" in err


def test_invalid_utf8_and_non_json_lines_are_refused(repo_copy, monkeypatch, capsys) -> None:
    path = submit(repo_copy, row("p1", DUTCH) + b'{"paragraph": "p2", "text": "caf\xe9"}\n')
    code, out, err = run(repo_copy, monkeypatch, capsys)
    assert (
        code == 1
        and f"{path}:2: file: is not UTF-8 (byte 0xe9" in err
        and "save the file as UTF-8" in err
    )
    path.write_bytes(row("p1", DUTCH) + b"[1, 2]\n")
    code, out, err = run(repo_copy, monkeypatch, capsys)
    assert code == 1 and f"{path}:2: line: is list '[1, 2]', not an object" in err


def test_a_clean_submission_says_what_was_not_checked(repo_copy, monkeypatch, capsys) -> None:
    submit(repo_copy, row("p1", DUTCH))
    code, out, err = run(repo_copy, monkeypatch, capsys)
    assert code == 0 and "1 track submission(s) checked without their release" in out
    assert "files, card and output language only" in out and "copies of the reference" in out
    assert "litboard validate --releases" in out
