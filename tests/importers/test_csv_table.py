"""CSV import: one row per translation (and rater), a human score and a metric per row."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
import yaml

from litboard.errors import DataError
from litboard.importers import get
from litboard.load.read import load, validate

EXAMPLES = Path(__file__).resolve().parents[2] / "generator" / "litboard" / "importers" / "examples"
ROWS = [
    ["segment", "source", "translation", "system", "rater", "rating", "comet"],
    ["s1", "It was a dark night.", "那是一个漆黑的夜晚。", "GPT-4o", "r1", "5", "0.84"],
    # 2nd rater
    ["s1", "It was a dark night.", "那是一个漆黑的夜晚。", "GPT-4o", "r2", "4", "0.84"],
    ["s1", "It was a dark night.", "夜很黑。", "Human", "r1", "6", "0.71"],
    # quoted, multi-line
    ["s2", "Snow, \"falling\".", "雪，\n正在落下。", "GPT-4o", "r1", "", "0.90"],
    ["s2", "Snow, \"falling\".", "下雪了。", "Human", "r1", "good", "0.88"],  # malformed: line 7
    ["s3", "Rain.", "", "Human", "r2", "3", ""],  # empty translation: line 8
]


def _write(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows(rows)
    return path


@pytest.fixture()
def imported(tmp_path: Path) -> tuple[Path, Any]:
    src = _write(tmp_path / "ratings.csv", ROWS)
    return tmp_path / "root", get("csv")(src, tmp_path / "root", mapping=EXAMPLES / "csv.yaml")


def test_round_trip(imported: tuple[Path, Any]) -> None:
    out, report = imported
    assert validate([out]).items == []
    corpus = load([out])
    t = corpus.tables
    texts = t["translations"].set_index(["system", "paragraph"])["text"].to_dict()
    assert texts == {
        ("gpt-4o", "s1"): "那是一个漆黑的夜晚。",
        ("human", "s1"): "夜很黑。",
        ("gpt-4o", "s2"): "雪，\n正在落下。",
    }
    assert t["paragraphs"].set_index("paragraph")["text"].to_dict() == {
        "s1": "It was a dark night.",
        "s2": "Snow, \"falling\".",
    }
    sqm = sorted(
        zip(t["sqm"]["system"], t["sqm"]["paragraph"], t["sqm"]["annotator"], t["sqm"]["score"])
    )
    assert sqm == [
        ("gpt-4o", "s1", "r1", 5.0),
        ("gpt-4o", "s1", "r2", 4.0),
        ("human", "s1", "r1", 6.0),
    ]
    metric = t["metric_scores"].set_index(["system", "paragraph"])["score"].to_dict()
    assert metric == {("gpt-4o", "s1"): 0.84, ("human", "s1"): 0.71, ("gpt-4o", "s2"): 0.90}
    assert corpus.campaigns["comet"]["metric"] == {
        "name": "COMET-22",
        "higher_is_better": True,
        "signature": "Unbabel/wmt22-comet-da",
    }
    assert corpus.campaigns["rating"]["scale"] == {"min": 0.0, "max": 6.0}
    assert (
        report.read["rows"] == 6
        and report.read["annotators"] == 2
        and report.read["empty score cells"] == 1
    )


def test_skipped_rows_name_their_line(imported: tuple[Path, Any]) -> None:
    assert [s.split(":", 1)[1] for s in imported[1].skipped] == [
        "7: score 'good' in column 'rating' is not a number; the row was skipped",
        "8: column 'translation' is empty; the row was skipped",
    ]
    # file:line: why
    assert all(s.split(":")[0].endswith("ratings.csv") for s in imported[1].skipped)


def test_missing_column_is_a_data_error_naming_the_key(tmp_path: Path) -> None:
    src = _write(tmp_path / "t.csv", [["source", "translation", "system"], ["a", "b", "c"]])
    with pytest.raises(DataError) as caught:
        get("csv")(src, tmp_path / "root", mapping=EXAMPLES / "csv.yaml")
    fields = {p.field for p in caught.value.problems}
    assert fields == {
        "columns.paragraph",
        "columns.annotator",
        "scores.0.column",
        "scores.1.column",
    }


def test_metric_only_table_with_semicolons(tmp_path: Path) -> None:
    src = _write(
        tmp_path / "bleu.csv",
        [
            ["src", "mt", "sys", "bleu"],
            ["Der Hund.", "The dog.", "a", "41.2"],
            ["Die Katze.", "The cat.", "a", "12"],
        ],
    )
    src.write_text(src.read_text(encoding="utf-8").replace(",", ";"), encoding="utf-8")
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        yaml.safe_dump(
            {
                "pair": "de-en",
                "delimiter": ";",
                "columns": {"source": "src", "translation": "mt", "system": "sys"},
                "scores": [{"column": "bleu", "scheme": "metric", "min": 0, "max": 100}],
            }
        )
    )
    report = get("csv")(src, tmp_path / "root", mapping=mapping)
    assert report.skipped == []
    t = load([tmp_path / "root"]).tables
    assert sorted(t["metric_scores"]["score"]) == [12, 41.2] and len(t["paragraphs"]) == 2


def test_a_folder_of_tables_is_one_import(tmp_path: Path) -> None:
    """Many files with one mapping: rows of both tables, skips named with their file."""
    folder = tmp_path / "tables"
    folder.mkdir()
    _write(folder / "part1.csv", ROWS[:4])
    _write(folder / "part2.csv", [ROWS[0], *ROWS[4:]])
    report = get("csv")([folder], tmp_path / "root", mapping=EXAMPLES / "csv.yaml")
    single = get("csv")(
        _write(tmp_path / "all.csv", ROWS), tmp_path / "one", mapping=EXAMPLES / "csv.yaml"
    )
    assert (
        report.imported() == single.imported() and len(report.skipped) == len(single.skipped) == 2
    )
    assert all(s.split(":")[0].endswith("part2.csv") for s in report.skipped)  # file:line: why
    assert validate([tmp_path / "root"]).items == []
    card = yaml.safe_load(
        (tmp_path / "root" / "corpus" / "dataset.yaml").read_text(encoding="utf-8")
    )
    assert [f["path"] for f in card["source"]["files"]] == ["part1.csv", "part2.csv"]


def test_error_rows_with_source_side_spans_and_a_malformed_tag(tmp_path: Path) -> None:
    """WMT-style error rows in a CSV: <v> in the translation or in the source; a malformed tag
    keeps its error without a location (issue 26); an empty severity is kept as unspecified."""
    rows = [
        ["source", "translation", "system", "rater", "error", "severity"],
        [
            "The <v>old</v> man slept.",
            "Der Mann schlief.",
            "mt",
            "r1",
            "Accuracy/Omission",
            "major",
        ],
        ["The old man slept.", "Der Mann <v>schlief</v>.", "mt", "r1", "Style/Awkward", ""],
        # line 4
        ["The old man slept.", "Der <v>Mann schlief.", "mt", "r1", "Fluency/Grammar", "minor"],
        ["The old man slept.", "Der alte Mann schlief.", "human", "r1", "", ""],
        ["Rain.", "<v>Regen</v>.", "mt", "r2", "Fluency/Spelling", "minor"],
    ]
    src = _write(tmp_path / "errors.csv", rows)
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        yaml.safe_dump(
            {
                "pair": "en-de",
                "dataset": {"id": "csv-errors"},
                "annotators": {"expertise": "professional"},
                "columns": {
                    "source": "source",
                    "translation": "translation",
                    "system": "system",
                    "annotator": "rater",
                },
                "errors": {"category": "error", "severity": "severity"},
            }
        ),
        encoding="utf-8",
    )
    report = get("csv")(src, tmp_path / "root", mapping=mapping)
    assert report.skipped == [] and report.read["span located: no"] == 1
    assert report.notes[0].endswith(
        "errors.csv:4: malformed <v> tags; the error was kept without a location"
    )
    assert validate([tmp_path / "root"]).items == []
    t = load([tmp_path / "root"]).tables
    errors = (
        t["mqm_errors"]
        .merge(t["translations"][["system", "paragraph", "text"]])
        .merge(t["paragraphs"][["paragraph", "text"]].rename(columns={"text": "source"}))
    )
    got = sorted(
        (
            r.system,
            r.annotator,
            r.side,
            r.text[r.start : r.end],
            r.source[int(r.source_start) : int(r.source_end)] if r.side == "source" else "",
            r.category,
            r.severity,
        )
        for r in errors.itertuples()
    )
    assert got == [
        ("mt", "r1", "source", "", "old", "Accuracy", "major"),
        ("mt", "r1", "target", "", "", "Fluency", "minor"),  # line 4: span located: no
        ("mt", "r1", "target", "schlief", "", "Style", "unspecified"),
        ("mt", "r2", "target", "Regen", "", "Fluency", "minor"),
    ]
    assert sorted(zip(t["mqm"]["system"], t["mqm"]["n_errors"])) == [
        ("human", 0),
        ("mt", 1),
        ("mt", 3),
    ]
