"""Metric meta-evaluation: segment-level Kendall tau and system rankings per pair.

Kendall's tau is scipy's ``kendalltau`` with ``variant="b"`` (tau-b, which corrects for ties
in either ranking -- student MQM has many ties at 0), computed per language pair over all
translations that have both scores (paper 000 Fig. 2a; Fig. 2b per error category). Its CI
and p-value come from resampling whole paragraphs (``tau_resampling``): the translations of one
paragraph are not independent, so scipy's p-value (1e-43 for a pair) is not used.
System rankings are plain means (the bootstrap lives in ``uncertainty.py``); system-level
pairwise accuracy is the share of system pairs a metric orders like the human scores.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pandas as pd

KEYS = ["pair", "paragraph", "system"]
TAU_COLUMNS = ["pair", "human", "metric", "tau", "ci_low", "ci_high", "p_value", "n", "paragraphs"]
RANK_COLUMNS = ["pair", "system", "mean", "n", "rank"]


def wide_scores(long: pd.DataFrame, column: str = "campaign") -> pd.DataFrame:
    """One row per translation (pair, paragraph, system), one column per ``column`` value."""
    return long.pivot_table(index=KEYS, columns=column, values="score", aggfunc="mean")


def kendall(
    wide: pd.DataFrame,
    comparisons: Sequence[tuple[str, str]],
    variant: str = "b",
    resample: bool = True,
) -> pd.DataFrame:
    """Kendall tau per pair for each (human column, metric column) of ``wide``.

    Returns columns pair, human, metric, tau, ci_low, ci_high, p_value (95% CI and two-sided p
    from a paired bootstrap over paragraphs; NaN when ``resample`` is False), n (translations
    with both scores) and paragraphs. ``variant`` "b" uses the resampling; other variants
    (scipy's "c") give tau only.
    """
    from scipy.stats import kendalltau

    from .tau_resampling import paragraph_tau

    rows = []
    nan = float("nan")
    for human, metric in comparisons:
        for pair, group in wide[[human, metric]].dropna().groupby(level="pair", sort=True):
            paragraphs = group.index.get_level_values("paragraph")
            row = {
                "pair": pair,
                "human": human,
                "metric": metric,
                "n": len(group),
                "paragraphs": paragraphs.nunique(),
                "ci_low": nan,
                "ci_high": nan,
                "p_value": nan,
            }
            if resample and variant == "b" and len(group) > 1:
                found = paragraph_tau(
                    group[human].to_numpy(), group[metric].to_numpy(), paragraphs.to_numpy()
                )
                row.update(
                    tau=found.tau, ci_low=found.ci_low, ci_high=found.ci_high, p_value=found.p_value
                )
            else:
                row["tau"] = float(
                    kendalltau(group[human], group[metric], variant=variant).statistic
                )
            rows.append(row)
    return pd.DataFrame(rows, columns=TAU_COLUMNS)


def tau_matrix(taus: pd.DataFrame, by: str = "metric") -> pd.DataFrame:
    """Pairs as rows and ``by`` values as columns, like paper 000 Fig. 2."""
    return taus.pivot(index="pair", columns=by, values="tau")


def system_ranking(
    long: pd.DataFrame, groups: Mapping[str, str] | None = None, higher_is_better: bool = True
) -> pd.DataFrame:
    """Mean score per system per pair and over all pairs (pair "all": mean over all segments).

    ``groups`` maps system ids to the name they are reported under (e.g. human-1/2/3 ->
    human, as paper 000 pools its human translations); segments are pooled, not means.
    Returns columns pair, system, mean, n, rank (1 = best; ties share the smaller rank),
    sorted by pair then rank.
    """
    data = long.dropna(subset=["score"])
    data = data.assign(system=data["system"].map(lambda s: (groups or {}).get(s, s)))
    both = pd.concat([data, data.assign(pair="all")], ignore_index=True)
    table = both.groupby(["pair", "system"], as_index=False)["score"].agg(mean="mean", n="count")
    table["rank"] = (
        table.groupby("pair")["mean"].rank(method="min", ascending=not higher_is_better).astype(int)
    )
    return table.sort_values(["pair", "rank", "system"], ignore_index=True)[RANK_COLUMNS]


ACCURACY_COLUMNS = ["pair", "human", "metric", "systems", "pairs", "agree", "accuracy"]


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def pairwise_accuracy(
    human: Mapping[str, float],
    metric: Mapping[str, float],
    human_higher_is_better: bool = True,
    metric_higher_is_better: bool = True,
) -> tuple[int, int]:
    """System-level pairwise accuracy: (agreeing system pairs, compared system pairs).

    Over every unordered pair (s, t) of systems with a (non-NaN) score in both mappings, the
    pair agrees when the two measures order s and t the same way, i.e. when
    sign(h_s - h_t) == sign(m_s - m_t) after orienting both so that higher is better; a
    tie agrees only with a tie (Kocmi et al. 2021 accuracy, ties not dropped).
    """
    hs, ms = (1 if human_higher_is_better else -1), (1 if metric_higher_is_better else -1)
    names = sorted(
        s for s in human if s in metric and not pd.isna(human[s]) and not pd.isna(metric[s])
    )
    agree = total = 0
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            total += 1
            same = _sign(hs * (human[first] - human[second])) == _sign(
                ms * (metric[first] - metric[second])
            )
            agree += same
    return agree, total


def accuracy_table(
    means: pd.DataFrame,
    human: str,
    metrics: Sequence[str],
    higher_is_better: Mapping[str, bool] | None = None,
) -> pd.DataFrame:
    """Pairwise accuracy of each metric against ``human`` per language pair.

    ``means`` has columns pair, measure, system, mean (one mean per system, e.g. stacked
    ``system_ranking`` results). Returns columns pair, human, metric, systems (systems
    scored by both), pairs (system pairs compared), agree, accuracy (agree / pairs, 0-1).
    """
    direction = higher_is_better or {}
    rows = []
    for pair, group in means.groupby("pair", sort=True):
        table = group.pivot_table(index="system", columns="measure", values="mean", aggfunc="mean")
        if human not in table.columns:
            continue
        for metric in metrics:
            if metric not in table.columns:
                continue
            both = table[[human, metric]].dropna()
            agree, total = pairwise_accuracy(
                both[human].to_dict(),
                both[metric].to_dict(),
                direction.get(human, True),
                direction.get(metric, True),
            )
            rows.append(
                {
                    "pair": pair,
                    "human": human,
                    "metric": metric,
                    "systems": len(both),
                    "pairs": total,
                    "agree": agree,
                    "accuracy": agree / total if total else float("nan"),
                }
            )
    return pd.DataFrame(rows, columns=ACCURACY_COLUMNS)
