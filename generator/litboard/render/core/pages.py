"""Assemble every generated file of the site: relative path -> text or bytes.

Pure: reads the corpus and analysis, returns a dict. ``site.write``/the mkdocs plugin
are the only places that touch the filesystem.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
from markupsafe import Markup

from ...analysis.rounding import STATED_FORMAT, stated
from ...files.csv_cells import inert_cell
from .bulk import PackedPage
from .jinja import render

Files = dict[str, "str | bytes | PackedPage"]
# litboard-py/-latex/-tables.js: the as-shown downloads, loaded by litboard.js on first use;
# versions.js: the version selector (cite.kept)
ASSETS = (
    "litboard.css",
    "litboard.js",
    "litboard-py.js",
    "litboard-latex.js",
    "litboard-tables.js",
    "reader.css",
    "reader.js",
    "packed.js",
    "home.css",
    "iframe-worker-shim.js",
    "versions.js",
)


def csv_text(frame: pd.DataFrame) -> str:
    """Every CSV download: text cells (and headers) that a spreadsheet would run as a formula
    are neutralised; numbers are written as numbers at the stated precision
    (``analysis.rounding.stated``), in float and in mixed columns alike."""
    safe = frame.copy()
    safe.columns = [inert_cell(c) for c in safe.columns]
    for position in range(safe.shape[1]):
        column = safe.iloc[:, position]
        if pd.api.types.is_float_dtype(column.dtype):
            safe.isetitem(position, column.map(stated))
        elif not pd.api.types.is_numeric_dtype(column.dtype):
            safe.isetitem(position, column.map(_written_cell))
    return safe.to_csv(index=False, lineterminator="\n", float_format=STATED_FORMAT)


def _written_cell(value: object) -> object:
    """A cell of a mixed column: a float at the stated precision (NaN stays empty), text made
    inert."""
    if isinstance(value, float):
        return value if math.isnan(value) else STATED_FORMAT % stated(value)
    return inert_cell(value)


SEARCH = ("full", "title", "none")


def page(
    title: str,
    body: str,
    demo: bool,
    templates: Path,
    search: str = "title",
    wide: bool = False,
    bulk: bool = False,
) -> str:
    """A generated Markdown page. ``search`` says what the site search indexes: "title" (the
    default: the title only, so numbers, provenance and signatures never reach the index),
    "full" (title and text, minus blocks marked ``data-search-exclude``: system cards, works)
    or "none" (left out: mkdocs-material's ``search.exclude`` front matter). ``wide`` hides the
    navigation and table-of-contents sidebars (leaderboards and listings). ``bulk`` pages
    (one per paragraph) are filled into a shell rather than rendered by mkdocs one by one
    (``render.core.bulk``); they must not be searchable."""
    if bulk and search != "none":
        raise ValueError("bulk pages are left out of the search: use search='none'")
    if search not in SEARCH:
        raise ValueError(f"search must be one of {SEARCH}, not {search!r}")
    return render(
        "page.md.j2",
        templates,
        title=title,
        body=Markup(body),
        demo=demo,
        search=search,
        wide=wide,
        bulk=bulk,
    )
