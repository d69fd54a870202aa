"""The Creativity text reader in headless Chromium: keyboard focus on an LLM error span shows
its category and severity (CSS only), UCP markers show both classes, no dialog fires."""

from __future__ import annotations

from .conftest import screenshot

TEXT = "creativity/texts/en-poem-en-nl.html"


def test_focus_shows_category_and_severity(page, creativity_site: str) -> None:
    page.goto(f"{creativity_site}/{TEXT}")
    assert page.locator("table.lb-cr-lines tbody tr").count() == 12
    run = page.locator("td[data-modality=HT] .lb-run:has(mark.lb-l-auto)").first
    popover = run.locator(":scope > .lb-pop")
    assert not popover.is_visible()
    run.evaluate("element => element.focus()")
    assert popover.is_visible()
    text = popover.inner_text()
    assert "Accuracy/Mistranslation" in text and "severity: major" in text and "gpt-5.2" in text
    # Tab moves to the next highlighted stretch and shows its details instead
    page.keyboard.press("Tab")
    focused = page.locator(".lb-run:focus")
    assert focused.count() == 1 and focused.locator(":scope > .lb-pop").is_visible()
    assert not popover.is_visible()
    page.keyboard.press("Shift+Tab")
    assert popover.is_visible()
    screenshot(page, "creativity-text")
    assert page.dialogs == []


def test_ucp_markers_show_both_classes(page, creativity_site: str) -> None:
    page.goto(f"{creativity_site}/{TEXT}")
    disagree = page.locator("td mark.lb-cr-disagree").first
    badge = disagree.evaluate("m => getComputedStyle(m, '::after').content")
    assert "≠" in badge
    agree = page.locator("td mark.lb-cr-agree").first
    assert "|" in agree.evaluate("m => getComputedStyle(m, '::after').content")
    styles = [m.evaluate("m => getComputedStyle(m).borderTopStyle") for m in (disagree, agree)]
    assert styles == ["dashed", "solid"]  # not colour only
    run = page.locator("td .lb-run:has(mark.lb-cr-disagree)").first
    run.evaluate("element => element.focus()")
    text = run.locator(":scope > .lb-pop").inner_text()
    assert "professionals" in text and "LLM" in text and "they disagree" in text
    assert page.dialogs == []


def test_pages_link_together(page, creativity_site: str) -> None:
    page.goto(f"{creativity_site}/creativity/index.html")
    page.locator("a[href='texts/en-poem-en-nl.html']").first.click()
    page.wait_for_load_state()
    assert page.url.endswith(TEXT)
    page.locator("th a[href*='paragraphs/en-poem-l002.html']").click()
    page.wait_for_load_state()
    assert "/paragraphs/en-poem-l002.html" in page.url
    page.goto(f"{creativity_site}/creativity/reported.html")
    flagged = page.locator("tr.lb-disagree", has_text="48.4").first
    assert "✗ disagrees" in flagged.inner_text() and "Table 14: 7.6" in flagged.inner_text()
    assert page.dialogs == []


def test_details_need_no_javascript(no_js_page, creativity_site: str) -> None:
    no_js_page.goto(f"{creativity_site}/{TEXT}")
    run = no_js_page.locator("td[data-modality=MT] .lb-run:has(mark.lb-l-auto)").first
    popover = run.locator(":scope > .lb-pop")
    assert not popover.is_visible()
    run.evaluate("element => element.focus()")
    assert popover.is_visible() and "severity:" in popover.inner_text()


def test_statistics_page_heatmaps_have_readable_tables(page, creativity_site: str) -> None:
    """Fig. 2 / Fig. 4 render as charts, each followed by a table with every value; the flagged
    post-hoc rows are marked by text (✗) and by class, not by colour alone."""
    page.goto(f"{creativity_site}/creativity/statistics.html")
    for figure in ("figure-2", "figure-4"):
        chart = page.locator(f"#figure-{figure}")
        chart.scroll_into_view_if_needed()
        assert chart.locator("svg, img").first.is_visible()
        assert page.locator(f"section#{figure} table tbody tr").count() >= 9
    # metric, n, 3 genres x 3 scores
    assert page.locator("section#figure-4 table thead th").count() == 11
    flagged = page.locator("section#posthoc tr.lb-disagree")
    assert flagged.count() == 3 and "✗" in flagged.first.inner_text()
    assert "0.012 ✓" in page.locator("section#symmetry").inner_text()
    screenshot(page, "creativity-statistics")
    assert page.dialogs == []
