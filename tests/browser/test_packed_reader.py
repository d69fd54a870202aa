"""Packed reader pages (``render.core.packed_reader``, ``assets/packed.js``) in headless
Chromium: once unpacked, a page's DOM is the plain page's, node for node (scripts and the
theme's own set-up included); permalinks reach their target; without JavaScript, or in a
browser without DecompressionStream, the page says what it is and where to go.

The reader's behaviour on packed pages (layers, keyboard popovers, blind mode, axe, the
hostile fixture) is tested by tests/browser/test_reader.py, which runs on both kinds."""

from __future__ import annotations

import urllib.request

from .conftest import screenshot

DEMO_PAGES = [
    "bronte-jane-eyre-01",
    "bronte-jane-eyre-02",
    "bronte-jane-eyre-06",
    "kafka-verwandlung-01",
    "kafka-verwandlung-02",
    "kafka-verwandlung-05",
]


def _body_after_scripts(page, url: str) -> str:
    page.goto(url)
    page.wait_for_selector(".lb-reader.lb-js", state="attached")
    page.wait_for_load_state("networkidle")
    return page.inner_html("body")  # type: ignore[no-any-return]


def test_every_packed_page_becomes_the_plain_page(
    page, demo_site: str, packed_demo_site: str
) -> None:
    packed_raw = (
        urllib.request.urlopen(f"{packed_demo_site}/paragraphs/{DEMO_PAGES[0]}.html")
        .read()
        .decode()
    )
    assert 'class="lb-packed-data"' in packed_raw and 'class="lb-reader"' not in packed_raw
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for name in DEMO_PAGES:
        plain = _body_after_scripts(page, f"{demo_site}/paragraphs/{name}.html")
        packed = _body_after_scripts(page, f"{packed_demo_site}/paragraphs/{name}.html")
        assert page.evaluate("document.documentElement.hasAttribute('data-lb-unpacked')")
        assert packed == plain, name
    assert errors == [] and page.dialogs == []


def test_a_permalink_reaches_its_target_on_a_packed_page(
    page, demo_site: str, packed_demo_site: str
) -> None:
    target = "de-en-demo-postedit"
    lengths = []
    for site in (demo_site, packed_demo_site):
        page.goto("about:blank")
        before = page.evaluate("history.length")
        page.goto(f"{site}/paragraphs/kafka-verwandlung-01.html#{target}")
        page.wait_for_selector(".lb-reader.lb-js", state="attached")
        page.wait_for_function(f"document.getElementById('{target}').matches(':target')")
        top = page.evaluate(f"document.getElementById('{target}').getBoundingClientRect().top")
        assert 0 <= top < 900, top  # scrolled to it
        lengths.append(page.evaluate("history.length") - before)
    assert lengths == [1, 1]  # going to the target again added no history entry
    screenshot(page, "reader-packed-permalink")


def test_a_packed_page_without_javascript_says_where_to_go(
    no_js_page, packed_demo_site: str
) -> None:
    page = no_js_page
    page.goto(f"{packed_demo_site}/paragraphs/kafka-verwandlung-01.html")
    assert page.locator("h1").first.inner_text().startswith("Die Verwandlung")
    note = page.locator(".lb-packed-note")
    assert "stored compressed" in note.inner_text()
    for link in note.locator("a").all():
        href = link.evaluate("a => a.href")
        assert urllib.request.urlopen(href).status == 200, href
    assert note.locator("a").count() == 3
    screenshot(page, "reader-packed-no-js")


def test_a_browser_without_decompression_stream_is_told(page, packed_demo_site: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("delete window.DecompressionStream;")
    page.goto(f"{packed_demo_site}/paragraphs/kafka-verwandlung-01.html")
    note = page.locator(".lb-packed-note")
    note.wait_for()
    page.wait_for_function(
        "document.querySelector('.lb-packed-note').textContent.includes('DecompressionStream')"
    )
    assert page.locator(".lb-reader").count() == 0
    assert errors == []
