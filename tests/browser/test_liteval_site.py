"""The LitEval pages in a real browser: the adequacy reproduction and the ranking tabs."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, screenshot

pytestmark = pytest.mark.shared


def test_adequacy_page_shows_student_mqm_and_disagreements(page, liteval_site: str) -> None:
    page.goto(f"{liteval_site}/liteval/adequacy.html")
    row = page.locator("#table-adequacy tbody tr", has_text="Student MQM").first
    assert row.is_visible()
    assert row.locator("td.lb-num").first.inner_text().split()[0] == "60.0"
    flagged = page.locator(
        "#table-adequacy-reported tr.lb-disagree", has_text="GEMBA-MQM (Original)"
    ).first
    flagged.scroll_into_view_if_needed()
    assert flagged.is_visible()
    text = flagged.inner_text()
    assert "6.7" in text and "13.3" in text and "✗ disagrees" in text  # not colour alone
    marker = flagged.locator(".lb-flag")
    assert marker.is_visible()
    shade = flagged.locator("td").nth(1).evaluate("e => getComputedStyle(e).backgroundColor")
    plain = (
        page.locator("#table-adequacy-reported tbody tr:not(.lb-disagree) td")
        .nth(1)
        .evaluate("e => getComputedStyle(e).backgroundColor")
    )
    assert shade != plain
    assert page.locator(".lb-rights").first.is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "liteval-adequacy")
    assert page.dialogs == []


def test_table_14_prometheus_scenario_1_says_the_paper_is_not_legible(
    page, liteval_site: str
) -> None:
    page.goto(f"{liteval_site}/liteval/adequacy.html")
    rows = page.locator("#table-adequacy-reported tbody tr", has_text="not legible in the paper")
    assert rows.count() == 5
    row = rows.first
    row.scroll_into_view_if_needed()
    cells = row.locator("td")
    assert cells.nth(2).inner_text() == "Prometheus 2 (7B)" and cells.nth(
        4
    ).inner_text().startswith("not legible")
    assert cells.nth(5).inner_text().strip()  # the reproduced value stands beside it
    why = row.locator(".lb-tag[title]").last.get_attribute("title") or ""
    assert "six numbers under seven headers" in why
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#table-adequacy-reported").screenshot(
        path=str(ARTIFACTS / "liteval-adequacy-illegible.png")
    )
    assert page.dialogs == []


def test_ranking_tabs_switch(page, liteval_site: str) -> None:
    page.goto(f"{liteval_site}/liteval/index.html")
    assert page.locator("#table-ranking-de-en").is_visible()
    assert not page.locator("#table-ranking-all").is_visible()
    page.locator("label[for='lb-ranking-all']").click()
    assert page.locator("#table-ranking-all").is_visible()
    assert not page.locator("#table-ranking-de-en").is_visible()
    pooled = page.locator("#table-ranking-all tbody.lb-pooled tr")
    assert "Human (pooled)" in pooled.inner_text()
    screenshot(page, "liteval-index")


def test_ranking_tabs_work_without_javascript(browser, liteval_site: str) -> None:
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 900}
    )
    try:
        tab = context.new_page()
        tab.goto(f"{liteval_site}/liteval/index.html")
        tab.locator("label[for='lb-ranking-en-zh']").click()
        assert tab.locator("#table-ranking-en-zh").is_visible()
        assert not tab.locator("#table-ranking-de-en").is_visible()
    finally:
        context.close()
