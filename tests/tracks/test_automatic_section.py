"""The "automatic scores only" section: ordered by the most human-aligned automatic measure."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from litboard.render.core.automatic import best_aligned, order, pairwise_accuracy


def test_pairwise_accuracy_hand_computed() -> None:
    # human: a > b > c; metric orders a > c > b: pairs (a,b) agree, (a,c) agree, (b,c) disagree ->
    # 2/3
    assert pairwise_accuracy([3, 2, 1], [30, 10, 20], True, True) == (pytest.approx(2 / 3), 3)
    # a lower-is-better metric (TER) that orders the same way agrees on every pair
    assert pairwise_accuracy([3, 2, 1], [10, 20, 30], True, False) == (1.0, 3)
    # ties on either side are left out
    assert pairwise_accuracy([3, 3, 1], [1, 2, 3], True, True) == (0.0, 2)


def _row(system: str, **values: float | None) -> NS:
    return NS(system=system, cells={k: NS(value=v) for k, v in values.items()})


def test_the_best_aligned_measure_orders_the_unscored_systems() -> None:
    human = NS(key="h", group="human", higher_is_better=True)
    bleu = NS(key="bleu", group="metric", higher_is_better=True, label="BLEU")
    ter = NS(key="ter", group="metric", higher_is_better=False, label="TER")
    ranked = [
        _row("a", h=3, bleu=10, ter=10),
        _row("b", h=2, bleu=30, ter=20),
        _row("c", h=1, bleu=20, ter=30),
    ]
    missing = lambda v: v is None  # noqa: E731
    aligned = best_aligned(ranked, [human, bleu, ter], human, missing)
    assert (
        aligned is not None
        and aligned.column is ter
        and aligned.accuracy == 1.0
        and aligned.pairs == 3
    )
    unranked = [
        _row("x", h=None, bleu=50, ter=40),
        _row("y", h=None, bleu=1, ter=5),
        _row("z", h=None, bleu=2, ter=None),
    ]
    assert [r.system for r in order(unranked, aligned, missing)] == ["y", "x", "z"]
