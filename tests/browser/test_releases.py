"""Issue 30 goal 3: the latest site lists its kept releases and its version selector (mkdocs-
material's markup, fed from v/versions.json) goes from the latest site to a frozen release at
v/VERSION/ and back, on the same page, with no request leaving the site and none failing."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from ..cite.released import released_site
from ..helpers import DEMO
from .conftest import ARTIFACTS, screenshot, serve

VERSIONS = ("2026.1", "2026.2")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo frozen twice (2026.1, 2026.2: a changelog), then the latest demo site serving
    both."""
    base = tmp_path_factory.mktemp("released")
    out = released_site(base, [(v, DEMO) for v in VERSIONS], DEMO)
    (out / "v" / "2026.1" / "study.html").unlink()  # a page the old release does not have
    url, server = serve(out)
    yield url, out
    server.shutdown()


@pytest.fixture()
def tab(browser: Any, site: tuple[str, Path]) -> Iterator[Any]:
    """A tab that logs every request; anything not of this site is refused."""
    url = site[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.requests, page.failed = [], []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("response", lambda r: r.status >= 400 and page.failed.append(f"{r.status} {r.url}"))
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
    )
    yield page
    offsite = [u for u in page.requests if not u.startswith((url, "data:", "blob:", "about:"))]
    assert offsite == [] and page.failed == []
    context.close()


def _choices(tab: Any) -> list[str]:
    tab.wait_for_selector(".md-header__topic .md-version .md-version__link", state="attached")
    return [t.strip() for t in tab.locator(".md-version__link").all_inner_texts()]


def _choose(tab: Any, label: str) -> None:
    tab.locator(".md-header__topic .md-version").hover()
    with tab.expect_navigation():
        tab.locator(".md-version__link", has_text=label).click()


def test_releases_page_lists_each_release_its_changelog_and_bibtex(
    tab: Any, site: tuple[str, Path]
) -> None:
    url, out = site
    tab.goto(f"{url}/index.html")
    with tab.expect_navigation():
        tab.locator("nav.md-nav--primary a", has_text="Releases").first.click()
    assert tab.url == f"{url}/releases.html"
    rows = tab.locator("table.lb-releases tbody tr")
    assert rows.count() == 2 and rows.first.get_attribute("id") == "release-2026.2"
    assert (
        "rank moves since 2026.1" in rows.first.inner_text()
        and "first release" in rows.last.inner_text()
    )
    assert "demo" in rows.first.inner_text()  # the data versions
    bibtex = tab.locator("pre.lb-bibtex").all_inner_texts()
    assert [b.splitlines()[0] for b in bibtex] == [
        "@misc{litboard-2026.2,",
        "@misc{litboard-2026.1,",
    ]
    assert all("version = {" in b for b in bibtex)
    shot = screenshot(tab, "releases-page")
    assert shot.stat().st_size > 0
    with tab.expect_navigation():
        rows.first.locator("a", has_text="rank moves").click()
    assert tab.url == f"{url}/v/2026.2/changelog.html"
    assert tab.locator("h1").inner_text() == "Changes from release 2026.1 to 2026.2"


def test_selector_goes_from_latest_to_a_release_and_back_on_the_same_page(
    tab: Any, site: tuple[str, Path]
) -> None:
    url, _ = site
    tab.goto(f"{url}/demo/index.html#board")
    assert _choices(tab) == [
        "latest (this site, moves with the data)",
        "release 2026.2 (2026-11-24)",
        "release 2026.1 (2026-11-24)",
    ]
    assert tab.locator(".md-version__current").inner_text().strip() == "latest"
    tab.locator(".md-header__topic .md-version").hover()
    tab.wait_for_function(
        "getComputedStyle(document.querySelector('.md-version__list')).opacity === '1'"
    )
    tab.screenshot(
        path=str(ARTIFACTS / "releases-version-selector.png"),
        clip={"x": 0, "y": 0, "width": 640, "height": 200},
    )
    _choose(tab, "release 2026.1")
    assert tab.url == f"{url}/v/2026.1/demo/index.html#board"
    assert tab.locator(".md-version__current").inner_text().strip() == "release 2026.1 (2026-11-24)"
    assert len(_choices(tab)) == 3  # a frozen release lists the releases made after it too
    assert "@misc{litboard-2026.1," in tab.locator("pre.lb-bibtex").last.text_content()
    _choose(tab, "latest")
    assert tab.url == f"{url}/demo/index.html#board"


def test_a_page_the_release_lacks_opens_its_home(tab: Any, site: tuple[str, Path]) -> None:
    url, _ = site
    tab.goto(f"{url}/study.html")
    _choices(tab)
    tab.failed.clear()  # the one HEAD request that finds no study.html in 2026.1 is expected
    _choose(tab, "release 2026.1")
    tab.failed[:] = [f for f in tab.failed if not f.endswith("/v/2026.1/study.html")]
    assert tab.url == f"{url}/v/2026.1/index.html"


def test_keyboard_reaches_every_version(tab: Any, site: tuple[str, Path]) -> None:
    url, _ = site
    tab.goto(f"{url}/index.html")
    _choices(tab)
    tab.locator(".md-version__current").focus()
    tab.keyboard.press("Tab")
    focused = tab.evaluate("document.activeElement.textContent")
    assert focused.startswith("latest")
    # material fades the list in (an opacity transition): wait for the end state, not the first
    # frame
    tab.wait_for_function(
        "() => getComputedStyle(document.querySelector('.md-version__list')).opacity === '1'",
        timeout=30_000,
    )


READER = "demo/paragraphs/kafka-verwandlung-01.html"


def test_a_packed_reader_page_of_a_release_shows_as_built(tab: Any, site: tuple[str, Path]) -> None:
    """Issue 32: a release's reader pages are stored packed; the browser unpacks them in place."""
    from litboard.cite.packed import PACKED

    url, out = site
    assert PACKED in (out / "v" / "2026.1" / READER).read_bytes()
    tab.goto(f"{url}/{READER}")
    tab.wait_for_selector(".lb-reader.lb-js")  # reader.js ran
    latest, title = tab.locator(".lb-reader").inner_text(), tab.title()
    tab.goto(f"{url}/v/2026.1/{READER}")
    tab.wait_for_selector(".lb-reader.lb-js")  # the unpacked page's own scripts ran too
    assert tab.locator(".lb-reader").inner_text() == latest
    assert tab.title() == title
    assert _choices(tab)[0].startswith("latest")  # versions.js of the unpacked page
    assert tab.locator(".md-version__current").inner_text().strip() == "release 2026.1 (2026-11-24)"
    assert tab.locator("link[rel=stylesheet][href*='assets/stylesheets/main']").count() == 1
    assert (
        tab.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    )


def test_releases_page_and_open_selector_pass_axe(tab: Any, site: tuple[str, Path]) -> None:
    from .conftest import REPO

    axe = REPO / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.fail(f"{axe} is missing: `make install-test` installs axe-core from npm")
    tab.goto(f"{site[0]}/releases.html")
    _choices(tab)
    tab.locator(".md-version__current").focus()  # the list open
    tab.add_script_tag(path=str(axe))
    result = tab.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], bad
