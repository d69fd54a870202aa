"""Board leftovers of issue 30 on the demo site: one demo banner, and an automatic-only section
whose header tells the truth about its order after a browser re-sort."""

from __future__ import annotations


def test_the_demo_board_shows_its_banner_once(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    assert page.locator(".lb-demo").count() == 1
    assert page.locator(".lb-demo").is_visible()
    assert page.get_by_text("Demo data.", exact=True).count() == 1


def _unranked(board) -> tuple[list[str], str]:
    systems = board.locator("tbody.lb-unranked tr.lb-row").evaluate_all("rows => rows.map(r => r.dataset.system)")
    head = board.locator("tr.lb-unranked-head th").inner_text()
    return systems, " ".join(head.split())


def test_the_automatic_only_header_follows_a_re_sort(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    board = page.locator("section.lb-board[data-pair='de-en']")
    unranked = board.locator("tbody.lb-unranked")
    # the build ranks every system by the human scheme: the automatic-only section is empty
    assert unranked.is_hidden() and _unranked(board)[0] == []
    built_head = board.locator("[data-lb-unranked-original]").inner_text()
    assert "Ordered by chrF" in built_head
    # rank by a measure only some systems have: the others are listed by name under a header
    # that names the current ranking and its order, not the build's ("Ordered by chrF")
    board.locator("th.lb-col[data-col='score:released-scores']").click()
    systems, head = _unranked(board)
    assert unranked.is_visible() and len(systems) >= 2
    assert head == "Not in this ranking (no Released MQM scores (demo) score); listed by name."
    names = unranked.locator("tr.lb-row").evaluate_all("rows => rows.map(r => r.dataset.name)")
    assert names == sorted(names, key=str.lower)
    # worst first keeps the same rows and header
    board.locator("th.lb-col[data-col='score:released-scores']").click()
    assert "dir=worst" in page.url and _unranked(board) == (systems, head)
    # back to the default ranking: the build's section and header
    board.locator("th.lb-col[data-col='mqm:mqm-students']").click()
    assert unranked.is_hidden()
    assert board.locator("[data-lb-unranked-original]").inner_text() == built_head
    assert board.locator("[data-lb-unranked-resorted]").is_hidden()
