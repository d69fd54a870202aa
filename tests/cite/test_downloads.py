"""Downloads (CSV -> JSON + LaTeX), permalinks and the cite box, through render.site.generate."""

from __future__ import annotations

import csv
import io
import json

import pytest

from generator.cite.anchors import anchor_tables
from generator.render.site import LEADERBOARD_MARKER, generate

from ..golden import check_golden
from ..helpers import FIXTURES


@pytest.fixture(scope="module")
def generated() -> tuple[dict, str]:
    result = generate([FIXTURES / "tiny"])
    return result.files, result.fragments[LEADERBOARD_MARKER]


def test_every_csv_has_json_and_latex_twins_with_the_same_rows(generated: tuple[dict, str]) -> None:
    files, _ = generated
    csvs = sorted(p for p in files if p.endswith(".csv"))
    assert len(csvs) >= 5
    for path in csvs:
        stem = path.removesuffix(".csv")
        rows = list(csv.DictReader(io.StringIO(files[path])))
        document = json.loads(files[f"{stem}.json"])
        assert document["table"] == path and len(document["rows"]) == len(rows)
        assert document["columns"] == list(rows[0].keys()) if rows else True
        assert document["provenance"]["data_version"] == "tiny 1"
        assert document["provenance"]["command"].startswith("litboard build --data tiny/ --out public")
        assert files[f"{stem}.tex"].count(r"\\" + "\n") == len(rows) + 1  # header + one line per row


def test_leaderboard_json_and_latex_match_golden(generated: tuple[dict, str]) -> None:
    files, _ = generated
    check_golden("cite/leaderboard-de-en.json", files["leaderboard-de-en.json"])
    check_golden("cite/leaderboard-de-en.tex", files["leaderboard-de-en.tex"])
    row = json.loads(files["leaderboard-de-en.json"])["rows"][1]
    assert row == {"rank": 2, "system": "mt", "name": "MT", "kind": "nmt", "modality": "MT",
                   "MQM (Students)": -5, "MQM (Students) ci_low": None, "MQM (Students) ci_high": None,
                   "MQM (Students) rank_range": None, "MQM (Students) cluster": None,
                   "MQM (Students) n": 1}


def test_downloads_links_offer_csv_json_and_latex(generated: tuple[dict, str]) -> None:
    _, board = generated
    assert ('Download this table: <a href="leaderboard-de-en.csv" download>CSV</a> · '
            '<a href="leaderboard-de-en.json" download>JSON</a> · '
            '<a href="leaderboard-de-en.tex" download>LaTeX</a>') in board


def test_rows_get_stable_ids_from_what_they_are_about(generated: tuple[dict, str]) -> None:
    files, board = generated
    assert '<tr class="lb-human" id="home-t1-ht">' in board and '<tr id="home-t1-mt">' in board
    assert '<table class="lb-table lb-sortable" id="home-t1">' in board
    again = generate([FIXTURES / "tiny"])
    assert again.fragments[LEADERBOARD_MARKER] == board and again.files == files


def test_row_ids_follow_the_system_not_the_position() -> None:
    rows = ['<tr><td>1</td><td><a href="systems/a.html">A</a></td></tr>',
            '<tr><td>2</td><td><a href="systems/b.html">B</a></td></tr>']
    table = '<table><thead><tr><th>Rank</th></tr></thead><tbody>{}</tbody></table>'
    first = anchor_tables(table.format("".join(rows)), "p")
    swapped = anchor_tables(table.format("".join(reversed(rows))), "p")
    row_a = '<tr id="p-t1-a"><td>1</td><td><a href="systems/a.html">'
    assert row_a in first and row_a in swapped
    assert swapped.index('id="p-t1-b"') < swapped.index('id="p-t1-a"')
    assert "<thead><tr><th>Rank" in first  # header rows keep no id
    plain = anchor_tables('<table><tr data-id="z"><td>x y</td></tr><tr id="kept"><td>x y</td></tr>'
                          "<tr><td>x y</td></tr></table>", "q")
    assert '<tr data-id="z" id="q-t1-x-y">' in plain and '<tr id="kept">' in plain
    assert 'id="q-t1-x-y-2"' in plain


def test_cite_box_under_pages_with_tables(generated: tuple[dict, str]) -> None:
    files, board = generated
    assert board.count('<details class="lb-cite">') == 1
    assert '<details class="lb-cite">' in files["systems/index.md"]
    assert "@misc{litboard-unreleased," in board and "@misc{tiny," in board
