"""Per-paragraph browsing numbers: the spread of one column's scores over systems, and where
automatic judges disagree most with the humans (HELM-style instance browsing).

Input is the long table of ``leaderboard.segment_scores`` (column, system, pair, paragraph,
score; one score per translation, already averaged over annotators).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

KEYS = ["pair", "paragraph"]
MIN_SYSTEMS = 3  # a rank correlation over fewer systems says nothing
LISTED_SYSTEMS = 5  # "where judges disagree most" lists only paragraphs with this many systems:
# over 3 systems tau takes 4 values and -1 is reached by chance one time in 6
LISTED_WORDS = 20  # ... and this many source words (4-word lines filled the top before)
EXACT_ORDERS = 5040  # up to 7 systems every ordering is enumerated; beyond, PERMUTATIONS are drawn
PERMUTATIONS = 2000


def spread(long: pd.DataFrame, column: str, higher_is_better: bool = True) -> pd.DataFrame:
    """Per (pair, paragraph): n systems, best and worst score, spread = best - worst (>= 0), and
    the best system (ties: the first id)."""
    rows = long[(long["column"] == column) & long["score"].notna()]
    out_columns = KEYS + ["n", "best", "worst", "spread", "best_system"]
    rows = rows.dropna(subset=KEYS)
    if rows.empty:
        return pd.DataFrame(columns=out_columns)
    # one sort instead of one per paragraph: within a paragraph, best first (ties: the first id)
    ordered = rows.sort_values(
        KEYS + ["score", "system"],
        ascending=[True, True, not higher_is_better, True],
        kind="stable",
    )
    groups = ordered.groupby(KEYS, sort=True)
    first, last = groups.head(1).set_index(KEYS), groups.tail(1).set_index(KEYS)
    best, worst = first["score"].astype(float), last["score"].astype(float)
    frame = pd.DataFrame(
        {
            "n": groups.size(),
            "best": best,
            "worst": worst,
            "spread": (best - worst).abs(),
            "best_system": first["system"].astype(str),
        }
    )
    return frame.reset_index()[out_columns]


def judge_disagreement(
    long: pd.DataFrame,
    human: str,
    judges: dict[str, bool],
    human_higher_is_better: bool = True,
    min_systems: int = MIN_SYSTEMS,
) -> pd.DataFrame:
    """Kendall tau-b between the human column and each judge over the systems of a paragraph.

    ``judges`` maps column -> higher_is_better; scores are oriented so that tau = 1 means the
    judge orders the systems exactly as the humans do and -1 the reverse. Paragraphs with fewer
    than ``min_systems`` systems scored by both, or a constant column, are left out.

    All paragraphs at once (numpy over a paragraphs x systems x systems sign array), computed
    as scipy's ``kendalltau`` computes tau-b, so the values are the same to the last bit
    (tests/render/test_board_ranked_by.py); a pandas loop per paragraph took minutes at 20,000
    paragraphs.
    """
    columns = KEYS + ["column", "tau", "n"]
    wide = long[long["column"].isin([human, *judges])].pivot_table(
        index=KEYS + ["system"], columns="column", values="score", aggfunc="mean"
    )
    if human not in wide.columns or wide.empty:
        return pd.DataFrame(columns=columns)
    groups = wide.index.droplevel("system")
    codes, uniques = pd.factorize(groups, sort=True)
    slot = pd.Series(np.arange(len(codes))).groupby(codes).cumcount().to_numpy()
    shape = (len(uniques), int(slot.max()) + 1)
    orient = 1.0 if human_higher_is_better else -1.0
    h = _dense(wide[human].to_numpy(float) * orient, codes, slot, shape)
    found: list[tuple[np.ndarray, int, np.ndarray, np.ndarray]] = []
    for order, (column, higher) in enumerate(judges.items()):
        if column not in wide.columns:
            continue
        j = _dense(wide[column].to_numpy(float) * (1.0 if higher else -1.0), codes, slot, shape)
        both = ~np.isnan(h) & ~np.isnan(j)
        x, y = np.where(both, h, np.nan), np.where(both, j, np.nan)
        n = both.sum(1)
        keep = (n >= min_systems) & (_distinct(x) >= 2) & (_distinct(y) >= 2)
        rows = np.flatnonzero(keep)
        sx, sy = _signs(x[rows]), _signs(y[rows])
        concordance = (sx * sy).sum((1, 2)) // 2  # con - dis over the pairs i < j
        untied_x, untied_y = (sx != 0).sum((1, 2)) // 2, (sy != 0).sum((1, 2)) // 2
        with np.errstate(invalid="ignore", divide="ignore"):
            tau = concordance / np.sqrt(untied_x) / np.sqrt(untied_y)
        found.append((rows, order, np.clip(tau, -1.0, 1.0), n[rows]))
    if not found:
        return pd.DataFrame(columns=columns)
    rows = np.concatenate([f[0] for f in found])
    order = np.concatenate([np.full(len(f[0]), f[1]) for f in found])
    sequence = np.lexsort((order, rows))  # paragraph by paragraph, judges in the given order
    names = list(judges)
    keys = uniques[rows[sequence]]
    return pd.DataFrame(
        {
            "pair": [k[0] for k in keys],
            "paragraph": [k[1] for k in keys],
            "column": [names[o] for o in order[sequence]],
            "tau": np.concatenate([f[2] for f in found])[sequence].astype(float),
            "n": np.concatenate([f[3] for f in found])[sequence].astype(int),
        },
        columns=columns,
    )


def _dense(
    values: np.ndarray, codes: np.ndarray, slot: np.ndarray, shape: tuple[int, int]
) -> np.ndarray:
    out = np.full(shape, np.nan)
    out[codes, slot] = values
    return out


def _distinct(values: np.ndarray) -> np.ndarray:
    """Distinct non-NaN values per row."""
    ordered = np.sort(values, axis=1)  # NaN last
    present = ~np.isnan(ordered)
    new = np.ones_like(present)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    return (present & new).sum(1)


def _signs(values: np.ndarray) -> np.ndarray:
    """sign(v_i - v_j) per row, 0 where either is NaN (as int8)."""
    with np.errstate(invalid="ignore"):
        return np.nan_to_num(np.sign(values[:, :, None] - values[:, None, :])).astype(np.int8)


def most_disputed(taus: pd.DataFrame, top: int) -> pd.DataFrame:
    """Paragraphs ordered by mean tau over judges (lowest first): mean_tau, judges, worst column."""
    if taus.empty:
        return pd.DataFrame(columns=KEYS + ["mean_tau", "judges", "worst", "worst_tau"])
    worst = taus.sort_values(["tau", "column"]).groupby(KEYS, sort=False).first()
    summary = taus.groupby(KEYS).agg(mean_tau=("tau", "mean"), judges=("tau", "size"))
    summary["worst"] = worst["column"]
    summary["worst_tau"] = worst["tau"]
    summary = summary.reset_index().sort_values(["mean_tau", "pair", "paragraph"], kind="stable")
    return summary.head(top).reset_index(drop=True)


def _orders(n: int, seed: int) -> np.ndarray:
    """Every permutation of n systems when there are at most EXACT_ORDERS, else PERMUTATIONS
    drawn from ``numpy.random.default_rng(seed)`` (the identity first either way)."""
    from itertools import permutations
    from math import factorial

    if factorial(n) <= EXACT_ORDERS:
        return np.array(list(permutations(range(n))))
    rng = np.random.default_rng(seed)
    drawn = np.argsort(rng.random((PERMUTATIONS, n)), axis=1)
    return np.vstack([np.arange(n)[None, :], drawn])


def disagreement_p(human: np.ndarray, judges: np.ndarray, seed: int = 12345) -> tuple[float, float]:
    """Mean τ-b over judges between ``human`` (n systems) and each row of ``judges`` (k x n,
    oriented so that higher is better; no NaN), and its one-sided permutation p: the share of
    orderings of the human scores over the systems whose mean τ is as low or lower. Exact (all
    n! orderings) up to 7 systems; with sampled orderings p = (count + 1) / (R + 1)."""
    orders = _orders(len(human), seed)
    s_h = np.sign(human[:, None] - human[None, :])
    s_j = np.sign(judges[:, :, None] - judges[:, None, :])  # (k, n, n)
    untied = np.sqrt((s_h != 0).sum() / 2) * np.sqrt((s_j != 0).sum((1, 2)) / 2)  # (k,)
    permuted = s_h[orders[:, :, None], orders[:, None, :]]  # (R, n, n)
    taus = np.einsum("rij,kij->rk", permuted, s_j) / 2 / untied[None, :]
    means = taus.mean(1)
    observed = means[0]
    count = int(np.sum(means <= observed + 1e-12))  # sampled: the identity row is scipy's "+1"
    return float(observed), float(min(1.0, count / len(orders)))


REST = "rest:"  # prefix of the leave-one-out column of ``leave_one_out``


def leave_one_out(long: pd.DataFrame, column: str) -> pd.DataFrame:
    """Rows (column ``REST + column``, system, pair, paragraph, score) where score is the system's
    mean of ``column`` over its *other* paragraphs of the pair: what the board says about the
    system without this paragraph. A system scored on one paragraph only gets no row. The view of
    "where judges disagree most" for a pair without automatic judges: the paragraphs whose human
    order of the systems is least like the rest of the data's."""
    rows = long[(long["column"] == column) & long["score"].notna()]
    rows = rows.groupby(["system", "pair", "paragraph"], as_index=False)["score"].mean()
    totals = rows.groupby(["system", "pair"])["score"].transform("sum")
    counts = rows.groupby(["system", "pair"])["score"].transform("size")
    rest = rows.assign(score=(totals - rows["score"]) / (counts - 1), column=REST + column)
    return rest[counts > 1][["column", "system", "pair", "paragraph", "score"]].reset_index(
        drop=True
    )


def paragraph_words(sources: pd.DataFrame, translations: pd.DataFrame) -> dict[str, int | None]:
    """Length of each source paragraph in words: the larger of its own whitespace-separated words
    and the median over its translations (Chinese and Japanese are written without spaces, so a
    zh source counts its English translations' words); None when no text is stored (restricted)."""

    # str.split() per text: what .str.split().str.len() gives, without its word lists
    def count(texts: pd.Series) -> pd.Series:
        return pd.Series(
            [len(t.split()) for t in texts.fillna("").astype(str)], index=texts.index, dtype="int64"
        )

    translated = translations.assign(words=count(translations["text"]))
    translated = translated[translated["words"] > 0].groupby("paragraph")["words"].median()
    out: dict[str, int | None] = {}
    for paragraph, words in zip(sources["paragraph"].astype(str), count(sources["text"])):
        found = max(int(words), int(translated.get(paragraph, 0)))
        out[paragraph] = found or None
    return out
