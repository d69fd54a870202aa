"""Rendered pages of the tiny fixture (with hostile strings) against golden files."""

from __future__ import annotations

import pytest

from litboard.load.read import load
from litboard.render.site_pages import generated_pages, leaderboard_html
from litboard.analysis.boards import analyse

from ..golden import check_golden
from ..helpers import FIXTURES


@pytest.fixture(scope="module")
def rendered() -> dict:
    corpus = load([FIXTURES / "tiny"])
    analysis = analyse(corpus)
    files = generated_pages(corpus, analysis)
    board, csvs = leaderboard_html(corpus, analysis)
    files.update(csvs)
    files["leaderboard.html"] = board
    return files


@pytest.mark.parametrize(
    "name",
    [
        "leaderboard.html",
        "leaderboard-de-en.csv",
        "paragraphs/p2.md",
        "systems/ht.md",
        "systems/mt-de-en.csv",
        "works/w1.md",
        "systems/index.md",
    ],
)
def test_page_matches_golden(rendered: dict, name: str) -> None:
    check_golden(f"tiny/{name}", rendered[name])


def test_hostile_strings_are_inert(rendered: dict) -> None:
    page = rendered["paragraphs/p2.md"]
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "<script>" not in rendered["systems/ht.md"]
    assert "{{ 7*7 }}" in page  # template syntax in data is shown, never evaluated
    assert 'title: "Human \\u0026lt;script\\u0026gt;' in rendered["systems/ht.md"]


def test_missing_scores_are_dashes_not_zero(rendered: dict) -> None:
    board = rendered["leaderboard.html"]
    assert "-0.00" not in board
    csv = rendered["leaderboard-de-en.csv"].splitlines()
    assert csv[0].startswith("rank,system,name,kind,modality")


def test_demo_leaderboard_shows_ci_rank_range_and_cluster(demo_root) -> None:
    corpus = load([demo_root])
    board, _ = leaderboard_html(corpus, analyse(corpus))
    check_golden("demo/leaderboard.html", board)
    rows = [line for line in board.splitlines() if 'class="lb-num' in line]
    assert rows and all(
        "lb-ci" in line and "lb-cluster" in line for line in rows if "<a href" in line
    )
    # three paragraphs per pair: the exact sign-flip test cannot go below p = 0.25, so the
    # cells show their n instead of a rank interval and a cluster, and the board says why
    assert "lb-no-cluster" in board and "· c1" not in board
    assert board.count("n = 3 paragraphs: no pair can be separated at α = 0.05") == 2


def test_demo_board_ranks_by_the_declared_primary_human_scheme(demo_root) -> None:
    """corpus/dataset.yaml declares primary: mqm-students; it ranks and the board says why."""
    from litboard.render.core.views import boards

    corpus = load([demo_root])
    for board in boards(corpus, analyse(corpus)):
        assert board.ranked_by is not None and board.ranked_by.key == "mqm:mqm-students"
        assert "primary human scheme declared by" in board.ranked_note
        assert [g.key for g in board.groups][0] == "human"
        values = [r.cells["mqm:mqm-students"].value for r in board.rows]
        assert values == sorted(values, reverse=True)  # MQM: higher (less negative) is better


def test_released_human_scores_sit_with_human_judgments_not_metrics(demo_root) -> None:
    from litboard.render.core.badges import evidence
    from litboard.render.core.views import boards

    corpus = load([demo_root])
    board = next(b for b in boards(corpus, analyse(corpus)) if b.pair == "de-en")
    human = next(g for g in board.groups if g.key == "human")
    assert "score:released-scores" in [c.key for c in human.columns]
    metric = next(g for g in board.groups if g.key == "metric")
    assert [c.key for c in metric.columns] == ["metric:chrf"]
    assert "human" in evidence(corpus, "demo-nmt").kinds
