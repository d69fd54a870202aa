"""The paragraph reader in headless Chromium: layer toggles, keyboard details, blind mode,
linked UCPs, the hostile fixture, JavaScript off, axe-core, and screenshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import REPO

from .conftest import ARTIFACTS, screenshot

DEMO = "paragraphs/kafka-verwandlung-01.html"
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

STYLE = """els => els.map(e => { const s = getComputedStyle(e);
  return [e.dataset.span, s.backgroundColor + '|' + s.backgroundImage + '|' + s.textDecorationLine
          + '|' + s.borderTopWidth + s.borderBottomWidth + '|' + s.outlineStyle]; })"""


def styles(page, selector: str) -> dict[str, str]:
    return dict(page.locator(selector).evaluate_all(STYLE))


# a mark's layer is its lb-l-* class
LAYER = "e => (e.className.match(/\\blb-l-([a-z]+)/) || [])[1]"
# its span's description
WHO = "e => document.getElementById('lb-d-' + e.dataset.span).dataset.toggle"


def described(page, run) -> list:
    """The items a run refers to (aria-describedby: one id per span covering it)."""
    return [page.locator(f"#{i}") for i in run.get_attribute("aria-describedby").split()]


@pytest.fixture(params=["plain", "packed"])
def reader_site(request: pytest.FixtureRequest) -> str:
    """The demo site with plain reader pages, and with packed ones (``packed_reader``): each
    reader test runs on both, so a packed page behaves exactly as a plain one."""
    return request.getfixturevalue("demo_site" if request.param == "plain" else "packed_demo_site")  # type: ignore[no-any-return]


def open_reader(page, url: str) -> None:
    """Go to a reader page and wait for reader.js (after assets/packed.js on a packed page)."""
    page.goto(url)
    page.wait_for_selector(".lb-reader.lb-js", state="attached")


def bare(style: str) -> bool:
    background, image, line, border, outline = style.split("|")
    return (
        background == "rgba(0, 0, 0, 0)"
        and image == "none"
        and line == "none"
        and border == "0px0px"
        and outline == "none"
    )


def test_toggling_a_layer_hides_exactly_its_spans(page, reader_site: str) -> None:
    open_reader(page, f"{reader_site}/{DEMO}")
    marks = ".lb-translation mark[data-span], .lb-source mark[data-span]"
    before = styles(page, marks)
    layers = dict(
        page.locator(marks).evaluate_all(f"els => els.map(e => [e.dataset.span, ({LAYER})(e)])")
    )
    assert {"mqm", "free", "ucp", "kudos"} <= set(layers.values())
    assert not any(bare(s) for s in before.values())  # every span is highlighted to begin with
    page.locator("input[data-lb-layer=mqm]").uncheck()
    after = styles(page, marks)
    for key, layer in layers.items():
        if layer == "mqm":
            assert bare(after[key]), key
        else:
            assert after[key] == before[key], key
    # its details leave the popovers too; the text itself stays
    assert page.locator(".lb-spans > .lb-pop-item.lb-l-mqm").first.evaluate(
        "e => e.classList.contains('lb-off-layer')"
    )
    mqm_run = page.locator(".lb-translation .lb-run:has(mark.lb-l-mqm)").first
    mqm_run.hover()
    assert (
        mqm_run.locator(":scope > .lb-pop > .lb-pop-item.lb-l-mqm").first.evaluate(
            "e => getComputedStyle(e).display"
        )
        == "none"
    )
    page.mouse.move(0, 0)
    page.locator("input[data-lb-layer=mqm]").check()
    assert styles(page, marks) == before
    # per annotator: only that annotator's spans
    page.locator("input[data-lb-toggle='mqm-students:s1']").uncheck()
    who = dict(
        page.locator(marks).evaluate_all(f"els => els.map(e => [e.dataset.span, ({WHO})(e)])")
    )
    after = styles(page, marks)
    for key, toggle in who.items():
        assert bare(after[key]) == (toggle == "mqm-students:s1"), key
    # and that annotator's details leave the popovers (each run's popover copies its spans' items)
    for run in page.locator(".lb-run").all():
        run.hover()
        ids = run.get_attribute("aria-describedby").split()
        shown = run.locator(":scope > .lb-pop > .lb-pop-item").evaluate_all(
            "els => els.map(e => getComputedStyle(e).display !== 'none')"
        )
        toggles = [page.locator(f"#{i}").get_attribute("data-toggle") for i in ids]
        assert shown == [t != "mqm-students:s1" for t in toggles], ids
    page.mouse.move(0, 0)
    assert page.dialogs == []


def test_keyboard_focus_on_a_span_shows_its_comment(page, reader_site: str) -> None:
    open_reader(page, f"{reader_site}/{DEMO}")
    data = json.loads(page.locator("script.lb-reader-data").text_content())
    comments = {s["key"]: s.get("comment", "") for t in data["translations"] for s in t["spans"]}
    for _ in range(300):
        page.keyboard.press("Tab")
        if page.evaluate(
            "document.activeElement.classList.contains('lb-run')"
            " && document.activeElement.closest('.lb-translation') !== null"
            " && document.activeElement.querySelector('mark.lb-l-mqm') !== null"
        ):
            break
    else:
        pytest.fail("Tab never reached a span in a translation")
    run = page.locator(":focus")
    popover = run.locator(":scope > .lb-pop")
    assert popover.is_visible()
    items = described(page, run)  # its popover copies the description of each span covering it
    assert items and popover.locator(".lb-pop-item").count() == len(items)
    assert all(d.text_content() in popover.text_content() for d in items)
    keys = run.locator("mark[data-span]").evaluate_all("els => els.map(e => e.dataset.span)")
    expected = [comments[k] for k in keys if comments.get(k)]
    assert expected and all(c in popover.inner_text() for c in expected)
    assert "severity:" in popover.inner_text() and "(student)" in popover.inner_text()
    screenshot(page, "reader-focus-popover")
    page.keyboard.press("Escape")
    assert not popover.is_visible()


def test_focusing_a_source_ucp_highlights_its_renderings(page, reader_site: str) -> None:
    open_reader(page, f"{reader_site}/{DEMO}")
    run = page.locator(".lb-source .lb-run").first
    ucp = run.locator("mark[data-ucp]").first.get_attribute("data-ucp")
    rendered = page.locator(f".lb-translation mark[data-ucp='{ucp}']")
    assert rendered.count() >= 3
    run.focus()
    linked = page.locator(f".lb-translation mark.lb-linked[data-ucp='{ucp}']")
    assert linked.count() == rendered.count()
    assert page.locator(".lb-translation mark.lb-linked").count() == rendered.count()
    assert any("R" in d.text_content() for d in described(page, run))


def test_blind_mode_hides_names_and_shuffles(page, reader_site: str) -> None:
    open_reader(page, f"{reader_site}/{DEMO}")
    articles = page.locator("section#de-en article.lb-translation")
    dom = articles.evaluate_all("els => els.map(e => e.id)")
    assert page.locator("section#de-en .lb-sysname").first.is_visible()
    page.locator("input[data-lb-blind]").check()
    assert not page.locator("section#de-en .lb-sysname").first.is_visible()
    labels = articles.evaluate_all(
        "els => els.map(e => e.querySelector('.lb-blindname').innerText)"
    )
    assert sorted(labels) == [f"Translation {c}" for c in "ABCDE"]
    assert page.locator("section#de-en .lb-human-tag:visible").count() == 0
    shown = sorted(
        articles.evaluate_all(
            "els => els.map(e => [e.getBoundingClientRect().top, e.getBoundingClientRect().left, "
            "e.id])"
        )
    )
    assert [s[2] for s in shown] != dom  # the order on screen is no longer the named order
    by_label = [anchor for _, anchor in sorted(zip(labels, dom))]
    assert [s[2] for s in shown] == by_label  # Translation A first, then B, …


def test_side_by_side_on_wide_screens_stacked_on_narrow(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/{DEMO}")
    lefts = page.locator("section#de-en article.lb-translation").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().left))"
    )
    assert len(set(lefts)) >= 2
    page.set_viewport_size({"width": 420, "height": 900})
    lefts = page.locator("section#de-en article.lb-translation").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().left))"
    )
    assert len(set(lefts)) == 1


@pytest.fixture(params=["plain", "packed"])
def hostile_reader_site(request: pytest.FixtureRequest) -> str:
    return request.getfixturevalue(
        "hostile_site" if request.param == "plain" else "packed_hostile_site"
    )  # type: ignore[no-any-return]


def test_hostile_fixture_renders_as_literal_text(page, hostile_reader_site: str) -> None:
    hostile_site = hostile_reader_site
    page.add_init_script("window.__litboard_pwned = false;")
    open_reader(page, f"{hostile_site}/paragraphs/h1.html")
    for run in page.locator(".lb-run").all():  # open every details popover once
        run.focus()
        page.keyboard.press("Escape")
        page.mouse.move(0, 0)
        run.hover()
    reader = page.locator(".lb-reader")
    assert reader.locator("img, textarea, b, iframe, object, embed").count() == 0
    assert reader.locator("script").count() == 1  # only the JSON island
    assert page.locator("a[href^='javascript']").count() == 0
    assert page.locator("img[src=x]").count() == 0
    text = page.locator("#en-de-evil-ht > p.lb-text").inner_text()
    for literal in (
        "<script>alert('script')</script>",
        "<img src=x onerror=alert('img')>",
        "[click me](javascript:alert('link'))",
        "{{ 7*7 }}",
        "{% if true %}JINJA-BLOCK{% endif %}",
        "</textarea><b>bold</b>",
        "<!-- hidden -->",
        "\u202etxet desrever",
        "</script><script>alert('json')</script>",
    ):
        assert literal in text, literal
    assert (
        "Human <script>alert('script')</script>" in page.locator("#en-de-evil-ht-name").inner_text()
    )
    assert (
        page.locator("h1")
        .first.inner_text()
        .startswith("Evil <img src=x onerror=alert('img')> {{ 7*7 }}")
    )
    data = json.loads(page.locator("script.lb-reader-data").text_content())
    assert any(
        "</script><script>alert('json')</script>" in s.get("comment", "")
        for t in data["translations"]
        for s in t["spans"]
    )
    # right-to-left overrides stay inside their own isolate
    assert (
        page.locator(".lb-pop-comment").first.evaluate("e => getComputedStyle(e).unicodeBidi")
        == "isolate"
    )
    assert page.evaluate("window.__litboard_pwned") is False
    screenshot(page, "reader-hostile")
    open_reader(page, f"{hostile_site}/paragraphs/h3.html")
    assert len(page.locator("#en-de-evil-mt > p.lb-text").inner_text()) == 20000
    assert page.dialogs == []


def test_reader_works_with_javascript_disabled(no_js_page, demo_site: str) -> None:
    page = no_js_page
    page.goto(f"{demo_site}/{DEMO}")
    assert page.locator(".lb-reader.lb-js").count() == 0
    assert not page.locator(".lb-controls").is_visible()
    assert page.locator("article.lb-translation").count() == 5
    marks = styles(page, ".lb-translation mark[data-span]")
    assert marks and not any(bare(s) for s in marks.values())  # every layer shows
    # each span described once, in the list under its text that the runs refer to: shown as is
    for run in page.locator(".lb-translation .lb-run").all():
        assert all(d.is_visible() for d in described(page, run))
        assert run.locator(".lb-pop").count() == 0
    assert page.locator("noscript").count() == 1
    screenshot(page, "reader-no-js")


def test_omission_caret_is_visible(page, cjk_site: str) -> None:
    page.goto(f"{cjk_site}/paragraphs/c1.html")
    caret = page.locator("mark.lb-omission").first
    content = caret.evaluate("e => getComputedStyle(e, '::before').content")
    assert content == '"‸"'
    width = caret.evaluate("e => e.getBoundingClientRect().width")
    assert width > 4
    screenshot(page, "reader-cjk")


def test_axe_reports_no_serious_or_critical_violations(page, reader_site: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make install-test` installs axe-core from npm")
    open_reader(page, f"{reader_site}/{DEMO}")
    page.add_script_tag(path=str(AXE))
    # the whole page, theme included (litboard.css/js fix the theme's footer contrast and
    # give its search dialog an accessible name)
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []
    (ARTIFACTS / "axe-reader.json").write_text(
        json.dumps(result["violations"], indent=1), encoding="utf-8"
    )


def test_screenshot_of_a_demo_paragraph(page, demo_site: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{demo_site}/{DEMO}")
    page.locator("#de-en-demo-llm .lb-run").nth(1).focus()
    page.evaluate("window.scrollTo(0, 0)")  # the theme's sticky header stays on top
    path = screenshot(page, "reader-demo")
    assert path.stat().st_size > 10_000
    # one window's worth around the translations, for the README
    page.evaluate("window.scrollTo(0, document.querySelector('#de-en').offsetTop - 120)")
    page.screenshot(path=str(ARTIFACTS / "reader-demo-window.png"))


def test_screenshot_of_a_creativity_text(
    page, creativity_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from litboard.pipeline.build import build_site
    from litboard.importers.releases.creativity_bias import run

    from .conftest import serve

    root = tmp_path_factory.mktemp("cb") / "data"
    run(creativity_release, root)
    out = build_site([root], root.parent / "public").out
    url, server = serve(out)
    try:
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.goto(f"{url}/creativity-bias/paragraphs/en-short-story-l002.html")
        assert page.locator("article.lb-translation").count() >= 3
        assert page.locator("mark.lb-l-auto").count() >= 1
        page.locator(".lb-translation .lb-run").first.focus()
        path = screenshot(page, "reader-creativity")
        assert path.stat().st_size > 10_000
        assert page.dialogs == []
    finally:
        server.shutdown()


def test_reader_pages_have_a_light_shell_with_home_and_search(page, demo_site: str) -> None:
    """Reader pages (not in the site navigation) carry no navigation sidebar, drawer or search
    dialog (theme/main.html); the header's logo leads home on every screen width and its search
    button opens the site search on the home page. Other pages keep the theme's whole shell."""
    page.goto(f"{demo_site}/{DEMO}")
    assert (
        page.locator(".md-sidebar, .md-search, label[for=__drawer].md-header__button").count() == 0
    )
    assert page.locator(".lb-dataset-label, .lb-nav, footer.md-footer").count() >= 2
    page.set_viewport_size({"width": 420, "height": 900})
    home = page.locator("header .md-logo")
    assert home.is_visible()
    search = page.locator("header a.md-header__button[aria-label=Search]")
    assert search.is_visible()
    search.click()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.matches('input.md-search__input')"
    )
    assert page.locator(".md-search__input").is_visible()
    assert page.locator(".md-sidebar--primary").count() == 1  # the home page keeps its navigation
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{demo_site}/{DEMO}")
    assert home.is_visible() and page.locator(".lb-translation").count() == 5
    assert page.dialogs == []
