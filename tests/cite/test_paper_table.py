"""The paper-shaped default LaTeX table (cite/paper_table.py) on hand-made tables."""

from __future__ import annotations

from pathlib import Path

from litboard.cite.latex import breakable, escape, merge_ci
from litboard.cite.paper_table import (
    COLUMN_PT,
    TEXT_PT,
    digits_for,
    fit,
    format_cell,
    paper_text,
    shape,
    text_pt,
    width,
)

from .latexdoc import ACL_PREAMBLE, compile_tables, overfull

MEASURES = [f"Measure {i}" for i in range(12)]


def leaderboard(systems: int = 12) -> tuple[list[str], list[list[str]]]:
    """A LitEval-shaped board: 5 identity columns and 12 measures with CI, ranks, cluster, n."""
    header = ["rank", "system", "name", "kind", "modality"]
    for m in MEASURES:
        header += [m, f"{m} ci_low", f"{m} ci_high", f"{m} rank_range", f"{m} cluster", f"{m} n"]
    rows = []
    for s in range(systems):
        row = [str(s + 1), f"sys-{s}", f"System number {s}", "llm", "MT"]
        for i, _ in enumerate(MEASURES):
            v = -0.1234567891 * (s + 1) * (i + 1)
            row += [repr(v), repr(v - 0.5), repr(v + 0.5), f"{s + 1}-{s + 2}", str(s + 1), "46"]
        rows.append(row)
    return header, rows


def test_a_wide_board_keeps_the_primary_measure_its_ci_ranks_cluster_and_four_more_at_most() -> (
    None
):
    header, rows = leaderboard()
    units, left_out, narrow = fit(header, rows)
    printed = [header[u[0]] for u in units]
    assert printed[:6] == [
        "rank",
        "name",
        "modality",
        "Measure 0",
        "Measure 0 rank_range",
        "Measure 0 cluster",
    ]
    assert 0 < len(printed[6:]) <= 4 and all(p in MEASURES[1:] for p in printed[6:])
    assert units[3] == [5, 6, 7]  # the primary's CI folds into its cell
    assert "Measure 11" in left_out and "system" in left_out and not narrow
    assert width(header, rows, units) <= TEXT_PT


def test_the_default_table_prints_the_pages_precision_and_declares_table_star() -> None:
    header, rows = leaderboard()
    tex, partial = paper_text(header, rows, "A board", "tab:b", "litboard build", "b.full.tex")
    assert partial and "\\begin{table*}" in tex and "\\end{table*}" in tex
    assert "-0.12 {[}-0.62, 0.38]" in tex  # two decimals, as the board shows
    assert "0.1234567891" not in tex
    assert "Left out to fit the page" in tex and "Measure 11" in tex and "b.full.tex" in tex


def test_a_narrow_table_is_a_one_column_table_and_needs_no_full_variant() -> None:
    header = ["system", "mean", "ci_low", "ci_high", "n"]
    rows = [["a", "0.51234", "0.4", "0.6", "3"], ["b", "0.2", "0.1", "0.3", "3"]]
    columns, how = shape(header, rows)
    assert how.float_env == "table" and not how.omitted and not how.narrow
    assert [t for t, _ in columns] == ["system", "mean [95% CI]", "n"]
    assert columns[1][1] == ["0.51 [0.40, 0.60]", "0.20 [0.10, 0.30]"]
    assert width(header, rows, [[0], [1, 2, 3], [4]]) <= COLUMN_PT


def test_digits_follow_the_pages_rule() -> None:
    assert digits_for("MQM (Students)") == 2 and digits_for("percent") == 1
    assert digits_for("tau_b") == 3 and digits_for("strength") == 3 and digits_for("Kendall τ") == 3
    assert format_cell("0.29674229205757663", 3) == "0.297"
    assert format_cell("21.25", 1) == "21.3"  # half up on the decimal value, as the site rounds
    assert format_cell("-0.001", 2) == "0.00" and format_cell("12", 2) == "12"
    assert format_cell("talk 2", 2) == "talk 2" and format_cell("inf", 2) == "inf"


def test_a_bare_ci_belongs_to_the_column_it_brackets() -> None:
    """Bradley-Terry: ``ci_low``/``ci_high`` follow the log columns but bound ``strength``."""
    header = [
        "system",
        "strength",
        "log_strength",
        "log_ci_low",
        "log_ci_high",
        "ci_low",
        "ci_high",
    ]
    rows = [["a", "0.37", "0.80", "-0.39", "1.78", "0.09", "0.63"]]
    assert [c.header for c in merge_ci(header, rows)][:2] == ["system", "strength [95% CI]"]
    # no rows: the one before
    assert [c.header for c in merge_ci(header)][-1] == "log_ci_high [95% CI]"


def test_long_tokens_and_brackets_can_break_and_never_start_an_optional_argument() -> None:
    commit = "zhangr2021/LitMT_eval@8bbbc18c91a50821a8bc48ebe7408ba46f859815"
    assert breakable(commit).count("\\allowbreak{}") >= 4
    assert "translation" in breakable("Human translation 1")  # ordinary words stay whole
    assert escape("[x]") == "{[}x]"
    assert text_pt("MMMM") > text_pt("iiii")


def test_hostile_and_long_cells_fit_an_acl_page(tmp_path: Path) -> None:
    header, rows = leaderboard(50)
    rows[0][2] = "Evil & 100% $5 #1 a_b {x} ~y ^z \\end{table} <i> [0] " + "我" * 30
    rows[1][2] = "x" * 200
    tex, partial = paper_text(
        header, rows, "Hostile " + "sha256:" + "ab" * 40, "tab:h", "litboard build", "h"
    )
    assert partial and "The first 40 of 50 rows" in tex
    done, _ = compile_tables(tmp_path, {"h.tex": tex}, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-2000:]
    assert not [b for b in overfull(tmp_path, {"h.tex": tex}) if b[1] > 1.0]
