"""Each submission check of generator/litboard/tracks/submission.py: which file, line and field it
names, and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.load.read import validate
from litboard.tracks.checks import POLICY
from litboard.tracks.submission import (
    SETTINGS,
    script_of,
    script_share,
    settings_help,
    source_overlap,
    weighted_length,
)

from ...helpers import FIXTURES, append_line, copy_root
from .conftest import REPO, add_system, outputs, problems_in, sources

KAFKA = "kafka-verwandlung"
IDS = [f"{KAFKA}-01", f"{KAFKA}-02", f"{KAFKA}-05"]


def own_outputs(root: Path) -> dict[str, str]:
    """Plausible new de-en outputs: the example template's, which no other system has."""
    path = REPO / "templates/submission/example-system/de-en.jsonl"
    return {
        d["paragraph"]: d["text"]
        for d in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }


FRENCH = (
    "Un matin, au sortir de rêves agités, Gregor Samsa se retrouva dans son lit métamorphosé en un "
    "monstrueux insecte; il était couché sur le dos, dur comme une carapace, et voyait son "
    "ventre bombé. "
)


def french(i: int) -> str:
    """A French-looking output of about 400 characters, distinct per ``i``."""
    return f"({i}) " + FRENCH * 2


def records(texts: dict[str, str]) -> list[dict[str, object]]:
    return [{"paragraph": pid, "text": text} for pid, text in texts.items()]


def test_demo_tiny_and_template_have_no_submission_problem(demo: Path) -> None:
    assert validate([REPO], POLICY).items == []
    assert validate([FIXTURES / "tiny"], POLICY).items == []
    add_system(demo, "example-system", {"de-en": records(own_outputs(demo))})
    assert validate([demo], POLICY).items == []


def test_missing_paragraph_is_named_on_the_file(demo: Path) -> None:
    texts = own_outputs(demo)
    del texts[f"{KAFKA}-05"]
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (
        problem.file == str(folder / "de-en.jsonl")
        and problem.line == 0
        and problem.field == "paragraph"
    )
    assert "misses 1 of the 3 de-en paragraphs that the human translations" in problem.message
    assert f"{KAFKA}-05" in problem.message and "add one line per missing paragraph" in problem.fix


def test_extra_paragraph_is_named_on_its_line(demo: Path) -> None:
    work = demo / "corpus/works" / KAFKA / "paragraphs.jsonl"
    text = "Gregor erschrak, als er seine Stimme hörte, die wohl unverkennbar seine frühere war."
    append_line(work, json.dumps({"id": f"{KAFKA}-09", "index": 8, "sentences": 1, "text": text}))
    texts = own_outputs(demo) | {
        f"{KAFKA}-09": "Gregor was startled to hear his voice, unmistakably his old one."
    }
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (problem.file, problem.line, problem.field) == (
        str(folder / "de-en.jsonl"),
        4,
        "paragraph",
    )
    assert (
        f"'{KAFKA}-09' is not among the de-en paragraphs that the human translations"
        in problem.message
    )


def test_without_human_translations_other_systems_define_the_pair(demo: Path) -> None:
    """de-fr has no human translation: the other systems' paragraphs are the set."""
    add_system(demo, "sub-a", {"de-fr": records({pid: french(i) for i, pid in enumerate(IDS)})})
    folder = add_system(demo, "sub-b", {"de-fr": records({IDS[0]: french(9)})})
    [problem] = problems_in(demo, "sub-b/")
    assert problem.file == str(folder / "de-fr.jsonl") and problem.line == 0
    assert "misses 2 of the 3 de-fr paragraphs that the other systems" in problem.message
    assert problems_in(demo, "sub-a/") == []


def test_only_system_of_a_pair_is_not_checked_for_coverage(demo: Path) -> None:
    add_system(demo, "sub", {"de-fr": records({IDS[0]: french(0)})})
    assert problems_in(demo, "sub/") == []


def test_imported_release_is_exempt(demo: Path) -> None:
    dataset = demo / "corpus/dataset.yaml"
    dataset.write_text(
        dataset.read_text(encoding="utf-8") + "source:\n  url: https://example.org/release\n",
        encoding="utf-8",
    )
    source = sources(demo, KAFKA)
    # partial AND untranslated
    add_system(demo, "sub", {"de-en": records({IDS[0]: source[IDS[0]]})})
    assert validate([demo], POLICY).items == []


def test_exact_copy_of_the_source_whitespace_normalised(demo: Path) -> None:
    texts = own_outputs(demo)
    texts[IDS[1]] = "  " + sources(demo, KAFKA)[IDS[1]].replace(" ", "  \n ") + "\n"
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (problem.file, problem.line, problem.field) == (str(folder / "de-en.jsonl"), 2, "text")
    assert problem.message == f"is an exact copy of the source paragraph '{IDS[1]}'"


def test_exact_copy_of_a_human_translation(demo: Path) -> None:
    texts = own_outputs(demo)
    texts[IDS[2]] = outputs(demo, "demo-human-b", "de-en")[IDS[2]].replace(" ", "   ")
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (problem.file, problem.line, problem.field) == (str(folder / "de-en.jsonl"), 3, "text")
    human = demo / "corpus/systems/demo-human-b/de-en.jsonl"
    assert (
        problem.message
        == f"is an exact copy of the human translation by 'demo-human-b' ({human}:3)"
    )


def test_mostly_untranslated_paragraph_same_script(demo: Path) -> None:
    """First sentence translated, the other two left in German: 81% source trigrams (limit 60%)."""
    source = sources(demo, KAFKA)[IDS[0]]
    rest = source.split(". ", 1)[1]
    texts = own_outputs(demo)
    texts[IDS[0]] = (
        "One morning Gregor Samsa woke from troubled dreams and found himself changed into a bug. "
        + rest
    )
    assert source_overlap(texts[IDS[0]], source) >= SETTINGS.max_source_overlap
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (problem.file, problem.line, problem.field) == (str(folder / "de-en.jsonl"), 1, "text")
    assert (
        problem.message.startswith("looks untranslated: ")
        and "character trigrams occur in the source" in problem.message
    )


def test_wrong_script_for_chinese_target(demo: Path) -> None:
    texts = outputs(demo, "demo-llm", "en-zh")
    first = next(iter(texts))
    texts[first] = (
        "There was no chance of a walk that day; the cold wind and the penetrating rain kept "
        "everyone "
        "indoors, and I was glad of it, for I never liked long walks on chilly afternoons."
    )
    texts = {pid: t + "。" for pid, t in texts.items()}  # no longer copies of demo-llm
    folder = add_system(demo, "sub", {"en-zh": records(texts)})
    [problem] = problems_in(demo, "sub/")
    assert (problem.file, problem.line, problem.field) == (str(folder / "en-zh.jsonl"), 1, "text")
    assert problem.message == (
        "looks untranslated or in the wrong language: only 0% of its letters are Han "
        "(expected at least 50% for 'zh')"
    )


def test_wrong_script_catches_cyrillic_output_for_dutch() -> None:
    share = script_share("Он проснулся утром.", frozenset({"Latin"}))
    assert share == 0.0


@pytest.mark.parametrize("which", ["short", "long"])
def test_extreme_length_ratio(demo: Path, which: str) -> None:
    texts = own_outputs(demo)
    if which == "short":
        texts[IDS[0]] = "Gregor Samsa woke up one morning as a giant insect."  # 51 / 508 = 0.10
    else:
        texts[IDS[2]] = " ".join([texts[IDS[2]]] * 4)  # about 3.4 times the source
    folder = add_system(demo, "sub", {"de-en": records(texts)})
    [problem] = problems_in(demo, "sub/")
    line = 1 if which == "short" else 3
    assert (problem.file, problem.line, problem.field) == (
        str(folder / "de-en.jsonl"),
        line,
        "text",
    )
    assert problem.message.startswith(f"is too {which} for its source: length ratio ")
    assert "outside [0.3, 3]" in problem.message and "truncation" in problem.fix


def test_restricted_records_skip_text_checks_but_count_for_coverage(demo: Path) -> None:
    restricted = [
        {"paragraph": pid, "snippet": "Als Gregor", "restricted": "licence"} for pid in IDS[:2]
    ]
    folder = add_system(demo, "sub", {"de-en": restricted})
    [problem] = problems_in(demo, "sub/")
    assert (
        problem.file == str(folder / "de-en.jsonl")
        and problem.line == 0
        and IDS[2] in problem.message
    )


def test_short_texts_are_exempt_from_copy_and_language_checks(tmp_path: Path) -> None:
    """Below min_chars (30), identical short lines are plausible (a title, 'Nein.'): not
    reported."""
    root = copy_root(FIXTURES / "tiny", tmp_path / "tiny")
    path = root / "corpus/systems/mt/de-en.jsonl"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "He lay on his back.", "Er lag auf seinem Rücken."
        ),
        encoding="utf-8",
    )
    assert validate([root], POLICY).items == []


def test_cli_reports_submission_problems_in_all_formats(demo: Path) -> None:
    import subprocess
    import sys

    texts = own_outputs(demo)
    texts[IDS[1]] = sources(demo, KAFKA)[IDS[1]]
    path = add_system(demo, "sub", {"de-en": records(texts)}) / "de-en.jsonl"
    run = [sys.executable, "-m", "litboard.cli", "validate", "--data", str(demo), "--format"]
    human = subprocess.run(run + ["human"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert (
        human.returncode == 1 and f"{path}:2: text: is an exact copy of the source" in human.stderr
    )
    as_json = subprocess.run(run + ["json"], capture_output=True, text=True, cwd=REPO, timeout=120)
    [problem] = json.loads(as_json.stdout)
    assert problem["file"] == str(path) and problem["line"] == 2 and problem["field"] == "text"
    github = subprocess.run(run + ["github"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert github.stdout.startswith(
        f"::error file={str(path).replace(':', '%3A')},line=2::text: is an exact copy"
    )


def test_scripts_and_measures_hand_computed() -> None:
    assert [script_of(c) for c in "aа中かカ한Ａ1 "] == [
        "Latin",
        "Cyrillic",
        "Han",
        "Kana",
        "Kana",
        "Hangul",
        "Latin",
        "",
        "",
    ]
    assert source_overlap("abcd", "abc") == 0.5  # output trigrams {abc, bcd}, source {abc}
    assert source_overlap("Ab  Cd", "ab cd") == 1.0  # case and whitespace folded
    assert weighted_length("ab中文", 3.0) == 8.0  # 2 + 2 * 3
    assert script_share("ab中文", frozenset({"Han"})) == 0.5
    assert script_share("123 !", frozenset({"Han"})) is None


def test_every_setting_is_documented_with_its_value() -> None:
    page = (REPO / "site/submit.md").read_text(encoding="utf-8")
    for name, default, help_text in settings_help():
        assert f"| `{name}` | {default:g} | {help_text} |" in page, name
