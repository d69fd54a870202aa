"""Judge bias: how often does a measure rank the human translation above the machine ones?

The finding the three papers share: human judges (professionals above all) prefer published
human translations, while automatic metrics and LLM judges often do not. For every measure
of a dataset -- human scheme, automatic metric or LLM judge -- and every item (a paragraph,
or a whole text when a dataset scores texts), the best-ranked human translation is compared
with the best-ranked machine translation of the compared group (pandas' average rank, so ties
share a rank). An item counts when the human side is *strictly* better: paper 000's adequacy
(Table 3), of which this is the generalisation. Shares come with a 95% Wilson score interval
(``proportions.wilson_interval``) over at least ``SMALL_N`` items; over fewer, a share has no
interval (nothing over 1-4 items is called a 95% CI, issue 59): its count of items above and its
n are what the page shows, greyed. A row that would repeat another is not made: a grouping value
that covers every item (era "unknown" where no work has an era), or the one pair's row of a
dataset with one pair, equals the pooled row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from .proportions import SMALL_N, wilson_share
from .records import KIND_LABELS as KIND_LABELS  # the kinds as pages name them (render reads it)

ITEM_COLUMNS = ["measure", "system", "pair", "item", "score"]
KINDS = ("human", "metric", "llm")
SHARE_COLUMNS = ["scope", "group", "items", "above", "percent", "ci_low", "ci_high"]
HUMAN_EXPERTISE = frozenset({"student", "professional", "expert", "crowd", "translator"})


@dataclass(frozen=True)
class Measure:
    key: str
    label: str
    kind: str  # one of KINDS
    higher_is_better: bool
    provenance: str


def measure_kind(campaign: dict[str, Any]) -> str:
    """human / llm / metric, from what the campaign declares (judge model, scheme, annotators)."""
    judge = campaign.get("judge") or {}
    if isinstance(judge, dict) and judge.get("model"):
        return "llm"
    if campaign.get("scheme") != "metric":
        return "human"
    annotators = campaign.get("annotators") or []
    if any(isinstance(a, dict) and a.get("expertise") in HUMAN_EXPERTISE for a in annotators):
        return "human"
    return "metric"


def share_above(
    scores: pd.DataFrame, human: set[str], compared: set[str], higher_is_better: bool
) -> pd.DataFrame:
    """Per item (pair, item): 1.0 when the best human rank is strictly better than the best rank of
    ``compared``, else 0.0; items lacking either side are left out. Columns pair, item, above."""
    data = scores[["system", "pair", "item", "score"]].dropna(subset=["score"])
    data = data[data["system"].isin(human | compared)]
    if data.empty:
        return pd.DataFrame(columns=["pair", "item", "above"])
    data = data.assign(
        rank=data.groupby(["pair", "item"])["score"].rank(
            method="average", ascending=not higher_is_better
        )
    )
    is_human = data["system"].isin(human)
    best_h = data[is_human].groupby(["pair", "item"])["rank"].min()
    best_m = data[~is_human].groupby(["pair", "item"])["rank"].min()
    both = pd.concat({"h": best_h, "m": best_m}, axis=1).dropna()
    return pd.DataFrame(
        {
            "pair": both.index.get_level_values(0),
            "item": both.index.get_level_values(1),
            "above": (both["h"] < both["m"]).astype(float).to_numpy(),
        }
    )


def grouped_shares(above: pd.DataFrame, groups: dict[str, pd.Series]) -> pd.DataFrame:
    """One row per scope: 'all' (items of every pair pooled), each pair, and each value of each
    extra grouping (``groups``: name -> Series indexed by (pair, item)); a row over the same items
    as the pooled one is left out (it would repeat it). Columns scope, group, items, above (the
    count of items where the human translation ranks first), percent, ci_low, ci_high (NaN under
    ``SMALL_N`` items)."""
    rows: list[dict[str, Any]] = []
    keyed = above.set_index(["pair", "item"])["above"]

    def add(scope: str, group: str, values: pd.Series) -> None:
        if rows and len(values) == len(keyed):  # every item: the pooled row again
            return
        percent, low, high = wilson_share(values.to_numpy(dtype=float))
        small = len(values) < SMALL_N
        rows.append(
            {
                "scope": scope,
                "group": group,
                "items": int(len(values)),
                "above": int(values.sum()),
                "percent": percent,
                "ci_low": float("nan") if small else low,
                "ci_high": float("nan") if small else high,
            }
        )

    add("all", "all", keyed)
    for pair, values in keyed.groupby(level=0, sort=True):
        add("pair", str(pair), values)
    for name, labels in groups.items():
        joined = pd.concat({"above": keyed, "label": labels}, axis=1, join="inner").dropna()
        for label, part in joined.groupby("label", sort=True):
            add(name, str(label), part["above"])
    return pd.DataFrame(rows, columns=SHARE_COLUMNS)


def creativity_correlation(texts: pd.DataFrame, reference: pd.Series) -> tuple[float, float, int]:
    """Spearman ρ (and its p-value, n) between a measure's score per translated text and the
    professionals' count of creative shifts in it: does the measure reward creative renderings
    (ρ > 0) or literal ones (ρ < 0)? ``texts`` is indexed like ``reference`` (pair, item, system);
    a measure where lower is better should be negated by the caller."""
    from scipy.stats import spearmanr

    joined = pd.concat({"score": texts, "cs": reference}, axis=1, join="inner").dropna()
    if len(joined) < 3 or joined["score"].nunique() < 2 or joined["cs"].nunique() < 2:
        return float("nan"), float("nan"), int(len(joined))
    rho, p = spearmanr(joined["score"], joined["cs"])
    return float(rho), float(p), int(len(joined))
