"""RULER agreement per criterion (issue 44, goal 9): Krippendorff's alpha (interval) of the
annotators' 1-5 ratings, one figure per campaign, language pair and criterion, over the
translations at least two annotators rated (n). The Agreement page's score table averages the
criteria of a translation first; a rubric is validated criterion by criterion (paper 004,
Table 2), so each criterion gets its own alpha here."""

from __future__ import annotations

import pandas as pd

from . import agreement as ag

COLUMNS = ["campaign", "scheme", "pair", "annotators", "statistic", "value", "n"]


def criterion_alpha(ruler: pd.DataFrame) -> pd.DataFrame:
    """Rows (campaign, 'ruler', pair, 'all annotators', 'Krippendorff alpha (interval):
    <criterion>', value, n)."""
    rows: list[dict[str, object]] = []
    if ruler.empty:
        return pd.DataFrame(rows, columns=COLUMNS)
    for (campaign, pair, criterion), group in ruler.groupby(
        ["campaign", "pair", "criterion"], sort=True
    ):
        if group["annotator"].nunique() < 2:
            continue
        result = ag.krippendorff_alpha(ag.reliability_matrix(group), "interval")
        if result.n:
            rows.append(
                {
                    "campaign": str(campaign),
                    "scheme": "ruler",
                    "pair": str(pair),
                    "annotators": "all annotators",
                    "statistic": f"{result.label}: {criterion}",
                    "value": result.value,
                    "n": result.n,
                }
            )
    return pd.DataFrame(rows, columns=COLUMNS)
