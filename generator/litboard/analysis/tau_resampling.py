"""Segment-level Kendall τ-b with a CI and p-value from resampling whole paragraphs.

The ~11 translations of one paragraph share its source, its difficulty and often its
annotator, so they are not independent: scipy's p-value for τ over all translations of a pair
treats them as if they were (paper 000's pairs gave p = 1e-43). Here paragraphs are the units:
a paired bootstrap draws paragraphs with replacement (every translation of a drawn paragraph
comes along) and recomputes τ-b over the pooled translations.

τ-b over the pooled translations is (C - D) / sqrt((n0 - n1)(n0 - n2)), and each of the three
sums is a quadratic form in the translations' multiplicities w: C - D = ½ wᵀ(S_h ∘ S_m)w,
n0 - n1 = ½ wᵀ|S_h|w, n0 - n2 = ½ wᵀ|S_m|w, with S the n x n sign matrices of the pairwise
differences (two copies of one translation tie in both, as they should). As w is constant within
a paragraph, each form is cᵀBc with c the paragraph counts of a resample and B the P x P block
sums of the matrix: all resamples cost one (R, P) x (P, P) product, not R scipy calls. With
every count 1 this is exactly scipy's ``kendalltau(variant="b")`` (a test pins it).

CI: percentile (1 - alpha) interval of the resampled τ. p (two-sided, H0: τ = 0): twice the
share of resamples in which τ vanishes or has the other sign, as ``uncertainty``'s bootstrap
test; its resolution is 1/R, so it is printed as "p < 1/R" when no resample crosses zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .resampling import resample_counts

RESAMPLES = 1000
SEED = 12345


@dataclass(frozen=True)
class TauResult:
    tau: float
    ci_low: float
    ci_high: float
    p_value: float
    n: int  # translations
    paragraphs: int
    resamples: int


def _indicator(groups: np.ndarray, n_groups: int) -> np.ndarray:
    """(n, P) 0/1 matrix: translation i belongs to paragraph groups[i]."""
    indicator = np.zeros((len(groups), n_groups))
    indicator[np.arange(len(groups)), groups] = 1.0
    return indicator


def _forms(
    human: np.ndarray, metric: np.ndarray, groups: np.ndarray, n_groups: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    s_h = np.sign(human[:, None] - human[None, :])
    s_m = np.sign(metric[:, None] - metric[None, :])
    g = _indicator(groups, n_groups)
    return g.T @ (s_h * s_m) @ g, g.T @ np.abs(s_h) @ g, g.T @ np.abs(s_m) @ g


def _tau(
    counts: np.ndarray, concordance: np.ndarray, ties_h: np.ndarray, ties_m: np.ndarray
) -> np.ndarray:
    def form(b: np.ndarray) -> np.ndarray:
        return np.einsum("rp,pq,rq->r", counts, b, counts)

    with np.errstate(invalid="ignore", divide="ignore"):
        return form(concordance) / np.sqrt(form(ties_h) * form(ties_m))


def paragraph_tau(
    human: np.ndarray,
    metric: np.ndarray,
    paragraphs: np.ndarray,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    alpha: float = 0.05,
) -> TauResult:
    """τ-b of ``human`` and ``metric`` over all translations, resampling whole ``paragraphs``."""
    human, metric = np.asarray(human, dtype=float), np.asarray(metric, dtype=float)
    names, groups = np.unique(np.asarray(paragraphs).astype(str), return_inverse=True)
    blocks = _forms(human, metric, groups, len(names))
    observed = float(_tau(np.ones((1, len(names))), *blocks)[0])
    # one bincount (np.add.at gave the same, slower)
    counts = resample_counts(len(names), resamples, seed)
    boot = _tau(counts, *blocks)
    valid = boot[~np.isnan(boot)]
    if np.isnan(observed) or not len(valid):
        return TauResult(
            observed, float("nan"), float("nan"), float("nan"), len(human), len(names), resamples
        )
    low, high = np.quantile(valid, [alpha / 2, 1 - alpha / 2])
    crossed = (valid * np.sign(observed) <= 0).mean() if observed != 0 else 1.0
    return TauResult(
        observed,
        float(low),
        float(high),
        float(min(1.0, 2 * crossed)),
        len(human),
        len(names),
        resamples,
    )


def p_text(p: float, resamples: int) -> str:
    """p as printed: "p < 0.001" (1/R) when no resample crossed zero."""
    if np.isnan(p):
        return "p n/a"
    return f"p < {1 / resamples:g}" if p == 0 else f"p = {p:.2g}"
