"""The home page's finding and the boards' links, on built sites (issue 56): every number of the
finding is the data API record it names (value, interval, n), every reported one is a figure of
``reported_finding`` (whose paper cells tests/analysis/test_finding.py checks); every board links
to each analysis page of its dataset the navigation lists, and each of those links back."""

from __future__ import annotations

import json
import posixpath
from pathlib import Path

import lxml.html
import pytest

from litboard.analysis.reported_finding import REPORTED, reported_for, unreported_for
from litboard.pipeline.build import build_site
from litboard.render.core.jinja import fmt

from ..combined_site import DATASETS, combined_site
from ..helpers import DEMO
from ..liteval_site import liteval_site

STANDARD = {"index.html", "systems/index.html", "paragraphs/index.html", "works/index.html"}


@pytest.fixture(scope="module")
def demo_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site([DEMO], tmp_path_factory.mktemp("finding-demo") / "public").out


@pytest.fixture(scope="module")
def liteval_out(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return liteval_site(liteval_release, tmp_path_factory)[1].parent


@pytest.fixture(scope="module")
def public_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The public site: every release of releases.yaml beside the demo."""
    return combined_site(tmp_path_factory).out


def _cls(tag: str, name: str) -> str:
    """XPath: the ``tag`` descendants whose class list holds ``name``."""
    return f".//{tag}[contains(concat(' ', normalize-space(@class), ' '), ' {name} ')]"


def _records(out: Path) -> dict[str, dict]:
    records = {}
    for path in sorted((out / "api").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            records[record["id"]] = record
    return records


def _finding(out: Path) -> lxml.html.HtmlElement:
    home = lxml.html.fromstring((out / "index.html").read_text(encoding="utf-8"))
    (finding,) = home.xpath('//section[@id="finding"]')
    return finding


@pytest.mark.parametrize("site", ["demo_out", "liteval_out", "public_out"])
def test_every_reproduced_number_is_its_record(site: str, request: pytest.FixtureRequest) -> None:
    out = request.getfixturevalue(site)
    records = _records(out)
    marked = _finding(out).xpath('.//*[@data-record]')
    assert marked, "the finding shows no reproduced figure"
    for element in marked:
        record = records[element.get("data-record")]
        assert record["definition"] == "judge_bias.human_above"
        assert record["pair"] == "all" and record["qualifiers"]["scope"] == "pooled over pairs"
        value = record["value"]
        if element.get("data-value") is not None:  # a mark of the chart: its tooltip says it all
            assert float(element.get("data-value")) == value
            if record["interval"] is None:  # under 5 items no interval is claimed (issue 59)
                assert record["n"] < 5
                interval = "(too few items for an interval)"
            else:
                low, high = record["interval"]["low"], record["interval"]["high"]
                interval = f"[{fmt(low, 1)}, {fmt(high, 1)}]"
            said = f"{fmt(value, 1)} % {interval}, n = {record['n']} items"
            assert said in element.get("title"), element.get("title")
        else:  # a number of the table or of the chart's right column
            assert element.text_content().strip() == fmt(value, 1)


@pytest.mark.parametrize("site", ["demo_out", "liteval_out", "public_out"])
def test_each_dataset_compares_one_group(site: str, request: pytest.FixtureRequest) -> None:
    """One compared group per dataset, the one its chart row names."""
    out = request.getfixturevalue(site)
    records = _records(out)
    for body in _finding(out).xpath(_cls('tbody', 'lb-finding-dataset')):
        marked = [records[e.get("data-record")] for e in body.xpath(".//*[@data-record]")]
        subjects = {r["subject"] for r in marked}
        (vs,) = body.xpath(_cls('*', 'lb-finding-vs'))
        assert subjects == {"human vs " + vs.text_content().removeprefix("vs ")}
        assert {r["dataset"] for r in marked} == {body.get("data-dataset")}


def test_the_reported_figures_are_the_papers(liteval_out: Path) -> None:
    finding = _finding(liteval_out)
    figures = {f.value: f for f in REPORTED if f.dataset == "liteval"}
    shown = finding.xpath('.//*[@data-reported]')
    assert {float(e.get("data-reported")) for e in shown} == set(figures)
    for element in shown:
        figure = figures[float(element.get("data-reported"))]
        if element.get("title"):
            assert figure.source in element.get("title")
            assert ("data not released" in element.get("title")) == (not figure.released)
        else:
            assert element.text_content().strip() == fmt(figure.value, figure.decimals)
    table = finding.xpath(_cls('details', 'lb-finding-table') + _cls('tr', 'lb-reported')[1:])
    assert len(table) == len(figures)
    for row in table:
        text = row.text_content()
        assert "reported: paper 000" in text and ("Sec." in text or "Abstract" in text)
    # the unreleased ones in their own chart row, said to be so
    (row,) = finding.xpath(_cls('tr', 'lb-finding-row-reported'))
    assert "reported, data not released" in row.text_content()
    assert "82.1" in row.text_content() and "81.1" in row.text_content()


def _href(page: str, href: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), href.split("#")[0]))


@pytest.mark.parametrize("site,dataset", [("demo_out", "demo"), ("liteval_out", "liteval")])
def test_every_board_links_to_its_analysis_pages(
    site: str, dataset: str, request: pytest.FixtureRequest
) -> None:
    out = request.getfixturevalue(site)
    board_path = f"{dataset}/index.html"
    board = lxml.html.fromstring((out / board_path).read_text(encoding="utf-8"))
    listed = {
        _href(board_path, a.get("href"))
        for a in board.xpath(_cls('nav', 'md-nav') + _cls('a', 'md-nav__link')[1:])
        if _href(board_path, a.get("href")).startswith(f"{dataset}/")
    } - {f"{dataset}/{p}" for p in STANDARD}
    assert listed, "the navigation lists no analysis page of the dataset"
    (row,) = board.xpath(_cls('nav', 'lb-board-links'))
    linked = {_href(board_path, a.get("href")) for a in row.xpath('.//a')}
    assert listed <= linked, listed - linked
    assert "judge-bias/index.html" in linked
    for page in sorted(listed):
        html = lxml.html.fromstring((out / page).read_text(encoding="utf-8"))
        back = [_href(page, a.get("href")) for a in html.xpath(_cls('a', 'lb-back-to-board'))]
        assert back == [board_path], page
    bias = lxml.html.fromstring((out / "judge-bias/index.html").read_text(encoding="utf-8"))
    section = bias.get_element_by_id(f"bias-{dataset}")
    backs = section.xpath(_cls("*", "lb-board-back") + "//a")
    assert [_href("judge-bias/index.html", a.get("href")) for a in backs] == [board_path]


def test_hostile_names_stay_inert_in_the_finding() -> None:
    """A dataset title and a measure name as a contributor could write them are escaped in the
    text, the tooltips and the links."""
    from litboard.analysis.tables import (
        FindingDataset,
        FindingFigure,
        FindingGroup,
        ReportedFigure,
    )
    from litboard.render.core.board_links import Link
    from litboard.render.core.finding import home_finding
    from litboard.render.core.jinja import DEFAULT_TEMPLATES

    evil = '<script>alert(1)</script>"\'{{ 7*7 }}'
    figure = FindingFigure("0" * 16, evil, 50.0, 40.0, 60.0, 9, False, evil)
    group = FindingGroup("automatic metric", (figure,), 50.0, 50.0, 9, 9, figure)
    counted = ReportedFigure(
        "x", evil, evil, "LLM judge", evil, 3.0, 0, evil, evil, evil, True, unit=evil, modality=evil
    )
    data = FindingDataset("x", evil, False, evil, evil, "v", (group,), (counted,), evil)
    absent = [("y", evil, evil, evil)]
    html = home_finding([data], {"x": [Link(evil, "x/a.html")]}, DEFAULT_TEMPLATES, absent)
    assert "<script>" not in html and "49" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 12
    assert 'title="&lt;script&gt;' in html


def test_every_dataset_shows_a_reproduced_and_a_reported_figure_or_says_why(
    public_out: Path,
) -> None:
    """On the public site each release is in the finding: its chart rows hold a reproduced
    figure and either its paper's figures or the reason none is shown; LiteraryTranslation,
    whose human translation is never judged, is named with that reason."""
    finding = _finding(public_out)
    charted = {b.get("data-dataset"): b for b in finding.xpath(_cls("tbody", "lb-finding-dataset"))}
    assert set(charted) == set(DATASETS) - {"demo", "literary-translation"}
    for dataset, body in charted.items():
        assert body.xpath(".//*[@data-record]"), dataset
        (says,) = finding.xpath(f'.//li[@id="finding-says-{dataset}"]')
        figures = reported_for(dataset)
        shown = {float(e.get("data-reported")) for e in body.xpath(".//*[@data-reported]")}
        if figures:
            assert shown == {f.value for f in figures}, dataset
            assert f"{figures[0].paper} " in says.text_content()
            assert "no reported figure" not in says.text_content()
        else:
            assert shown == set(), dataset
            reason = f"no reported figure: {unreported_for(dataset)}"
            assert reason in " ".join(says.text_content().split()), dataset
    (absent,) = finding.xpath('.//li[@id="finding-absent-literary-translation"]')
    text = " ".join(absent.text_content().split())
    assert "LiteraryTranslation" in text and "never judged" in text and "not in the chart" in text
    assert unreported_for("literary-translation") in text


def test_creativity_bias_counts_are_its_papers(public_out: Path) -> None:
    """Paper 003's creative-shift counts: in their own row (counts, not shares: no mark on the
    percent track), each with its table or section in its title, and in the sentence."""
    (body,) = _finding(public_out).xpath('.//tbody[@id="finding-creativity-bias"]')
    (row,) = body.xpath(_cls("tr", "lb-finding-row-counts"))
    assert "reported by paper 003 (counts, not shares)" in row.text_content()
    assert not row.xpath(_cls("*", "lb-finding-mark"))
    figures = {(f.measure, f.modality): f for f in reported_for("creativity-bias")}
    for element in row.xpath(".//*[@data-reported]"):
        title = element.get("title")
        figure = figures[tuple(title.split(":")[0].rsplit(", ", 1))]  # type: ignore[index]
        assert element.text_content() == fmt(figure.value, 0) and figure.source in title
    says = " ".join(_finding(public_out).get_element_by_id("finding-says-creativity-bias")
                    .text_content().split())
    assert "creative shifts, professionals HT 103, PE 66, MT 35" in says
    assert "LLM judge (GPT-5.2) HT 55, PE 56, MT 54" in says
