"""Issue 46 goal 1: below SMALL_N items an interval is never called a "95% CI".

With 3 texts a bootstrap percentile interval is the range of the three values (the Creativity
boards' 72 cells), so the cell says "range of 3 texts"; the scan covers every page of the built
Creativity Bias site and of the public site (every release), and fails on any "95% CI" whose cell
states an n below the minimum."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest

from litboard.analysis.proportions import SMALL_N

from ...combined_site import combined_site
from ...creativity_site import creativity_site

pytestmark = pytest.mark.shared

N = re.compile(r"\bn = (\d+)")


@pytest.fixture(scope="module")
def site(creativity_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return creativity_site(creativity_release, tmp_path_factory).out.parent


def _cells(page: Path) -> list[lxml.html.HtmlElement]:
    doc = lxml.html.fromstring(page.read_text(encoding="utf-8"))
    return doc.xpath("//td | //li | //p[not(ancestor::td)]")


def _scan(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    claims = 0
    for page in pages:
        for cell in _cells(page):
            text = " ".join(cell.text_content().split())
            if "95% CI" not in text:
                continue
            claims += 1
            small = [int(n) for n in N.findall(text) if int(n) < SMALL_N]
            assert not small, f"{page.relative_to(site)}: '95% CI' beside n = {small}: {text[:200]}"
            assert "lb-small-n" not in (cell.get("class") or ""), f"{page}: {text[:200]}"
    assert claims > 0  # the scan saw the words where n is large enough


def test_no_95_ci_below_the_minimum_n_anywhere(site: Path) -> None:
    _scan(site)


def test_no_95_ci_below_the_minimum_n_on_the_public_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The whole public site (demo + every pinned release), built once per test session."""
    _scan(combined_site(tmp_path_factory).out)


def test_creativity_board_cells_over_three_texts_show_the_range(site: Path) -> None:
    doc = lxml.html.fromstring(
        (site / "creativity-bias" / "index.html").read_text(encoding="utf-8")
    )
    small = doc.xpath("//td[contains(@class, 'lb-small-n')][.//span[contains(@class, 'lb-range')]]")
    assert len(small) >= 27  # 3 pairs x 3 genres x HT/PE/MT in every board column
    for cell in small:
        span = cell.xpath(".//span[contains(@class, 'lb-range')]")[0]
        assert span.text_content().startswith("range of 3 texts [")
        assert "95%" not in span.text_content()
        assert "too few for a 95% interval" in span.get("title")
