"""Paired bootstrap, p-values and clusters: against a loop reference and hand cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from litboard.analysis.resampling import rank_interval, resample_counts
from litboard.analysis.significance import (
    clusters_consistent,
    pairwise_significance,
    significance_clusters,
)
from litboard.analysis.uncertainty import limit_text, method_text, paired_bootstrap, score_matrix
from litboard.errors import DataError


def _matrix(seed: int, n_items: int = 40, effects=(0.0, 0.1, 0.3, 0.8, 0.85)) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    item = rng.normal(size=(n_items, 1))  # shared item difficulty: makes pairing matter
    values = item + rng.normal(scale=0.8, size=(n_items, len(effects))) + np.array(effects)
    return pd.DataFrame(values, columns=[f"s{i}" for i in range(len(effects))])


def _loop_reference(scores: pd.DataFrame, n_resamples: int, seed: int, alpha: float):
    """The textbook loop: same index draws, one resample at a time."""
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(scores), size=(n_resamples, len(scores)))
    values = scores.to_numpy()
    means = np.array([values[row].mean(0) for row in idx])
    k = values.shape[1]
    p = np.full((k, k), np.nan)
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            d = (values[:, i] - values[:, j]).mean()
            boot = np.array([(values[row, i] - values[row, j]).mean() for row in idx])
            p[i, j] = 1.0 if d == 0 else min(1.0, 2 * np.mean(boot * np.sign(d) <= 0))
    low = np.quantile(means, alpha / 2, axis=0)
    high = np.quantile(means, 1 - alpha / 2, axis=0)
    return means, low, high, p


def test_resample_counts_are_one_index_matrix() -> None:
    counts = resample_counts(7, 50, seed=3)
    idx = np.random.default_rng(3).integers(0, 7, size=(50, 7))
    expected = np.stack([np.bincount(row, minlength=7) for row in idx])
    np.testing.assert_array_equal(counts, expected)
    assert (counts.sum(1) == 7).all()


def test_matches_loop_reference() -> None:
    scores = _matrix(1, n_items=25)
    result = paired_bootstrap(scores, n_resamples=300, seed=99)
    means, low, high, p = _loop_reference(scores, 300, 99, 0.05)
    table = result.table.loc[scores.columns]
    np.testing.assert_allclose(table["mean"], scores.mean(), rtol=1e-12)
    np.testing.assert_allclose(table["ci_low"], low, rtol=1e-12)
    np.testing.assert_allclose(table["ci_high"], high, rtol=1e-12)
    got = result.p_values.loc[scores.columns, scores.columns].to_numpy()
    np.testing.assert_allclose(got, p, rtol=0, atol=1e-12)
    ranks = np.sort(np.argsort(np.argsort(-means, axis=1), axis=1) + 1, axis=0)
    k = int(300 * 0.05 / 2)  # 7 lowest and 7 highest ranks dropped: the 95% rank interval
    np.testing.assert_array_equal(table["rank_min"], ranks[k])
    np.testing.assert_array_equal(table["rank_max"], ranks[300 - 1 - k])


def test_pairwise_significance_equals_bootstrap_p_values() -> None:
    scores = _matrix(2)
    direct = pairwise_significance(scores, n_resamples=200, seed=5)
    via = paired_bootstrap(scores, n_resamples=200, seed=5).p_values
    pd.testing.assert_frame_equal(direct, via)
    assert np.isnan(np.diag(direct)).all()
    np.testing.assert_array_equal(direct.to_numpy(), direct.to_numpy().T)


def test_hand_cases_constant_shift_and_identical_systems() -> None:
    base = np.arange(10, dtype=float)
    scores = pd.DataFrame({"a": base, "b": base, "c": base - 1.0})
    result = paired_bootstrap(scores, n_resamples=200)
    p = result.p_values
    assert p.at["a", "b"] == 1.0  # identical: observed difference 0
    assert p.at["a", "c"] == 0.0  # every resample keeps the +1 shift
    assert result.clusters == [["a", "b"], ["c"]]
    assert result.table.loc["c", "rank"] == 3
    assert result.table.loc["a", "rank"] == result.table.loc["b", "rank"] == 1


def test_constant_scores_give_degenerate_interval() -> None:
    scores = pd.DataFrame({"a": [2.0] * 5, "b": [1.0] * 5})
    table = paired_bootstrap(scores, n_resamples=100).table
    assert table.loc["a", "ci_low"] == table.loc["a", "ci_high"] == 2.0
    assert list(table[["rank", "rank_min", "rank_max"]].loc["b"]) == [2, 2, 2]


def test_lower_is_better_reverses_order() -> None:
    scores = _matrix(4)
    up = paired_bootstrap(scores, higher_is_better=True, n_resamples=200)
    down = paired_bootstrap(scores, higher_is_better=False, n_resamples=200)
    assert list(up.table.index) == list(reversed(down.table.index))
    pd.testing.assert_frame_equal(up.p_values, down.p_values)


def test_missing_complete_drops_items_available_keeps_them() -> None:
    scores = _matrix(6, n_items=30)
    scores.iloc[0, 1] = np.nan
    scores.iloc[1, 2] = np.nan
    complete = paired_bootstrap(scores, n_resamples=200)
    assert (complete.n_items, complete.n_dropped) == (28, 2)
    np.testing.assert_allclose(complete.table.loc[scores.columns, "mean"], scores.dropna().mean())
    available = paired_bootstrap(scores, n_resamples=200, missing="available")
    assert available.n_items == 30
    np.testing.assert_allclose(available.table.loc[scores.columns, "mean"], scores.mean())
    assert available.table.loc["s1", "n_items"] == 29
    # the s1-s2 test uses the 28 items both have, with the same resample counts
    counts = resample_counts(30, 200, 12345)
    diff = (scores["s1"] - scores["s2"]).to_numpy()
    both = ~np.isnan(diff)
    boot = (counts[:, both] @ diff[both]) / counts[:, both].sum(1)
    d = diff[both].mean()
    expected = min(1.0, 2 * np.mean(boot * np.sign(d) <= 0))
    assert available.p_values.at["s1", "s2"] == pytest.approx(expected, abs=1e-12)


def test_errors_for_unusable_input() -> None:
    with pytest.raises(DataError, match="systems without any score"):
        paired_bootstrap(pd.DataFrame({"a": [1.0, 2.0], "b": [np.nan, np.nan]}))
    with pytest.raises(DataError, match="only 1 item"):
        paired_bootstrap(pd.DataFrame({"a": [1.0, 2.0], "b": [1.0, np.nan]}))


def test_significance_clusters_hand_case() -> None:
    names = ["a", "b", "c", "d"]
    p = pd.DataFrame(1.0, index=names, columns=names)
    p.loc["a", "c"] = p.loc["c", "a"] = 0.01  # a and c separated, b bridges both
    p.loc["c", "d"] = p.loc["d", "c"] = 0.02
    assert significance_clusters(names, p, 0.05) == [["a", "b"], ["c"], ["d"]]
    assert clusters_consistent(p, [["a", "b"], ["c"], ["d"]], 0.05)
    assert not clusters_consistent(p, [["a", "b", "c"], ["d"]], 0.05)
    assert not clusters_consistent(p, [["a", "b"], ["c"]], 0.05)  # d missing


@pytest.mark.parametrize("seed", range(12))
def test_clusters_consistent_on_random_data(seed: int) -> None:
    rng = np.random.default_rng(1000 + seed)
    k = int(rng.integers(2, 9))
    effects = np.sort(rng.normal(scale=0.5, size=k))
    scores = _matrix(seed, n_items=int(rng.integers(5, 60)), effects=tuple(effects))
    if seed % 3 == 0:
        scores = scores.mask(rng.random(scores.shape) < 0.1)
    missing = "available" if seed % 2 else "complete"
    result = paired_bootstrap(scores, n_resamples=300, seed=seed, missing=missing)
    if not result.separable:  # too few items for any pair to reach alpha: no clusters at all
        assert result.clusters == [] and (result.table["cluster"] == 0).all()
        return
    assert clusters_consistent(result.p_values, result.clusters, result.alpha)
    flat = [s for cluster in result.clusters for s in cluster]
    assert flat == list(result.table.index)  # contiguous in rank order
    assert result.table["cluster"].is_monotonic_increasing


def test_score_matrix_averages_duplicates() -> None:
    long = pd.DataFrame(
        {"system": ["a", "a", "b"], "paragraph": ["p", "p", "p"], "score": [1.0, 3.0, 5.0]}
    )
    wide = score_matrix(long)
    assert wide.loc["p", "a"] == 2.0 and wide.loc["p", "b"] == 5.0


def test_signature_names_the_settings() -> None:
    result = paired_bootstrap(_matrix(7), n_resamples=50, seed=8)
    assert result.signature() == (
        "paired-bootstrap|R=50|seed=8|alpha=0.05|ci=percentile|missing=complete|items=40"
    )


def test_rank_interval_hand_case() -> None:
    # 40 resamples, alpha 0.05: floor(40 * 0.025) = 1 rank dropped at each end.
    # a: rank 1 once, 2 in 37 resamples, 3 twice -> [2, 3]; the 100% range would be 1-3.
    # b: one resample without a mean (NaN) -> 39 ranks, floor(39 * 0.025) = 0 dropped -> [1, 2].
    a = [1] + [2] * 37 + [3] * 2
    b = [np.nan] + [1] * 38 + [2]
    low, high = rank_interval(np.array([a, b], dtype=float).T, 0.05)
    assert list(low) == [2, 1] and list(high) == [3, 2]
    # 1,000 resamples: the 26th and the 975th sorted ranks
    ranks = np.array([1] * 25 + [2] * 950 + [3] * 25, dtype=float)[:, None]
    assert [int(x[0]) for x in rank_interval(ranks, 0.05)] == [2, 2]
    ranks[25] = 1
    assert [int(x[0]) for x in rank_interval(ranks, 0.05)] == [1, 2]


def test_results_do_not_depend_on_item_order() -> None:
    scores = _matrix(11, n_items=30)
    shuffled = scores.sample(frac=1.0, random_state=3)
    first = paired_bootstrap(scores, n_resamples=300, seed=4)
    second = paired_bootstrap(shuffled, n_resamples=300, seed=4)
    pd.testing.assert_frame_equal(first.table, second.table)
    pd.testing.assert_frame_equal(first.p_values, second.p_values)


def test_weighted_means_are_pooled_ratios() -> None:
    # per item: x = (best - worst) / shown, w = shown; the weighted mean is sum(best - worst) /
    # sum(shown)
    x = pd.DataFrame({"a": [1.0, 0.5, 0.0], "b": [-1.0, 0.0, 1.0 / 3]})
    w = pd.DataFrame({"a": [1.0, 2.0, 2.0], "b": [1.0, 1.0, 3.0]})
    result = paired_bootstrap(x, n_resamples=200, seed=1, weights=w)
    assert result.table.loc["a", "mean"] == pytest.approx((1 + 1 + 0) / 5)
    assert result.table.loc["b", "mean"] == pytest.approx((-1 + 0 + 1) / 5)
    counts = resample_counts(3, 200, 1)
    boot_a = (counts @ (x["a"] * w["a"]).to_numpy()) / (counts @ w["a"].to_numpy())
    assert result.table.loc["a", "ci_low"] == pytest.approx(np.quantile(boot_a, 0.025))
    assert result.signature().endswith("|weighted")
    unit = paired_bootstrap(
        x, n_resamples=200, seed=1, weights=pd.DataFrame(1.0, x.index, x.columns)
    )
    plain = paired_bootstrap(x, n_resamples=200, seed=1)
    pd.testing.assert_frame_equal(unit.table, plain.table)
    pd.testing.assert_frame_equal(unit.p_values, plain.p_values)
    with pytest.raises(DataError, match="positive weight"):
        paired_bootstrap(x, weights=w.where(w < 3.0, 0.0))


def test_permutation_test_is_offered_for_clusters() -> None:
    scores = _matrix(5, n_items=30)
    result = paired_bootstrap(scores, n_resamples=400, seed=2, test="permutation")
    direct = pairwise_significance(scores, n_resamples=400, seed=2, test="permutation")
    pd.testing.assert_frame_equal(result.p_values, direct)
    assert clusters_consistent(result.p_values, result.clusters, 0.05)
    assert "test=permutation" in result.signature()
    with pytest.raises(ValueError, match="test must be"):
        paired_bootstrap(scores, test="wilcoxon")  # type: ignore[arg-type]


def test_competition_ranks_equal_scipys_min_ranks_with_ties_and_infinities() -> None:
    from scipy.stats import rankdata

    from litboard.analysis.resampling import competition_ranks

    rng = np.random.default_rng(7)
    values = rng.integers(0, 4, size=(200, 9)).astype(float)  # many ties
    values[rng.random(values.shape) < 0.1] = -np.inf  # systems with no item in a resample
    for higher in (True, False):
        expected = rankdata(-values if higher else values, method="min", axis=-1)
        assert np.array_equal(competition_ranks(values, higher), expected)
    assert competition_ranks(np.array([0.5, 0.7, 0.5]), True).tolist() == [2, 1, 2]  # hand-computed
    assert competition_ranks(np.array([0.5, 0.7, 0.5]), False).tolist() == [1, 3, 1]


def test_three_texts_cannot_be_separated_whatever_the_data() -> None:
    # HT > PE > MT on every one of three texts: the exact sign-flip test gives p = 0.25 for
    # every pair (2 of the 2**3 patterns are as extreme), so there are no clusters
    scores = pd.DataFrame(
        {"ht": [60.0, 62.0, 65.0], "pe": [30.0, 28.0, 29.0], "mt": [-15.0, -16.0, -17.0]}
    )
    result = paired_bootstrap(scores, test="permutation")
    off = result.p_values.to_numpy()[~np.eye(3, dtype=bool)]
    assert off == pytest.approx([0.25] * 6)
    assert result.smallest_p == pytest.approx(0.25) and not result.separable
    assert result.clusters == [] and list(result.table["cluster"]) == [0, 0, 0]
    # the bootstrap test alone would call every pair significant (p = 0): the bound overrides it
    boot = paired_bootstrap(scores, test="bootstrap")
    assert boot.p_values.at["ht", "mt"] == 0.0 and boot.clusters == []
    assert limit_text(3, "text", 0.05) == "n = 3 texts: no pair can be separated at α = 0.05"


def test_six_items_are_the_smallest_separable_sample() -> None:
    base = np.arange(1.0, 7.0)
    for n, separable in [(5, False), (6, True)]:
        scores = pd.DataFrame({"a": base[:n] + 10.0, "b": base[:n]})
        result = paired_bootstrap(scores, test="permutation")
        assert result.smallest_p == pytest.approx(2.0 / 2**n)
        assert result.separable is separable
        assert result.p_values.at["a", "b"] == pytest.approx(2.0 / 2**n)  # exact: 2 / 2**n
    assert result.clusters == [["a"], ["b"]]


def test_method_text_names_the_exact_test() -> None:
    text = method_text(1000, 12345, 0.05, "permutation")
    assert (
        "sign-flip permutation test" in text
        and "exact (every sign flip enumerated) up to 16" in text
    )


def test_below_five_items_the_interval_is_the_range_of_the_values_and_says_so() -> None:
    """Issue 59: the n = 4 cell showed a bootstrap spread under a caption saying "range", and a
    mean over one item a zero-width [x, x] "CI". Below SMALL_N items: (lowest, highest), "range"."""
    import numpy as np
    import pandas as pd

    from litboard.analysis.uncertainty import paired_bootstrap

    scores = pd.DataFrame(
        {"a": [1.0, 4.0, 2.0, 3.0, np.nan], "b": [0.5, np.nan, np.nan, np.nan, np.nan]}
    )
    table = paired_bootstrap(scores, n_resamples=200, missing="available").table
    assert (table.at["a", "ci_low"], table.at["a", "ci_high"]) == (1.0, 4.0)  # 4 items: range
    assert table.at["a", "ci_method"] == "range" and table.at["a", "n_items"] == 4
    assert (table.at["b", "ci_low"], table.at["b", "ci_high"]) == (0.5, 0.5)  # n = 1, said so
    assert table.at["b", "ci_method"] == "range"
    five = paired_bootstrap(pd.DataFrame({"a": [1.0, 4.0, 2.0, 3.0, 5.0]}), n_resamples=200)
    assert five.table.at["a", "ci_method"] == "percentile"
    assert 1.0 < five.table.at["a", "ci_low"] < five.table.at["a", "ci_high"] < 5.0
