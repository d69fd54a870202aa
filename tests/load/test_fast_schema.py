"""The compiled schema check (schemas.fast) says yes exactly when the JSON Schema validator finds no
error: on every record of the demo and fixture roots, and on hypothesis-mutated records of every
kind."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from litboard.load import schemas
from litboard.errors import Problems
from litboard.load.read import read_roots
from litboard.load.schemas.fast import accepts, compile_check

from ..helpers import FIXTURES

REPO = Path(__file__).resolve().parents[2]


def _rows() -> dict[str, list[dict[str, Any]]]:
    raw = read_roots([REPO, FIXTURES / "tiny", FIXTURES / "cjk"], Problems())
    found = {kind: [r.data for r in rows] for kind, rows in raw.rows.items()}
    found["reported"] = [
        {
            "source": "paper000",
            "measure": "mqm",
            "keys": {"system": "a"},
            "params": {"n": 1},
            "value": -1.5,
            "decimals": 2,
        }
    ]
    return found


ROWS = _rows()


def _agrees(kind: str, record: Any) -> bool:
    expected = not list(schemas.validator(kind).iter_errors(record))
    return accepts(kind)(record) is expected


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_every_demo_record_is_accepted(kind: str) -> None:
    assert ROWS.get(kind), f"no sample record of kind {kind}"
    for record in ROWS[kind]:
        assert not list(schemas.validator(kind).iter_errors(record))
        assert accepts(kind)(record) is True


SCALARS = st.one_of(
    st.sampled_from(
        [
            "",
            "a",
            "s1",
            "de-en",
            "de-en\n",
            "s1\n",
            "con",
            "index.x",
            "a..b",
            "a.",
            "A",
            "minor",
            "major",
            "MT",
            "human",
            "mqm",
            "x" * 81,
            "0",
            "target",
            "good",
            "bad",
        ]
    ),
    st.text(max_size=5),
    st.integers(-3, 10),
    st.sampled_from([0.0, 1.0, 2.5, -1.0, 1e300, 7.0]),
    st.booleans(),
    st.none(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, path + (i,))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    kind = draw(st.sampled_from(schemas.KINDS))
    record = copy.deepcopy(draw(st.sampled_from(ROWS[kind])))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(record)))
        if not path:
            continue
        parent = record
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(VALUES)
        elif action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[
                draw(st.sampled_from(["extra", "note", "comment", "text", "work", "paragraph"]))
            ] = draw(VALUES)
    return kind, record


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_records_get_the_validators_answer(case: tuple[str, Any]) -> None:
    kind, record = case
    assert _agrees(kind, record)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(schemas.KINDS), VALUES)
def test_arbitrary_values_get_the_validators_answer(kind: str, value: Any) -> None:
    assert _agrees(kind, value)


def test_integers_written_as_floats_are_integers_like_in_json_schema() -> None:
    check = compile_check({"type": "integer", "minimum": 1})
    assert check(2.0) and check(3) and not check(2.5) and not check(True) and not check(0)


def test_an_unknown_keyword_is_refused_at_compile_time() -> None:
    with pytest.raises(ValueError, match="does not know the keyword"):
        compile_check({"type": "string", "format": "date"})
