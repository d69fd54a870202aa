"""Metric meta-evaluation: segment-level Kendall tau and system rankings per pair.

Kendall's tau is scipy's ``kendalltau`` with ``variant="b"`` (tau-b, which corrects for ties
in either ranking -- student MQM has many ties at 0), computed per language pair over all
translations that have both scores (paper 000 Fig. 2a; Fig. 2b per error category).
System rankings are plain means (the bootstrap lives in ``uncertainty.py``).
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pandas as pd

KEYS = ["pair", "paragraph", "system"]
TAU_COLUMNS = ["pair", "human", "metric", "tau", "p_value", "n"]
RANK_COLUMNS = ["pair", "system", "mean", "n", "rank"]


def wide_scores(long: pd.DataFrame, column: str = "campaign") -> pd.DataFrame:
    """One row per translation (pair, paragraph, system), one column per ``column`` value."""
    return long.pivot_table(index=KEYS, columns=column, values="score", aggfunc="mean")


def kendall(wide: pd.DataFrame, comparisons: Sequence[tuple[str, str]], variant: str = "b") -> pd.DataFrame:
    """Kendall tau per pair for each (human column, metric column) of ``wide``.

    Returns columns pair, human, metric, tau, p_value, n (translations with both scores).
    """
    from scipy.stats import kendalltau

    rows = []
    for human, metric in comparisons:
        for pair, group in wide[[human, metric]].dropna().groupby(level="pair", sort=True):
            result = kendalltau(group[human], group[metric], variant=variant)
            rows.append({"pair": pair, "human": human, "metric": metric,
                         "tau": float(result.statistic), "p_value": float(result.pvalue),
                         "n": len(group)})
    return pd.DataFrame(rows, columns=TAU_COLUMNS)


def tau_matrix(taus: pd.DataFrame, by: str = "metric") -> pd.DataFrame:
    """Pairs as rows and ``by`` values as columns, like paper 000 Fig. 2."""
    return taus.pivot(index="pair", columns=by, values="tau")


def system_ranking(long: pd.DataFrame, groups: Mapping[str, str] | None = None,
                   higher_is_better: bool = True) -> pd.DataFrame:
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
    table["rank"] = (table.groupby("pair")["mean"].rank(method="min", ascending=not higher_is_better)
                     .astype(int))
    return table.sort_values(["pair", "rank", "system"], ignore_index=True)[RANK_COLUMNS]
