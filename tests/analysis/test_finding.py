"""The home page's finding (issue 56): the reported figures are the paper's own numbers (each
found in paper 000's text, table cells in Table 3), and the reproduced ones are the data API's
judge-bias records, selected (pooled over pairs, the dataset's first compared group) and grouped
by kind -- a hand-made case pins the selection, the grouping and the ranges."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.analysis.finding import dataset_finding, headline_records, site_finding
from litboard.analysis.judge_bias import KIND_LABELS
from litboard.analysis.records import (
    Interval,
    Provenance,
    Record,
    ResultsTable,
    from_jsonl,
    qualifiers,
)
from litboard.analysis.reported_finding import REPORTED, UNREPORTED, reported_for, unreported_for
from litboard.analysis.tables import ReportedFigure

from ..conftest import shared_paper


def _table_cell(paper: str, figure: ReportedFigure) -> str:
    """The cell of paper 000's Table 3 (Human > Top Systems) that ``figure.cell`` names."""
    assert figure.cell is not None
    lines = paper.splitlines()
    start = next(i for i, line in enumerate(lines) if "Human > Top Systems" in line)
    row, column = figure.cell
    line = next(line for line in lines[start:] if line.split("\t")[0] == row)
    return line.split("\t")[column]


def test_every_reported_figure_is_printed_where_it_says() -> None:
    papers = {n: shared_paper(n).read_text(encoding="utf-8") for n in ("000", "003")}
    for figure in REPORTED:
        paper = papers[figure.paper.removeprefix("paper ")]
        printed = f"{figure.value:.{figure.decimals}f}" + ("%" if figure.unit == "%" else "")
        assert figure.quote in paper, figure
        if figure.cell is not None:
            assert _table_cell(paper, figure) == printed, figure
            assert "Table 3" in figure.source
        else:
            assert printed in figure.quote, figure
        assert figure.kind in KIND_LABELS.values()


def test_the_table_cells_are_the_papers_columns() -> None:
    """Table 3's Mean row, column by column (Student MQM, SQM, BWS, Professional SQM)."""
    paper = shared_paper("000").read_text(encoding="utf-8")
    cells = {f.measure: _table_cell(paper, f) for f in reported_for("liteval") if f.cell}
    assert cells == {
        "BWS, students": "82.1%",
        "SQM, professionals": "94.4%",
        "SQM, students": "42.5%",
        "MQM, students": "42.7%",
    }


def test_bws_shows_both_values_the_paper_prints() -> None:
    bws = [f for f in reported_for("liteval") if f.measure == "BWS, students"]
    assert sorted(f.value for f in bws) == [81.1, 82.1]
    assert {f.released for f in bws} == {False}
    assert any("Sec. 1" in f.source for f in bws) and any("Table 3" in f.source for f in bws)
    # the schemes without released data are marked so; MQM (released) is reproduced as well
    assert {f.measure for f in REPORTED if not f.released} == {
        "BWS, students",
        "SQM, professionals",
        "SQM, students",
    }
    assert reported_for("demo") == ()


def _share(measure: str, value: float, n: int, compared: str, scope: str, pair: str = "all"):
    return Record(
        dataset="d",
        pair=pair,
        measure=measure,
        label=measure,
        definition="judge_bias.human_above",
        subject=f"human vs {compared}",
        statistic="percent",
        value=value,
        n=n,
        unit="item",
        provenance=Provenance("d 1", f"sig of {measure}"),
        interval=Interval(value - 10, value + 5, 0.95, "95% Wilson score interval"),
        qualifiers=qualifiers(sample="", scope=scope),
    )


def _case() -> tuple[list[Record], pd.DataFrame]:
    pooled = "pooled over pairs"
    records = [
        _share("MQM", 40.0, 20, "top systems", pooled),
        _share("SQM", 60.0, 4, "top systems", pooled),
        _share("chrF", 10.0, 20, "top systems", pooled),
        _share("chrF", 30.0, 20, "all machine systems", pooled),  # another compared group
        _share("MQM", 90.0, 10, "top systems", "pair", pair="de-en"),  # one pair
        _share("MQM", 70.0, 5, "top systems", "genre"),  # a breakdown
    ]
    rows = pd.DataFrame(
        {
            "measure": ["MQM", "SQM", "chrF", "chrF"],
            "kind": ["human judgment", "human judgment", "automatic metric", "automatic metric"],
            "compared": ["top systems", "top systems", "top systems", "all machine systems"],
            "sample": ["bws"] * 4,
        }
    )
    return records, rows


def test_the_finding_selects_and_groups_the_records() -> None:
    records, rows = _case()
    assert [r.value for r in headline_records(records, "top systems")] == [40.0, 60.0, 10.0]
    finding = dataset_finding("d", "D", False, records, rows)
    assert finding is not None and finding.compared == "top systems" and finding.sample == "bws"
    human, metric = finding.groups
    assert human.kind == "human judgment" and metric.kind == "automatic metric"
    assert [(f.measure, f.value, f.n, f.small) for f in human.figures] == [
        ("SQM", 60.0, 4, True),
        ("MQM", 40.0, 20, False),
    ]
    assert (human.low, human.high, human.n_low, human.n_high) == (40.0, 60.0, 4, 20)
    assert human.best.measure == "MQM"  # the highest share over at least 5 items
    assert metric.best == metric.figures[0]
    assert [f.record for f in metric.figures] == [records[2].id]
    assert (metric.figures[0].low, metric.figures[0].high) == (0.0, 15.0)
    assert metric.figures[0].provenance == "sig of chrF; data d 1"
    assert finding.reported == ()


def test_reported_figures_attach_to_their_dataset_and_demos_step_aside() -> None:
    records, rows = _case()
    liteval = dataset_finding("liteval", "LitEval", False, records, rows)
    assert liteval is not None and liteval.reported == reported_for("liteval")
    assert liteval.unreported == ""
    wmt = dataset_finding("wmt24-literary-esa", "WMT24", False, records, rows)
    assert wmt is not None and wmt.reported == () and "Kocmi" in wmt.unreported
    demo = dataset_finding("demo", "Demo", True, records, rows)
    assert site_finding([demo, None, liteval]) == [liteval]
    assert site_finding([demo]) == [demo]
    assert dataset_finding("x", "X", False, [], rows.iloc[0:0]) is None


def test_records_read_back_from_the_data_api_keep_their_ids() -> None:
    records, _ = _case()
    table = ResultsTable(records)
    again = from_jsonl(table.jsonl())
    assert [r.id for r in again] == [r.id for r in table]
    assert ResultsTable(again).jsonl() == table.jsonl()
    with pytest.raises(ValueError, match="give the id"):
        from_jsonl(table.jsonl().replace(next(iter(table)).id, "0" * 16, 1))


def test_creativity_bias_reports_each_judges_creative_shifts_per_modality() -> None:
    """Paper 003 counts creative shifts among the same 188 units per modality: professionals
    find most in the human translation (Table 13: HT 103, PE 66, MT 35), the LLM judge about
    as many in each (Sec. 4.2: HT 55, PE 56, MT 54)."""
    paper = shared_paper("003").read_text(encoding="utf-8")
    figures = reported_for("creativity-bias")
    by_judge: dict[str, dict[str, float]] = {}
    for f in figures:
        by_judge.setdefault(f.kind, {})[f.modality] = f.value
        assert f.unit != "%" and f.released and f.where in f.source
        row = f"{f.modality}: {f.value:.0f}" if f.where == "Sec. 4.2" else f"| {f.value:.0f} |"
        assert row in f.quote and f.quote in paper
    assert by_judge == {
        "human judgment": {"HT": 103.0, "PE": 66.0, "MT": 35.0},
        "LLM judge": {"HT": 55.0, "PE": 56.0, "MT": 54.0},
    }
    # Table 13's three Total rows, in its HT, PE, MT order, and the 188 units of each
    totals = [line for line in paper.splitlines() if line.startswith("| Total | ")]
    assert [t.split(" | ")[1] for t in totals[:3]] == ["103", "66", "35"]
    assert all(t.split(" | ")[4] == "188" for t in totals[:3])
    assert "assigns more CSs to MT than professionals do (54 vs 35)" in paper


def test_datasets_without_a_shipped_paper_say_why() -> None:
    """The studies of the WMT samples and of LiteraryTranslation are not in ../shared/papers
    (README lists papers 000, 001, 003, 004), so their finding says no figure is shown."""
    readme = (shared_paper("000").parent / "README.md").read_text(encoding="utf-8")
    for dataset, study in UNREPORTED.items():
        assert reported_for(dataset) == ()
        assert study.split(" ")[0].rstrip(",") not in readme, study  # not a shipped paper
        assert unreported_for(dataset) == (
            f"its paper ({study}) is not one of the studies litboard ships"
        )
    assert unreported_for("liteval") == "" and unreported_for("creativity-bias") == ""
    assert unreported_for("demo") == ""
