"""The results table (issue 54): typed records, one per (definition, inputs) key, published as
JSON Lines that validate against the versioned schema; pinned to paper 000's adequacy (Table 3)
and to the demo board's own bootstrap table."""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pytest

from litboard.analysis.boards import analyse
from litboard.analysis.records import (
    DEFINITIONS,
    SCHEMA,
    DuplicateRecord,
    Interval,
    Provenance,
    Record,
    ResultsTable,
    qualifiers,
)
from litboard.analysis.results import results
from litboard.importers.releases import liteval
from litboard.load.read import load


def _record(value: float | int | None, subject: str = "a", **kw: object) -> Record:
    fields: dict = dict(
        dataset="d",
        pair="de-en",
        measure="m",
        definition="board.mean",
        subject=subject,
        statistic="mean",
        value=value,
        n=3,
        unit="paragraph",
        provenance=Provenance("v1", "sig", 12345),
    )
    fields.update(kw)
    return Record(**fields)


def test_one_key_one_record() -> None:
    table = ResultsTable([_record(1.5), _record(1.5)])
    assert len(table) == 1
    with pytest.raises(DuplicateRecord):
        table.add(_record(1.25))
    # a qualifier is part of the key: another definition of the inputs is another record
    table.add(_record(1.25, qualifiers=qualifiers(sample="bws-sample")))
    assert len(table) == 2


def test_jsonl_is_sorted_and_finite() -> None:
    a = _record(float("nan"), "b", interval=Interval(float("inf"), 2.0, 0.95, "bootstrap"))
    b = _record(2.0, "a")
    first, second = ResultsTable([a, b]).jsonl(), ResultsTable([b, a]).jsonl()
    assert first == second  # insertion order never shows
    rows = [json.loads(line) for line in first.splitlines()]
    assert [r["subject"] for r in rows] == ["a", "b"]
    assert rows[1]["value"] is None and rows[1]["interval"]["low"] is None
    for row in rows:
        jsonschema.validate(row, SCHEMA)


def test_unknown_definition_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown definition"):
        ResultsTable([_record(1.0, definition="board.median")])


def test_demo_board_records_are_the_board_table(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    table = list(results(corpus, analysis).table)
    assert {r.definition for r in table} <= set(DEFINITIONS)
    (pair, key), frame = next(
        (k, f) for k, f in sorted(analysis.rankings.items()) if "mean" in f.columns
    )
    for system, row in frame.iterrows():
        mean = next(
            r
            for r in table
            if (r.definition, r.pair, r.measure, r.subject) == ("board.mean", pair, key, system)
        )
        assert mean.value == pytest.approx(row["mean"], abs=0)
        assert mean.interval is not None and mean.interval.low == row["ci_low"]
        assert mean.n == row["n_items"] and mean.provenance.seed == analysis.settings.seed
        assert mean.provenance.data_version == corpus.data_version()
    for line in results(corpus, analysis).table.jsonl().splitlines():
        jsonschema.validate(json.loads(line), SCHEMA)


@pytest.mark.shared
def test_liteval_adequacy_records_are_table_3(liteval_release: Path, tmp_path: Path) -> None:
    root = tmp_path / "liteval"
    liteval.run(liteval_release, root)
    corpus = load([root])
    table = results(corpus, analyse(corpus)).table
    top = {
        r.pair: round(float(r.value), 1)  # type: ignore[arg-type]
        for r in table
        if r.definition.startswith("adequacy.human_above")
        and r.measure == "student-mqm"
        and r.subject == "human vs top systems"
        and dict(r.qualifiers)["strict"] == "strict"
    }
    # paper 000 Table 3, Student MQM row; "all" is the unweighted mean of the pairs (42.7)
    assert top == {"de-en": 60.0, "en-de": 35.0, "de-zh": 30.0, "en-zh": 45.8, "all": 42.7}
    pooled = [
        r
        for r in table
        if r.definition == "judge_bias.human_above"
        and r.pair == "all"
        and r.label == "Student MQM (paper 000)"
        and r.subject == "human vs top systems"
        and dict(r.qualifiers)["scope"] == "pooled over pairs"
    ]
    # the judge-bias panel pools the 79 items of every pair instead: another definition
    assert len(pooled) == 1 and pooled[0].n == 79
    assert math.isclose(float(pooled[0].value), 100 * 33 / 79)  # type: ignore[arg-type]
