"""Segment-level τ with paragraph resampling (issue 29, goal 4): pinned to scipy's τ-b and a
loop over resamples; the p-value no longer treats a paragraph's translations as independent."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import kendalltau

from litboard.analysis.tau_resampling import p_text, paragraph_tau


def _data(
    seed: int, paragraphs: int = 12, per: int = 6
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    para = np.repeat(np.arange(paragraphs), per)
    human = np.round(rng.normal(size=para.size) + np.repeat(rng.normal(size=paragraphs), per), 1)
    human[::5] = 0.0  # ties, as student MQM has at 0
    metric = human + rng.normal(scale=1.5, size=para.size)
    return human, metric, para


def test_observed_tau_is_scipys_tau_b() -> None:
    human, metric, para = _data(0)
    found = paragraph_tau(human, metric, para, resamples=50)
    assert found.tau == pytest.approx(kendalltau(human, metric, variant="b").statistic, abs=1e-12)
    assert (found.n, found.paragraphs) == (72, 12)


def test_resampled_taus_equal_a_loop_over_drawn_paragraphs() -> None:
    human, metric, para = _data(1, paragraphs=6, per=4)
    found = paragraph_tau(human, metric, para, resamples=40, seed=3)
    rng = np.random.default_rng(3)
    draws = rng.integers(0, 6, size=(40, 6))
    taus = []
    for row in draws:
        pick = np.concatenate([np.flatnonzero(para == p) for p in row])
        taus.append(kendalltau(human[pick], metric[pick], variant="b").statistic)
    low, high = np.quantile(taus, [0.025, 0.975])
    assert (found.ci_low, found.ci_high) == pytest.approx((low, high), abs=1e-12)
    crossed = np.mean(np.array(taus) * np.sign(found.tau) <= 0)
    assert found.p_value == pytest.approx(min(1.0, 2 * crossed))


def test_no_association_is_rarely_significant() -> None:
    # 40 independent null data sets: about 5% below 0.05 (binomial sd ~3.4%); never 1e-43
    ps = []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        para = np.repeat(np.arange(30), 8)
        found = paragraph_tau(rng.normal(size=240), rng.normal(size=240), para, resamples=400)
        ps.append(found.p_value)
        assert found.ci_low <= found.tau <= found.ci_high
    assert np.mean(np.array(ps) < 0.05) <= 0.15 and min(ps) >= 0.0


def test_p_text() -> None:
    assert p_text(0.0, 1000) == "p < 0.001" and p_text(0.0312, 1000) == "p = 0.031"
    assert p_text(float("nan"), 1000) == "p n/a"
