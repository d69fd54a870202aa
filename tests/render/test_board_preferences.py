"""Issue 46 goal 3: a pairwise study's board leads with its preferences.

The demo data root with its card declaring ``primary: {campaign: pairwise, measure:
bradley-terry}``: every board ranks by the Bradley-Terry column, "Rank by" offers it, every system
with a strength is ranked, and "all pairs" is one pooled table with rank intervals (golden)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from litboard.analysis.boards import analyse
from litboard.load import load, validate
from litboard.render.core.views import boards
from litboard.render.site_pages import leaderboard_html
from tests.golden import check_golden

KEY = "bradley-terry:pairwise"


def _declare(root: Path, campaign: str, measure: str) -> None:
    card = root / "corpus" / "dataset.yaml"
    text = card.read_text(encoding="utf-8")
    text = text.replace(
        "campaign: mqm-students\n  measure: mqm", f"campaign: {campaign}\n  measure: {measure}"
    )
    card.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def pairwise_root(demo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("preferences") / "demo"
    shutil.copytree(demo_root, root)
    _declare(root, "pairwise", "bradley-terry")
    return root


@pytest.fixture(scope="module")
def rendered(pairwise_root: Path) -> tuple[object, object, str, dict[str, str]]:
    corpus = load([pairwise_root])
    analysis = analyse(corpus)
    html, files = leaderboard_html(corpus, analysis)
    return corpus, analysis, html, files


def test_the_card_validates(pairwise_root: Path) -> None:
    assert validate([pairwise_root]).items == []


def test_a_pairwise_primary_needs_the_bradley_terry_measure(
    demo_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "demo"
    shutil.copytree(demo_root, root)
    _declare(root, "pairwise", "mqm")
    problems = validate([root]).items
    assert [p.field for p in problems] == ["primary"]
    assert "pairwise campaign with measure bradley-terry" in problems[0].fix


def test_every_board_ranks_by_preference_and_ranks_every_system_with_a_strength(rendered) -> None:
    corpus, analysis, _, _ = rendered
    for board in boards(corpus, analysis):  # type: ignore[arg-type]
        assert board.ranked_by is not None and board.ranked_by.key == KEY
        assert "primary human scheme declared by" in board.ranked_note
        assert KEY in [c.key for g in board.groups if g.key == "human" for c in g.columns]
        ranked = [r.cells[KEY] for r in board.rows]
        assert ranked and all(c.value is not None for c in ranked)
        assert [c.value for c in ranked] == sorted((c.value for c in ranked), reverse=True)
        assert all(r.cells[KEY].value is None for r in board.unranked)
        # a profile-likelihood interval around each strength and a bootstrap rank interval
        for cell in ranked:
            assert cell.ci_low <= cell.value <= cell.ci_high  # type: ignore[operator]
            assert 1 <= cell.rank_min <= cell.rank_max <= len(ranked)  # type: ignore[operator]
            assert cell.cluster is None


def test_strengths_are_the_pairs_bradley_terry_fit(rendered) -> None:
    from litboard.analysis.pairwise import bradley_terry

    corpus, analysis, _, _ = rendered
    pairwise = corpus.tables["pairwise"]  # type: ignore[attr-defined]
    board = boards(corpus, analysis)[0]  # type: ignore[arg-type]
    fit = bradley_terry(pairwise[pairwise["pair"] == board.pair])
    for row in board.rows:
        assert row.cells[KEY].value == pytest.approx(fit.at[row.system, "strength"])
        assert row.cells[KEY].n == fit.at[row.system, "comparisons"]


def test_the_first_ranking_is_the_pooled_preference_table_with_rank_intervals(rendered) -> None:
    _, _, html, files = rendered
    first = html[html.index("<section") : html.index("</section>") + len("</section>")]
    check_golden("preferences/first-ranking.html", first)
    assert 'class="lb-pooled"' in first and "Ranked by <strong>Bradley–Terry" in first
    assert "Rank interval" in first and "profile likelihood" in first
    # "all pairs" is the default choice: one table instead of a board per pair stacked
    assert '<input type="radio" name="pair" value="all" checked>' in html
    assert files["leaderboard-all-pairs.csv"].startswith(
        "rank,system,name,strength,ci_low,ci_high,ci_method,rank_range,comparisons"
    )


def test_bradley_terry_cells_name_their_interval_and_show_rank_intervals(rendered) -> None:
    _, _, html, _ = rendered
    cells = [c for c in html.split("<td") if f'data-col="{KEY}"' in c and "<a href" in c]
    assert cells and all('title="95% profile likelihood' in c for c in cells)
    assert all('class="lb-cluster lb-chip"' in c and "· c" not in c for c in cells)
    assert f'<option value="{KEY}" selected>' in html
