"""Rendered pages of the tiny fixture (with hostile strings) against golden files."""

from __future__ import annotations

import pytest

from generator.load import load
from generator.render.pages import generated_pages, leaderboard_html
from generator.render.views import analyse

from .golden import check_golden
from .helpers import FIXTURES


@pytest.fixture(scope="module")
def rendered() -> dict:
    corpus = load([FIXTURES / "tiny"])
    analysis = analyse(corpus)
    files = generated_pages(corpus, analysis)
    board, csvs = leaderboard_html(corpus, analysis)
    files.update(csvs)
    files["leaderboard.html"] = board
    return files


@pytest.mark.parametrize("name", ["leaderboard.html", "leaderboard-de-en.csv", "paragraphs/p2.md",
                                  "systems/ht.md", "systems/mt-de-en.csv", "works/w1.md",
                                  "systems/index.md"])
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


def test_demo_leaderboard_shows_ci_rank_range_and_cluster(repo) -> None:
    corpus = load([repo])
    board, _ = leaderboard_html(corpus, analyse(corpus))
    check_golden("demo/leaderboard.html", board)
    rows = [line for line in board.splitlines() if line.startswith('<td class="lb-num"')
            or 'class="lb-num"' in line]
    assert rows and all("lb-ci" in line and "lb-cluster" in line for line in rows if "<a href" in line)
