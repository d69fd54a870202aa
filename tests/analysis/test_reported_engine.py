"""The generic reported-vs-reproduced engine on hand-made records, and the reported/ folder of
a data root (loading, validation, a measure the registry does not know)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from litboard.errors import DataError
from litboard.load.read import load
from litboard.model import Corpus
from litboard.reported import engine
from litboard.reported.measures import MEASURES, Measure
from litboard.analysis.rounding import round_half_up

REPO = Path(__file__).resolve().parents[2]


def _records(*rows: dict) -> pd.DataFrame:
    base = {"dataset": "d", "label": "", "note": "", "params": {}}
    return pd.DataFrame([{**base, **r} for r in rows])


def _fixed(values: dict[tuple[str, str], float]) -> Measure:
    frame = pd.DataFrame([{"pair": p, "group": g, "value": v} for (p, g), v in values.items()])
    return Measure("fixed", ("pair", "group"), "", "test measure", lambda corpus, params: frame)


def test_round_half_up() -> None:
    assert round_half_up(21.25, 1) == 21.3  # Python's round() would give 21.2
    assert round_half_up(21.249999999999996, 1) == 21.3
    assert round_half_up(45.833333, 1) == 45.8
    assert round_half_up(-1.25, 1) == -1.3


def test_compare_rounds_to_the_printed_precision() -> None:
    registry = {
        "fixed": _fixed({("de-en", "a"): 42.708333, ("en-de", "a"): 7.083333, ("", "a"): 3.0})
    }
    records = _records(
        {
            "source": "T",
            "measure": "fixed",
            "keys": {"pair": "de-en", "group": "a"},
            "value": 42.7,
            "decimals": 1,
        },
        {
            "source": "T",
            "measure": "fixed",
            "keys": {"pair": "en-de", "group": "a"},
            "value": 5.4,
            "decimals": 1,
        },
        {"source": "T", "measure": "fixed", "keys": {"group": "a"}, "value": 3, "decimals": 0},
        {
            "source": "T",
            "measure": "fixed",
            "keys": {"pair": "xx-yy", "group": "a"},
            "value": 1,
            "decimals": 0,
        },
        {"source": "T", "measure": "nobody-knows", "keys": {}, "value": 0.5, "decimals": 1},
    )
    out = engine.compare(Corpus(tables={}), records, registry)
    assert out["status"].tolist() == [
        "agrees",
        "disagrees",
        "agrees",
        "not reproduced",
        "reported only",
    ]
    assert out.loc[0, "reproduced_rounded"] == 42.7 and out.loc[0, "difference"] == 0.0
    assert out.loc[1, "difference"] == 1.7 and out.loc[1, "raw_difference"] == pytest.approx(
        1.683333
    )
    assert out.loc[2, "reproduced"] == 3.0  # an omitted key matches the aggregate row ("")
    assert out["disagrees"].tolist() == [False, True, False, False, False]


def test_other_reports_and_self_conflicts() -> None:
    registry = {"fixed": _fixed({("de-en", "a"): 7.557})}
    same = {"measure": "fixed", "keys": {"pair": "de-en", "group": "a"}}
    records = _records(
        {"source": "paper 003 Table 11", **same, "value": 48.4, "decimals": 1},
        {"source": "paper 003 Table 14", **same, "value": 7.6, "decimals": 1},
    )
    out = engine.other_reports(engine.compare(Corpus(tables={}), records, registry))
    assert out["other_reports"].tolist() == ["Table 14: 7.6", "Table 11: 48.4"]
    assert out["self_conflict"].tolist() == [True, True]
    assert out["status"].tolist() == ["disagrees", "agrees"]


def test_every_registry_measure_is_documented() -> None:
    page = (REPO / "generator" / "litboard" / "pages" / "data-format.md").read_text(
        encoding="utf-8"
    )
    for name in MEASURES:
        assert f"| `{name}` |" in page, name


# ---------------------------------------------------------------- a data root with reported/


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    out = tmp_path / "root"
    shutil.copytree(REPO / "tests" / "fixtures" / "tiny", out)
    return out


def _write(root: Path, *records: dict) -> Path:
    path = root / "reported" / "paper.jsonl"
    path.parent.mkdir(exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_root_loads_its_reported_table_and_unknown_measures_are_reported_only(root: Path) -> None:
    _write(
        root,
        {
            "source": "paper 9 Table 1",
            "measure": "a-new-measure",
            "keys": {"pair": "de-en"},
            "value": 12.5,
            "decimals": 1,
            "label": "<b>x</b>",
            "note": "typed by hand",
        },
    )
    corpus = load([root])
    table = corpus.tables["reported"]
    assert (
        len(table) == 1 and table.loc[0, "keys"] == {"pair": "de-en"} and table.loc[0, "line"] == 1
    )
    assert table.loc[0, "dataset"] == corpus.datasets[0]["id"]
    out = engine.compare(corpus)
    assert out.loc[0, "status"] == "reported only" and pd.isna(out.loc[0, "reproduced"])


def test_a_bad_record_names_file_line_and_field(root: Path) -> None:
    path = _write(
        root,
        {"source": "p", "measure": "m", "value": 1, "decimals": 1},
        {"source": "p", "measure": "m", "value": "ten", "decimals": 1},
    )
    with pytest.raises(DataError) as err:
        load([root])
    assert f"{path}:2: value:" in str(err.value)


def test_a_null_value_is_a_cell_the_paper_has_but_cannot_be_read(root: Path) -> None:
    _write(
        root,
        {
            "source": "paper 9 Table 1",
            "measure": "a-new-measure",
            "value": None,
            "decimals": 1,
            "note": "the column is garbled",
        },
    )
    corpus = load([root])
    assert pd.isna(corpus.tables["reported"].loc[0, "value"])
    registry = {"a-new-measure": _fixed({("de-en", "a"): 12.34})}
    records = corpus.tables["reported"].assign(keys=[{"pair": "de-en", "group": "a"}])
    out = engine.other_reports(engine.compare(corpus, records, registry))
    row = out.iloc[0]
    assert row["status"] == engine.ILLEGIBLE == "not legible in the paper"
    assert row["reproduced"] == 12.34 and not row["disagrees"] and row["reason"] == ""
    assert row["note"] == "the column is garbled" and row["other_reports"] == ""


def test_other_files_in_reported_are_refused(root: Path) -> None:
    _write(root, {"source": "p", "measure": "m", "value": 1, "decimals": 1})
    (root / "reported" / "table.csv").write_text("a,b\n", encoding="utf-8")
    with pytest.raises(DataError, match="table.csv"):
        load([root])


def test_every_disagreement_carries_a_documented_reason() -> None:
    """Issue 29 goal 7: a record's reason (one of REASONS) opens its note; none -> unexplained."""
    from litboard.reported import engine

    records = pd.DataFrame(
        [
            {
                "dataset": "d",
                "source": "s",
                "measure": "unknown-measure",
                "keys": {},
                "params": {},
                "value": 1.0,
                "decimals": 1,
                "label": "",
                "note": "",
                "reason": "",
            }
        ]
    )
    registry = {
        "m": Measure(
            "m",
            ("pair",),
            "",
            "",
            lambda corpus, params: pd.DataFrame(
                {"pair": ["a", "b", "c"], "value": [2.0, 1.04, 3.0]}
            ),
        )
    }
    records = pd.concat(
        [
            records,
            pd.DataFrame(
                [
                    {
                        "dataset": "d",
                        "source": "s",
                        "measure": "m",
                        "keys": {"pair": "a"},
                        "params": {},
                        "value": 1.0,
                        "decimals": 1,
                        "label": "",
                        "note": "typed from Fig. 2",
                        "reason": "paper typo",
                    },
                    {
                        "dataset": "d",
                        "source": "s",
                        "measure": "m",
                        "keys": {"pair": "b"},
                        "params": {},
                        "value": 1.0,
                        "decimals": 1,
                        "label": "",
                        "note": "",
                        "reason": "",
                    },
                    {
                        "dataset": "d",
                        "source": "s",
                        "measure": "m",
                        "keys": {"pair": "c"},
                        "params": {},
                        "value": 1.0,
                        "decimals": 1,
                        "label": "",
                        "note": "",
                        "reason": "",
                    },
                ]
            ),
        ],
        ignore_index=True,
    )
    compared = engine.compare(None, records, registry).set_index(
        records["keys"].map(lambda k: k.get("pair", "-"))
    )
    assert compared.loc["a", "note"] == "Reason: paper typo. typed from Fig. 2"
    # 1.04 -> 1.0 agrees
    assert compared.loc["b", "reason"] == "" and compared.loc["b", "note"] == ""
    assert (compared.loc["c", "reason"], compared.loc["c", "note"]) == (
        "unexplained",
        "Reason: unexplained.",
    )
    assert compared.loc["-", "reason"] == ""  # reported only: nothing to explain
    assert set(engine.REASONS) >= {
        "paper typo",
        "release differs from paper",
        "rounding",
        "data subset",
        "method unspecified in the paper",
    }


def test_a_computed_reason_is_proved_from_the_numbers() -> None:
    """Issue 59 goal 2: "rounding" only for a half-way value; double rounding and truncation are
    named, with the steps; anything else (Table 7's -3.04 printed -3.1) is unexplained."""
    assert engine._computed(11.275, 11.28, 2) == ("rounding", "")  # half-way, the other way
    reason, steps = engine._computed(-48.14645, -48.2, 1)
    assert reason == "double rounding"
    assert "-48.1465 rounds to -48.1" in steps and "(-48.15)" in steps and "-48.2" in steps
    assert engine._computed(11.27495, 11.28, 2)[0] == "double rounding"
    reason, steps = engine._computed(359 / 564 * 100, 63.6, 1)
    assert reason == "truncation" and "63.6525 rounds to 63.7" in steps
    assert engine._computed(-3.04255, -3.1, 1) == ("unexplained", "")  # rounds to -3.0
    assert engine._computed(-1.20257, -1.3, 1) == ("unexplained", "")
    assert engine._computed(2.9999999999, 2.0, 0) == ("unexplained", "")  # float noise: 3 units
