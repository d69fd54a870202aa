"""Quality control of a plan's new annotators: their agreement with earlier campaigns on the
anchor items (the translations and comparisons both judged).

- scores (MQM, SQM, ...): per anchor translation (system, paragraph), the new campaign's mean
  against an earlier campaign's mean: Kendall's tau-b and Krippendorff's alpha (interval; the two
  campaigns as two raters);
- pairwise: per comparison (paragraph, the two systems, in sorted order), each campaign's
  majority preference (first, second, tie; an even split is a tie): Cohen's kappa.

Each value carries a percentile bootstrap CI over the shared items (``n_resamples``, ``seed``);
fewer than 2 shared items give no figure. The statistics are ``analysis.agreement``'s.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pandas as pd

from . import agreement as ag
from ..model import Corpus
from .campaign_status import PlanState


def _boot(
    stat: Callable[[np.ndarray], float], n: int, n_resamples: int, seed: int, alpha: float
) -> tuple[float, float]:
    """Percentile bootstrap CI of ``stat(indices)`` over ``n`` items (NaN resamples dropped)."""
    rng = np.random.default_rng(seed)
    values = np.array([stat(rng.integers(0, n, n)) for _ in range(n_resamples)], dtype=float)
    values = values[~np.isnan(values)]
    if not len(values):
        return float("nan"), float("nan")
    return float(np.quantile(values, alpha / 2)), float(np.quantile(values, 1 - alpha / 2))


def _row(
    earlier: str, statistic: str, value: float, ci: tuple[float, float], n: int
) -> dict[str, Any]:
    return {
        "earlier": earlier,
        "statistic": statistic,
        "value": value,
        "ci_low": ci[0],
        "ci_high": ci[1],
        "items": n,
    }


def score_agreement(
    new: pd.Series, old: pd.Series, earlier: str, n_resamples: int, seed: int, alpha: float
) -> list[dict[str, Any]]:
    """Kendall tau-b and interval alpha of two campaigns' scores of the same items."""
    both = pd.concat([new.rename("new"), old.rename("old")], axis=1, join="inner").dropna()
    if len(both) < 2:
        return []
    x, y = both["new"].to_numpy(), both["old"].to_numpy()

    def tau(i: np.ndarray) -> float:
        return ag.kendall_tau(pd.Series(x[i]), pd.Series(y[i])).value

    def alpha_(i: np.ndarray) -> float:
        return ag.krippendorff_alpha(pd.DataFrame([x[i], y[i]]), "interval").value

    n = len(both)
    every = np.arange(n)
    return [
        _row(earlier, "Kendall tau-b", tau(every), _boot(tau, n, n_resamples, seed, alpha), n),
        _row(
            earlier,
            "Krippendorff alpha (interval)",
            alpha_(every),
            _boot(alpha_, n, n_resamples, seed, alpha),
            n,
        ),
    ]


def majority(pairwise: pd.DataFrame) -> pd.Series:
    """(paragraph, first, second) -> 'first' | 'second' | 'tie': the majority preference, with
    the two systems in sorted order."""
    flip = pairwise["a"] > pairwise["b"]
    first = pairwise["a"].where(~flip, pairwise["b"])
    second = pairwise["b"].where(~flip, pairwise["a"])
    vote = pairwise["preference"].map({"a": 1.0, "b": -1.0, "tie": 0.0}) * np.where(flip, -1.0, 1.0)
    frame = pd.DataFrame(
        {"paragraph": pairwise["paragraph"], "first": first, "second": second, "vote": vote}
    )
    total = frame.groupby(["paragraph", "first", "second"])["vote"].sum()
    return np.sign(total).map({1.0: "first", -1.0: "second", 0.0: "tie"})


def pairwise_agreement(
    new: pd.DataFrame, old: pd.DataFrame, earlier: str, n_resamples: int, seed: int, alpha: float
) -> list[dict[str, Any]]:
    both = pd.concat(
        [majority(new).rename("new"), majority(old).rename("old")], axis=1, join="inner"
    ).dropna()
    if len(both) < 2:
        return []
    x, y = both["new"].to_numpy(), both["old"].to_numpy()

    def kappa(i: np.ndarray) -> float:
        return ag._kappa(x[i], y[i], "Cohen kappa").value

    n = len(both)
    return [
        _row(
            earlier,
            "Cohen kappa (majority preference)",
            kappa(np.arange(n)),
            _boot(kappa, n, n_resamples, seed, alpha),
            n,
        )
    ]


def anchor_agreement(
    corpus: Corpus,
    state: PlanState,
    long: pd.DataFrame,
    columns: list[Any],
    n_resamples: int = 1000,
    seed: int = 12345,
    alpha: float = 0.05,
) -> list[dict[str, Any]]:
    """Rows (earlier campaign, statistic, value, CI, items) for one plan's main campaign."""
    own = {
        cid
        for cid, card in corpus.campaigns.items()
        if (card.get("plan") or {}).get("campaign") == state.campaign
    }
    scheme = corpus.campaigns[state.campaign]["scheme"]
    rows: list[dict[str, Any]] = []
    if scheme == "pairwise":
        table = corpus.pairwise[corpus.pairwise["pair"] == state.pair]
        mine = table[table["campaign"] == state.campaign]
        for earlier in sorted(set(table["campaign"].astype(str)) - own):
            rows += pairwise_agreement(
                mine, table[table["campaign"] == earlier], earlier, n_resamples, seed, alpha
            )
        return rows
    keys = {c.campaign: c.key for c in columns}
    if state.campaign not in keys:
        return rows
    scores = long[(long["pair"] == state.pair) & ~long["system"].isin(state.new_systems)]
    by = ["system", "paragraph"]
    mine = scores[scores["column"] == keys[state.campaign]].groupby(by)["score"].mean()
    prefix = keys[state.campaign].split(":", 1)[0]
    for earlier, key in sorted(keys.items()):
        if earlier in own or key.split(":", 1)[0] != prefix:
            continue
        theirs = scores[scores["column"] == key].groupby(by)["score"].mean()
        rows += score_agreement(mine, theirs, earlier, n_resamples, seed, alpha)
    return rows
