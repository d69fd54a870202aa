"""Issue 29 goal 2: a mean or share over fewer than 5 items is greyed wherever it is shown with an
interval, and its n is printed (not colour alone): board cells (Creativity: 3 texts), rankings by
scheme, pairwise preference rates, the judge-bias panel (tests/render/test_judge_bias_page.py)."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

from litboard.analysis.proportions import SMALL_N
from litboard.load import load
from litboard.render.core.jinja import DEFAULT_TEMPLATES, environment
from litboard.analysis.boards import analyse
from litboard.render.schemes import scheme_pages

from ..creativity_site import creativity_site


def _macros():  # type: ignore[no-untyped-def]
    return environment(DEFAULT_TEMPLATES).get_template("small_n.html.j2").module


def test_rows_under_five_items_are_greyed_with_their_n() -> None:
    macros = _macros()
    assert SMALL_N == 5
    assert (
        str(macros.small_row(3))
        == ' class="lb-small-n" title="only 3 items: read the interval, not the value"'
    )
    assert str(macros.small_row(1)).endswith(
        'title="only 1 item: read the interval, not the value"'
    )
    assert (
        str(macros.small_row(5)) == ""
        and str(macros.small_row(0)) == ""
        and str(macros.small_row(None)) == ""
    )
    assert str(macros.small_count(4)) == "n = 4" and str(macros.small_count(5)) == "5"


def test_demo_scheme_rankings_grey_their_three_paragraph_rows(demo_root: Path) -> None:
    corpus = load([demo_root])
    page = scheme_pages.build(corpus, analyse(corpus), DEFAULT_TEMPLATES).files["schemes/index.md"]
    doc = lxml.html.fromstring(str(page)[str(page).index("<") :])
    rows = doc.xpath("//tbody/tr")
    small = [r for r in rows if r.get("class") == "lb-small-n"]
    assert small and all(r.xpath("./td")[-1].text_content().startswith("n = ") for r in small)
    for row in rows:
        last = row.xpath("./td")[-1].text_content()
        if last.isdigit():  # a plain count: at least SMALL_N items, not greyed
            assert int(last) >= SMALL_N and row.get("class") != "lb-small-n"


@pytest.fixture(scope="module")
def creativity(creativity_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return creativity_site(creativity_release, tmp_path_factory).out


@pytest.mark.shared
def test_creativity_board_cells_over_three_texts_are_greyed_with_n(creativity: Path) -> None:
    doc = lxml.html.fromstring((creativity / "index.html").read_text(encoding="utf-8"))
    cells = doc.xpath(
        "//table[contains(@class, 'lb-board-table')]//td[contains(@class, "
        "'lb-col')][.//span[contains(@class, 'lb-ci')]]"
    )
    assert cells
    for cell in cells:
        # the independent units behind the interval: 3 texts, also for paragraph columns whose
        # 24-41 paragraphs come from the pair's 3 texts (issue 59 goal 3)
        n = int(cell.xpath(".//span[contains(@class, 'lb-ci')]/@data-lb-units")[0])
        if "paragraph" in cell.xpath(".//a/@title")[0]:
            assert n == 3 and "range of 3 texts" in cell.text_content()
        greyed = "lb-small-n" in cell.get("class")
        assert greyed == (n < SMALL_N)
        if greyed:
            assert f"n = {n}" in " ".join(
                c.text_content() for c in cell.xpath(".//span[contains(@class, 'lb-chip')]")
            )
    # 3 pairs x HT/PE/MT, every column
    assert sum("lb-small-n" in c.get("class") for c in cells) >= 3 * 3 * 3
