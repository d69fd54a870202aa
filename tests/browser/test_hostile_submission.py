"""A hostile submission in a real browser: no script runs, and the literal text is what the reader
sees.

The site is built from the hostile-submission corpus's XSS root
(tests/tracks/submission/hostile.py): names, outputs, titles and comments that would run as HTML,
JavaScript or Jinja if a page inserted them unescaped. Every page is opened, every annotated span is
hovered and pinned (the reader's popups show the comments), and no dialog may fire.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from litboard.pipeline.build import build_site
from litboard.load.datasets import declared_id

from ..tracks.submission.hostile import XSS, build_inert
from .conftest import screenshot, serve

PAGES = [
    "index.html",
    "systems/index.html",
    "systems/mt.html",
    "systems/ht.html",
    "works/w1.html",
    "paragraphs/p1.html",
    "paragraphs/p2.html",
]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = build_inert(tmp_path_factory.mktemp("hostile"))
    out = build_site([root], root.parent / "public").out
    url, server = serve(out)
    yield f"{url}/{declared_id(root)}"
    server.shutdown()


@pytest.mark.parametrize("path", PAGES)
def test_no_script_runs_and_text_is_literal(page, hostile_site: str, path: str) -> None:
    page.goto(f"{hostile_site}/{path}")
    page.wait_for_load_state("load")
    for mark in page.locator("mark.lb-s").all():
        mark.hover()
        mark.click()
    page.wait_for_timeout(200)
    assert page.dialogs == [], f"a dialog fired on {path}: {page.dialogs}"
    # inline scripts that a browser executes (JSON data islands are not executed) hold no vector
    executable = page.evaluate("""Array.from(document.scripts).filter(s => !s.src
        && ['', 'text/javascript', 'module'].includes(s.type) && s.textContent.includes('alert(')).length""")  # noqa: E501
    assert executable == 0
    assert page.locator("img[onerror], svg[onload], iframe").count() == 0


def test_literal_vectors_are_visible(page, hostile_site: str) -> None:
    shown = {}
    for path in PAGES:
        page.goto(f"{hostile_site}/{path}")
        text = page.locator("body").inner_text() + page.locator("body").text_content()
        for where, vector in XSS.items():
            shown.setdefault(where, False)
            shown[where] = shown[where] or vector in text
    screenshot(page, "hostile-paragraph")
    assert shown == {where: True for where in XSS}, shown
    assert page.dialogs == []
