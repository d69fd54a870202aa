"""Hand-computed cases for litboard.reported.posthoc (Holm, rank-sum, pairwise symmetry)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from litboard.reported.posthoc import holm, pairwise_symmetry, rank_sum


def test_holm_steps_down_and_stays_monotone() -> None:
    # sorted: 0.01 x 3 = 0.03; 0.03 x 2 = 0.06; 0.04 x 1 = 0.04 -> raised to 0.06 (monotone)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_holm_caps_at_one_and_keeps_nan_out_of_the_family() -> None:
    assert holm([0.5, 0.6]) == [1.0, 1.0]
    adjusted = holm([0.02, float("nan"), 0.04])  # a family of two, not three
    assert (
        adjusted[0] == pytest.approx(0.04)
        and math.isnan(adjusted[1])
        and adjusted[2] == pytest.approx(0.04)
    )
    assert holm([]) == []


def test_rank_sum_exact_without_ties() -> None:
    # 1, 2, 3 against 4, 5, 6: U = 0, the most extreme of C(6, 3) = 20 splits on each side -> p = 2
    # / 20
    test = rank_sum([1, 2, 3], [4, 5, 6])
    assert (test.u, test.method, test.n1, test.n2) == (0.0, "exact", 3, 3)
    assert test.p == pytest.approx(0.1)


def test_rank_sum_exact_up_to_49_values_as_r_does() -> None:
    # nine against nine without ties: R (and this) stay exact where scipy's 'auto' would approximate
    test = rank_sum(list(range(9)), [x + 4.5 for x in range(9)])
    assert test.method == "exact"
    # U = sum over x of #y < x = 0+...+0 + 1+2+3+4 (x = 5..8 beat 4.5, 5.5, 6.5, 7.5) = 10
    assert test.u == 10.0


def test_rank_sum_normal_approximation_with_ties() -> None:
    # 1, 2, 2 against 2, 3, 4: ranks 1 | 3 3 3 | 5 | 6 -> R1 = 7, U = 7 - 6 = 1, mean 4.5;
    # variance 3 * 3 / 12 * (7 - (3^3 - 3) / (6 * 5)) = 0.75 * 6.2 = 4.65; z = (1 - 4.5 + 0.5) /
    # sqrt(4.65)
    test = rank_sum([1, 2, 2], [2, 3, 4])
    z = (1 - 4.5 + 0.5) / math.sqrt(4.65)
    assert test.method == "normal approximation" and test.u == 1.0
    assert test.p == pytest.approx(math.erfc(abs(z) / math.sqrt(2)), rel=1e-12)  # 0.1642


def test_rank_sum_ignores_missing_values_and_reports_empty_samples() -> None:
    assert rank_sum([1, float("nan"), 2, 3], [4, 5, 6]).p == pytest.approx(0.1)
    assert math.isnan(rank_sum([], [1.0]).p)


def test_pairwise_symmetry_hand_computed() -> None:
    # paper 003 Table 8 (rows LLM CS/R/O, columns professionals): CS-R (73, 110), CS-O (2, 4), R-O
    # (2, 14)
    table = pd.DataFrame(
        [[90, 73, 2], [110, 265, 2], [4, 14, 4]], index=["CS", "R", "O"], columns=["CS", "R", "O"]
    )
    out = pairwise_symmetry(table).set_index(["first", "second"])
    assert out.loc[("CS", "R"), "chi2"] == pytest.approx(37**2 / 183)
    assert out.loc[("R", "O"), "chi2"] == pytest.approx(12**2 / 16)  # 9.0
    # chi2(1) survival: erfc(sqrt(x / 2)); Holm: R-O x 3, CS-R x 2, CS-O x 1
    raw = {k: math.erfc(math.sqrt(out.loc[k, "chi2"] / 2)) for k in out.index}
    assert out["p"].to_dict() == pytest.approx(raw)
    assert out.loc[("R", "O"), "p_holm"] == pytest.approx(3 * raw[("R", "O")])
    assert out.loc[("CS", "R"), "p_holm"] == pytest.approx(2 * raw[("CS", "R")])  # 0.0125
    assert out.loc[("CS", "O"), "p_holm"] == pytest.approx(raw[("CS", "O")])


def test_pairwise_symmetry_pair_without_counts_has_no_test() -> None:
    table = pd.DataFrame([[5, 3, 0], [1, 5, 0], [0, 0, 5]], index=list("abc"), columns=list("abc"))
    out = pairwise_symmetry(table)
    assert out["p"].isna().tolist() == [False, True, True]
    assert out["p_holm"].iloc[0] == pytest.approx(out["p"].iloc[0])  # a family of one
