"""Long listings are split into pages of PAGE_ROWS rows with a pager (issue 20: no page over 500
KB)."""

from __future__ import annotations

import re

from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.render.site_pages import paged_listing


def _rows(n: int) -> list[dict[str, object]]:
    return [
        {"label": f"p{i}", "link": f"p{i}.html", "cells": [i], "attrs": {"work": f"w{i // 2}"}}
        for i in range(n)
    ]


def test_five_rows_in_pages_of_two() -> None:
    files = paged_listing(
        "paragraphs",
        "Paragraphs",
        "All.",
        ["Paragraph", "n"],
        _rows(5),
        [("work", "Work", ["w0", "w1", "w2"])],
        "paragraphs.csv",
        False,
        DEFAULT_TEMPLATES,
        size=2,
    )
    assert sorted(files) == ["paragraphs/index.md", "paragraphs/page-2.md", "paragraphs/page-3.md"]
    first, last = str(files["paragraphs/index.md"]), str(files["paragraphs/page-3.md"])
    assert re.findall(r"<td><a href=\"(p\d)\.html\">", first) == ["p0", "p1"]
    assert re.findall(r"<td><a href=\"(p\d)\.html\">", last) == ["p4"]
    assert "Rows 1–2 of 5" in first and "Rows 5–5 of 5" in last
    assert 'title: "Paragraphs (page 3 of 3)"' in last
    # the pager links every page and marks the current one; it is shown above and below the table
    assert first.count('<strong aria-current="page">1</strong>') == 2
    assert 'href="page-2.html"' in first and 'href="index.html"' in last
    # each page offers only the filter values its rows have
    assert '<option value="w0">' in first and '<option value="w2">' not in first
    assert re.findall(r'<option value="(w\d)">', last) == ["w2"]
    assert all('paragraphs.csv' in str(text) for text in files.values())


def test_a_short_listing_is_one_page_without_pager() -> None:
    files = paged_listing(
        "works", "Works", "", ["Work"], _rows(3), [], "", False, DEFAULT_TEMPLATES, size=2000
    )
    assert list(files) == ["works/index.md"]
    assert "lb-pager" not in str(files["works/index.md"])
