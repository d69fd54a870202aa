"""sacreBLEU's stored corpus scores of the board's metric columns, for the downloads.

Where the analysis reproduces a sacreBLEU column's stored paragraph scores, the board itself
shows the corpus score (``analysis.corpus_boards``) and the downloads add the mean of paragraph
scores under that name. Elsewhere the board keeps the mean of paragraph scores and the stored
corpus score (a ``level: system`` record without work, written by ``litboard score`` and
``litboard track score``) is given as the ``<measure> corpus`` column.
Only campaigns whose signature has sacreBLEU's ``system[...]`` part have one (a COMET system
score is the mean itself).
"""

from __future__ import annotations

import pandas as pd

from ...model import Corpus


def corpus_scores(corpus: Corpus, pair: str) -> dict[tuple[str, str], float]:
    """(column key, system) -> the stored sacreBLEU corpus score of the system on ``pair``."""
    campaigns = corpus.tables["campaigns"]
    sacre = set(
        campaigns.loc[
            campaigns["signature"].fillna("").astype(str).str.contains("system[", regex=False),
            "campaign",
        ]
    )
    scores = corpus.metric_scores
    if not sacre or scores.empty:
        return {}
    rows = scores[
        (scores["pair"] == pair)
        & (scores["level"] == "system")
        & scores["campaign"].isin(sacre)
        & (scores["work"].fillna("") == "")
        & scores["score"].notna()
    ]
    return {
        (f"metric:{r.campaign}", str(r.system)): float(r.score)
        for r in rows.itertuples()
        if not pd.isna(r.score)
    }
