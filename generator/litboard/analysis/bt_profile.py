"""Bradley-Terry intervals that stay honest at 0/n and n/n: profile likelihood under a stated prior.

A bootstrap percentile interval cannot contain a win the data never show: a system that lost
all 10 of its judgments loses all 10 in every resample, so its interval is the narrowest on the
page (issue 46). The profile-likelihood interval asks instead which strengths the data make
implausible. With the prior of ``pairwise.bradley_terry`` (``virtual_ties`` ties added to every
compared pair, i.e. half a virtual win each way) the penalised log-likelihood is

    l(b) = sum_ij W_ij * (b_i - log(exp b_i + exp b_j)),   W = wins + prior,

and the (1 - alpha) interval of system i's log-strength c = b_i - mean(b) is every c with
2 * (l_max - l_profile(c)) <= chi2_1(1 - alpha), l_profile(c) the largest l with that c
(Wilks). The bounds are found by root finding; each bound's full fit gives the strengths there,
so ``ci_low``/``ci_high`` are strengths (summing to 1 at each fit) as in the bootstrap table.
Why this method: ``coverage.py`` simulates the coverage of each candidate (table on the
methodology page).
"""

from __future__ import annotations

import numpy as np

_BRACKET = 40.0  # log-strength units searched on each side of the estimate


def loglik(beta: np.ndarray, weights: np.ndarray) -> float:
    """Penalised Bradley-Terry log-likelihood of log-strengths ``beta`` for (prior + wins)."""
    diff = np.logaddexp(beta[:, None], beta[None, :])
    return float((weights * (beta[:, None] - diff)).sum())


def _gradient(beta: np.ndarray, weights: np.ndarray) -> np.ndarray:
    from scipy.special import expit

    games = weights + weights.T
    share = expit(beta[:, None] - beta[None, :])  # P(i beats j)
    return weights.sum(1) - (games * share).sum(1)


def _constrained(u: np.ndarray, i: int, c: float) -> np.ndarray:
    """Log-strengths with b_i - mean(b) = c: b_i = 0, the others u centred and shifted."""
    size = len(u) + 1
    rest = u - u.mean() - size * c / (size - 1)
    return np.insert(rest, i, 0.0)


def _profile(weights: np.ndarray, i: int, c: float, start: np.ndarray) -> tuple[float, np.ndarray]:
    """The largest log-likelihood with b_i - mean(b) = c, and the log-strengths (mean 0) there."""
    from scipy.optimize import minimize

    if len(weights) == 2:
        beta = _constrained(np.zeros(1), i, c)
    else:

        def objective(u: np.ndarray) -> tuple[float, np.ndarray]:
            beta = _constrained(u, i, c)
            grad = np.delete(_gradient(beta, weights), i)
            return -loglik(beta, weights), -(grad - grad.mean())

        fit = minimize(objective, start, jac=True, method="BFGS", options={"gtol": 1e-7})
        beta = _constrained(fit.x, i, c)
    return loglik(beta, weights), beta - beta.mean()


def _bound(weights: np.ndarray, i: int, best: np.ndarray, drop: float, side: int) -> np.ndarray:
    """The log-strengths at the interval's bound on ``side`` (-1 low, +1 high) for system i."""
    from scipy.optimize import brentq

    top = loglik(best, weights)
    start = np.delete(best, i)

    def excess(c: float) -> float:
        return 2.0 * (top - _profile(weights, i, c, start)[0]) - drop

    far = best[i] + side * _BRACKET
    if excess(far) <= 0:  # flat to the edge of the search: the bound is that far out
        return _profile(weights, i, far, start)[1]
    c = brentq(excess, *sorted((best[i], far)), xtol=1e-6)
    return _profile(weights, i, c, start)[1]


def profile_intervals(
    weights: np.ndarray, best: np.ndarray, alpha: float = 0.05
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) log-strength vectors (mean 0) at each system's bounds: shape (S, S) each,
    row i the full fit at system i's bound. ``best``: the penalised estimate (mean 0)."""
    from scipy.stats import chi2

    drop = float(chi2.ppf(1 - alpha, 1))
    lows = np.array([_bound(weights, i, best, drop, -1) for i in range(len(best))])
    highs = np.array([_bound(weights, i, best, drop, +1) for i in range(len(best))])
    return lows, highs


def strengths(log_strength: np.ndarray) -> np.ndarray:
    """Strengths summing to 1 along the last axis."""
    e = np.exp(log_strength - log_strength.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)
