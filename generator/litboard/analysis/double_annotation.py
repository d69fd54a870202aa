"""Agreement between a campaign and its second annotation, free of which one is called first
(issue 29, goal 3).

A campaign may declare ``second_annotation_of: <campaign>``: the same translations scored again
by other annotators. Kendall's τ between "first" and "second" pairs each translation's two scores
in a fixed order, so it changes when the two annotations of some translations trade places
(LitEval: which row of metric_df.csv is "first" is not recorded). Krippendorff's α treats the
scores of one unit as an unordered set, so any assignment of the two annotations gives the same
α; it is the order-free figure. The τ is kept beside it because papers print it (paper 000
Table 2a), labelled as depending on the order.
"""

from __future__ import annotations

import pandas as pd

from . import agreement as ag

UNIT = ["system", "pair", "paragraph"]
COLUMNS = ["campaign", "scheme", "pair", "annotators", "statistic", "value", "n"]


def declared_pairs(campaigns: pd.DataFrame) -> list[tuple[str, str]]:
    """(first, second) campaign ids, one per campaign that declares ``second_annotation_of``."""
    if "second_annotation_of" not in campaigns.columns:
        return []
    marked = campaigns[campaigns["second_annotation_of"].fillna("").astype(str) != ""]
    return sorted(
        (str(f), str(s)) for f, s in zip(marked["second_annotation_of"], marked["campaign"])
    )


def pair_matrix(first: pd.DataFrame, second: pd.DataFrame) -> pd.DataFrame:
    """2 x units reliability matrix (rows: the two annotations; columns: translations both scored;
    a translation scored twice in one campaign counts with its mean)."""
    a = first.groupby(UNIT)["score"].mean()
    b = second.groupby(UNIT)["score"].mean()
    both = pd.concat([a.rename("first"), b.rename("second")], axis=1, join="inner").dropna()
    both.index = ["|".join(map(str, key)) for key in both.index]
    return both.T


def double_annotation_rows(scores: pd.DataFrame, campaigns: pd.DataFrame) -> pd.DataFrame:
    """Per declared (first, second) campaign pair and language pair: Krippendorff's α (interval,
    order-free) and Kendall's τ-b in the stored order, over the translations both scored.
    ``scores`` has campaign, system, pair, paragraph, score (e.g. ``corpus.metric_scores``)."""
    rows = []
    schemes = campaigns.set_index("campaign")["scheme"].to_dict()
    for first, second in declared_pairs(campaigns):
        mine = scores[scores["campaign"].isin([first, second])].dropna(subset=["score"])
        for pair, group in mine.groupby("pair", sort=True):
            matrix = pair_matrix(
                group[group["campaign"] == first], group[group["campaign"] == second]
            )
            if matrix.shape[1] < 2:
                continue
            label = f"{second} vs {first}"
            alpha = ag.krippendorff_alpha(matrix, "interval")
            tau = ag.kendall_tau(matrix.loc["first"], matrix.loc["second"])
            for result, statistic in (
                (alpha, f"{alpha.label}, order-free"),
                (tau, f"{tau.label}, depends on which annotation is first"),
            ):
                rows.append(
                    {
                        "campaign": label,
                        "scheme": str(schemes.get(second, "")),
                        "pair": str(pair),
                        "annotators": "second vs first annotation",
                        "statistic": statistic,
                        "value": result.value,
                        "n": result.n,
                    }
                )
    return pd.DataFrame(rows, columns=COLUMNS)
