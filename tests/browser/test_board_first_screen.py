"""The board answers in the first screen (issue 30, goal 4), on the LitEval site at 1280x800
and 390x844: the first ranked row is in the viewport on load, one pair shows at a time (kept
in the URL), nothing inside the board scrolls vertically on its own, every CI is printed and
reachable by keyboard, and on a phone the identity column (Rank + System) keeps to 40%."""

from __future__ import annotations

import re

from urllib.parse import parse_qs, urlparse

import pytest

from .conftest import ARTIFACTS
from .test_board import SIZES, _open, board_url

pytestmark = pytest.mark.shared

SHOWN = "section.lb-board:not(.lb-filtered)"


@pytest.mark.parametrize("size", SIZES)
def test_first_ranked_row_is_in_the_first_screen(page, liteval_site: str, size: str) -> None:
    _open(page, board_url(liteval_site), size)
    assert page.evaluate("window.scrollY") == 0
    assert page.locator(SHOWN).count() == 1  # one pair at a time
    row = page.locator(f"{SHOWN} tbody.lb-ranked tr.lb-row").first
    box = row.bounding_box()
    height = SIZES[size][1]
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, box
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"board-liteval-first-screen-{size}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_no_element_inside_the_board_scrolls_vertically(page, liteval_site: str, size: str) -> None:
    _open(page, board_url(liteval_site), size)
    scrolling = page.evaluate("""() => Array.from(document.querySelectorAll('section.lb-board *'))
      .filter(e => { const y = getComputedStyle(e).overflowY;
                     return (y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1; })
      .map(e => e.className)""")  # noqa: E501
    assert scrolling == []
    # every ranked row of the shown board lies inside its table wrap (none clipped)
    clipped = page.evaluate(f"""() => {{ const wrap = document.querySelector('{SHOWN} .lb-table-wrap').getBoundingClientRect();
      return Array.from(document.querySelectorAll('{SHOWN} tr.lb-row')).filter(r => {{
        const b = r.getBoundingClientRect(); return b.bottom > wrap.bottom + 1; }}).length; }}""")  # noqa: E501
    assert clipped == 0


def test_one_pair_at_a_time_remembered_in_the_url(page, liteval_site: str) -> None:
    url = board_url(liteval_site)
    _open(page, url, "wide")
    assert page.locator(SHOWN).get_attribute("data-pair") == "de-en"
    tops = page.locator("form[data-lb-controls] .lb-pairs label").evaluate_all(
        "ls => ls.map(l => Math.round(l.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops  # the pairs sit on one line
    page.locator("form[data-lb-controls] input[name='pair'][value='en-zh']").check()
    assert parse_qs(urlparse(page.url).query)["pair"] == ["en-zh"]
    page.goto(page.url)
    assert page.locator(SHOWN).get_attribute("data-pair") == "en-zh"
    page.locator("form[data-lb-controls] input[name='pair'][value='all']").check()
    assert page.locator(SHOWN).count() == 4
    page.goto(f"{url}#pair-de-zh")  # a link to a board's anchor shows that board
    assert page.locator(SHOWN).get_attribute("data-pair") == "de-zh"
    page.goto(f"{url}?pair=%27%5D%22")  # a hostile value falls back to the default pair
    assert page.locator(SHOWN).count() in (0, 1)


@pytest.mark.parametrize("size", SIZES)
def test_ci_values_are_printed_and_reachable_by_keyboard(
    page, liteval_site: str, size: str
) -> None:
    _open(page, board_url(liteval_site), size)
    cell = page.locator(f"{SHOWN} tbody.lb-ranked tr.lb-row").first.locator("td.lb-num").first
    ci = cell.locator(".lb-ci")
    assert ci.is_visible()  # no hover
    assert re.search(r"\[-?[\d.]+, -?[\d.]+\]", ci.inner_text())
    assert "95% CI" in ci.text_content()  # what a screen reader reads
    link = cell.locator("a").first
    for _ in range(200):  # Tab from the top until the first score link has focus
        page.keyboard.press("Tab")
        if link.evaluate("a => a === document.activeElement"):
            break
    else:
        pytest.fail("the first score link is not reachable with Tab")
    assert ci.is_visible()
    box, view = ci.bounding_box(), page.viewport_size
    assert box is not None and box["x"] + box["width"] <= view["width"] + 1


def test_identity_column_takes_at_most_forty_percent_of_a_phone(page, liteval_site: str) -> None:
    _open(page, board_url(liteval_site), "narrow")
    row = page.locator(f"{SHOWN} tbody.lb-ranked tr.lb-row").first
    left = row.locator(".lb-rank").bounding_box()
    right = row.locator(".lb-sys").bounding_box()
    width = right["x"] + right["width"] - left["x"]
    assert width <= 0.4 * SIZES["narrow"][0], width
    # names wrap between words, never inside one
    names = page.locator(f"{SHOWN} th.lb-sys a")
    broken = names.evaluate_all("""links => links.filter(a => { const t = a.firstChild; let i = 0;
      return t.textContent.split(' ').some(w => { const r = document.createRange();
        r.setStart(t, i); r.setEnd(t, i + w.length); i += w.length + 1;
        return r.getClientRects().length > 1; }); }).map(a => a.textContent)""")
    assert broken == []
