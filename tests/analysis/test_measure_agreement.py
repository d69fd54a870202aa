"""Issue 43 goal 6: a measure's agreement with the human ranking, pinned on hand-computed cases."""

from __future__ import annotations

import math

import pytest

from litboard.analysis.measure_agreement import Agreement, concordance, pooled
from litboard.analysis.proportions import wilson_interval as wilson


def test_pairwise_accuracy_counts_the_pairs_both_order_the_same_way() -> None:
    human = [3.0, 2.0, 1.0]  # higher is better: A > B > C
    # BLEU-like (higher is better) orders A > C > B: (A,B) and (A,C) agree, (B,C) does not
    assert concordance(human, [30.0, 10.0, 20.0], True, True) == Agreement(2, 3)
    # TER-like (lower is better) with A 1, B 3, C 2: the same order A > C > B
    assert concordance(human, [1.0, 3.0, 2.0], True, False) == Agreement(2, 3)
    # MQM-like human points (lower is better) against BLEU: human C > B > A, metric A > C > B: only
    # (B,C) agrees
    assert concordance([3.0, 2.0, 1.0], [30.0, 10.0, 20.0], False, True) == Agreement(1, 3)


def test_a_tie_on_either_side_is_left_out() -> None:
    # human ties A and B: that pair is not compared; (A,C) and (B,C) agree
    assert concordance([1.0, 1.0, 2.0], [1.0, 2.0, 3.0], True, True) == Agreement(2, 2)
    assert concordance([1.0, 2.0], [5.0, 5.0], True, True) == Agreement(0, 0)
    assert math.isnan(Agreement(0, 0).accuracy)
    assert Agreement(0, 0).counts_text() == "no system pair to compare"


def test_a_tie_up_to_rounding_is_a_tie_on_every_machine() -> None:
    # 285/748 summed in two orders: equal shares that differ in the last bit are still a tie
    share = 285 / 748
    near = math.nextafter(share, 1.0)
    assert near != share
    assert concordance([share, near, 0.1], [1.0, 2.0, 3.0], True, True) == Agreement(0, 2)
    assert concordance([1.0, 2.0, 3.0], [40.0, math.nextafter(40.0, 0.0), 1.0], True, False) == (
        Agreement(2, 2)
    )
    # a real difference, however small against the value, is compared
    assert concordance([share, share * (1 + 1e-6)], [1.0, 2.0], True, True) == Agreement(1, 1)


def test_wilson_interval_and_pooling() -> None:
    # the Wilson interval itself (still used for shares over independent items): 2 of 3, z = 1.96;
    # centre (p + z²/6) / (1 + z²/3) = 0.5731, half-width 0.3654
    low, high = wilson(2, 3)
    assert (low, high) == (pytest.approx(0.2077, abs=1e-4), pytest.approx(0.9385, abs=1e-4))
    assert wilson(0, 4) == (0.0, pytest.approx(0.4899, abs=1e-4))  # z²/(n + z²) = 3.8415/7.8415
    assert wilson(4, 4)[1] == 1.0
    total = pooled([Agreement(2, 3), Agreement(2, 2), Agreement(0, 0)])
    assert total == Agreement(4, 5) and total.accuracy == pytest.approx(0.8)


def test_k_of_n_system_pairs_is_shown_as_counts_never_as_an_interval() -> None:
    """Issue 59: 1 of 3 system pairs was printed with a Wilson "95% CI 6-79%", an interval over 3
    pairs that are not independent (A-B, A-C and B-C share systems). Counts only now."""
    assert Agreement(1, 3).counts_text() == "33% (1 of 3 system pairs)"
    assert Agreement(1, 1).counts_text() == "100% (1 of 1 system pair)"
    assert not hasattr(Agreement(1, 3), "ci")
