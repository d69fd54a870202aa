"""Per-paragraph browsing numbers: the spread of one column's scores over systems, and where
automatic judges disagree most with the humans (HELM-style instance browsing).

Input is the long table of ``leaderboard.segment_scores`` (column, system, pair, paragraph,
score; one score per translation, already averaged over annotators).
"""

from __future__ import annotations

import pandas as pd

KEYS = ["pair", "paragraph"]
MIN_SYSTEMS = 3  # a rank correlation over fewer systems says nothing


def spread(long: pd.DataFrame, column: str, higher_is_better: bool = True) -> pd.DataFrame:
    """Per (pair, paragraph): n systems, best and worst score, spread = best - worst (>= 0), and
    the best system (ties: the first id)."""
    rows = long[(long["column"] == column) & long["score"].notna()]
    out_columns = KEYS + ["n", "best", "worst", "spread", "best_system"]
    rows = rows.dropna(subset=KEYS)
    if rows.empty:
        return pd.DataFrame(columns=out_columns)
    # one sort instead of one per paragraph: within a paragraph, best first (ties: the first id)
    ordered = rows.sort_values(KEYS + ["score", "system"], ascending=[True, True, not higher_is_better, True],
                               kind="stable")
    groups = ordered.groupby(KEYS, sort=True)
    first, last = groups.head(1).set_index(KEYS), groups.tail(1).set_index(KEYS)
    best, worst = first["score"].astype(float), last["score"].astype(float)
    frame = pd.DataFrame({"n": groups.size(), "best": best, "worst": worst, "spread": (best - worst).abs(),
                          "best_system": first["system"].astype(str)})
    return frame.reset_index()[out_columns]


def judge_disagreement(long: pd.DataFrame, human: str, judges: dict[str, bool],
                       human_higher_is_better: bool = True) -> pd.DataFrame:
    """Kendall tau-b between the human column and each judge over the systems of a paragraph.

    ``judges`` maps column -> higher_is_better; scores are oriented so that tau = 1 means the
    judge orders the systems exactly as the humans do and -1 the reverse. Paragraphs with fewer
    than MIN_SYSTEMS systems scored by both, or a constant column, are left out.
    """
    wide = long[long["column"].isin([human, *judges])].pivot_table(
        index=KEYS + ["system"], columns="column", values="score", aggfunc="mean")
    out = []
    if human not in wide.columns:
        return pd.DataFrame(columns=KEYS + ["column", "tau", "n"])
    sign = {c: 1.0 if hib else -1.0 for c, hib in judges.items()}
    for (pair, paragraph), group in wide.groupby(level=[0, 1], sort=True):
        h = group[human] * (1.0 if human_higher_is_better else -1.0)
        for column in judges:
            if column not in group.columns:
                continue
            both = pd.concat([h, group[column] * sign[column]], axis=1).dropna()
            if len(both) < MIN_SYSTEMS or both.iloc[:, 0].nunique() < 2 or both.iloc[:, 1].nunique() < 2:
                continue
            tau = both.iloc[:, 0].corr(both.iloc[:, 1], method="kendall")
            out.append({"pair": pair, "paragraph": paragraph, "column": column, "tau": float(tau),
                        "n": len(both)})
    return pd.DataFrame(out, columns=KEYS + ["column", "tau", "n"])


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
