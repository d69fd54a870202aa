"""The head-to-head matrix (issue 56 goal 4): win rates on a small hand-computed case, the
p-values of the board's own paired test, verdicts only where p < alpha, and its records."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from litboard.analysis import head_to_head as h2h
from litboard.analysis.boards import analyse
from litboard.analysis.head_to_head import matrix, pair_counts
from litboard.analysis.leaderboard import Column
from litboard.analysis.rank_tables import rank_result
from litboard.analysis.significance import pairwise_significance
from litboard.analysis.tables import results_of
from litboard.load.read import load
from litboard.settings import AnalysisSettings

# paragraph -> (A, B, C); B has no score on p5
SCORES = {
    "p1": (3.0, 1.0, 0.0),
    "p2": (2.0, 2.0, 0.0),
    "p3": (5.0, 4.0, 1.0),
    "p4": (4.0, 5.0, 1.0),
    "p5": (1.0, None, 2.0),
}


def _long() -> pd.DataFrame:
    rows = [
        {"column": "k", "system": system, "pair": "de-en", "paragraph": p, "score": value}
        for p, values in SCORES.items()
        for system, value in zip("ABC", values)
        if value is not None
    ]
    return pd.DataFrame(rows)


def _column(higher: bool = True) -> Column:
    return Column("k", "Score", "camp", higher, "camp, data v1")


def _analysis() -> SimpleNamespace:
    return SimpleNamespace(settings=AnalysisSettings())


def test_win_rates_by_hand() -> None:
    board = matrix(_long(), _column(), ["A", "B", "C"], "de-en", _analysis())  # type: ignore[arg-type]
    assert board is not None and board.systems == ["A", "B", "C"]
    ab = board.cells[("A", "B")]
    # A - B on p1..p4 (p5: B unscored): 2, 0, 1, -1 -> 2 wins, 1 tie, 1 loss
    assert (ab.wins, ab.ties, ab.losses, ab.n) == (2, 1, 1, 4)
    assert ab.win_rate == pytest.approx((2 + 0.5) / 4)
    assert ab.difference == pytest.approx(0.5)
    ac = board.cells[("A", "C")]
    # A - C on p1..p5: 3, 2, 4, 3, -1 -> 4 wins, 1 loss, mean 11 / 5
    assert (ac.wins, ac.ties, ac.losses, ac.n) == (4, 0, 1, 5)
    assert ac.win_rate == pytest.approx(0.8)
    assert ac.difference == pytest.approx(2.2)
    bc = board.cells[("B", "C")]
    assert (bc.wins, bc.n, bc.win_rate, bc.difference) == (4, 4, 1.0, pytest.approx(2.5))
    # the other direction is the complement
    for (row, other), cell in board.cells.items():
        back = board.cells[(other, row)]
        assert cell.win_rate + back.win_rate == pytest.approx(1.0)
        assert cell.difference == pytest.approx(-back.difference)
        assert (cell.wins, cell.losses) == (back.losses, back.wins)


def test_lower_is_better_turns_wins_round() -> None:
    board = matrix(_long(), _column(False), ["C", "B", "A"], "de-en", _analysis())  # type: ignore[arg-type]
    assert board is not None
    assert board.cells[("C", "A")].win_rate == pytest.approx(0.8)
    assert board.cells[("C", "A")].difference == pytest.approx(2.2)


def _wide_case() -> pd.DataFrame:
    """12 paragraphs: A beats B and C on each; B and C alternate (6 wins each, difference 0)."""
    rows = [
        {"column": "k", "system": system, "pair": "de-en", "paragraph": f"p{i:02d}", "score": v}
        for i in range(12)
        for system, v in (("A", 10.0 + i % 3), ("B", 5.0 + i % 2), ("C", 5.0 + (i + 1) % 2))
    ]
    return pd.DataFrame(rows)


def test_small_samples_give_no_verdict() -> None:
    board = matrix(_long(), _column(), ["A", "B", "C"], "de-en", _analysis())  # type: ignore[arg-type]
    assert board is not None
    # with 4-5 shared paragraphs no pair can reach p < 0.05 (as for the clusters): no verdict
    assert not board.separable
    assert all(cell.verdict == "" for cell in board.cells.values())


def test_p_values_are_the_boards_test_and_verdicts_follow_them() -> None:
    settings = AnalysisSettings()
    long = _wide_case()
    board = matrix(long, _column(), ["A", "B", "C"], "de-en", _analysis())  # type: ignore[arg-type]
    assert board is not None
    wide = long.pivot_table(index="paragraph", columns="system", values="score")
    wide.columns.name = None
    p = pairwise_significance(
        wide, settings.bootstrap_resamples, settings.seed, settings.missing, settings.test
    )
    assert board.separable
    for (row, other), cell in board.cells.items():
        assert cell.p == pytest.approx(float(p.at[row, other]))
        expected = "" if cell.p >= settings.alpha or cell.difference == 0 else (
            "better" if cell.difference > 0 else "worse"
        )
        assert cell.verdict == expected
    assert board.cells[("A", "B")].verdict == "better"
    assert board.cells[("C", "A")].verdict == "worse"
    bc = board.cells[("B", "C")]
    assert (bc.wins, bc.losses, bc.win_rate, bc.verdict) == (6, 6, 0.5, "")
    assert "not corrected for multiple comparisons" in board.method


def test_pair_counts_ignores_unshared_items() -> None:
    wide = pd.DataFrame({"A": [1.0, 2.0, float("nan")], "B": [0.0, float("nan"), 5.0]})
    assert pair_counts(wide, "A", "B", True) == (1, 0, 0, 1.0)
    wins, ties, losses, mean = pair_counts(wide.iloc[1:2], "A", "B", True)
    assert (wins, ties, losses) == (0, 0, 0) and math.isnan(mean)


def test_demo_matrices_match_their_board_and_records(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    results = results_of(analysis)
    assert results.head_to_head, "the demo ranks systems on a human scheme: a matrix per pair"
    records = {
        (r.pair, r.measure, r.subject, dict(r.qualifiers)["opponent"], r.statistic): r
        for r in results.table
        if r.definition == "board.head_to_head"
    }
    for (pair, key), board in results.head_to_head.items():
        ranked = analysis.rankings[(pair, key)]
        assert board.systems == [str(s) for s in ranked.index]  # the board's order
        for (row, other), cell in board.cells.items():
            assert cell.n <= min(ranked.at[row, "n_items"], ranked.at[other, "n_items"])
            for statistic, value in (
                ("win_rate", cell.win_rate), ("mean_difference", cell.difference), ("p", cell.p)
            ):
                record = records[(pair, key, row, other, statistic)]
                assert record.value == value and record.n == cell.n
    assert len(records) == 3 * sum(len(b.cells) for b in results.head_to_head.values())


def test_no_shared_item_gives_no_matrix() -> None:
    rows = [
        {"column": "k", "system": s, "pair": "de-en", "paragraph": p, "score": 1.0}
        for s, p in (("A", "p1"), ("A", "p2"), ("B", "p3"), ("B", "p4"))
    ]
    board = matrix(pd.DataFrame(rows), _column(), ["A", "B"], "de-en", _analysis())  # type: ignore[arg-type]
    assert board is None


def _no_second_test(*args: object, **kwargs: object) -> None:
    raise AssertionError("the ranking's p-values were not reused: the test ran again")


def test_matrix_reuses_the_rankings_p_values(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = AnalysisSettings()
    long = _wide_case()
    ranked = rank_result(long, True, settings)
    assert ranked is not None
    order = [str(s) for s in ranked.table.index]
    monkeypatch.setattr(h2h, "pairwise_significance", _no_second_test)
    board = matrix(long, _column(), order, "de-en", _analysis(), ranked)  # type: ignore[arg-type]
    assert board is not None and len(board.cells) == 6
    for (row, other), cell in board.cells.items():
        assert cell.p == float(ranked.p_values.at[row, other])
    # and they are the p-values the test gives when it runs again (the matrix before the reuse)
    wide = long.pivot_table(index="paragraph", columns="system", values="score")
    wide.columns.name = None
    again = pairwise_significance(
        wide, settings.bootstrap_resamples, settings.seed, settings.missing, settings.test
    )
    assert all(cell.p == float(again.at[r, o]) for (r, o), cell in board.cells.items())


@pytest.mark.parametrize(
    "other",
    [
        AnalysisSettings(seed=7),
        AnalysisSettings(bootstrap_resamples=500),
        AnalysisSettings(test="bootstrap"),
        AnalysisSettings(missing="complete"),
    ],
)
def test_a_ranking_made_otherwise_is_not_reused(
    monkeypatch: pytest.MonkeyPatch, other: AnalysisSettings
) -> None:
    long = _long()  # B lacks p5: the missing rule changes the items too
    ranked = rank_result(long, True, other)
    assert ranked is not None
    calls = []

    def counted(*args: object, **kwargs: object) -> pd.DataFrame:
        calls.append(args)
        return pairwise_significance(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(h2h, "pairwise_significance", counted)
    board = matrix(long, _column(), ["A", "B", "C"], "de-en", _analysis(), ranked)  # type: ignore[arg-type]
    assert board is not None and len(calls) == 1
    fresh = matrix(long, _column(), ["A", "B", "C"], "de-en", _analysis())  # type: ignore[arg-type]
    assert fresh is not None and board.cells == fresh.cells


def test_demo_head_to_head_reuses_the_boards_p_values(
    demo_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = load([demo_root])
    monkeypatch.setattr(h2h, "pairwise_significance", _no_second_test)
    analysis = analyse(corpus)  # head_to_head runs inside: no second test
    found = results_of(analysis).head_to_head
    assert found
    for (pair, key), board in found.items():
        ranked = analysis.ranked[(pair, key)]
        assert ranked.table is analysis.rankings[(pair, key)]
        for (row, other), cell in board.cells.items():
            assert cell.p == float(ranked.p_values.at[row, other])


def test_a_replaced_board_table_runs_its_own_test(
    demo_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board whose table is not the bootstrap's (a corpus-scored sacreBLEU column: sacreBLEU's
    test of corpus scores) keeps the head-to-head's own test of the paragraph scores."""
    corpus = load([demo_root])
    analysis = analyse(corpus)
    before = results_of(analysis).head_to_head
    for key in before:
        analysis.rankings[key] = analysis.rankings[key].copy()  # as corpus_boards replaces it
    calls = []

    def counted(*args: object, **kwargs: object) -> pd.DataFrame:
        calls.append(args)
        return pairwise_significance(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(h2h, "pairwise_significance", counted)
    again = h2h.head_to_head(corpus, analysis)
    assert len(calls) == len(before) and again == before
