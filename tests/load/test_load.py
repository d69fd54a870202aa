"""Loading into tidy tables, and every validation message with file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.errors import DataError
from litboard.load.read import load, validate

from ..helpers import FIXTURES, append_line, copy_root

TINY = FIXTURES / "tiny"


def problems_of(root: Path) -> list:
    return validate([root]).items


def only(problems: list, field_part: str) -> list:
    return [p for p in problems if field_part in p.field]


def test_tiny_root_loads_into_tidy_tables() -> None:
    corpus = load([TINY])
    assert corpus.pairs == ["de-en"]
    assert sorted(corpus.translations["system"].unique()) == ["ht", "mt"]
    assert len(corpus.mqm) == 2 and len(corpus.mqm_errors) == 1
    error = corpus.mqm_errors.iloc[0]
    assert (error["start"], error["end"], error["severity"]) == (0, 2, "major")
    assert corpus.paragraphs.set_index("paragraph").at["p1", "source_lang"] == "de"
    assert corpus.is_demo


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return copy_root(TINY, tmp_path / "root")


def test_broken_json_line_is_named(root: Path) -> None:
    path = root / "judgments/mqm1/a.jsonl"
    line = append_line(path, '{"system": "mt", "pair": ')
    [problem] = problems_of(root)
    assert (problem.file, problem.line, problem.field) == (str(path), line, "json")
    assert "not valid JSON" in problem.message


def test_unknown_system_is_named(root: Path) -> None:
    path = root / "judgments/mqm1/a.jsonl"
    line = append_line(
        path,
        json.dumps(
            {"system": "nope", "pair": "de-en", "paragraph": "p2", "annotator": "s1", "errors": []}
        ),
    )
    [problem] = problems_of(root)
    assert (problem.file, problem.line, problem.field) == (str(path), line, "system")
    assert "unknown system id 'nope'" in problem.message and problem.fix


def test_span_past_end_and_reversed_span(root: Path) -> None:
    path = root / "judgments/mqm1/a.jsonl"
    errors = [
        {"start": 0, "end": 999, "category": "Accuracy", "severity": "minor"},
        {"start": 5, "end": 3, "category": "Accuracy", "severity": "minor"},
    ]
    line = append_line(
        path,
        json.dumps(
            {
                "system": "mt",
                "pair": "de-en",
                "paragraph": "p2",
                "annotator": "s1",
                "errors": errors,
            }
        ),
    )
    found = problems_of(root)
    assert {(p.line, p.field) for p in found} == {(line, "errors.0.end"), (line, "errors.1.end")}
    assert any("past the end of its text (19 code points)" in p.message for p in found)
    assert any("reversed" in p.message for p in found)


def test_unknown_category_and_severity(root: Path) -> None:
    path = root / "judgments/mqm1/a.jsonl"
    errors = [
        {"start": 0, "end": 1, "category": "Vibes", "severity": "minor"},
        {"start": 0, "end": 1, "category": "Accuracy", "severity": "huge"},
    ]
    line = append_line(
        path,
        json.dumps(
            {
                "system": "mt",
                "pair": "de-en",
                "paragraph": "p2",
                "annotator": "s1",
                "errors": errors,
            }
        ),
    )
    found = problems_of(root)
    fields = {p.field for p in found if p.line == line}
    assert "errors.1.severity" in fields
    # the record failing its schema is not cross-checked further, so fix severity and retry
    errors[1]["severity"] = "minor"
    path.write_text(path.read_text().replace('"huge"', '"minor"'))
    found = problems_of(root)
    [category] = only(found, "category")
    assert (category.line, category.field) == (line, "errors.0.category")
    assert "Accuracy" in category.fix


def test_sqm_out_of_range(root: Path) -> None:
    campaign = root / "judgments/sqm1"
    campaign.mkdir()
    (campaign / "campaign.yaml").write_text(
        "id: sqm1\ntitle: SQM\nscheme: sqm\nannotators: [{id: s1, expertise: student}]\n"
    )
    (campaign / "r.jsonl").write_text(
        json.dumps(
            {"system": "mt", "pair": "de-en", "paragraph": "p1", "annotator": "s1", "score": 9}
        )
        + "\n"
    )
    [problem] = problems_of(root)
    assert (problem.file, problem.line, problem.field) == (str(campaign / "r.jsonl"), 1, "score")
    assert "outside the scheme's range 0-6" in problem.message


def test_unsafe_system_folder(root: Path) -> None:
    bad = root / "corpus/systems/..x"
    bad.mkdir()
    found = problems_of(root)
    assert [(p.file, p.field) for p in found] == [(str(bad), "folder name")]


@pytest.mark.parametrize("value", ["../x", "a/b", "A", "x\x00", "x\n", "ｘ", ""])
def test_unsafe_ids_in_records(root: Path, value: str) -> None:
    path = root / "corpus/systems/mt/system.yaml"
    path.write_text(path.read_text().replace("id: mt", f"id: {json.dumps(value)}"))
    found = problems_of(root)
    assert any(p.file == str(path) and p.field == "id" and p.line == 1 for p in found), found


def test_not_nfc_text(root: Path) -> None:
    path = root / "corpus/systems/mt/de-en.jsonl"
    line = append_line(path, json.dumps({"paragraph": "p3", "text": "Cafe\u0301"}))
    found = problems_of(root)
    assert any(p.line == line and p.field == "text" and "NFC" in p.message for p in found)


def test_duplicate_ids(root: Path) -> None:
    path = root / "corpus/works/w1/paragraphs.jsonl"
    line = append_line(path, json.dumps({"id": "p1", "index": 5, "text": "Doppelt."}))
    found = problems_of(root)
    assert [(p.line, p.field) for p in found] == [(line, "id")]
    assert "duplicate 'p1'" in found[0].message


def test_yaml_tags_and_aliases_are_rejected(root: Path) -> None:
    path = root / "corpus/systems/mt/system.yaml"
    path.write_text("id: !!python/object/apply:os.system ['echo hacked']\nname: x\n")
    [problem] = problems_of(root)
    assert (problem.file, problem.field) == (str(path), "yaml")
    path.write_text("a: &a [x, x, x]\nb: &b [*a, *a, *a]\nid: mt\n")
    [problem] = problems_of(root)
    assert "aliases" in problem.message


def test_load_raises_one_error_with_every_problem(root: Path) -> None:
    append_line(root / "judgments/mqm1/a.jsonl", "{broken")
    append_line(root / "corpus/works/w1/paragraphs.jsonl", "[1, 2]")
    with pytest.raises(DataError) as info:
        load([root])
    assert len(info.value.problems) == 2
    assert "2 problems in the data" in str(info.value)


def test_missing_root_is_reported(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path / "nowhere")
    assert "no corpus/ folder" in problem.message


def test_restricted_translation_keeps_none_text(root: Path) -> None:
    """The data-format page's restricted record: the table keeps None (pandas would make it NaN)."""
    path = root / "corpus/systems/mt/de-en.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps(
        {
            "paragraph": "p1",
            "snippet": "As Gregor",
            "length": 34,
            "restricted": "Translation under copyright.",
        }
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    row = load([root]).translations.set_index(["system", "paragraph"]).loc[("mt", "p1")]
    assert row["text"] is None and row["snippet"] == "As Gregor" and row["length"] == 34


@pytest.mark.parametrize(
    "value", ["con", "aux.txt", "nul.jsonl", "com1", "lpt9", "index", "demo-llm.", "p1\n"]
)
def test_reserved_and_trailing_ids_are_refused(value: str) -> None:
    from litboard.load import schemas
    from litboard.files.ids import id_problem

    assert id_problem(value) is not None
    errors = list(schemas.validator("translation").iter_errors({"paragraph": value, "text": "x"}))
    assert [e.validator for e in errors] == ["pattern"], errors


@pytest.mark.parametrize("value", ["console", "auxiliary", "indexes", "com10", "demo-llm.v2", "p1"])
def test_ids_near_reserved_names_are_fine(value: str) -> None:
    from litboard.files.ids import id_problem

    assert id_problem(value) is None


def test_schema_patterns_match_the_whole_string() -> None:
    from litboard.load import schemas

    bad = {"paragraph": "p1", "text": "x", "sha256": "a" * 64 + "\n"}
    assert [e.validator for e in schemas.validator("translation").iter_errors(bad)] == ["pattern"]
    assert not list(schemas.validator("translation").iter_errors({**bad, "sha256": "a" * 64}))


def test_value_problems_name_each_refused_value() -> None:
    from litboard.load.textfiles import MAX_DEPTH
    from litboard.load.values import value_problems

    data = {
        "name": "a\u2028b",
        "model": "fine\u202e",
        "description": "two\nlines\tok",
        "prompt": "esc \x1b[2J",
        "scores": [1.0, float("inf"), float("nan")],
        "deep": "x",
        "note": "half \ud800",
    }
    found = {
        ".".join(map(str, path)): message for path, message, _ in value_problems("system", data)
    }
    assert set(found) == {"name", "model", "prompt", "scores.1", "scores.2", "note"}
    # issue 33 row 14: names show it reversed
    assert "U+202E a bidirectional control" in found["model"]
    assert "U+2028" in found["name"] and "U+001B a control character" in found["prompt"]
    assert "inf is not a finite number" in found["scores.1"] and "lone surrogate" in found["note"]
    deep: object = 1
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    [(path, message, _)] = value_problems("translation", {"x": deep})
    assert len(path) == MAX_DEPTH and "nested deeper" in message


def test_messages_escape_terminal_codes() -> None:
    from litboard.errors import Problem, printable

    assert printable("a\x1b[31mb\u202ec\x07\ud800") == "a\\x1b[31mb\\u202ec\\x07\\ud800"
    line = Problem("sys/\x1b]0;x\x07", 1, "name", "bad \x9b").format()
    assert line == "sys/\\x1b]0;x\\x07:1: name: bad \\x9b" and line.isprintable()
