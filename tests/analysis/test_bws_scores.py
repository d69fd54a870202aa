"""BWS counting scores and split-half reliability: hand cases and a row-subset reference."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr

from litboard.analysis.bws import bws_scores, split_half_reliability
from litboard.errors import DataError


def _hand_table() -> pd.DataFrame:
    """x is shown 10 times: best 6 times, worst once -> (6 - 1) / 10 = 0.5."""
    rows = []
    for i in range(10):
        shown = ("x", "y", "z") if i < 7 else ("x", "y", "w")
        best = "x" if i < 6 else "y"
        worst = "x" if i == 9 else ("z" if i < 7 else "w")
        rows.append({"systems": shown, "best": best, "worst": worst})
    return pd.DataFrame(rows)


def test_hand_case() -> None:
    table = bws_scores(_hand_table())
    assert list(table.loc["x"]) == [10, 6, 1, 0.5]
    assert list(table.loc["y"]) == [10, 4, 0, 0.4]
    assert list(table.loc["z"]) == [7, 0, 7, -1.0]
    assert list(table.loc["w"]) == [3, 0, 2, pytest.approx(-2 / 3)]
    assert list(table.index) == ["x", "y", "w", "z"]


def test_pick_outside_the_tuple_is_a_data_error() -> None:
    bad = pd.DataFrame([{"systems": ["a", "b"], "best": "c", "worst": "a"}])
    with pytest.raises(DataError, match="pick not among the systems"):
        bws_scores(bad)
    same = pd.DataFrame([{"systems": ["a", "b"], "best": "a", "worst": "a"}])
    with pytest.raises(DataError, match="both best and worst"):
        bws_scores(same)


def _random_table(seed: int, n: int = 60, consistent: bool = True) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    names = [f"s{i}" for i in range(6)]
    quality = np.arange(6)[::-1] * 1.0
    rows = []
    for _ in range(n):
        shown = list(rng.choice(6, size=4, replace=False))
        noisy = quality[shown] + rng.normal(scale=1.5 if consistent else 1e6, size=4)
        order = [shown[j] for j in np.argsort(-noisy)]
        rows.append(
            {
                "systems": [names[j] for j in shown],
                "best": names[order[0]],
                "worst": names[order[-1]],
            }
        )
    return pd.DataFrame(rows)


def test_split_half_matches_row_subset_reference() -> None:
    df = _random_table(1)
    n_splits, seed = 20, 7
    rng = np.random.default_rng(seed)
    order = rng.permuted(np.tile(np.arange(len(df)), (n_splits, 1)), axis=1)
    rhos = []
    for row in order:
        first = bws_scores(df.iloc[np.sort(row[: len(df) // 2])])["score"]
        second = bws_scores(df.iloc[np.sort(row[len(df) // 2 :])])["score"]
        shared = first.index.intersection(second.index)
        rhos.append(spearmanr(first[shared], second[shared]).statistic)
    assert split_half_reliability(df, n_splits=n_splits, seed=seed) == pytest.approx(
        np.mean(rhos), abs=1e-12
    )


def test_split_half_extremes_and_determinism() -> None:
    same = pd.DataFrame([{"systems": ("a", "b", "c", "d"), "best": "a", "worst": "d"}] * 8)
    assert split_half_reliability(same, n_splits=10) == pytest.approx(1.0)
    consistent = split_half_reliability(_random_table(2, n=200), n_splits=50)
    noise = split_half_reliability(_random_table(3, n=200, consistent=False), n_splits=50)
    assert consistent > 0.8
    assert abs(noise) < 0.3
    assert split_half_reliability(_random_table(2), seed=5) == split_half_reliability(
        _random_table(2), seed=5
    )
