"""The board tables of sacreBLEU columns as corpus scores (``corpus_stats``, ``corpus_ranking``).

``corpus_tables`` gives, per (pair, column key) whose stored segment scores the corpus's texts
reproduce, the table that replaces the mean-of-paragraph-scores table (same columns; ``mean``
holds sacreBLEU's corpus score) and the sacreBLEU signature the score was computed with.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..model import Corpus
from ..settings import AnalysisSettings
from .corpus_ranking import corpus_ranking
from .corpus_stats import (
    RefsCache,
    pair_stats,
    sacre_campaigns,
    sacre_metric,
    stored_system_scores,
)
from .leaderboard import Column
from .overlap import target_lang


@dataclass(frozen=True)
class CorpusTable:
    table: pd.DataFrame  # as paired_bootstrap's table, ``mean`` = the corpus score
    signature: str  # sacreBLEU's signature of the corpus score (nrefs, tokenizer, version, ...)


def corpus_tables(
    corpus: Corpus, long: pd.DataFrame, columns: list[Column], settings: AnalysisSettings
) -> dict[tuple[str, str], CorpusTable]:
    campaigns = sacre_campaigns(corpus)
    out: dict[tuple[str, str], CorpusTable] = {}
    cache: RefsCache = {}
    for column in columns:
        if column.unit != "paragraph" or column.campaign not in campaigns:
            continue
        key = campaigns[column.campaign]
        rows = long[long["column"] == column.key]
        for pair, group in rows.groupby("pair", sort=True):
            stored = stored_system_scores(corpus, column.campaign, str(pair))
            made = pair_stats(corpus, key, str(pair), group, stored, cache)
            if made is None:
                continue
            stats, paragraphs, signature = made
            if len(paragraphs) < 2:
                continue  # as rank_table: no interval below two paragraphs
            metric = sacre_metric(key, target_lang(str(pair)), False)
            table = corpus_ranking(stats, metric, column.higher_is_better, settings)
            out[(str(pair), column.key)] = CorpusTable(table, signature)
    return out
