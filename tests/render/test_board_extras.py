"""The board's card columns, row notes and the Agreement page's CI column (issue 56 goals 4, 5):
unknown card values are "—" (no guess), a row ranked on fewer items says so, and a section
without intervals shows no empty CI column."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from litboard.analysis.boards import analyse
from litboard.analysis.tables import results_of
from litboard.load.read import load
from litboard.analysis.tables import HeadToHead, HeadToHeadCell
from litboard.render.core.board_extras import META_FIELDS, card_metadata, matrix_view, n_note
from litboard.render.core.jinja import DEFAULT_TEMPLATES, render
from litboard.render.schemes import agreement_page
from litboard.render.site_pages import leaderboard_html


def test_card_values_and_unknowns() -> None:
    assert [name for name, _ in META_FIELDS] == ["kind", "size", "open_weights", "date", "licence"]
    card = {"kind": "llm", "size": "7B", "open_weights": False, "date": "", "licence": None}
    assert card_metadata(card) == ["llm", "7B", "no", "—", "—"]
    assert card_metadata({"open_weights": True})[2] == "yes"
    assert card_metadata({}) == ["—"] * 5


def test_n_note_only_below_the_best_covered_row() -> None:
    assert n_note(21, 46, "paragraph") == "ranked on 21 of 46 paragraphs"
    assert n_note(46, 46, "paragraph") == ""
    assert n_note(0, 46, "paragraph") == ""


def test_demo_board_escapes_names_in_the_matrix_and_shows_card_values(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    html, _ = leaderboard_html(corpus, analysis)
    results = results_of(analysis)
    assert html.count('class="lb-table lb-matrix-table"') == len(results.head_to_head)
    for system, card in corpus.systems.items():
        pattern = rf'<tr class="lb-row[^"]*" data-system="{re.escape(system)}".*?</tr>'
        row = re.search(pattern, html, re.S)
        if row is None:
            continue
        cells = re.findall(r'<td class="lb-meta[^"]*">(.*?)</td>', row.group(0))
        assert len(cells) == 5 and cells[0] == str(card["kind"])


def test_matrix_escapes_submitted_names() -> None:
    cell = HeadToHeadCell(2, 1, 1, 4, 0.625, 0.5, 0.2, "")
    back = HeadToHeadCell(1, 1, 2, 4, 0.375, -0.5, 0.2, "")
    found = HeadToHead(
        "de-en", "k", "Score <b>", "paragraph", ["a", "b"], {("a", "b"): cell, ("b", "a"): back},
        "win rate", True,
    )  # fmt: skip
    hostile = '<script>alert(1)</script>"'
    view = matrix_view(found, {"a": hostile, "b": "B & co"})
    board = SimpleNamespace(pair="de-en", matrix=view)
    html = render("board_matrix.html.j2", DEFAULT_TEMPLATES, board=board)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Score &lt;b&gt;" in html and "B &amp; co" in html
    assert 'title="&lt;script&gt;' in html  # tooltips too
    assert ">63%<" in html and ">38%<" in html


def test_agreement_ci_column_only_where_an_interval_exists(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    files = agreement_page.build(corpus, analysis, DEFAULT_TEMPLATES).files
    page = str(files["agreement/index.md"])
    for section in page.split("<section>")[1:]:
        head = section.split("</thead>")[0]
        body = section.split("</tbody>")[0].split("<tbody>")[-1]
        if "95% CI" in head:
            # every row has its interval or "—"; never an empty cell
            assert "<td class=\"lb-num\"></td>" not in body
        else:
            assert "No 95% CI column" in section
