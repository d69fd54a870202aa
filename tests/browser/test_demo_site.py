"""The demo site in a real browser: from the leaderboard down to a paragraph."""

from __future__ import annotations

from .conftest import screenshot


def test_leaderboard_to_paragraph(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    board = page.locator("section.lb-board").first
    assert board.is_visible()
    assert page.locator(".lb-demo").first.is_visible()
    screenshot(page, "demo-home")
    # a score cell aggregates paragraphs: it leads to the system's per-paragraph table
    board.locator("td.lb-num a").first.click()
    page.wait_for_load_state()
    assert "/systems/" in page.url
    paragraph_link = page.locator("table.lb-table a[href*='paragraphs/']").first
    paragraph_link.click()
    page.wait_for_load_state()
    assert "/paragraphs/" in page.url
    assert page.locator("section.lb-source .lb-text").is_visible()
    translations = page.locator("article.lb-translation")
    assert translations.count() >= 3
    assert page.locator("article.lb-translation.lb-human").count() >= 1
    assert page.locator("h1").inner_text().strip() != ""
    screenshot(page, "demo-paragraph")
    assert page.dialogs == []


def test_leaderboard_table_sorts(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    table = page.locator("table.lb-board-table").first
    table.locator("thead th[data-lb-sort='name']").click()
    first = table.locator("tbody.lb-ranked tr.lb-row th.lb-sys a").all_inner_texts()
    assert len(first) > 1 and first == sorted(first, key=str.lower)
