"""No clipped box on a phone (issue 56): one page of every page type of a built site, at
390×844, has no element wider than the screen unless a scrollable container holds it.

The LitEval release's site has every page type (home, board, system, reader, paragraph
browser, work, agreement, adequacy, metric meta-evaluation, judge bias, the base pages). The
page of each type is the first file of its folder, so the test does not depend on which
systems or paragraphs the data holds. The reader's "Annotators and judges" box was 663 px
wide on a 390 px screen, clipped and not scrollable.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .conftest import screenshot

PHONE = {"width": 390, "height": 844}

# the elements that stick out of the screen and are not inside a scrollable container; an
# element whose box is hidden (no size, visibility hidden, the visually-hidden 1 px helpers) or
# inside a fixed layer moved off screen (mkdocs-material's closed drawer) is not shown
CLIPPED = """() => {
  const vw = document.documentElement.clientWidth;
  const inside = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['auto', 'scroll'].includes(s.overflowX)) return 'scroll';
      if (s.position === 'fixed') return 'fixed';
    }
    return '';
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.position === 'fixed') continue;
    if (r.right <= vw + 1 && r.left >= -1) continue;
    if (inside(el)) continue;
    const name = el.tagName.toLowerCase() + (el.className ? '.' + el.className : '');
    out.push(`${name.slice(0, 60)} (${Math.round(r.left)}..${Math.round(r.right)} px)`);
  }
  return out;
}"""


def _first(folder: Path, pattern: str = "*.html") -> str:
    pages = sorted(p for p in folder.glob(pattern) if p.name != "index.html")
    assert pages, f"no {pattern} page under {folder}"
    return pages[0].name


def _pages(site: Path) -> dict[str, str]:
    """Page type -> path from the site root (site: the dataset's folder)."""
    ds = site.name
    return {
        "home": "index.html",
        "board": f"{ds}/index.html",
        "systems": f"{ds}/systems/index.html",
        "system": f"{ds}/systems/{_first(site / 'systems')}",
        "paragraph browser": f"{ds}/paragraphs/index.html",
        "reader": f"{ds}/paragraphs/{_first(site / 'paragraphs')}",
        "works": f"{ds}/works/index.html",
        "work": f"{ds}/works/{_first(site / 'works')}",
        "agreement": f"{ds}/agreement/index.html",
        "adequacy": f"{ds}/liteval/adequacy.html",
        "metric meta-evaluation": f"{ds}/liteval/metaeval.html",
        "pair": f"{ds}/liteval/pairs/{_first(site / 'liteval' / 'pairs')}",
        "judge bias": "judge-bias/index.html",
        "study": "study.html",
        "submit": "submit.html",
        "methodology": "methodology.html",
        "data format": "data-format.html",
        "data API": "data-api.html",
        "cite": "cite.html",
    }


@pytest.mark.browser
@pytest.mark.shared
def test_no_page_type_has_a_clipped_box_on_a_phone(
    browser: object, liteval_site: str, liteval_release: Path, tmp_path_factory
) -> None:
    from ..liteval_site import liteval_site as built

    _, folder = built(liteval_release, tmp_path_factory)
    base = liteval_site.rsplit("/", 1)[0]
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    tab = context.new_page()
    clipped: dict[str, list[str]] = {}
    try:
        for kind, path in _pages(folder).items():
            assert (folder.parent / path).is_file(), f"{kind}: {path} was not built"
            response = tab.goto(f"{base}/{path}")
            assert response is not None and response.ok, path
            tab.wait_for_load_state("load")
            assert urlsplit(tab.url).path.endswith(path)
            found = tab.evaluate(CLIPPED)
            if found:
                clipped[f"{kind} ({path})"] = found[:5]
            if kind == "reader":
                screenshot(tab, "phone-reader")
    finally:
        context.close()
    assert not clipped, clipped


# the reader pages of Creativity Bias show the "Annotators and judges" box (its campaigns name
# their annotators; LitEval's release does not); before the fix it was 647 px wide at 390 px
@pytest.mark.browser
@pytest.mark.shared
def test_the_readers_annotator_box_fits_a_phone(
    browser: object, creativity_site: str, creativity_release: Path, tmp_path_factory
) -> None:
    from ..creativity_site import creativity_site as built

    folder = built(creativity_release, tmp_path_factory).out / "paragraphs"
    readers = sorted(p.name for p in folder.glob("*.html") if p.name != "index.html")
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    tab = context.new_page()
    shown = 0
    try:
        for name in readers[:5]:
            tab.goto(f"{creativity_site}/paragraphs/{name}")
            box = tab.locator("fieldset", has_text="Annotators and judges")
            if box.count() == 0:
                continue
            width = tab.evaluate("document.documentElement.clientWidth")
            rect = box.bounding_box()
            assert rect is not None and rect["x"] >= 0 and rect["x"] + rect["width"] <= width
            assert box.evaluate("e => e.scrollWidth <= e.clientWidth")  # nothing cut inside
            assert not tab.evaluate(CLIPPED), name
            if not shown:
                screenshot(tab, "phone-reader-annotators")
            shown += 1
    finally:
        context.close()
    assert shown > 0, "no reader page shows the annotators box"
