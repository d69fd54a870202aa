"""What a leaderboard user expects on a board (issue 56 goal 4 and two goal-5 leftovers), on a
desktop (1440×900) and a phone (390×844): the system cards' metadata columns, a head-to-head
matrix, "last updated", captions readable inside the scrolling table and no box wider than the
screen unless it sits in a scrollable container. Nothing here names a system of the data."""

from __future__ import annotations

import re

import pytest

from .conftest import screenshot

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}

# elements of the page's content wider than the viewport and not inside a scrollable container
CLIPPED = """() => {
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('.md-content *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.right <= vw + 1) continue;
    let p = el.parentElement, inside = false;
    while (p && p !== document.body) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') { inside = true; break; }
      p = p.parentElement;
    }
    if (!inside) out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right));
  }
  return out;
}"""

# captions whose text runs past the visible part of their scrolling table
CUT_CAPTIONS = """() => Array.from(document.querySelectorAll('.lb-caption-text'))
  .filter(t => t.offsetParent !== null)
  .filter(t => {
    const wrap = t.closest('.lb-table-wrap, .lb-matrix-wrap').getBoundingClientRect();
    const r = t.getBoundingClientRect();
    return r.left < wrap.left - 1 || r.right > wrap.right + 1;
  }).map(t => t.textContent.slice(0, 40))"""


def _open(browser, url: str, size: str):  # type: ignore[no-untyped-def]
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    tab = context.new_page()
    tab.goto(url)
    return context, tab


@pytest.mark.parametrize("size", list(SIZES))
def test_demo_board_shows_metadata_matrix_and_last_updated(
    browser, demo_site: str, size: str
) -> None:
    context, tab = _open(browser, f"{demo_site}/index.html", size)
    try:
        board = tab.locator("section.lb-board:not(.lb-filtered)").first
        heads = board.locator("thead th.lb-meta").all_inner_texts()
        assert heads == ["Kind", "Size", "Open weights", "Date", "Licence"]
        rows = board.locator("tbody.lb-ranked tr.lb-row")
        assert rows.count() >= 2
        for i in range(rows.count()):
            values = rows.nth(i).locator("td.lb-meta").all_inner_texts()
            assert len(values) == 5 and all(v.strip() for v in values)  # a value or "—"
        # the shown pair's matrix follows its board
        h2h = tab.locator("section.lb-h2h:not(.lb-filtered)")
        assert h2h.count() == 1
        assert h2h.get_attribute("data-pair") == board.get_attribute("data-pair")
        matrix = h2h.locator("details.lb-matrix table.lb-matrix-table")
        assert matrix.is_visible()
        assert matrix.locator("tbody tr").count() == matrix.locator("thead th").count() - 1
        assert "n = " in matrix.locator("caption").inner_text()
        assert "Method:" in h2h.locator(".lb-matrix-method").inner_text()
        updated = tab.locator(".lb-updated")
        assert updated.is_visible()
        assert re.search(r"Last updated: \d{4}-\d{2}-\d{2} · data ", updated.inner_text())
        assert tab.evaluate(CLIPPED) == []
        assert tab.evaluate(CUT_CAPTIONS) == []
        screenshot(tab, f"board-expectations-demo-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_liteval_board_notes_rows_caveat_and_stack(browser, liteval_site: str, size: str) -> None:
    context, tab = _open(browser, f"{liteval_site}/index.html", size)
    try:
        board = tab.locator("section.lb-board:not(.lb-filtered)").first
        # rows ranked on fewer paragraphs than the others say so (LitEval: human translations)
        for note in board.locator(".lb-n-note").all_inner_texts():
            assert re.fullmatch(r"ranked on \d+ of \d+ paragraphs", note.strip())
        caveat = board.locator(".lb-caveat")
        assert caveat.is_visible() and "paper 000" in caveat.inner_text()
        assert "Sec. 4.2" in caveat.inner_text()
        assert tab.locator("section.lb-h2h:not(.lb-filtered) table.lb-matrix-table").is_visible()
        # "all pairs" says it is the per-pair boards stacked, each under its own heading
        tab.locator("input[name='pair'][value='all']").check()
        stack = tab.locator("[data-lb-stack]")
        assert stack.is_visible() and "per-pair boards" in stack.inner_text()
        shown = tab.locator("section.lb-board:not(.lb-filtered) > h2").all_inner_texts()
        assert len(shown) >= 2 and len(set(shown)) == len(shown)
        tab.locator("input[name='pair']").first.check()
        assert stack.is_hidden()
        assert tab.evaluate(CLIPPED) == []
        assert tab.evaluate(CUT_CAPTIONS) == []
        screenshot(tab, f"board-expectations-liteval-{size}")
    finally:
        context.close()
