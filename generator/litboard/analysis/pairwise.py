"""Pairwise preferences: win rates and Bradley-Terry strengths with profile-likelihood CIs.

Input has one row per judgment with columns ``a``, ``b`` (system ids) and
``preference`` in {"a", "b", "tie"} (as ``model.COLUMNS["pairwise"]``); a tie counts
half a win for each side. Bradley-Terry: P(i beats j) = p_i / (p_i + p_j).

The point estimate is the maximum-likelihood fit of the ``choix`` library
(``choix.ilsr_pairwise_dense``, iterative Luce spectral ranking, Maystre & Grossglauser
2015) on the dense matrix of (half-tie) wins, so ties stay half a win each (choix takes
real-valued counts). The bootstrap resamples are fitted by Hunter's (2004) MM algorithm,
p_i <- W_i / sum_j N_ij / (p_i + p_j), with W_i the (half-tie) wins of i and N_ij the
comparisons of i and j, iterated until the largest change of log p is below ``tol``:
vectorised over all resamples at once it is ~50x faster than one choix call per resample
(0.14 s vs 7.8 s for 1,000 resamples of 8 systems), and a test pins the two fits to the
same estimate.
``virtual_ties`` adds that many ties to every pair of systems compared at least once
(a shrinkage that keeps the estimate finite when a system never wins or never loses,
and keeps every bootstrap resample fittable); the default is 1, i.e. half a virtual win
each way per compared pair. 0 gives the plain maximum-likelihood estimate.

Normalisation: ``strength`` sums to 1 over the systems; ``log_strength`` = log p has
mean 0. So strength_i / strength_j is the odds that i beats j.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import DataError, Problem
from .rounding import stated

_WIN = {"a": (1.0, 0.0), "b": (0.0, 1.0), "tie": (0.5, 0.5)}


def _systems(df: pd.DataFrame) -> list[str]:
    missing = [c for c in ("a", "b", "preference") if c not in df.columns]
    bad = sorted({str(p) for p in df.get("preference", []) if p not in _WIN})
    same = int((df.get("a", pd.Series(dtype=str)) == df.get("b", pd.Series(dtype=str))).sum())
    problems = [
        Problem("<pairwise>", 0, c, "column missing", "pass the pairwise table") for c in missing
    ]
    if bad:
        problems.append(
            Problem("<pairwise>", 0, "preference", f"unknown values {bad}", "use 'a', 'b' or 'tie'")
        )
    if same:
        problems.append(
            Problem(
                "<pairwise>",
                0,
                "a/b",
                f"{same} row(s) compare a system with itself",
                "compare two different systems",
            )
        )
    if problems:
        raise DataError(problems)
    return sorted({str(s) for s in df["a"]} | {str(s) for s in df["b"]})


def _win_tensor(df: pd.DataFrame, names: list[str]) -> np.ndarray:
    """Per row, a systems x systems matrix of (half-tie) wins: shape (rows, S, S)."""
    col = {name: j for j, name in enumerate(names)}
    a = np.array([col[str(s)] for s in df["a"]], dtype=int)
    b = np.array([col[str(s)] for s in df["b"]], dtype=int)
    wins = np.array([_WIN[p] for p in df["preference"]], dtype=float).reshape(-1, 2)
    tensor = np.zeros((len(df), len(names), len(names)))
    rows = np.arange(len(df))
    tensor[rows, a, b] = wins[:, 0]
    tensor[rows, b, a] = wins[:, 1]
    return tensor


def win_matrix(df: pd.DataFrame) -> pd.DataFrame:
    """Share of comparisons row system won against column system (ties count half).

    NaN where two systems were never compared and on the diagonal.
    """
    names = _systems(df)
    wins = _win_tensor(df, names).sum(0)
    games = wins + wins.T
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(games > 0, wins / games, np.nan)
    return pd.DataFrame(rate, index=names, columns=names)


def _reaches_all(edges: np.ndarray) -> bool:
    """Whether every node is reachable from node 0 along edges[i, j] > 0."""
    reach = np.zeros(len(edges), dtype=bool)
    reach[0] = True
    for _ in range(len(edges)):
        reach = reach | (edges[reach] > 0).any(0)
    return bool(reach.all())


def _check_graph(wins: np.ndarray, virtual_ties: float) -> None:
    games = wins + wins.T
    if not _reaches_all(games):
        raise DataError(
            [
                Problem(
                    "<pairwise>",
                    0,
                    "a/b",
                    "the systems fall into groups never compared with each other",
                    "add comparisons linking the groups, or rank each group separately",
                )
            ]
        )
    if virtual_ties <= 0 and not (_reaches_all(wins) and _reaches_all(wins.T)):
        raise DataError(
            [
                Problem(
                    "<pairwise>",
                    0,
                    "preference",
                    "some systems never beat (or "
                    "never lose to) the rest, so Bradley-Terry strengths are "
                    "infinite",
                    "pass virtual_ties > 0 (e.g. 1.0)",
                )
            ]
        )


def fit_mm(wins: np.ndarray, tol: float = 1e-10, max_iter: int = 10000) -> np.ndarray:
    """Bradley-Terry log-strengths (mean 0) for a stack of win matrices (..., S, S).

    ``wins[..., i, j]`` is how often i beat j. Vectorised over leading axes, so all
    bootstrap resamples are fitted at once. The MLE must exist (every system wins and
    loses somewhere, comparison graph strongly connected); otherwise strengths drift
    towards 0 or infinity until ``max_iter``.
    """
    games = wins + np.swapaxes(wins, -1, -2)
    total = wins.sum(-1)
    p = np.ones(wins.shape[:-1])
    for _ in range(max_iter):
        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.where(games > 0, games / (p[..., :, None] + p[..., None, :]), 0.0)
        new = total / share.sum(-1)
        new = new / new.sum(-1, keepdims=True)
        with np.errstate(divide="ignore", invalid="ignore"):
            change = np.nanmax(np.abs(np.log(new) - np.log(p)))
        p = new
        if change < tol:
            break
    log_p = np.log(p)
    return log_p - log_p.mean(-1, keepdims=True)


def fit_choix(wins: np.ndarray, tol: float = 1e-10) -> np.ndarray:
    """Bradley-Terry log-strengths (mean 0) of one win matrix, by ``choix`` (ML, ILSR)."""
    import choix

    params = choix.ilsr_pairwise_dense(
        np.asarray(wins, dtype=float), alpha=0.0, max_iter=100000, tol=tol
    )
    return params - params.mean()


def _prior(games: np.ndarray, virtual_ties: float) -> np.ndarray:
    prior = np.where(games > 0, virtual_ties / 2.0, 0.0)
    np.fill_diagonal(prior, 0.0)
    return prior


def _bootstrap(
    tensor: np.ndarray, keys: np.ndarray, prior: np.ndarray, n_resamples: int, seed: int
) -> np.ndarray:
    """Log-strengths of every resample of the item groups: shape (n_resamples, S)."""
    from .resampling import resample_counts

    if n_resamples <= 0:
        return np.full((1, tensor.shape[1]), np.nan)
    codes, uniques = pd.factorize(keys)
    per_item = np.zeros((len(uniques),) + tensor.shape[1:])
    np.add.at(per_item, codes, tensor)
    counts = resample_counts(len(uniques), n_resamples, seed)
    return fit_mm(np.einsum("ri,ijk->rjk", counts, per_item) + prior, tol=1e-8)


def bradley_terry(
    df: pd.DataFrame,
    virtual_ties: float = 1.0,
    n_resamples: int = 1000,
    seed: int = 12345,
    alpha: float = 0.05,
    item: str | None = "paragraph",
    tol: float = 1e-10,
) -> pd.DataFrame:
    """Bradley-Terry strengths with bootstrap percentile (1 - alpha) CIs over items.

    Returns a DataFrame indexed by system, sorted by strength: strength (sums to 1),
    log_strength (mean 0), log_ci_low / log_ci_high and ci_low / ci_high (profile-likelihood
    intervals under the virtual-ties prior, ``bt_profile``: they hold their level at 0/n and
    n/n, where a bootstrap interval collapses to a point), ci_method (its name), rank_low /
    rank_high (percentile intervals of the bootstrap ranks), comparisons (count), rank.
    Call it on one language pair at a time. Resampling draws whole ``item`` groups (all
    judgments of a paragraph together; ``item=None``: single judgments), with
    one counts matrix from ``numpy.random.default_rng(seed)``; all resamples are fitted
    in one vectorised MM run. ``n_resamples=0`` skips the CIs (NaN). Resamples need a
    finite estimate, so CIs require ``virtual_ties > 0``. ``DataError`` is raised when
    the comparison graph falls apart (no common scale) or, with ``virtual_ties == 0``,
    when the maximum-likelihood estimate does not exist (win graph not strongly
    connected, e.g. a system that never wins).
    """
    if n_resamples > 0 and virtual_ties <= 0:
        raise ValueError("bootstrap CIs need virtual_ties > 0 (set n_resamples=0 to skip)")
    if item is not None and item not in df.columns:
        raise DataError(
            [
                Problem(
                    "<pairwise>",
                    0,
                    item,
                    "column missing",
                    "pass item=None to resample single judgments instead of items",
                )
            ]
        )
    names = _systems(df)
    tensor = _win_tensor(df, names)
    wins = tensor.sum(0)
    games = wins + wins.T
    _check_graph(wins, virtual_ties)
    prior = _prior(games, virtual_ties)
    log_p = fit_choix(wins + prior, tol=tol)
    strength = np.exp(log_p) / np.exp(log_p).sum()
    keys = np.arange(len(df)) if item is None else df[item].astype(str).to_numpy()
    boot_log = _bootstrap(tensor, keys, prior, n_resamples, seed)
    table = pd.DataFrame(
        {
            "strength": strength,
            "log_strength": log_p,
            **_intervals(wins + prior, log_p, boot_log, alpha, virtual_ties),
            "comparisons": games.sum(1).astype(int),
        },
        index=pd.Index(names, name="system"),
    )
    # strengths equal at the precision the site states (12 significant digits) share a rank: the
    # fit's last bits differ between two systems with the same record (LT de-en SENT and PARA)
    stated_strength = table["strength"].map(stated)
    table["rank"] = stated_strength.rank(ascending=False, method="min").astype(int)
    return table.sort_values(["rank"], kind="stable")


def _intervals(
    weights: np.ndarray, log_p: np.ndarray, boot_log: np.ndarray, alpha: float, virtual_ties: float
) -> dict[str, object]:
    """Profile-likelihood strength intervals (``bt_profile``; chosen by the coverage of
    ``bt_coverage``) and bootstrap percentile rank intervals (rank 1 = strongest)."""
    from .bt_profile import profile_intervals, strengths

    size = len(log_p)
    if virtual_ties > 0 and size > 1:
        lows, highs = profile_intervals(weights, log_p, alpha)
    else:  # no stated prior: the estimate may be infinite, so no interval
        lows = highs = np.full((size, size), np.nan)
    ties = "1 virtual tie" if virtual_ties == 1 else f"{virtual_ties:g} virtual ties"
    return {
        "log_ci_low": np.diag(lows),
        "log_ci_high": np.diag(highs),
        "ci_low": np.diag(strengths(lows)),
        "ci_high": np.diag(strengths(highs)),
        "ci_method": f"{100 * (1 - alpha):g}% profile likelihood, {ties} per compared pair",
        **_rank_intervals(boot_log, alpha),
    }


def _rank_intervals(boot_log: np.ndarray, alpha: float) -> dict[str, np.ndarray]:
    """Central (1 - alpha) range of each system's rank over the bootstrap resamples."""
    if np.isnan(boot_log).any():
        nan = np.full(boot_log.shape[-1], np.nan)
        return {"rank_low": nan, "rank_high": nan}
    ranks = (-boot_log).argsort(-1).argsort(-1) + 1
    return {
        "rank_low": np.quantile(ranks, alpha / 2, axis=0, method="lower"),
        "rank_high": np.quantile(ranks, 1 - alpha / 2, axis=0, method="higher"),
    }
