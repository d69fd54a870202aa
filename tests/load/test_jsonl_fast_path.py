"""read_jsonl's fast path (the C scanner, shared keys, ``Record.plain``) reads exactly what the
strict per-line ``json.loads`` with the refusal hooks reads, and reports the same problems."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from litboard.load import textfiles
from litboard.errors import Problems
from litboard.load.textfiles import read_jsonl
from litboard.load.values import value_problems

PIECES = [
    '{"a": 1}',
    '{"a": 1, "a": 2}',
    '{"a": NaN}',
    '{"a": -Infinity}',
    '{"a": 1e999}',
    '{"a": 1' + "0" * 400 + '.5}',
    '{"a": "\\u0001"}',
    '{"a": "\\ud800"}',
    '{"a\\n": 1}',
    '{"a": "x\u0085y"}',
    '{"a": "x\u2028"}',
    '{"k\u2029": 0}',
    '{"a": "\\\\u0001"}',
    '[1, 2]',
    '"s"',
    '{"a": [' * 40 + "]" * 40 + "}",
    '{"a": {"b": {"c": [1.5, true, null]}}}',
    '  {"a": 1}',
    '{"a": 1}  ',
    '\ufeff{"a": 1}',
    '{"a": 1} {"b": 2}',
    '{"a": 1,}',
    "{",
    "",
    "   ",
    '{"system": "s1", "pair": "de-en", "errors": [{"start": 0, "end": 2}]}',
    '{"a": "\\t"}',
    '{"a": 12345678901234567890123}',
    '{"a": "caf\u00e9", "b": "\\"q\\""}',
    '{"a": 1.0, "b": -0}',
]


def _reference(path: Path) -> tuple[list[tuple[int, object]], list[tuple[int, str, str, str]]]:
    """The loader's reading before the fast path: json.loads per line with the refusal hooks."""
    problems = Problems()
    found: list[tuple[int, object]] = []
    text = textfiles.read_text(path, problems, "f")
    assert text is not None
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(
                line,
                object_pairs_hook=textfiles._no_duplicates,
                parse_constant=textfiles._no_constant,
                parse_float=textfiles._finite_float,
            )
        except json.JSONDecodeError as exc:
            problems.add(
                "f",
                number,
                "json",
                f"is not valid JSON: {exc.msg} at column {exc.colno}",
                "write one complete JSON object per line",
            )
            continue
        except textfiles._Refused as exc:
            problems.add("f", number, "json", str(exc), exc.fix)
            continue
        except (RecursionError, MemoryError):
            problems.add(
                "f",
                number,
                "json",
                "is nested too deeply to be read",
                f"use at most {textfiles.MAX_DEPTH} levels of nesting",
            )
            continue
        except ValueError as exc:
            problems.add(
                "f",
                number,
                "json",
                f"holds a value that cannot be read: {str(exc)[:80]}",
                "write numbers in ordinary decimal form",
            )
            continue
        if not isinstance(data, dict):
            problems.add(
                "f",
                number,
                "json",
                f"expected a JSON object, got {type(data).__name__}",
                "write one JSON object ({...}) per line",
            )
            continue
        found.append((number, data))
    return found, [(p.line, p.field, p.message, p.fix) for p in problems.items]


def _read(path: Path) -> tuple[list[textfiles.Record], list[tuple[int, str, str, str]]]:
    problems = Problems()
    records = list(read_jsonl(path, problems, "f"))
    return records, [(p.line, p.field, p.message, p.fix) for p in problems.items]


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8))
def test_fast_path_reads_what_the_strict_reader_reads(tmp_path: Path, lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    path = tmp_path / "f.jsonl"
    path.write_text(text, encoding="utf-8")
    records, problems = _read(path)
    expected, expected_problems = _reference(path)
    assert [(r.line, r.data) for r in records] == expected
    assert problems == expected_problems
    for record in records:
        if record.plain:  # the promise that lets the loader skip value_problems
            assert value_problems("mqm", record.data) == []


def test_suspicious_lines_are_not_plain(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    lines = [
        '{"a": "\\u0001"}',
        '{"a": "x\u0085"}',
        '{"a": "\\n"}',
        '{"k\u2028": 1}',
        '{"a": ' + "[" * 33 + "]" * 33 + "}",
        '{"a": "plain"}',
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records, _ = _read(path)
    assert [r.plain for r in records] == [False, False, False, False, False, True]


def test_records_of_a_file_share_keys_and_short_values(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(
        '{"system": "s1", "text": "' + "x" * 40 + '"}\n'
        '{"system": "s1", "text": "' + "x" * 40 + '"}\n',
        encoding="utf-8",
    )
    (first, second), _ = _read(path)
    assert first.data == second.data
    key_a, key_b = next(iter(first.data)), next(iter(second.data))
    assert key_a is key_b and first.data["system"] is second.data["system"]
    assert first.data["text"] is not second.data["text"]  # long texts are not looked up
