"""The LitEval pages (issue 3) built from the imported release: pages, numbers, flags, CSVs.

Numbers are pinned to paper 000 (Table 3 student MQM row, Table 7 order) and to the
disagreements recorded in tests/importers/test_liteval.py; the adequacy table is a golden file.
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pandas as pd
import pytest

from litboard.analysis.leaderboard import segment_scores
from litboard.analysis.liteval_rankings import pooled_matrix
from litboard.analysis.uncertainty import score_matrix
from litboard.load.read import load
from litboard.render.metric_eval import eval_views as ev
from litboard.render.metric_eval import pages as liteval_pages
from litboard.render.metric_eval import views as lv
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.analysis.boards import Analysis, analyse
from litboard.settings import AnalysisSettings

from ..golden import check_golden
from ..helpers import FIXTURES
from ..liteval_site import liteval_site

PAGES = [
    "liteval/index.html",
    "liteval/adequacy.html",
    "liteval/metaeval.html",
    *[f"liteval/pairs/{p}.html" for p in ("de-en", "en-de", "de-zh", "en-zh")],
]


@pytest.fixture(scope="session")
def built(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return liteval_site(liteval_release, tmp_path_factory)


@pytest.fixture(scope="session")
def site(built: tuple[Path, Path]) -> Path:
    return built[1]


def _doc(site: Path, name: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring((site / name).read_text(encoding="utf-8"))


def _rows(doc: lxml.html.HtmlElement, table_id: str) -> list[tuple[str, list[str]]]:
    """(class, cell texts) of every body row of one table."""
    table = doc.get_element_by_id(table_id)
    return [
        (tr.get("class") or "", [" ".join(c.text_content().split()) for c in tr.xpath("./th|./td")])
        for tr in table.xpath("./tbody/tr")
    ]


@pytest.mark.shared
def test_a_page_per_paragraph_system_and_pair(site: Path) -> None:
    def pages(folder: str) -> list[Path]:
        return [
            p
            for p in (site / folder).glob("*.html")
            if p.name not in ("index.html", "disagreement.html")
        ]

    assert len(pages("paragraphs")) == 188
    assert len(pages("systems")) == 12
    assert sorted(p.stem for p in pages("liteval/pairs")) == ["de-en", "de-zh", "en-de", "en-zh"]
    for name in PAGES:
        assert (site / name).is_file(), name
    home = (site / "index.html").read_text(encoding="utf-8")
    for link in ("liteval/index.html", "liteval/adequacy.html", "liteval/metaeval.html"):
        assert link in home  # in the nav


@pytest.mark.shared
def test_every_page_states_rights_and_data_version(site: Path, built: tuple[Path, Path]) -> None:
    version = load([built[0]]).data_version()
    for name in PAGES:
        doc = _doc(site, name)
        rights = doc.find_class("lb-rights")
        assert rights, name
        text = rights[0].text_content()
        assert (
            "rights-restricted" in text and "first 20 characters" in text and "request form" in text
        )
        assert version in " ".join(c.text_content() for c in doc.find_class("lb-provenance")), name


@pytest.mark.shared
def test_adequacy_student_mqm_row(site: Path) -> None:
    rows = _rows(_doc(site, "liteval/adequacy.html"), "table-adequacy")
    strict = [
        cells
        for cls, cells in rows
        if cells[0] == "Student MQM (paper 000)" and cells[1] == "strict"
    ]
    assert len(strict) == 1
    top = [c.split()[0] for c in strict[0][2:7]]
    assert top == ["60.0", "35.0", "30.0", "45.8", "42.7"]  # paper 000 Table 3
    assert strict[0][2] == "60.0 9/15"
    other = [c.split()[0] for c in strict[0][7:12]]
    assert other == ["86.7", "95.0", "95.0", "87.5", "91.0"]
    # 6 measures x strict/non-strict
    assert len(rows) == 12
    card = _doc(site, "liteval/adequacy.html").xpath("//dl[@class='lb-card']/dd")
    # AdequacySettings
    assert card[0].text_content() == "DeepL, Google Translate, GPT-4o, Qwen 2 (7B chat)"
    assert "Qwen 2 (7B chat)" in card[1].text_content() and "GPT-4o" not in card[1].text_content()


@pytest.mark.shared
def test_adequacy_disagreements_are_shown(site: Path) -> None:
    rows = _rows(_doc(site, "liteval/adequacy.html"), "table-adequacy-reported")
    assert len(rows) == 62
    flagged = {tuple(cells[:4]): cells for cls, cells in rows if "lb-disagree" in cls}
    assert len(flagged) == 11
    # every disagreement carries a reason in its note (issue 29): here none is known
    assert all(key[0].endswith(" note") for key in flagged)
    cells = flagged[("Table 3 note", "Human > Top systems", "GEMBA-MQM (Original)", "De-En")]
    assert cells[4:] == ["6.7", "13.3", "6.6", "✗ disagrees"]
    notes = [
        " ".join(li.text_content().split())
        for li in _doc(site, "liteval/adequacy.html").xpath("//li")
    ]
    assert any(n.startswith("Reason: unexplained. Tried on metric_df.csv") for n in notes) and any(
        n.startswith("Reason: paper typo. Scenario 1") for n in notes
    )
    assert ("Table 14 note", "Human > Top systems", "XCOMET-XXL", "En-Zh") in flagged  # note tag
    illegible = [cells for cls, cells in rows if cells[-1] == "? not legible in the paper"]
    assert len(illegible) == 5 and all(
        c[2] == "Prometheus 2 (7B)" and c[4] == "not legible why" and c[5] for c in illegible
    )
    assert all(
        cells[-1] == "✓ agrees"
        for cls, cells in rows
        if "lb-disagree" not in cls and cells not in illegible
    )


@pytest.mark.shared
def test_table_7_flags_the_deepl_google_swap(site: Path) -> None:
    rows = {
        cells[0]: (cls, cells)
        for cls, cells in _rows(_doc(site, "liteval/index.html"), "table-7-comparison")
    }
    assert list(rows)[:4] == ["Human", "GPT-4o", "Google Translate", "DeepL"]
    google, deepl = rows["Google Translate"], rows["DeepL"]
    assert "lb-disagree" in google[0] and "rank 3 reported, 4 reproduced" in google[1][-1]
    assert "lb-disagree" in deepl[0] and "rank 4 reported, 3 reproduced" in deepl[1][-1]
    assert deepl[1][1:6] == ["-3.2", "-3.0", "0.2", "4", "3"]
    assert rows["GPT-4o"][1][-1] == "✓ agrees" and "lb-disagree" not in rows["GPT-4o"][0]


@pytest.mark.shared
def test_rankings_have_tabs_human_marks_and_a_pooled_row(site: Path) -> None:
    doc = _doc(site, "liteval/index.html")
    labels = [
        " ".join(label.text_content().split())
        for label in doc.xpath("//div[@class='tabbed-labels']/label")
    ]
    assert labels == ["De-En", "En-De", "De-Zh", "En-Zh", "All pairs"]
    assert len(doc.xpath("//input[@type='radio'][@name='lb-ranking']")) == 5
    table = doc.get_element_by_id("table-ranking-de-en")
    assert "lb-sortable" in table.get("class")
    body = table.xpath("./tbody")[0].xpath("./tr")
    assert len(body) == 12
    assert len([tr for tr in body if "lb-human" in (tr.get("class") or "")]) == 3
    first = body[0].xpath("./td")[2].xpath(".//a")[0]
    assert re.fullmatch(r"\.\./systems/[a-z0-9-]+\.html#de-en", first.get("href"))
    pooled = table.xpath("./tbody[@class='lb-pooled']/tr")[0].text_content()
    assert "Human (pooled)" in pooled and re.search(r"\[-?\d+\.\d\d, -?\d+\.\d\d\]", pooled)
    assert len(doc.get_element_by_id("table-ranking-all").xpath("./tbody")[0].xpath("./tr")) == 12
    works = _rows(doc, "table-works")
    assert [(cells[0], cells[-1]) for _, cells in works] == [
        ("de-en paragraphs: Death in Venice, The Metamorphosis, Steppenwolf, Kairos", "46"),
        (
            "de-zh paragraphs: The sorrows of young werther, The Metamorphosis, Demian: Die "
            "Geschichte von Emil Sinclairs Jugend, Steppenwolf, Heimsuchung",
            "46",
        ),
        ("en-de paragraphs: Frankenstein, Jane Eyre, Wuthering Heights, Birnan Wood", "47"),
        ("en-zh paragraphs: Frankenstein, Jane Eyre, Wuthering Heights, Chlorine", "49"),
    ]
    assert "Paragraphs could not be mapped to books" in doc.text_content()


@pytest.mark.shared
def test_work_pages_list_their_paragraphs(site: Path) -> None:
    # issue 56 goal 7: no work page without paragraphs; each row links to its paragraph page,
    # and the Works listing's count is the number of rows of the work page
    listing = _doc(site, "works/index.html")
    rows = listing.xpath("//table[contains(@class,'lb-table')]/tbody/tr")
    assert len(rows) == 4
    for row in rows:
        href = row.xpath("./td/a")[0].get("href")
        count = int(row.xpath("./td")[-1].text_content())
        page = _doc(site, f"works/{href}")
        links = page.xpath("//table[contains(@class,'lb-table')]/tbody/tr/td[1]/a/@href")
        assert len(links) == count > 0
        assert all((site / "works" / link).is_file() for link in links)
        assert "Book: " in page.text_content()


@pytest.mark.shared
def test_searching_a_book_title_lands_on_a_work_page_with_paragraphs(site: Path) -> None:
    # mkdocs-material's index: work pages are indexed in full (their paragraph listing too), the
    # Works listing by its title only; a book title is in its pair's work title and notes
    import json

    index = json.loads((site.parent / "search/search_index.json").read_text(encoding="utf-8"))
    hits = [
        d for d in index["docs"] if "Metamorphosis" in d["title"] and "#" not in d["location"]
    ]
    assert sorted(d["location"] for d in hits) == [
        "liteval/works/de-en-unmapped.html",
        "liteval/works/de-zh-unmapped.html",
    ]
    for hit in hits:
        page = _doc(site.parent, hit["location"])
        assert len(page.xpath("//table[contains(@class,'lb-table')]/tbody/tr")) == 46
        # the paragraph listing is indexed: a paragraph's id and opening words are found
        pair = hit["location"].split("/")[-1][:5]
        first = page.xpath("//table[contains(@class,'lb-table')]/tbody/tr/td[1]/a")[0]
        assert first.text_content().startswith(pair) and first.text_content() in hit["text"]


@pytest.mark.shared
def test_metaeval_page(site: Path) -> None:
    page = (site / "liteval/metaeval.html").read_text(encoding="utf-8")
    assert page.index("vega-bundle.js") < page.index('class="lb-chart"')
    assert (site / "assets/litboard/vega-bundle.js").stat().st_size > 100_000
    for name in ("tau-metrics", "tau-categories"):
        for ext in ("svg", "png", "vl.json"):
            assert (site / f"liteval/{name}.{ext}").is_file()
    taus = pd.read_csv(site / "liteval/tau-metrics.csv")
    hit = taus[(taus["pair"] == "en-de") & (taus["metric"] == "gemba-mqm-original")]
    # see tests/importers/test_liteval.py
    assert float(hit["tau"].iloc[0]) == pytest.approx(0.588, abs=5e-4)
    accuracy = pd.read_csv(site / "liteval/pairwise-accuracy.csv")
    assert set(accuracy["pairs"]) == {45}  # 9 MT + pooled Human
    assert accuracy["accuracy"].between(0, 1).all()


@pytest.mark.shared
def test_csv_links_resolve_and_parse(site: Path) -> None:
    seen = 0
    for name in PAGES:
        doc = _doc(site, name)
        for link in doc.xpath("//p[@class='lb-download']/a[@download]"):
            href = link.get("href")
            if not href.endswith(".csv"):
                continue
            path = (site / name).parent / href
            assert path.is_file(), (name, href)
            assert len(pd.read_csv(path)) > 0, href
            seen += 1
    assert seen == 7 + 2 + 3 + 4 * 4  # index, adequacy, metaeval, 4 pair pages


@pytest.mark.shared
def test_pair_page_links_its_paragraphs(site: Path) -> None:
    doc = _doc(site, "liteval/pairs/en-zh.html")
    links = doc.get_element_by_id("table-pair-paragraphs").xpath(".//a/@href")
    assert len(links) == 49 and all(h.startswith("../../paragraphs/en-zh-") for h in links)
    assert all((site / "liteval/pairs" / h).resolve().is_file() for h in links)
    sampled = [r for r in _rows(doc, "table-pair-paragraphs") if r[1][2] == "yes"]
    assert len(sampled) == 24  # Table 3 denominator
    adequacy = _rows(doc, "table-pair-adequacy")
    assert adequacy[0][1][:3] == ["Student MQM (paper 000)", "strict", "45.8 11/24"]


# ---------------------------------------------------------------- without a site build


def _light_analysis(corpus) -> Analysis:
    """Columns only (no bootstrap): all the adequacy view needs."""
    long, columns = segment_scores(corpus)
    return Analysis(long, columns, pd.DataFrame(), {}, AnalysisSettings())


@pytest.mark.shared
def test_adequacy_table_golden(built: tuple[Path, Path]) -> None:
    corpus = load([built[0]])
    ctx = lv.context(corpus, _light_analysis(corpus))
    html = liteval_pages.adequacy_table(ctx, ev.adequacy_view(corpus, ctx), DEFAULT_TEMPLATES)
    check_golden("liteval/adequacy-table.html", html)


def test_other_corpora_get_no_liteval_pages() -> None:
    corpus = load([FIXTURES / "tiny"])
    assert not lv.applies(corpus)
    pages = liteval_pages.build(corpus, analyse(corpus), DEFAULT_TEMPLATES)
    assert pages.files == {} and pages.nav == []


def test_pooled_matrix_averages_human_translations() -> None:
    rows = [
        ("p1", "h1", -1.0),
        ("p1", "h2", -3.0),
        ("p1", "mt", -5.0),
        ("p2", "h1", -4.0),
        ("p2", "mt", -1.0),
    ]
    long = pd.DataFrame(rows, columns=["paragraph", "system", "score"])
    matrix = pooled_matrix(long, ["h1", "h2", "h3"])
    assert list(matrix.columns) == ["mt", "human"]
    assert matrix["human"].to_dict() == {"p1": -2.0, "p2": -4.0}
    assert score_matrix(long).shape == (2, 3)


@pytest.mark.shared
def test_paragraph_browser_and_disagreement_page(site: Path) -> None:
    listing = (site / "paragraphs/index.html").read_text(encoding="utf-8")
    assert listing.count("<tr data-work=") == 188 and "data-lb-list-filter" in listing
    disputed = (site / "paragraphs/disagreement.html").read_text(encoding="utf-8")
    frame = pd.read_csv(site / "paragraphs/disagreement.csv")
    assert len(frame) == 40 and frame["mean tau"].is_monotonic_increasing
    assert (frame["human column"] == "Student MQM (paper 000)").all()
    assert "Kendall τ-b" in disputed and "at least 5 systems" in disputed
    # no -1.00 ties over 3 systems
    assert frame["p"].between(0, 1).all() and (frame["mean tau"] > -1).all()
