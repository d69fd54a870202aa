"""Issue 46 goal 2: Bradley-Terry intervals honest at 0/n and n/n, rank intervals, the
comparison graph stated, and the methodology page's coverage table equal to the computation."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pandas as pd
import pytest

from litboard.analysis import bt_coverage
from litboard.analysis.bt_graph import comparison_graph
from litboard.analysis.bt_profile import loglik
from litboard.analysis.pairwise import bradley_terry


def _judgments(wins: int, n: int, a: str = "A", b: str = "B") -> list[tuple[str, str, str, int]]:
    return [(a, b, "a" if i < wins else "b", i) for i in range(n)]


def _frame(rows: list[tuple[str, str, str, int]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["a", "b", "preference", "paragraph"])


@pytest.mark.parametrize("wins", [0, 10])
def test_interval_at_0_and_10_of_10_covers_plausible_truths(wins: int) -> None:
    table = bradley_terry(_frame(_judgments(wins, 10)))
    a = table.loc["A"]
    # hand: 1 virtual tie -> 0.5 / 11 = 0.04545 (or 10.5 / 11) with two systems
    assert a["strength"] == pytest.approx((wins + 0.5) / 11)
    low, high = (a["ci_low"], a["ci_high"]) if wins == 0 else (1 - a["ci_high"], 1 - a["ci_low"])
    # a true win probability of 0.2 gives 0/10 in 10.7 % of samples: the interval must hold it,
    # and end near Wilson's 0.278 (profile likelihood under the prior: 0.2696)
    assert low < 0.001 and 0.25 < high < 0.28
    assert high == pytest.approx(0.26965, abs=1e-4)
    # the bound is where the penalised log-likelihood drops by chi2_1(0.95) / 2 = 1.9207
    weights = np.array([[0.0, wins + 0.5], [10 - wins + 0.5, 0.0]])
    best = np.log(np.array([wins + 0.5, 10.5 - wins])) / 1.0
    edge = np.log(np.array([a["ci_high"], 1 - a["ci_high"]]))
    assert 2 * (loglik(best, weights) - loglik(edge, weights)) == pytest.approx(3.8415, abs=1e-3)


@pytest.mark.parametrize("n", [10, 20])
def test_coverage_at_the_edges(n: int) -> None:
    """Exact coverage (sum over the n + 1 outcomes): the chosen profile interval holds >= 0.90
    down to p = 0.01, where the bootstrap percentile interval never covers."""
    profile, boot = (
        bt_coverage.METHODS["profile likelihood (1 virtual tie)"],
        bt_coverage.METHODS["bootstrap percentile (1 virtual tie)"],
    )
    for p in bt_coverage.TRUTHS:
        assert bt_coverage.coverage(profile, n, p) >= 0.90
        assert bt_coverage.coverage(profile, n, 1 - p) == pytest.approx(
            bt_coverage.coverage(profile, n, p), abs=1e-9
        )
    assert bt_coverage.coverage(boot, n, 0.01) == 0.0
    # at p = 0.01 the data are 0/n with probability 0.99^n; the profile interval holds it
    assert bt_coverage.coverage(profile, 10, 0.01) == pytest.approx(0.99**10, abs=1e-9)


def test_methodology_page_prints_the_computed_table() -> None:
    page = resources.files("litboard.pages").joinpath("methodology.md").read_text(encoding="utf-8")
    assert bt_coverage.markdown_table() in page


def test_star_design_rank_intervals_and_graph() -> None:
    rows = (
        _judgments(0, 10, "GTr", "PARA")
        + _judgments(3, 10, "SENT", "PARA")
        + _judgments(5, 10, "PS", "PARA")
    )
    df = _frame(rows)
    table = bradley_terry(df)
    # PS and PARA split 5/5: equal strengths share rank 1 (issue 59); SENT 3/10, GTr 0/10
    assert table.loc["PS", "strength"] == pytest.approx(table.loc["PARA", "strength"])
    assert table.loc["PS", "rank"] == table.loc["PARA", "rank"] == 1
    assert (table.loc["SENT", "rank"], table.loc["GTr", "rank"]) == (3, 4)
    assert (table["rank_low"] <= table["rank"]).all()
    assert (table["rank"] <= table["rank_high"]).all()
    assert table.loc["GTr", "rank_high"] == 4 and table.loc["GTr", "ci_low"] < 0.001
    assert table.loc["GTr", "ci_high"] > 0.1  # not the narrowest interval any more
    assert set(table["ci_method"]) == {"95% profile likelihood, 1 virtual tie per compared pair"}
    text = comparison_graph(df, {"PS": "PARA_SENT"})
    assert text == (
        "The challengers (GTr, PARA_SENT, SENT) were each compared with PARA only; "
        "their order among themselves is the model's inference, not an observation."
    )
    full = _frame(
        rows
        + _judgments(4, 10, "GTr", "SENT")
        + _judgments(4, 10, "GTr", "PS")
        + _judgments(5, 10, "SENT", "PS")
    )
    assert comparison_graph(full) == ""
    assert comparison_graph(_frame(rows + _judgments(4, 10, "GTr", "SENT"))).startswith(
        "2 of 6 pairs of systems were never compared directly"
    )
