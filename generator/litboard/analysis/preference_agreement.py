"""Agreement that fits the scheme (issue 44, goal 6).

Pairwise preferences: per campaign, pair and annotator pair, on the comparisons both judged (a
paragraph and an unordered pair of systems, whichever was shown as A), the percent of equal
preferences and Cohen's kappa over the labels "first system", "second system", "tie", each with
a 95% percentile bootstrap CI over comparisons (``RESAMPLES``, fixed seed) and n. Which system
is "first" is arbitrary, so kappa counts every comparison in both orders (``symmetric_kappa``:
the observed agreement is the same, the chance agreement no longer depends on the order of the
system ids; issue 57). Kappa is undefined (NaN) when both annotators only said "tie".

MQM campaigns whose every error has severity ``unspecified`` (the pairwise interface asks none)
have an MQM score of 0 for every translation: their score agreement (MSE, tau, alpha) would
read as perfect whatever the annotators marked, so ``severity_free`` names them and the
agreement page shows only their span-overlap kappa.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

RESAMPLES = 1000
SEED = 44
COLUMNS = ["campaign", "scheme", "pair", "annotators", "statistic", "value", "n", "ci"]
# the CI's bounds as numbers too (``preference_table``): the results records carry them
BOUNDS = ["ci_low", "ci_high"]


def severity_free(errors: pd.DataFrame) -> set[str]:
    """Campaigns with errors, every one of severity 'unspecified'."""
    if errors.empty:
        return set()
    marked = errors.assign(_s=errors["severity"].astype(str) != "unspecified")
    specified = marked.groupby("campaign")["_s"].any()
    return {str(c) for c, any_specified in specified.items() if not any_specified}


def _labels(pairwise: pd.DataFrame) -> pd.DataFrame:
    """One row per judgment: the comparison key and 0 (first system in id order), 1 (second), 2
    (tie)."""
    a, b = pairwise["a"].astype(str), pairwise["b"].astype(str)
    first = a.where(a < b, b)
    second = b.where(a < b, a)
    chosen = pairwise["preference"].astype(str).to_numpy()
    winner = np.where(chosen == "a", a, np.where(chosen == "b", b, ""))
    label = np.where(winner == "", 2, np.where(winner == first, 0, 1))
    return pd.DataFrame(
        {
            "campaign": pairwise["campaign"].astype(str),
            "pair": pairwise["pair"].astype(str),
            "annotator": pairwise["annotator"].astype(str),
            "item": pairwise["paragraph"].astype(str) + "|" + first + "|" + second,
            "label": label.astype(int),
        }
    )


def kappa(x: np.ndarray, y: np.ndarray, k: int = 3) -> float:
    """Cohen's kappa of two label vectors (labels 0..k-1); NaN when chance agreement is 1."""
    observed = float(np.mean(x == y))
    expected = (
        float(np.sum(np.bincount(x, minlength=k) * np.bincount(y, minlength=k))) / len(x) ** 2
    )
    return float("nan") if expected >= 1 else (observed - expected) / (1 - expected)


def symmetric_kappa(x: np.ndarray, y: np.ndarray) -> float:
    """Cohen's kappa of preference labels (0 first, 1 second, 2 tie) with each comparison also
    counted with its systems swapped (0 and 1 exchanged): independent of which system is first.
    3 of 3 equal preferences for one system: 1; 2 of 3: 1/3."""
    swap = np.array([1, 0, 2])
    return kappa(np.concatenate([x, swap[x]]), np.concatenate([y, swap[y]]))


def _ci(x: np.ndarray, y: np.ndarray) -> tuple[tuple[float, float], tuple[float, float]]:
    """95% percentile bootstrap CIs of (percent agreement, kappa), resampling comparisons."""
    rng = np.random.default_rng(SEED)
    picks = rng.integers(0, len(x), size=(RESAMPLES, len(x)))
    percent = 100 * np.mean(x[picks] == y[picks], axis=1)
    kappas = np.array([symmetric_kappa(x[p], y[p]) for p in picks])
    kappas = kappas[~np.isnan(kappas)]

    def bounds(values: np.ndarray) -> tuple[float, float]:
        if not len(values):
            return float("nan"), float("nan")
        low, high = np.percentile(values, [2.5, 97.5])
        return float(low), float(high)

    return bounds(percent), bounds(kappas)


def _shown(low: float, high: float, digits: int) -> str:
    return "—" if low != low else f"[{low:.{digits}f}, {high:.{digits}f}]"


def preference_agreement(pairwise: pd.DataFrame) -> pd.DataFrame:
    """Percent agreement and Cohen's kappa of pairwise preferences, per annotator pair (module
    doc): the page's columns, the CI as text."""
    return preference_table(pairwise)[COLUMNS]


def preference_table(pairwise: pd.DataFrame) -> pd.DataFrame:
    """``preference_agreement`` with the CI's bounds as numbers (``BOUNDS``)."""
    rows: list[dict[str, object]] = []
    if pairwise.empty:
        return pd.DataFrame(rows, columns=COLUMNS + BOUNDS)
    for (campaign, pair), group in _labels(pairwise).groupby(["campaign", "pair"], sort=True):
        by_annotator = {
            a: g.groupby("item")["label"].first() for a, g in group.groupby("annotator")
        }
        for first, second in combinations(sorted(by_annotator), 2):
            both = pd.concat([by_annotator[first], by_annotator[second]], axis=1, join="inner")
            if both.empty:
                continue
            x, y = both.iloc[:, 0].to_numpy(), both.iloc[:, 1].to_numpy()
            (p_low, p_high), (k_low, k_high) = _ci(x, y)
            base = {
                "campaign": campaign,
                "scheme": "pairwise",
                "pair": pair,
                "annotators": f"{first} vs {second}",
                "n": len(x),
            }
            rows.append(
                base
                | {
                    "statistic": "agreement (%)",
                    "value": 100 * float(np.mean(x == y)),
                    "ci": _shown(p_low, p_high, 1),
                    "ci_low": p_low,
                    "ci_high": p_high,
                }
            )
            rows.append(
                base
                | {
                    "statistic": "Cohen kappa (preference)",
                    "value": symmetric_kappa(x, y),
                    "ci": _shown(k_low, k_high, 3),
                    "ci_low": k_low,
                    "ci_high": k_high,
                }
            )
    return pd.DataFrame(rows, columns=COLUMNS + BOUNDS)
