"""Every page of the XSS site in a real browser: 0 script executions, 0 dialogs, 0 requests
off-site.

The site is built from tests/hostile/xss.py (one vector in every rendered text field). The
crawl opens every HTML file of the output folder, hovers and pins every annotated span (the
reader's popups show comments), runs a site search for the vectors, and then asserts that no
vector ran: ``window.__xss`` is unset in every frame, no dialog opened, no element carries an
event-handler attribute or a ``javascript:`` link, and the request log holds only 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from litboard.pipeline.build import build_site
from litboard.load.read import validate

from ..helpers import FIXTURES, copy_root
from ..hostile.xss import TEMPLATES, build_xss_root
from .conftest import serve

pytestmark = pytest.mark.browser

# Allowed off-site requests: none (the iframe-worker polyfill is vendored, the vega bundle is
# local).
ALLOWED_OFFSITE: set[str] = set()
INJECTED = """() => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase(), value = attr.value.trim().toLowerCase();
      if (name.startsWith('on') || (['href', 'src', 'action', 'data', 'formaction'].includes(name)
          && value.startsWith('javascript:')))
        found.push(el.tagName + '[' + name + '=' + attr.value.slice(0, 60) + ']');
    }
  }
  for (const sel of ['base', 'meta[http-equiv]', 'object', 'embed', 'iframe[srcdoc]', 'form[action]'])
    for (const el of document.querySelectorAll(sel)) found.push(el.outerHTML.slice(0, 80));
  return found;
}"""  # noqa: E501


@pytest.fixture(scope="module")
def xss_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, Path, dict[str, str]]]:
    root, vectors = build_xss_root(tmp_path_factory.mktemp("xss"))
    assert validate([root]).items == []
    out = build_site([root], root.parent / "public").out
    url, server = serve(out)
    yield url, out, vectors
    server.shutdown()


def test_at_least_40_vectors_in_every_kind_of_field(
    xss_site: tuple[str, Path, dict[str, str]],
) -> None:
    _, _, vectors = xss_site
    assert len(vectors) >= 40
    groups = {field.split(".")[0] for field in vectors}
    assert {
        "dataset",
        "work",
        "paragraph",
        "evil-mt",
        "evil-ht",
        "mqm",
        "free",
        "bws",
        "sqm",
        "pairwise",
        "ruler",
        "verse",
        "ucp",
        "kudos",
        "metric",
        "mqm-evil",
    } <= groups


def test_ids_cannot_carry_a_vector(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    campaign = root / "judgments/mqm1/campaign.yaml"
    campaign.write_text(
        campaign.read_text(encoding="utf-8").replace(
            "{id: s1,", "{id: \"s1<img src=x onerror=alert(1)>\","
        ),
        encoding="utf-8",
    )
    assert "annotators.0.id" in {p.field for p in validate([root]).items}


class _Log:
    def __init__(self) -> None:
        self.requests: list[str] = []
        self.dialogs: list[str] = []


def _tab(browser_: Any, base: str) -> tuple[Any, Any, _Log]:
    log = _Log()
    context = browser_.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", lambda request: log.requests.append(request.url))

    def route(route_: Any) -> None:  # nothing leaves the machine, but every attempt is logged
        if route_.request.url.startswith(base):
            route_.continue_()
        else:
            route_.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("dialog", lambda dialog: (log.dialogs.append(dialog.message), dialog.dismiss()))
    return context, tab, log


def _ran(tab: Any) -> list[Any]:
    found = []
    for frame in tab.frames:
        try:
            marker = frame.evaluate("() => window.__xss || null")
        except Exception as exc:  # a detached frame: report it, it should not exist
            marker = f"frame error: {exc}"
        if marker:
            found.append(marker)
    return found


def _offsite(log: _Log, base: str) -> list[str]:
    return [
        u
        for u in log.requests
        if not u.startswith((base, "data:", "blob:", "about:")) and u not in ALLOWED_OFFSITE
    ]


def test_no_vector_runs_on_any_page(
    browser: Any, xss_site: tuple[str, Path, dict[str, str]]
) -> None:
    base, out, _ = xss_site
    paths = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    assert len(paths) >= 15 and "index.html" in paths
    context, tab, log = _tab(browser, base)
    problems: dict[str, Any] = {}
    marks = 0
    try:
        for path in paths:
            tab.goto(f"{base}/{path}")
            tab.wait_for_load_state("load")
            for mark in tab.locator("mark.lb-s").all()[:80]:
                if mark.is_visible():  # an omission's empty mark has no box to hover
                    mark.hover(force=True, timeout=5000)
                    mark.click(force=True, timeout=5000)  # pins the popup with the comments
                    tab.keyboard.press("Escape")  # unpins it, so it covers no other mark
                    marks += 1
            tab.wait_for_timeout(150)
            found = {"ran": _ran(tab), "injected": tab.evaluate(INJECTED)}
            if any(found.values()):
                problems[path] = found
        tab.goto(f"{base}/index.html")
        tab.keyboard.press("/")
        tab.keyboard.type("onerror script evil")
        tab.wait_for_timeout(1500)
        # the results list shows the vectors
        results = tab.locator(".md-search-result__item").count()
        if _ran(tab) or tab.evaluate(INJECTED):
            problems["search"] = _ran(tab)
    finally:
        context.close()
    assert problems == {}
    assert log.dialogs == []
    assert _offsite(log, base) == []
    assert marks >= 10, "the crawl should have opened the reader's span popups"
    assert results > 0, "the site search should have listed pages holding the vectors"
    assert sum(u.startswith(base) for u in log.requests) >= len(paths)


def test_the_crawl_would_see_a_vector_that_ran(browser: Any, tmp_path: Path) -> None:
    """The detectors themselves: an unescaped vector on a page is reported by each of them."""
    (tmp_path / "bad.html").write_text(
        "<!doctype html><body>"
        + "".join(TEMPLATES[i].format(f=f"canary{i}") for i in (0, 1, 3, 10))
        + "</body>",
        encoding="utf-8",
    )
    base, server = serve(tmp_path)
    context, tab, log = _tab(browser, base)
    try:
        tab.goto(f"{base}/bad.html")
        tab.wait_for_load_state("load")
        tab.wait_for_timeout(300)
        ran, injected = _ran(tab), tab.evaluate(INJECTED)
    finally:
        context.close()
        server.shutdown()
    assert ran == [["canary0", "canary1"]]
    assert any("onerror" in item for item in injected)
    assert log.dialogs == ["canary3"]
    assert _offsite(log, base) == ["https://evil.example/canary10.png"]
