"""Paired permutation test: pinned to scipy.stats.permutation_test and to a hand case."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import permutation_test

from litboard.analysis.permutation import (
    EXACT_ITEMS,
    is_exact,
    permutation_p_values,
    smallest_p,
    swap_matrix,
)


def _scipy_p(x: np.ndarray, y: np.ndarray, n_resamples: int) -> float:
    def statistic(a: np.ndarray, b: np.ndarray, axis: int) -> np.ndarray:
        return a.mean(axis=axis) - b.mean(axis=axis)

    return float(
        permutation_test(
            (x, y),
            statistic,
            permutation_type="samples",
            vectorized=True,
            n_resamples=n_resamples,
            alternative="two-sided",
            # not the global RNG: order-independent
            random_state=np.random.default_rng(0),
        ).pvalue
    )


def test_exact_test_equals_scipy() -> None:
    # 8 items, 1,000 resamples >= 2**8: every swap pattern once, as scipy does
    rng = np.random.default_rng(0)
    values = rng.normal(size=(8, 3)) + np.array([0.0, 0.4, 1.5])
    p = permutation_p_values(values, n_resamples=1000, seed=1)
    for i, j in [(0, 1), (0, 2), (1, 2)]:
        assert p[i, j] == pytest.approx(_scipy_p(values[:, i], values[:, j], 1000), abs=1e-12)
        assert p[j, i] == p[i, j]
    assert np.isnan(np.diag(p)).all()


def test_hand_case_three_items() -> None:
    # d = a - b = (1, 2, 3), observed mean 2; the 8 sign patterns give means
    # 2, 4/3, 2/3, 0, 0, -2/3, -4/3, -2: |null| >= 2 twice -> p = 2 * min(1/8, 8/8) = 0.25
    values = np.array([[1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    assert permutation_p_values(values, n_resamples=1000, seed=0)[0, 1] == pytest.approx(0.25)
    patterns, exact = swap_matrix(3, 1000, 0)
    assert exact and len({tuple(r) for r in patterns}) == 8


def test_monte_carlo_close_to_scipy() -> None:
    rng = np.random.default_rng(3)
    values = rng.normal(size=(40, 2)) + np.array([0.0, 0.35])
    ours = permutation_p_values(values, n_resamples=4000, seed=5)[0, 1]
    theirs = _scipy_p(values[:, 0], values[:, 1], 4000)
    assert ours == pytest.approx(theirs, abs=0.03)  # two Monte Carlo estimates, se ~ 0.008
    assert 0 < ours < 1


def test_identical_systems_and_missing_items() -> None:
    values = np.array([[1.0, 1.0, np.nan], [2.0, 2.0, np.nan], [0.5, 0.5, 3.0]])
    p = permutation_p_values(values, n_resamples=100, seed=0)
    assert p[0, 1] == 1.0  # observed difference 0
    assert p[0, 2] == 1.0  # one shared item: both signs give |d| = 2.5


def test_weighted_statistic_equals_scipy_on_unit_weights() -> None:
    rng = np.random.default_rng(9)
    values = rng.normal(size=(7, 2))
    plain = permutation_p_values(values, 500, 0)
    weighted = permutation_p_values(values, 500, 0, weights=np.ones_like(values))
    np.testing.assert_allclose(plain, weighted)


def test_enumerates_up_to_sixteen_items_whatever_the_resamples() -> None:
    # 12 items, 1,000 resamples < 2**12: still exact, equal to scipy's exact test (n_resamples=inf)
    rng = np.random.default_rng(4)
    values = rng.normal(size=(12, 2)) + np.array([0.0, 0.6])
    p = permutation_p_values(values, n_resamples=1000, seed=1)[0, 1]
    assert p == pytest.approx(_scipy_p(values[:, 0], values[:, 1], np.inf), abs=1e-12)
    assert is_exact(EXACT_ITEMS, 10) and not is_exact(EXACT_ITEMS + 1, 1000)
    assert is_exact(EXACT_ITEMS + 1, 2 ** (EXACT_ITEMS + 1))


def test_smallest_attainable_p() -> None:
    assert smallest_p(3, 3, 1000) == pytest.approx(0.25)  # three texts
    assert smallest_p(5, 5, 1000) == pytest.approx(0.0625)
    assert smallest_p(6, 6, 1000) == pytest.approx(0.03125)  # first n below 0.05
    assert smallest_p(40, 40, 999) == pytest.approx(2 / 1000)  # sampled: 2 / (R + 1)
    assert smallest_p(3, 40, 999) == pytest.approx(0.25)  # three shared of 40 items
    assert smallest_p(0, 40, 999) == 1.0
