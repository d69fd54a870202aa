"""Issue 45: nothing dropped unseen. Every skip of `import wmt-mqm` is counted per system in the
dataset card (dataset.yaml notes, shown on the dataset's page), and a system with more than
1 % of its ratings (or rows) skipped is flagged."""

from __future__ import annotations

from pathlib import Path

import yaml

from litboard.importers import get
from litboard.load.read import load
from litboard.render.core.dataset_cards import intro
from litboard.render.core.jinja import render

HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "wmt_mqm_variants"


def _rows(system: str, good: int, bad: int) -> list[str]:
    rows = [
        f"{system}\td\t{i}\t{i}\tr1\tSource {i}.\tZiel {i}.\tNo-error\tNo-error"
        for i in range(1, good + 1)
    ]
    rows += [
        f"{system}\td\t{i}\t{i}\tr1\tSource {i}.\tZiel {i}.\tAccuracy\tApocalyptic"
        for i in range(good + 1, good + bad + 1)
    ]
    return rows


def _notes(tmp_path: Path, rows: list[str]) -> list[str]:
    src = tmp_path / "mqm_lit_ende.tsv"
    src.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    get("wmt-mqm")(src, tmp_path / "root")
    card = yaml.safe_load(
        (tmp_path / "root" / "corpus" / "dataset.yaml").read_text(encoding="utf-8")
    )
    return [str(n) for n in card.get("notes", [])]


def test_one_percent_is_not_flagged_more_is(tmp_path: Path) -> None:
    notes = _notes(tmp_path, _rows("sysA", 99, 1) + _rows("sysB", 98, 2))
    skipped = [n for n in notes if n.startswith("skipped ratings")]
    assert skipped == [
        "skipped ratings, system sysa: 1 of 100 (1.0 %): 1 record with a malformed row",
        "skipped ratings, system sysb: 2 of 100 (2.0 %) - more than 1% of its ratings: FLAGGED: "
        "2 record with a malformed row",
    ]


def test_skipped_rows_are_counted_per_system_and_shown_on_the_dataset_page(tmp_path: Path) -> None:
    out = tmp_path / "root"
    get("wmt-mqm")(FIXTURES / "mqm_newstest2020_ende.source-errors.tsv", out)
    corpus = load([out])
    line = (
        "skipped rows, system online-a-1574: 1 of 2 (50.0 %) - more than 1% of its rows: FLAGGED: "
        "1 row with a wrong number of fields"
    )
    assert line in corpus.datasets[0]["notes"]
    page = render("dataset_intro.html.j2", intro=intro(corpus))
    assert line in page
    assert "mqm_newstest2020_ende.source-errors.tsv:1: read as variant newstest2020" in page


def test_attention_checks_are_counted_per_system_on_the_dataset_page(tmp_path: Path) -> None:
    out = tmp_path / "root"
    get("wmt-mqm")(FIXTURES / "mqm_generalMT2022_zhen.tsv", out)
    page = render("dataset_intro.html.j2", intro=intro(load([out])))
    assert (
        "attention checks removed: 2 HOTW-test rows (sysa 1, sysb 1); each alone, no rating was "
        "dropped for one"
    ) in page


def test_the_counts_are_data_too(tmp_path: Path) -> None:
    """dataset.yaml import_skips: the same counts as the notes, for pages and downloads."""
    from litboard.load.read import validate

    _notes(tmp_path, _rows("sysA", 99, 1) + _rows("sysB", 98, 2))
    assert validate([tmp_path / "root"]).items == []
    card = yaml.safe_load(
        (tmp_path / "root" / "corpus" / "dataset.yaml").read_text(encoding="utf-8")
    )
    assert card["import_skips"] == [
        {
            "system": "sysa",
            "unit": "ratings",
            "n": 1,
            "of": 100,
            "reasons": {"record with a malformed row": 1},
            "flagged": False,
        },
        {
            "system": "sysb",
            "unit": "ratings",
            "n": 2,
            "of": 100,
            "reasons": {"record with a malformed row": 2},
            "flagged": True,
        },
    ]
    out = tmp_path / "hotw"
    get("wmt-mqm")(FIXTURES / "mqm_generalMT2022_zhen.tsv", out)
    card = yaml.safe_load((out / "corpus" / "dataset.yaml").read_text(encoding="utf-8"))
    assert card["import_skips"] == [
        {"system": "sysa", "unit": "attention-check rows", "n": 1},
        {"system": "sysb", "unit": "attention-check rows", "n": 1},
    ]
