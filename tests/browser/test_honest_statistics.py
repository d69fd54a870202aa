"""Issue 29 in a real browser: a Creativity board greys its 3-text cells and prints their n; the
adequacy board's disagreement marker leads to the published row; "where judges disagree most"
for LitEval (metrics and LLM judges) and WMT (human judgments only: the other paragraphs).
Screenshots go to test-artifacts/ (board-creativity-small-n, adequacy-disagree-marker,
reported-row-target, disagreement-liteval, disagreement-wmt)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from litboard.pipeline.build import build_site
from litboard.importers import get

from .conftest import ARTIFACTS, screenshot, serve

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def wmt_site(wmt_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("wmt-browser") / "root"
    get("wmt-mqm")(wmt_release / "mqm_ted_zhen.head300.tsv", root)
    out = build_site([root], tmp_path_factory.mktemp("wmt-browser-site") / "public").out
    url, server = serve(out)
    folder = next(p for p in out.iterdir() if (p / "paragraphs" / "disagreement.html").is_file())
    yield f"{url}/{folder.name}"
    server.shutdown()


def test_creativity_board_greys_three_text_cells_with_n(page, creativity_site: str) -> None:
    page.goto(f"{creativity_site}/index.html")
    board = page.locator("section.lb-board:visible").first
    greyed = board.locator("td.lb-small-n")
    assert greyed.count() > 0
    first = greyed.first
    assert "n = 3" in first.inner_text()  # the n is printed, not only the grey
    colour = first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(244, 244, 244)"
    assert screenshot(page, "board-creativity-small-n").stat().st_size > 10_000


def test_adequacy_marker_leads_to_the_published_row(page, liteval_site: str) -> None:
    page.goto(f"{liteval_site}/liteval/adequacy.html")
    marks = page.locator("#table-adequacy a.lb-mark-disagree")
    assert marks.count() == 11
    first = marks.first
    first.focus()
    assert page.evaluate("document.activeElement.classList.contains('lb-mark-disagree')")
    label = first.inner_text()
    assert "≠" in label and "paper 000 Table 3 prints 6.7, reproduced 13.3" in first.text_content()
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "adequacy-disagree-marker.png"))
    first.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/reported/index.html")
    target = page.locator("tr:target")
    assert target.count() == 1 and "✗ disagrees" in target.inner_text()
    assert "gemba-mqm-original, pair = de-en" in target.inner_text()
    assert target.is_visible()
    page.screenshot(path=str(ARTIFACTS / "reported-row-target.png"))
    assert page.dialogs == []


def test_disagreement_page_liteval(page, liteval_site: str) -> None:
    page.goto(f"{liteval_site}/paragraphs/disagreement.html")
    rows = page.locator("table.lb-table tbody tr")
    assert rows.count() == 40
    assert "metrics and LLM judges" in rows.first.inner_text()
    assert "compared with: metrics and LLM judges" in page.locator("article.lb-body").inner_text()
    assert screenshot(page, "disagreement-liteval").stat().st_size > 10_000


def test_disagreement_page_wmt(page, wmt_site: str) -> None:
    page.goto(f"{wmt_site}/paragraphs/disagreement.html")
    rows = page.locator("table.lb-table tbody tr")
    assert rows.count() == 9
    assert "the other paragraphs" in rows.first.inner_text()
    text = page.locator("article.lb-body").inner_text()
    assert "rater against rater needs translations judged by two raters" in text
    assert screenshot(page, "disagreement-wmt").stat().st_size > 10_000
    assert page.dialogs == []


@pytest.mark.parametrize("where", ["creativity board", "adequacy board"])
def test_axe_finds_nothing_serious_on_greyed_cells_and_markers(
    page, creativity_site: str, liteval_site: str, where: str
) -> None:
    """Greyed cells keep their contrast; the ≠ links have an accessible name."""
    from .test_reader import AXE

    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make install-test` installs axe-core from npm")
    url = (
        f"{creativity_site}/index.html"
        if where == "creativity board"
        else f"{liteval_site}/liteval/adequacy.html"
    )
    page.goto(url)
    page.add_script_tag(path=str(AXE))
    scope = "td.lb-small-n" if where == "creativity board" else "td.lb-cell-disagree"
    assert page.locator(scope).count() > 0
    result = page.evaluate(
        "async (scope) => await axe.run({include: [...document.querySelectorAll(scope)]}, "
        "{resultTypes: ['violations']})",
        scope,
    )
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []
