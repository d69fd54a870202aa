"""Issue 43 must-show 3: the barrier (``make pr-barrier``: the base branch's check-pr on the pull
request's commits, fetched from a bare origin's ``refs/pull/N/head`` as git data) runs the same
``validate`` as main on the added files and refuses the cases the scope check let through, each
with file:line:field and a fix; an id merged since the pull request branched is caught."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from ..helpers import DEMO, copy_root
from .test_pr_flow import add_system, git
from .test_workflow_security import _shim

CARD = "corpus/systems/contrib-mt/system.yaml"
DE_EN = "corpus/systems/contrib-mt/de-en.jsonl"


def _card(folder: Path, old: str, new: str) -> None:
    path = folder / "system.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def _bomb(folder: Path) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    path = folder / "system.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n".join(lines) + "\n", encoding="utf-8")


def _bytes(old: bytes, new: bytes) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / "de-en.jsonl"
        path.write_bytes(path.read_bytes().replace(old, new))

    return change


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "alias bomb": (_bomb, CARD),
    "duplicate kind": (lambda f: _card(f, "kind: llm\n", "kind: llm\nkind: human\n"), CARD),
    "id ht in folder": (lambda f: _card(f, "id: contrib-mt", "id: ht"), CARD),
    "no id": (lambda f: _card(f, "id: contrib-mt\n", ""), CARD),
    "NUL bytes": (_bytes(b'"text": "', b'"text": "\x00'), DE_EN),
    "CR-only newlines": (_bytes(b"\n", b"\r"), DE_EN),
    "non-JSON line": (
        lambda f: (f / "de-en.jsonl").write_text("{not json}\n", encoding="utf-8"),
        DE_EN,
    ),
    "RTL override": (
        lambda f: _card(f, "name: Contributed MT", "name: Contributed \u202eTM"),
        CARD,
    ),
    "pair not in track": (
        lambda f: (f / "de-en.jsonl").rename(f / "de-fr.jsonl"),
        "corpus/systems/contrib-mt/de-fr.jsonl",
    ),
    "homoglyph name": (
        lambda f: _card(
            f, "name: Contributed MT <b>v1</b>", "name: D\u0435mo LLM (illustr\u0430tive)"
        ),
        CARD,
    ),
}
# Issue 55, goal 5: invisible and look-alike names, hidden characters in texts, nothing to show.
# "Demo LLM (illustrative)" is the display name of the demo's system demo-llm.
NAME = "name: Contributed MT <b>v1</b>"
UNICODE: dict[str, tuple[Callable[[Path], None], str]] = {
    "Hangul filler after an existing name": (
        lambda f: _card(f, NAME, "name: 'Demo LLM (illustrative)\u3164'"),
        CARD,
    ),
    "Hangul filler alone": (lambda f: _card(f, NAME, "name: '\u3164'"), CARD),
    "half-width Hangul filler in the submitter": (
        lambda f: _card(f, "submitted_by: a new", "submitted_by: a\uffa0new"),
        CARD,
    ),
    "variation selector U+FE0F": (lambda f: _card(f, NAME, "name: 'Contributed\ufe0f MT'"), CARD),
    "combining grapheme joiner U+034F": (
        lambda f: _card(f, NAME, "name: 'Demo\u034f LLM (illustrative)'"),
        CARD,
    ),
    "braille blank U+2800": (lambda f: _card(f, NAME, "name: 'Contributed\u2800MT'"), CARD),
    "Armenian o": (lambda f: _card(f, NAME, "name: 'Dem\u0585 LLM (illustrative)'"), CARD),
    "Cherokee letters": (
        lambda f: _card(f, NAME, "name: '\u13a0\u13ac\u13b7o LLM (illustrative)'"),
        CARD,
    ),
    "small capital o": (lambda f: _card(f, NAME, "name: 'Dem\u1d0f LLM (illustrative)'"), CARD),
    "ZWSP inside an output text": (_bytes(b'"text": "', '"text": "a\u200bb '.encode()), DE_EN),
    "RLO inside an output text": (_bytes(b'"text": "', '"text": "\u202e'.encode()), DE_EN),
    "empty output file": (lambda f: (f / "de-en.jsonl").write_bytes(b""), DE_EN),
    "card only": (
        lambda f: [p.unlink() for p in f.glob("*.jsonl")],  # type: ignore[func-returns-value]
        CARD,
    ),
}
CASES.update(UNICODE)
# what the barrier's line for each says (the reason, not only a refusal)
NEEDLES = {
    "homoglyph name": "looks the same as 'Demo LLM (illustrative)'",
    "Hangul filler after an existing name": "U+3164 HANGUL FILLER",
    "Hangul filler alone": "U+3164 HANGUL FILLER",
    "half-width Hangul filler in the submitter": "submitted_by: contains invisible characters "
    "(U+FFA0 HALFWIDTH HANGUL FILLER)",
    "variation selector U+FE0F": "U+FE0F VARIATION SELECTOR-16",
    "combining grapheme joiner U+034F": "U+034F COMBINING GRAPHEME JOINER",
    "braille blank U+2800": "U+2800 BRAILLE PATTERN BLANK",
    "Armenian o": "looks the same as 'Demo LLM (illustrative)'",
    "Cherokee letters": "looks the same as 'Demo LLM (illustrative)'",
    "small capital o": "looks the same as 'Demo LLM (illustrative)'",
    "ZWSP inside an output text": "U+200B ZERO WIDTH SPACE at character 1",
    "RLO inside an output text": "U+202E RIGHT-TO-LEFT OVERRIDE at character 0",
    "empty output file": "holds no translation (the file is empty)",
    "card only": "the folder holds only system.yaml",
}


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("barrier")
    root = copy_root(DEMO, work / "origin")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    for number, (name, (change, _)) in enumerate(CASES.items(), 1):
        git(root, "checkout", "-qb", f"case{number}", "main")
        change(add_system(root))
        git(root, "add", "-A")
        git(root, "commit", "-qm", name)
        git(root, "update-ref", f"refs/pull/{number}/head", f"case{number}")
    git(root, "checkout", "-q", "main")
    bare = work / "origin.git"
    subprocess.run(["git", "clone", "-q", "--mirror", str(root), str(bare)], check=True, timeout=60)
    return bare


def barrier(origin: Path, number: int, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    base = tmp_path / "base"
    if not base.exists():
        subprocess.run(
            ["git", "clone", "-q", "--branch", "main", str(origin), str(base)],
            check=True,
            timeout=60,
        )
        (base / "Makefile").write_bytes((Path(__file__).parents[2] / "Makefile").read_bytes())
    env = {**os.environ, "PR": str(number), "BASE_REF": "main"}
    return subprocess.run(
        ["make", "-s", "-o", "install", "pr-barrier", "FORMAT=human", f"BIN={_shim(tmp_path)}"],
        cwd=base,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("number, name", list(enumerate(CASES, 1)))
def test_the_barrier_refuses_what_validate_refuses(
    origin: Path, tmp_path: Path, number: int, name: str
) -> None:
    done = barrier(origin, number, tmp_path)
    assert done.returncode != 0, (name, done.stdout, done.stderr)
    lines = [x for x in done.stderr.splitlines() if x.startswith(CASES[name][1])]
    assert lines, (name, done.stderr)
    assert all("(fix: " in x for x in lines), lines
    assert name not in NEEDLES or any(NEEDLES[name] in x for x in lines), (name, lines)
    # no scratch path leaks
    assert "Traceback" not in done.stderr and "litboard-pr-" not in done.stderr


def test_an_honest_pull_request_passes_and_an_id_merged_since_is_caught(tmp_path: Path) -> None:
    root = copy_root(DEMO, tmp_path / "origin")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    for branch in ("first", "second"):  # two open pull requests adding the same id
        git(root, "checkout", "-qb", branch, "main")
        add_system(root)
        git(root, "add", "-A")
        git(root, "commit", "-qm", branch)
    git(root, "update-ref", "refs/pull/1/head", "first")
    git(root, "update-ref", "refs/pull/2/head", "second")
    git(root, "checkout", "-q", "main")
    done = barrier(root, 2, tmp_path)
    assert done.returncode == 0, done.stderr
    git(root, "merge", "-q", "--no-ff", "-m", "merge #1", "first")  # #1 merged; #2 is checked again
    subprocess.run(
        ["git", "-C", str(tmp_path / "base"), "fetch", "-q", "origin"], check=True, timeout=60
    )
    done = barrier(root, 2, tmp_path)
    assert done.returncode != 0
    assert (
        "corpus/systems/contrib-mt: pull request: corpus/systems/contrib-mt/ exists on the "
        "current base" in done.stderr
    )
