"""Paper 000's published numbers as shipped data
(generator/litboard/importers/reported/liteval.jsonl)."""

from __future__ import annotations

import json
from importlib import resources

from litboard.load import schemas
from litboard.analysis.adequacy import LITEVAL


def _records() -> list[dict]:
    text = (
        resources.files("litboard.importers.reported").joinpath("liteval.jsonl").read_text("utf-8")
    )
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_every_record_is_a_valid_reported_record() -> None:
    records = _records()
    # 57 adequacy percentages (Tables 3, 14, Sec. 5) + 5 illegible Table 14 cells, 10 x 2 of Table
    # 7,
    # 10 of Table 1, 4 of Table 2a
    assert len(records) == 96
    for record in records:
        assert not list(schemas.validator("reported").iter_errors(record)), record


def test_table_3_student_mqm_row() -> None:
    top = {
        r["keys"]["pair"]: r["value"]
        for r in _records()
        if r["source"] == "paper 000 Table 3"
        and r["keys"]["campaign"] == "student-mqm"
        and r["keys"]["scenario"] == "top"
    }
    assert top == {"de-en": 60.0, "en-de": 35.0, "de-zh": 30.0, "en-zh": 45.8, "mean": 42.7}


def test_adequacy_params_are_the_liteval_settings() -> None:
    adequacy = [r for r in _records() if r["measure"] == "adequacy"]
    assert len(adequacy) == 62 and all(r["decimals"] == 1 for r in adequacy)
    for r in adequacy:
        assert set(r["params"]["top"]) == LITEVAL.top
        assert set(r["params"]["others_exclude"]) == LITEVAL.others_exclude
        assert r["params"]["sample"] == LITEVAL.sample and r["params"]["strict"] is True
    # Table 14, scenario 1: XL and XXL (how the cells were read) and Prometheus 2 (no legible
    # value);
    # issue 46: the evidence of Table 3's GEMBA Original De-En (and Mean) and Table 14's swapped
    # cells
    assert sum(1 for r in adequacy if r.get("note")) == 21


def test_table_7_ranks_follow_the_means() -> None:
    means = {r["keys"]["system"]: r["value"] for r in _records() if r["measure"] == "system-mean"}
    ranks = {r["keys"]["system"]: r["value"] for r in _records() if r["measure"] == "system-rank"}
    assert len(means) == len(ranks) == 10 and means["human"] == -1.3
    assert sorted(ranks, key=ranks.get) == sorted(means, key=means.get, reverse=True)


def test_table_14_prometheus_scenario_1_is_marked_illegible_not_guessed() -> None:
    """The paper's Prometheus 2 column of scenario 1 holds no legible number: the records say so
    (value null, with a note) instead of a number read from a garbled row."""
    cells = [
        r
        for r in _records()
        if r["source"] == "paper 000 Table 14"
        and r["keys"]["campaign"] == "prometheus"
        and r["keys"]["scenario"] == "top"
    ]
    assert sorted(r["keys"]["pair"] for r in cells) == ["de-en", "de-zh", "en-de", "en-zh", "mean"]
    assert all(r["value"] is None and "no legible value" in r["note"] for r in cells)
