"""A table with its own id takes no number (issue 56 goal 4): adding a board's head-to-head
matrix (``id="head-to-head-<pair>"``) between two boards keeps the second board's permalink."""

from __future__ import annotations

import re

from litboard.cite.anchors import anchor_tables

TABLE = "<table><tbody><tr><td>{}</td></tr></tbody></table>"
MATRIX = '<table id="head-to-head-de-en"><tbody><tr><th scope="row">a</th></tr></tbody></table>'


def _ids(page: str) -> list[str]:
    return re.findall(r'<table[^>]*\bid="([^"]+)"', anchor_tables(page, "p"))


def test_an_own_id_table_leaves_the_numbers_after_it() -> None:
    before = _ids(TABLE.format("x") + TABLE.format("y"))
    after = _ids(TABLE.format("x") + MATRIX + TABLE.format("y"))
    assert before == ["p-t1", "p-t2"]
    assert after == ["p-t1", "head-to-head-de-en", "p-t2"]
