"""Downloads (CSV -> JSON + LaTeX), row ids and the cite box, through pipeline.site.generate."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from importlib import metadata

import pytest

from litboard import __version__
from litboard.cite.anchors import anchor_tables
from litboard.cite.downloads import add_downloads
from litboard.cite.provenance import COMPUTING, merged, provenance, scored_with
from litboard.load.read import load
from litboard.render.site_pages import leaderboard_html
from litboard.pipeline.site import Generated, generate
from litboard.analysis.boards import analyse

from ..golden import check_golden
from ..helpers import FIXTURES
from .found import board_page, one


@pytest.fixture(scope="module")
def generated() -> Generated:
    return generate([FIXTURES / "tiny"])


def test_every_csv_has_json_and_latex_twins_with_the_same_rows(generated: Generated) -> None:
    files = generated.files
    csvs = sorted(p for p in files if p.endswith(".csv"))
    assert len(csvs) >= 5
    for path in csvs:
        stem = path.removesuffix(".csv")
        rows = list(csv.DictReader(io.StringIO(files[path])))
        document = json.loads(files[f"{stem}.json"])
        assert document["table"] == path and len(document["rows"]) == len(rows)
        assert document["columns"] == (list(rows[0].keys()) if rows else document["columns"])
        assert document["provenance"]["data_version"] == "tiny 1"
        assert document["provenance"]["command"] == (
            f"litboard build --data tiny/ --out public  # then open public/{path}"
        )
        # header + one line per row
        assert files[f"{stem}.tex"].count(r"\\" + "\n") == len(rows) + 1


# The goldens record fixed versions: they must not move when the lock does (the real ones are
# checked against the installed packages below).
GOLDEN_PACKAGES = tuple((name, "0.0-golden") for name in COMPUTING)


def test_leaderboard_json_and_latex_match_golden() -> None:
    corpus = load([FIXTURES / "tiny"])
    _, csvs = leaderboard_html(corpus, analyse(corpus))
    files = add_downloads(csvs, replace(provenance(corpus), packages=GOLDEN_PACKAGES))
    check_golden("cite/leaderboard-de-en.json", str(files["leaderboard-de-en.json"]))
    check_golden("cite/leaderboard-de-en.tex", str(files["leaderboard-de-en.tex"]))
    row = json.loads(str(files["leaderboard-de-en.json"]))["rows"][1]
    assert row["system"] == "mt" and row["MQM (Students)"] == -5 and row["MQM (Students) n"] == 1
    assert row["MQM (Students) ci_low"] is None  # empty CSV cells are null, not 0 or ""


def test_downloads_links_offer_csv_json_and_latex(generated: Generated) -> None:
    assert re.search(
        r'Download this table: <a href="([^"]*)leaderboard-de-en.csv" download>CSV</a> · '
        r'<a href="\1leaderboard-de-en.json" download>JSON</a> · '
        r'<a href="\1leaderboard-de-en.tex" download>LaTeX</a>',
        board_page(generated),
    )


def test_rows_get_stable_ids_from_what_they_are_about(generated: Generated) -> None:
    board = board_page(generated)
    table = re.search(r'<table class="lb-table lb-board-table" id="([a-z0-9-]+-t1)">', board)
    assert table is not None
    assert re.search(rf'<tr class="lb-row lb-human" [^>]*id="{table.group(1)}-ht">', board)
    assert re.search(rf'<tr class="lb-row" [^>]*id="{table.group(1)}-mt">', board)
    again = generate([FIXTURES / "tiny"])
    assert board_page(again) == board and again.files == generated.files


def test_row_ids_follow_the_system_not_the_position() -> None:
    rows = [
        '<tr><td>1</td><td><a href="systems/a.html">A</a></td></tr>',
        '<tr><td>2</td><td><a href="systems/b.html">B</a></td></tr>',
    ]
    table = '<table><thead><tr><th>Rank</th></tr></thead><tbody>{}</tbody></table>'
    first = anchor_tables(table.format("".join(rows)), "p")
    swapped = anchor_tables(table.format("".join(reversed(rows))), "p")
    row_a = '<tr id="p-t1-a"><td>1</td><td><a href="systems/a.html">'
    assert row_a in first and row_a in swapped
    assert swapped.index('id="p-t1-b"') < swapped.index('id="p-t1-a"')
    assert "<thead><tr><th>Rank" in first  # header rows keep no id
    plain = anchor_tables(
        '<table><tr data-id="z"><td>x y</td></tr><tr id="kept"><td>x y</td></tr>'
        "<tr><td>x y</td></tr></table>",
        "q",
    )
    assert '<tr data-id="z" id="q-t1-x-y">' in plain and '<tr id="kept">' in plain
    assert 'id="q-t1-x-y-2"' in plain


def test_cite_box_under_pages_with_tables(generated: Generated) -> None:
    board = board_page(generated)
    assert board.count('<details class="lb-cite" data-search-exclude>') == 1
    assert (
        '<details class="lb-cite" data-search-exclude>'
        in generated.files[one(generated.files, "systems/index.md")]
    )
    # generated outside a build: no commit handed over, and the box does not invent one
    assert f"@misc{{litboard-{__version__}-unreleased," in board and "@misc{tiny," in board
    assert "not a git checkout: no commit recorded" in board


def test_provenance_names_the_installed_versions_of_the_computing_packages(
    generated: Generated,
) -> None:
    """Must-show 3 of issue 31: a built page's provenance block lists the package versions."""
    versions = {name: metadata.version(name) for name in COMPUTING}
    assert set(versions) == {
        "numpy",
        "pandas",
        "scipy",
        "scikit-learn",
        "sacrebleu",
        "choix",
        "krippendorff",
    }
    line = (
        "Computed with "
        + ", ".join(f"{name} {version}" for name, version in versions.items())
        + "."
    )
    board = board_page(generated)
    box = board[board.index('<details class="lb-cite"') :]
    assert line in box
    document = json.loads(generated.files[one(generated.files, "leaderboard-de-en.json")])
    assert document["provenance"]["packages"] == versions
    tex = generated.files[one(generated.files, "leaderboard-de-en.tex")]
    assert tex.splitlines()[1] == "% computed with " + line.removeprefix(
        "Computed with "
    ).removesuffix(".")


def test_comet_is_named_with_the_version_its_signature_records() -> None:
    signed = (
        {"campaign": "c", "metric": "comet", "signature": "comet:2.2.7|model:tiny|ref:human-first"},
        {"campaign": "b", "metric": "chrf", "signature": "nrefs:1|version:2.6.0"},
    )
    assert scored_with(signed) == (("unbabel-comet", "2.2.7"),)
    assert scored_with(signed[1:]) == ()
    corpus = load([FIXTURES / "tiny"])
    one_ds = replace(provenance(corpus), packages=(("numpy", "1"), ("unbabel-comet", "2.2.7")))
    other = replace(provenance(corpus), packages=(("numpy", "1"), ("unbabel-comet", "2.2.5")))
    assert merged([("a", one_ds), ("b", other)]).packages == (
        ("numpy", "1"),
        ("unbabel-comet", "2.2.5, 2.2.7"),
    )
