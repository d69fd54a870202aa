"""Issue 59 must-show 1: every ``.tex`` of the public site compiles in a two-column article.

Not a sample: every ``X.tex`` and ``X.full.tex`` the public build wrote (whatever releases it
holds), compiled with pdflatex in ACL-like two-column pages (texcheck.py: one table a page, in
parallel batches). A table fails on any LaTeX error, an overfull box wider than OVERFULL_PT (a
``table`` is set in the 219 pt column, a ``table*`` across the 455 pt text width), or a caption of
more than CAPTION_LINES lines."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ..combined_site import combined_site
from .texcheck import check_tables, site_tex

pytestmark = pytest.mark.shared

OVERFULL_PT = 1.0  # TeX reports boxes 0.1 pt over; below a point nobody sees it on the page
CAPTION_LINES = 3


def test_every_tex_of_the_public_site_compiles_and_fits(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site = combined_site(tmp_path_factory)
    tables = site_tex(site.out)
    assert len(tables) > 300  # the five datasets' boards, analyses and systems tables at least
    started = time.process_time()
    report = check_tables(tmp_path, tables)
    failing = report.failing(OVERFULL_PT, CAPTION_LINES)
    assert not failing, f"{len(failing)} of {len(tables)} .tex fail: {list(failing.items())[:8]}"
    wide = [p for p, t in tables.items() if "\\begin{table*}" in t]
    assert wide and all("Across both columns" in tables[p] for p in wide)
    print(
        f"{len(tables)} .tex compiled: pdflatex {report.cpu_seconds:.1f} CPU-s, "
        f"{report.wall_seconds:.1f} s wall, checking {time.process_time() - started:.1f} CPU-s"
    )
