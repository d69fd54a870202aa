"""A board's downloads as shown (cite/shown.py): hidden columns go with their companions,
filtered systems go, every file says what was left out and keeps its provenance, formula
cells stay guarded — a hand-made hostile table and the tiny fixture's board (golden)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from pathlib import Path

import pandas as pd

from litboard.cite.downloads import add_downloads
from litboard.cite.provenance import Provenance, provenance
from litboard.cite.shown import Shown, comment_line, shown_files
from litboard.load.read import load
from litboard.render.core.pages import csv_text
from litboard.render.site_pages import leaderboard_html
from litboard.analysis.boards import analyse

from ..golden import check_golden
from ..helpers import FIXTURES
from .latexdoc import ACL_PREAMBLE, compile_tables, overfull
from .test_downloads import GOLDEN_PACKAGES

HOSTILE_PROVENANCE = Provenance(
    data_version="=HYPERLINK(\"http://x\"), +cmd|' /C calc'!A0, @SUM(1)",
    datasets=({"id": "h", "version": "1"},),
    signatures=(
        {"campaign": "c", "metric": "chrF", "signature": "nrefs:1|case:mixed|version:2.6.0"},
    ),
    judges=({"campaign": "j", "model": "gpt-x", "prompt_sha256": "0123456789abcdef0123"},),
    build_command="litboard build --data h/",
    packages=(("numpy", "1.0"), ("pandas", "2.0")),
)


def hostile_table() -> str:
    """A board CSV as the site writes it: names that are formulas, LaTeX specials, CJK."""
    rows = []
    names = [
        "=1+1",
        "+SUM(A1)",
        "-cmd|' /C calc'!A0",
        "@home",
        "50% & $5 #1 {x} \\y [z]",
        "漢字 system",
        "'=already quoted",
    ]
    for i, name in enumerate(names):
        rows.append(
            {
                "rank": i + 1,
                "system": f"s{i}",
                "name": name,
                "kind": "llm",
                "modality": "MT",
                "MQM": -1.25 * i,
                "MQM ci_low": -1.25 * i - 0.5,
                "MQM ci_high": -1.25 * i + 0.5,
                "MQM rank_range": f"{i + 1}-{i + 2}",
                "MQM cluster": 1 + i // 3,
                "MQM n": 10,
                "chrF": 40.125 + i,
                "chrF ci_low": 39.0 + i,
                "chrF ci_high": 41.0 + i,
                "chrF rank_range": None,
                "chrF cluster": None,
                "chrF n": 10,
                "Pearson ρ": 0.12345,
                "Pearson ρ n": 3,
            }
        )
    return csv_text(pd.DataFrame(rows))


def _files(shown: Shown) -> dict[str, str]:
    block = HOSTILE_PROVENANCE.block("h/leaderboard-de-en.csv")
    files = shown_files("h/leaderboard-de-en.csv", hostile_table(), block, shown)
    return {name.rsplit(".", 1)[-1]: text for name, text in files.items()}


def test_hidden_columns_go_with_their_companions_and_filtered_systems_go() -> None:
    got = _files(Shown("de-en", ("chrF",), ("s0", "s2", "s4", "s5")))
    lines = got["csv"].splitlines()
    comments = [line for line in lines if line.startswith("#")]
    body = list(csv.reader(io.StringIO("\n".join(lines[len(comments) :]))))
    assert len(comments) == 4 and lines[:4] == comments  # the docs say: read_csv(path, skiprows=4)
    assert pd.read_csv(io.StringIO(got["csv"]), skiprows=4)["system"].tolist() == [
        "s0",
        "s2",
        "s4",
        "s5",
    ]
    assert body[0] == [
        "rank",
        "system",
        "name",
        "kind",
        "modality",
        "MQM",
        "MQM ci_low",
        "MQM ci_high",
        "MQM rank_range",
        "MQM cluster",
        "MQM n",
        "Pearson ρ",
        "Pearson ρ n",
    ]
    assert [row[1] for row in body[1:]] == ["s0", "s2", "s4", "s5"]
    # the site's formula guard stays on every name cell
    assert [row[2] for row in body[1:]] == [
        "'=1+1",
        "'-cmd|' /C calc'!A0",
        "50% & $5 #1 {x} \\y [z]",
        "漢字 system",
    ]
    assert comments[0] == (
        "# litboard table h/leaderboard-de-en.csv. As shown on the board: pair de-en"
        "; without the columns chrF; 4 of 7 systems (without +SUM(A1); @home; '=already quoted)"
        "; ranks as on the full board (by MQM).".replace("; without", ", without", 1)
        .replace("; 4 of", ", 4 of")
        .replace("; ranks", ", ranks")
    )
    document = json.loads(got["json"])
    assert document["shown"] == {
        "pair": "de-en",
        "hidden_columns": ["chrF"],
        "left_out_systems": ["s1", "s3", "s6"],
        "note": comments[0].split(". ", 1)[1],
    }
    assert [r["name"] for r in document["rows"]] == [
        "=1+1",
        "-cmd|' /C calc'!A0",
        "50% & $5 #1 {x} \\y [z]",
        "漢字 system",
    ]  # the JSON keeps the exact text
    assert document["provenance"]["data_version"] == HOSTILE_PROVENANCE.data_version
    assert list(document) == ["table", "shown", "columns", "rows", "provenance"]


def test_comment_lines_cannot_start_a_formula_in_a_spreadsheet() -> None:
    got = _files(Shown("de-en"))
    data = [line for line in got["csv"].splitlines() if line.startswith("# Data: ")][0]
    # a spreadsheet splits the line at commas: no piece may start with = + - @ or a quote
    assert (
        data == "# Data: =HYPERLINK(\"http://x\"),' +cmd|' /C calc'!A0,' @SUM(1). signatures: c: "
        "nrefs:1|case:mixed|version:2.6.0. judges: j: gpt-x prompt 0123456789ab. litboard "
        + data.rsplit("litboard ", 1)[1]
    )
    for piece in data.split(",")[1:]:
        assert not piece.startswith(("=", "+", "-", "@", '"')), piece
    assert comment_line('a,"=x"\nb') == "# a,'\"=x\" b"
    assert "every column and system" in got["csv"].splitlines()[0]


def test_the_shown_latex_is_the_paper_table_of_what_is_left(tmp_path: Path) -> None:
    got = _files(Shown("de-en", ("MQM",), None))
    tex = got["tex"]
    flat = tex.replace("\\allowbreak{}", "")
    # the primary measure is hidden: the paper table's first measure is now chrF, at 2 decimals
    assert "chrF {[}95\\%" in flat and "40.13 {[}39.00, 41.00]" in flat
    # its ranks are still those of the hidden primary measure: the caption says so
    assert "without the columns MQM, ranks as on the full board (by MQM)." in flat
    assert "MQM " not in flat.split("\\toprule", 1)[1]
    # backslash drawn, not a command
    assert "\\{\\ttfamily" not in flat and "{\\ttfamily\\char92}" in flat
    assert "U+6F22U+5B57" in flat  # CJK printed as code points (the CSV and JSON keep the text)
    # ρ has no OT1 glyph; 3 decimals for a correlation
    assert "Pearson U+03C1" in flat and "0.123" in flat
    assert flat.startswith("% litboard table h/leaderboard-de-en.csv, as shown on the board; needs")
    assert "Recompute: \\texttt{litboard build -" in tex
    done, _ = compile_tables(tmp_path / "acl", {"t.tex": tex}, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert [box for box in overfull(tmp_path / "acl", {"t.tex": tex}) if box[1] > 1.0] == []


def test_no_system_left_still_compiles(tmp_path: Path) -> None:
    tex = _files(Shown("de-en", (), ()))["tex"]
    assert "(0 rows)" in tex and "0 of 7 systems" in tex.replace("\\allowbreak{}", "")
    done, _ = compile_tables(tmp_path / "none", {"t.tex": tex}, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]


def test_tiny_board_shown_files_match_golden() -> None:
    corpus = load([FIXTURES / "tiny"])
    _, csvs = leaderboard_html(corpus, analyse(corpus))
    prov = replace(provenance(corpus), packages=GOLDEN_PACKAGES)
    files = add_downloads(csvs, prov)
    header = next(csv.reader(io.StringIO(str(files["leaderboard-de-en.csv"]))))
    systems = [row["system"] for row in json.loads(str(files["leaderboard-de-en.json"]))["rows"]]
    shown = shown_files(
        "leaderboard-de-en.csv",
        str(files["leaderboard-de-en.csv"]),
        prov.block("leaderboard-de-en.csv"),
        Shown("de-en", (header[5],), tuple(systems[1:])),
    )
    for name in ("csv", "json", "tex"):
        check_golden(
            f"cite/leaderboard-de-en.shown.{name}", shown[f"leaderboard-de-en.shown.{name}"]
        )
