"""Best-worst scaling: counting scores and split-half reliability.

A BWS table has one row per judged tuple with columns ``systems`` (the tuple shown, a
list or tuple of system ids), ``best`` and ``worst`` (as ``model.COLUMNS["bws"]``).
The counting score of a system (Orme 2009; Kiritchenko & Mohammad 2017) is

    score = %best - %worst = (best - worst) / seen,

where ``seen`` counts the tuples that contain the system, so scores lie in [-1, 1].
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..errors import DataError, Problem


class Incidence(NamedTuple):
    """Systems (sorted) and three row x system 0/1 matrices."""

    names: list[str]
    seen: np.ndarray
    best: np.ndarray
    worst: np.ndarray


def _incidence(df: pd.DataFrame) -> Incidence:
    """Systems (sorted) and three row x system 0/1 matrices: seen, best, worst."""
    missing = [c for c in ("systems", "best", "worst") if c not in df.columns]
    if missing:
        raise DataError(
            [
                Problem(
                    "<bws>",
                    0,
                    c,
                    "column missing from the BWS table",
                    "pass the bws table (model.COLUMNS['bws'])",
                )
                for c in missing
            ]
        )
    tuples = [list(t) for t in df["systems"]]
    problems = []
    for row, (shown, best, worst) in enumerate(zip(tuples, df["best"], df["worst"]), start=1):
        if best not in shown or worst not in shown:
            problems.append(
                Problem(
                    "<bws>",
                    row,
                    "best/worst",
                    f"pick not among the systems shown {shown}",
                    "pick best and worst from the tuple",
                )
            )
        elif best == worst:
            problems.append(
                Problem(
                    "<bws>",
                    row,
                    "worst",
                    f"{best!r} is both best and worst",
                    "pick two different systems",
                )
            )
    if problems:
        raise DataError(problems)
    names = sorted({str(s) for t in tuples for s in t})
    col = {name: j for j, name in enumerate(names)}
    seen = np.zeros((len(tuples), len(names)))
    best_m, worst_m = np.zeros_like(seen), np.zeros_like(seen)
    for i, shown in enumerate(tuples):
        seen[i, [col[str(s)] for s in set(shown)]] = 1.0
    rows = np.arange(len(tuples))
    best_m[rows, [col[str(b)] for b in df["best"]]] = 1.0
    worst_m[rows, [col[str(w)] for w in df["worst"]]] = 1.0
    return Incidence(names, seen, best_m, worst_m)


def _score(seen: np.ndarray, best: np.ndarray, worst: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(seen > 0, (best - worst) / seen, np.nan)


def bws_scores(df: pd.DataFrame) -> pd.DataFrame:
    """Per system: seen, best, worst and score = (best - worst) / seen.

    Returns a DataFrame indexed by system (sorted by score, best first; ties by name).
    A row naming a best or worst pick outside its tuple raises ``DataError``.
    """
    incidence = _incidence(df)
    seen, best, worst = incidence.seen.sum(0), incidence.best.sum(0), incidence.worst.sum(0)
    table = pd.DataFrame(
        {
            "seen": seen.astype(int),
            "best": best.astype(int),
            "worst": worst.astype(int),
            "score": _score(seen, best, worst),
        },
        index=pd.Index(incidence.names, name="system"),
    )
    order = sorted(incidence.names, key=lambda s: (-table.at[s, "score"], s))
    return table.loc[order]


def split_half_reliability(df: pd.DataFrame, n_splits: int = 100, seed: int = 12345) -> float:
    """Mean Spearman rho between the system scores of two random halves of the tuples.

    Each split shuffles the rows (judged tuples) with ``numpy.random.default_rng(seed)``
    and cuts them into halves of floor(n/2) and ceil(n/2) rows; both halves are scored
    with ``bws_scores``' formula and correlated with ``scipy.stats.spearmanr`` over the
    systems seen in both halves. Splits where rho is undefined (fewer than two shared
    systems, or constant scores) are left out of the mean; NaN when every split is. No
    Spearman-Brown correction is applied (as in Kiritchenko & Mohammad 2017).
    """
    from scipy.stats import spearmanr

    if n_splits < 1:
        raise ValueError("n_splits must be >= 1")
    incidence = _incidence(df)
    n = len(df)
    if n < 2:
        return float("nan")
    rng = np.random.default_rng(seed)
    order = rng.permuted(np.tile(np.arange(n), (n_splits, 1)), axis=1)
    first = np.zeros((n_splits, n))
    first[np.arange(n_splits)[:, None], order[:, : n // 2]] = 1.0
    halves = [first, 1.0 - first]
    scores = [_score(h @ incidence.seen, h @ incidence.best, h @ incidence.worst) for h in halves]
    rhos = []
    for a, b in zip(*scores):
        shared = ~np.isnan(a) & ~np.isnan(b)
        if shared.sum() < 2 or np.ptp(a[shared]) == 0 or np.ptp(b[shared]) == 0:
            continue
        rhos.append(float(spearmanr(a[shared], b[shared]).statistic))
    return float(np.mean(rhos)) if rhos else float("nan")
