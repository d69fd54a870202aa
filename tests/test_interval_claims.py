"""Issue 59 goal 3: no page calls an interval over fewer than 5 independent units a 95% CI.

Every page of a built site is walked. Each board interval carries ``data-lb-units`` (the number of
units it rests on, emitted from the analysis' n); one under 5 units must not say "95%" (it is a
"range of n ..."), and a "k of N system pairs" agreement carries counts only, never an interval.
The demo is built here; the public site (every release of releases.yaml) is the session's
combined build (tests/combined_site.py), shared with the link check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from litboard.analysis.p_format import SMALL_N
from litboard.pipeline.build import build_site

from .combined_site import combined_site
from .conftest import DEMO

_CI = re.compile(r'<span class="lb-ci[^"]*"([^>]*)>(.*?)</span>', re.S)
_UNITS = re.compile(r'data-lb-units="(\d+)"')
_PAIRS_CI = re.compile(r"system pairs?[;,] *95 ?% CI")


def overclaims(out: Path) -> list[str]:
    """Every interval of every page that claims more than its units allow, as "page: what"."""
    found = []
    for page in sorted(out.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        where = page.relative_to(out).as_posix()
        for attributes, shown in _CI.findall(text):
            if "95%" not in shown:
                continue  # a range, or an interval named by its method
            units = _UNITS.search(attributes)
            if units is None:
                found.append(f"{where}: 95% interval without data-lb-units: {shown[:80]}")
            elif int(units.group(1)) < SMALL_N:
                found.append(f"{where}: 95% interval over {units.group(1)} units: {shown[:80]}")
        found += [f"{where}: interval over system pairs" for _ in _PAIRS_CI.findall(text)]
    return found


def test_the_walk_finds_a_planted_overclaim(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<span class="lb-ci" data-lb-units="4"><span class="lb-sr">95% CI </span>[1, 2]</span>'
        '<span class="lb-ci lb-range" data-lb-units="3">range of 3 texts [1, 2]</span>'
        '<span class="lb-ci" data-lb-units="5"><span class="lb-sr">95% CI </span>[1, 2]</span>'
        '<span class="lb-ci"><span class="lb-sr">95% CI </span>[1, 2]</span>'
        "<p>chrF: 33% (1 of 3 system pairs; 95% CI 6–79%)</p>",
        encoding="utf-8",
    )
    assert overclaims(tmp_path) == [
        "a.html: 95% interval over 4 units: <span class=\"lb-sr\">95% CI ",
        "a.html: 95% interval without data-lb-units: <span class=\"lb-sr\">95% CI ",
        "a.html: interval over system pairs",
    ]


def test_no_page_of_the_demo_overclaims(tmp_path: Path) -> None:
    out = build_site([DEMO], tmp_path / "public").out
    board = (out / "demo" / "index.html").read_text(encoding="utf-8")
    assert 'data-lb-units="3"' in board and "range of 3 paragraphs" in board  # the walk sees them
    assert overclaims(out) == []


@pytest.mark.shared
def test_no_page_of_the_public_site_overclaims(tmp_path_factory: pytest.TempPathFactory) -> None:
    site = combined_site(tmp_path_factory)
    assert overclaims(site.out) == []
