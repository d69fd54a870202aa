"""Must-show 4: a leaderboard row's permalink, copied and reloaded, lands on that row; the
Cite this box opens, shows BibTeX that fits its box, and is screenshotted."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, screenshot

VIEWPORT_HEIGHT = 900


def open_leaderboard(page, site: str) -> None:
    """The demo leaderboard: the home page, or the demo dataset's own page once datasets get
    folders."""
    page.goto(f"{site}/index.html")
    if page.locator("section.lb-board").count() == 0:
        page.goto(f"{site}/demo/index.html")
    assert page.locator("section.lb-board").count() > 0


def test_row_permalink_survives_a_reload(page, demo_site: str) -> None:
    open_leaderboard(page, demo_site)
    row = page.locator("section.lb-board").last.locator("tbody tr[id]").last
    row_id = row.get_attribute("id")
    permalink = row.locator("a.lb-permalink")
    assert permalink.get_attribute("href") == f"#{row_id}"
    copied = permalink.evaluate("a => a.href")  # what "Copy link" puts on the clipboard
    page.goto("about:blank")
    page.goto(copied)
    page.reload()
    page.wait_for_load_state("load")
    assert page.evaluate("location.hash") == f"#{row_id}"
    assert (
        page.evaluate("document.querySelector(':target') && document.querySelector(':target').id")
        == row_id
    )
    assert page.evaluate("window.scrollY") > 0  # the row is below the fold of the page top
    box = page.locator(f"tr#{row_id}").bounding_box()
    assert box is not None and 0 <= box["y"] < VIEWPORT_HEIGHT - box["height"]
    screenshot(page, "cite-permalink-landing")
    assert page.dialogs == []


def test_cite_box_opens_and_bibtex_fits(page, demo_site: str) -> None:
    open_leaderboard(page, demo_site)
    box = page.locator("details.lb-cite").first
    box.locator("summary").click()
    entries = box.locator("pre.lb-bibtex")
    assert entries.count() == 2
    # the demo card's own entry
    assert entries.first.inner_text().startswith("@misc{litboard-demo-2026,")
    assert (
        "@misc{litboard-" in entries.last.inner_text()
        and "version = {" in entries.last.inner_text()
    )
    for i in range(entries.count()):
        # nothing overflows
        assert entries.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    ARTIFACTS.mkdir(exist_ok=True)
    box.scroll_into_view_if_needed()
    box.screenshot(path=str(ARTIFACTS / "cite-box.png"))
    assert (ARTIFACTS / "cite-box.png").stat().st_size > 0


def test_permalinks_and_cite_box_pass_axe(page, demo_site: str) -> None:
    from .conftest import REPO

    axe = REPO / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.fail(f"{axe} is missing: `make install-test` installs axe-core from npm")
    open_leaderboard(page, demo_site)
    page.locator("details.lb-cite summary").first.click()
    assert page.locator("tr[id] a.lb-permalink").count() >= 3
    table = page.locator("section.lb-board table").first
    assert table.locator("caption a.lb-permalink").get_attribute(
        "href"
    ) == "#" + table.get_attribute("id")
    page.add_script_tag(path=str(axe))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []
