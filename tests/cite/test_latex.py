"""Must-show 2: LaTeX tables compile unedited with pdflatex + booktabs; hostile names print
literally. Plus the escaping and CI-folding rules on hand-made cases."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from litboard.cite.latex import escape, merge_ci, table_tex
from litboard.importers import get
from litboard.pipeline.site import generate

from ..helpers import FIXTURES, copy_root
from .found import one
from .latexdoc import ACL_PREAMBLE, compile_tables, overfull, pdf_text

HOSTILE = r"Evil & 100% $5 #1 a_b {x} ~y ^z \end{table} <i>"


def test_every_special_is_escaped() -> None:
    assert escape("&%$#") == r"\&\%\$\#"
    assert escape("_{}~^\\") == "".join(
        rf"{{\ttfamily\char{c}}}" for c in (95, 123, 125, 126, 94, 92)
    )
    assert escape("Müller – ő") == "Müller – ő"
    assert escape("我\n") == "U+6211 "


def test_ci_columns_fold_into_their_value_cell() -> None:
    header = ["system", "MQM", "MQM ci_low", "MQM ci_high", "measure", "mean", "ci_low", "ci_high"]
    columns = merge_ci(header)
    assert [c.header for c in columns] == ["system", "MQM [95% CI]", "measure", "mean [95% CI]"]
    tex = table_tex(
        header,
        [
            ["a", "-1.5", "-2", "-1", "m", "0.3", "0.1", "0.5"],
            ["b", "-3", "", "", "m", "0.2", "", ""],
        ],
        "cap",
        "tab:x",
    )
    assert r"a & -1.5 [-2, -1] & m & 0.3 [0.1, 0.5] \\" in tex
    assert r"b & -3 & m & 0.2 \\" in tex
    assert tex.index(r"\toprule") < tex.index(r"\midrule") < tex.index(r"\bottomrule")


def test_hostile_system_name_compiles_and_prints_literally(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    card = root / "corpus" / "systems" / "mt" / "system.yaml"
    card.write_text(
        yaml.safe_dump({**yaml.safe_load(card.read_text()), "name": HOSTILE}), encoding="utf-8"
    )
    files = generate([root]).files
    tables = {p: t for p, t in files.items() if p.endswith(".tex") and isinstance(t, str)}
    one(tables, "leaderboard-de-en.tex"), one(tables, "systems/systems.tex")
    done, pdf = compile_tables(tmp_path / "tex", tables)
    assert done.returncode == 0, done.stdout[-3000:]
    text = pdf_text(pdf)
    assert text.count(HOSTILE) >= 2  # the leaderboard and the systems table
    assert re.search(
        r"Recompute: litboard build --data tiny/ --out public # then open public/(\S+/)?"
        r"leaderboard-de-en\.csv",
        " ".join(text.split()),
    )


def _site_tables(tmp: Path, importer: str, release: Path) -> dict[str, str]:
    root = tmp / "root"
    get(importer)(release, root)
    files = generate([root]).files
    return {p: t for p, t in files.items() if p.endswith(".tex") and isinstance(t, str)}


@pytest.mark.parametrize(
    "importer,fixture",
    [
        ("liteval", "liteval_release"),
        ("creativity-bias", "creativity_release"),
        ("wmt-mqm", "wmt_release"),
    ],
)
def test_every_table_of_the_site_compiles(
    tmp_path: Path, importer: str, fixture: str, request: pytest.FixtureRequest
) -> None:
    """Issue 30 must-show 1: every default ``X.tex`` of a released dataset's site fits an ACL
    page (no overfull box over 1 pt, ``table*`` where declared); every ``X.full.tex`` compiles."""
    release = request.getfixturevalue(fixture)
    if importer == "wmt-mqm":
        release = release / "mqm_ted_zhen.head300.tsv"
    tables = _site_tables(tmp_path, importer, release)
    default = {p: t for p, t in tables.items() if not p.endswith(".full.tex")}
    full = {p: t for p, t in tables.items() if p.endswith(".full.tex")}
    assert len(default) >= 10 and full and generate_paths(default)
    done, pdf = compile_tables(tmp_path / "acl", default, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "LaTeX Error" not in done.stdout and pdf.stat().st_size > 0
    wide = [(path, points) for path, points in overfull(tmp_path / "acl", default) if points > 1.0]
    assert not wide, f"tables wider than an ACL page: {wide[:10]}"
    # declared where wider than a column
    assert any("\\begin{table*}" in t for t in default.values())
    assert pdf_text(pdf).count("Recompute: litboard build") >= len(default) // 2
    done, pdf = compile_tables(tmp_path / "full", full)
    assert done.returncode == 0, done.stdout[-3000:]


def generate_paths(tables: dict[str, str]) -> list[str]:
    return [p.removesuffix(".tex") + ".csv" for p in tables]


def test_every_latin_letter_compiles(tmp_path: Path) -> None:
    """Each character of U+00A0-U+017F and the common quotes, escaped, compiles in OT1."""
    text = "".join(chr(c) for c in range(0xA0, 0x180)) + "–—‘’‚“”„…•€†‡«»"
    rows = [[text[i : i + 16]] for i in range(0, len(text), 16)]
    done, pdf = compile_tables(tmp_path, {"chars": table_tex(["c"], rows, "all", "tab:c")})
    assert done.returncode == 0, done.stdout[-2000:]
    printed = unicodedata.normalize("NFC", pdf_text(pdf))  # accents come out as combining marks
    assert "ÀÁÂÃÄÅÆÇ" in printed and "U+0110" in printed and "ŒœŔŕ" in printed
