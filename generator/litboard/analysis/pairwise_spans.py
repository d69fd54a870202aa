"""The two headline tables of a pairwise study with error spans.

- ``error_counts``: MQM error spans counted by main category per system (optionally per
  annotator group), over every annotation (a translation judged in two comparisons counts
  twice, as annotated). Severity plays no part, so spans with severity ``unspecified`` count.
- ``preference_rates``: for each comparison (an unordered system pair), the share of
  judgments preferring the first system (ties count one half), summed over language pairs
  (all judgments pooled) or per pair, with a Wilson score interval (pinned to scipy's
  ``binomtest(...).proportion_ci(method='wilson')``). The first system is the campaign's focal
  system (``pairwise.focal``), else the one shown first in the comparison's first judgment.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from .resampling import resample_counts

RATE_COLUMNS = [
    "pair",
    "first",
    "second",
    "judgments",
    "first_wins",
    "second_wins",
    "ties",
    "rate",
    "ci_low",
    "ci_high",
]


def error_counts(
    errors: pd.DataFrame,
    annotators: pd.DataFrame | None = None,
    by_group: bool = False,
    items: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Rows: system (and expertise); columns: main category; values: number of error spans.

    ``items`` (the ``mqm`` table) adds a row of zeros for every system judged without errors."""
    keys = ["expertise", "system"] if by_group else ["system"]
    frame = _grouped(
        errors.assign(category=errors["category"].astype(str).replace("", "(none)")),
        annotators,
        by_group,
    )
    judged = (
        _grouped(items, annotators, by_group)[keys].drop_duplicates() if items is not None else None
    )
    if frame.empty and (judged is None or judged.empty):
        return pd.DataFrame(columns=[*keys, "total"])
    table = (
        frame.pivot_table(
            index=keys, columns="category", values="start", aggfunc="count", fill_value=0
        )
        if not frame.empty or judged is None  # (both empty returned above)
        else pd.DataFrame(
            index=pd.MultiIndex.from_frame(judged)
            if by_group
            else pd.Index(judged["system"], name="system")
        )
    )
    if judged is not None and not judged.empty:
        full = (
            pd.MultiIndex.from_frame(judged)
            if by_group
            else pd.Index(judged["system"], name="system")
        )
        table = table.reindex(table.index.union(full), fill_value=0)
    table.columns.name = None
    table = table[sorted(table.columns)].astype(int)
    table["total"] = table.sum(axis=1)
    return table.reset_index()


def _grouped(frame: pd.DataFrame, annotators: pd.DataFrame | None, by_group: bool) -> pd.DataFrame:
    """``frame`` with an ``expertise`` column (from ``annotators``) when grouping by it."""
    if not by_group:
        return frame
    groups = (
        annotators
        if annotators is not None
        else pd.DataFrame(columns=["campaign", "annotator", "expertise"])
    )
    out = frame.merge(
        groups[["campaign", "annotator", "expertise"]], how="left", on=["campaign", "annotator"]
    )
    out["expertise"] = out["expertise"].fillna("unknown").astype(str)
    return out


def focal_of(campaigns: pd.DataFrame) -> dict[str, str]:
    """Campaign id -> the focal system its card declares (pairwise.focal), when it declares one."""
    if "focal" not in campaigns.columns:
        return {}
    return {
        str(c): str(f)
        for c, f in zip(campaigns["campaign"], campaigns["focal"])
        if isinstance(f, str) and f
    }


def oriented(pairwise: pd.DataFrame, focal: dict[str, str] | None = None) -> pd.DataFrame:
    """Each judgment as (pair, first, second, score of first: 1 win, 0.5 tie, 0 loss).

    ``first`` is the campaign's focal system (``focal``: campaign -> system) when it is one of the
    two; otherwise the system shown first (A) in the comparison's first judgment as the data lists
    it, so a comparison is always stated in the direction the dataset gives, never
    alphabetically."""
    a, b = pairwise["a"].astype(str).to_numpy(), pairwise["b"].astype(str).to_numpy()
    campaigns = (
        pairwise["campaign"].astype(str).to_numpy()
        if "campaign" in pairwise.columns
        else [""] * len(pairwise)
    )
    declared: dict[tuple[str, frozenset[str]], str] = {}
    swap = []
    for cid, x, y in zip(campaigns, a, b):
        want = (focal or {}).get(cid, "")
        key = (cid, frozenset((x, y)))
        first = want if want in (x, y) else declared.setdefault(key, x)
        swap.append(first != x)
    flip = pd.Series(swap, index=pairwise.index, dtype=bool)
    sa, sb = pairwise["a"].astype(str), pairwise["b"].astype(str)
    first, second = sa.where(~flip, sb), sb.where(~flip, sa)
    won = pairwise["preference"].map({"a": 1.0, "b": 0.0, "tie": 0.5}).astype(float)
    score = won.where(~flip, 1.0 - won)
    return pd.DataFrame(
        {
            "pair": pairwise["pair"].astype(str).to_numpy(),
            "first": first.to_numpy(),
            "second": second.to_numpy(),
            "score": score.to_numpy(),
        }
    )


def preference_rates(
    pairwise: pd.DataFrame,
    per_pair: bool = False,
    n_resamples: int = 1000,
    seed: int = 12345,
    alpha: float = 0.05,
    focal: dict[str, str] | None = None,
) -> pd.DataFrame:
    """One row per comparison (per pair, or 'all' pairs pooled): counts, rate of ``first`` (the
    focal system, see ``oriented``), CI."""
    judged = oriented(pairwise, focal)
    if not per_pair:
        judged["pair"] = "all"
    rows = []
    for (pair, first, second), group in judged.groupby(["pair", "first", "second"], sort=False):
        scores = group["score"].to_numpy(dtype=float)
        low, high = wilson_ci(float(scores.sum()), len(scores), alpha)
        rows.append(
            {
                "pair": pair,
                "first": first,
                "second": second,
                "judgments": len(scores),
                "first_wins": int((scores == 1.0).sum()),
                "second_wins": int((scores == 0.0).sum()),
                "ties": int((scores == 0.5).sum()),
                "rate": float(scores.mean()),
                "ci_low": low,
                "ci_high": high,
            }
        )
    frame = pd.DataFrame(rows, columns=RATE_COLUMNS)
    return frame.sort_values(["pair", "first", "second"], kind="stable").reset_index(drop=True)


def wilson_ci(successes: float, n: int, alpha: float = 0.05) -> tuple[float, float]:
    """Wilson score interval of a proportion (no continuity correction), as
    ``scipy.stats.binomtest(k, n).proportion_ci(1 - alpha, method='wilson')``; a tie counts as
    half a success. (nan, nan) for n = 0."""
    from scipy.stats import norm

    if n == 0:
        return float("nan"), float("nan")
    z = float(norm.ppf(1 - alpha / 2))
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * float(np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)))
    return max(0.0, centre - half), min(1.0, centre + half)


def statement(row: dict[str, Any], names: dict[str, str]) -> str:
    """'PARA preferred over SENT: 129/180, 71.7 % [95% CI 64.7–77.8 %]' (ties count half)."""
    first, second = (
        names.get(str(row["first"]), str(row["first"])),
        names.get(str(row["second"]), str(row["second"])),
    )
    wins = float(row["first_wins"]) + 0.5 * float(row["ties"])
    won = f"{wins:g}/{row['judgments']}"
    return (
        f"{first} preferred over {second}: {won}, {100 * float(row['rate']):.1f} % "
        f"[95% CI {100 * float(row['ci_low']):.1f}–{100 * float(row['ci_high']):.1f} %]"
    )


def bootstrap_ci(
    values: np.ndarray, n_resamples: int = 1000, seed: int = 12345, alpha: float = 0.05
) -> tuple[float, float]:
    """Percentile CI of the mean of ``values`` over ``n_resamples`` resamples of the values."""
    counts = resample_counts(len(values), n_resamples, seed)
    means = counts @ values / len(values)
    return float(np.quantile(means, alpha / 2)), float(np.quantile(means, 1 - alpha / 2))


def signature(alpha: float = 0.05) -> str:
    return f"Wilson score interval|ci={100 * (1 - alpha):g}%|ties=0.5"
