"""sacreBLEU's corpus scores of the board's metric columns, for the downloads.

The board shows each system's mean paragraph score (the Scoring page's definition: the CI, the
rank interval and the clusters are all bootstrapped over paragraphs). sacreBLEU's corpus score
over the same paragraphs is stored beside it (a ``level: system`` record without work, written by
``litboard score`` and ``litboard track score``); the leaderboard downloads give it as the
``<measure> corpus`` column, so a reader can compare with a corpus-level BLEU/chrF/TER elsewhere.
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
