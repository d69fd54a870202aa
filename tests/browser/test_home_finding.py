"""The home page leads with the finding and every board leads somewhere (issue 56), in Chromium at
1440x900 and 390x844: the finding's chart is in the first screen with a reproduced mark and, on
the LitEval site, a reported one (data not released); a board's row of links to its dataset's
analysis pages shows in the first screen, and each page it links to opens and links back."""

from __future__ import annotations

import pytest

from litboard.analysis.reported_finding import REPORTED

from ..combined_site import DATASETS, combined_site
from .conftest import screenshot, serve

pytestmark = pytest.mark.shared

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
WITH_PAPER = sorted({f.dataset for f in REPORTED})  # the datasets whose paper litboard ships


@pytest.fixture(scope="module")
def public_site(tmp_path_factory: pytest.TempPathFactory):
    """The public site (every release of releases.yaml and the demo), served."""
    out = combined_site(tmp_path_factory).out
    url, server = serve(out)
    yield url
    server.shutdown()


def _open(page, url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    page.wait_for_load_state("networkidle")


def _in_first_screen(page, selector: str, size: str) -> int:
    """How many elements matching ``selector`` lie wholly inside the first screen."""
    width, height = SIZES[size]
    return page.locator(selector).evaluate_all(
        f"""els => els.filter(e => {{ const b = e.getBoundingClientRect();
             return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= {height}
                    && b.right <= {width}; }}).length"""
    )


def _root(dataset_url: str) -> str:
    return dataset_url.rsplit("/", 1)[0]


@pytest.mark.parametrize("size", SIZES)
def test_the_finding_is_the_first_screen(page, liteval_site: str, size: str) -> None:
    _open(page, f"{_root(liteval_site)}/index.html", size)
    assert page.evaluate("window.scrollY") == 0
    assert _in_first_screen(page, "#finding-title", size) == 1
    # the dataset's chart rows, a reproduced mark and a reported one, all in the first screen
    assert _in_first_screen(page, "#finding-liteval .lb-finding-row", size) >= 3
    assert _in_first_screen(page, "#finding-liteval .lb-finding-dot", size) >= 1
    reported = "#finding-liteval .lb-finding-row-reported .lb-finding-reported"
    assert _in_first_screen(page, reported, size) >= 1
    row = page.locator("#finding-liteval .lb-finding-row-reported")
    assert "reported, data not released" in row.inner_text()
    # nothing of the finding is wider than the screen
    overflow = page.evaluate(
        "() => document.querySelector('#finding .lb-finding-wrap').scrollWidth"
        " - document.querySelector('#finding .lb-finding-wrap').clientWidth"
    )
    assert overflow <= 1
    screenshot(page, f"home-finding-liteval-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_home_shows_its_finding(page, demo_site: str, size: str) -> None:
    _open(page, f"{_root(demo_site)}/index.html", size)
    assert _in_first_screen(page, "#finding-demo .lb-finding-dot", size) >= 1
    assert page.locator("#finding .lb-finding-row-reported").count() == 0  # no paper: none


@pytest.mark.parametrize("site", ["demo_site", "liteval_site"])
def test_every_board_links_to_its_analysis_pages(page, site: str, request) -> None:
    _board_links_lead_there_and_back(page, request.getfixturevalue(site))


@pytest.mark.parametrize("dataset", DATASETS)
def test_every_public_board_links_to_its_analysis_pages(page, public_site: str, dataset) -> None:
    """The same on the public site, for the board of every dataset it holds."""
    _board_links_lead_there_and_back(page, f"{public_site}/{dataset}")


def _board_links_lead_there_and_back(page, url: str) -> None:
    _open(page, f"{url}/index.html", "desktop")
    row = page.locator("nav.lb-board-links")
    assert row.is_visible() and _in_first_screen(page, "nav.lb-board-links", "desktop") == 1
    # the navigation sidebar is hidden on a board: the row lists what it would
    listed = page.locator("nav.md-nav a.md-nav__link").evaluate_all(
        f"""as => as.map(a => a.href).filter(h => h.startsWith({url!r} + '/'))
               .filter(h => !/^\\/(index|systems\\/index|paragraphs\\/index|works\\/index)\\.html$/
                             .test(h.slice({len(url)})))"""
    )
    hrefs = row.locator("a").evaluate_all("as => as.map(a => a.href)")
    assert listed and set(listed) <= set(hrefs), set(listed) - set(hrefs)
    # Judge bias, at the dataset's own section, wherever the dataset has one (LiteraryTranslation
    # never judges its human translation: the page says so and has no section for it)
    dataset = url.rstrip("/").rsplit("/", 1)[1]
    bias = page.request.get(f"{url.rstrip('/').rsplit('/', 1)[0]}/judge-bias/index.html").text()
    if f'id="bias-{dataset}"' in bias:
        assert any(h.endswith(f"/judge-bias/index.html#bias-{dataset}") for h in hrefs), hrefs
    else:
        assert "Not on this page" in bias and dataset in bias, dataset
    for href in hrefs:
        answer = page.goto(href)
        assert answer is not None and answer.ok, href
        if "/judge-bias/" in href:
            back = page.locator(f"#{href.split('#')[1]} .lb-board-back a")
        else:
            back = page.locator("a.lb-back-to-board")
        assert back.count() == 1 and back.is_visible(), href
        assert back.evaluate("a => a.href") == f"{url}/index.html", href


@pytest.mark.parametrize("size", SIZES)
def test_board_screenshot(page, liteval_site: str, size: str) -> None:
    _open(page, f"{liteval_site}/index.html", size)
    assert _in_first_screen(page, "nav.lb-board-links", size) == 1
    screenshot(page, f"board-links-liteval-{size}")


def test_axe_finds_nothing_serious_in_the_finding(page, liteval_site: str) -> None:
    from .test_reader import AXE

    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make install-test` installs axe-core from npm")
    _open(page, f"{_root(liteval_site)}/index.html", "desktop")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => await axe.run({include: [['#finding']]}, {resultTypes: ['violations']})"
    )
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []


@pytest.mark.parametrize("size", SIZES)
def test_the_public_finding_is_the_first_screen(page, public_site: str, size: str) -> None:
    """On the public home page, unscrolled: every dataset of the chart has its reproduced marks
    in the first screen; every dataset whose paper litboard ships, a reported figure there too;
    the others say there, in their heading, that no paper figure is shipped (and the sentence
    below says why); LiteraryTranslation's absence from the chart is explained below it."""
    _open(page, f"{public_site}/index.html", size)
    assert page.evaluate("window.scrollY") == 0
    assert WITH_PAPER == ["creativity-bias", "liteval"]
    charted = page.locator("tbody.lb-finding-dataset").evaluate_all(
        "els => els.map(e => e.dataset.dataset)"
    )
    assert set(charted) == set(DATASETS) - {"demo", "literary-translation"}, charted
    for dataset in charted:
        assert _in_first_screen(page, f"#finding-{dataset} .lb-finding-dot", size) >= 1, dataset
        if dataset in WITH_PAPER:
            reported = f"#finding-{dataset} .lb-finding-row-reported [data-reported]"
            assert _in_first_screen(page, reported, size) >= 1, dataset
        else:
            note = f"#finding-{dataset} .lb-finding-nopaper"
            assert _in_first_screen(page, note, size) == 1, dataset
            says = page.locator(f"#finding-says-{dataset}").inner_text().lower()
            assert "no reported figure" in says, dataset
    absent = page.locator("#finding-absent-literary-translation")
    assert "never judged" in absent.inner_text()
    overflow = page.evaluate(
        "() => document.querySelector('#finding .lb-finding-wrap').scrollWidth"
        " - document.querySelector('#finding .lb-finding-wrap').clientWidth"
    )
    assert overflow <= 1
    screenshot(page, f"home-finding-public-{size}")
