"""The tables of the page 'Rankings by scheme', computed once (``scheme_tables``): per scheme
column (BWS counting score, RULER and VERSE criteria) and pair, the board's bootstrap table; per
BWS campaign and pair, the counts and split-half reliability; per pairwise campaign and pair
(human-evaluation plans pooled in), Bradley-Terry strengths, the win matrix and which pairs met.
Moved from render/schemes/scheme_pages.py (render computes nothing); ``scheme_records`` makes
the Bradley-Terry strengths records.
"""

from __future__ import annotations

from typing import Iterator

from ..model import Corpus
from . import schemes
from .rank_tables import rank_table
from .bt_graph import comparison_graph
from .bws import bws_scores, split_half_reliability
from .campaign_status import pairwise_extensions, pool_pairwise
from .pairwise import bradley_terry, win_matrix
from .records import Interval, Provenance, Record, qualifiers
from .tables import BWS_LABEL, Analysis, BwsCounts, PairwiseTables, SchemeRanking, SchemeTables


def scheme_tables(corpus: Corpus, analysis: Analysis) -> SchemeTables:
    inputs = [
        (BWS_LABEL, schemes.bws_paragraph_scores(corpus.bws)),
        ("RULER", schemes.criterion_scores(corpus.ruler, "criterion", "ruler:")),
        ("VERSE", schemes.criterion_scores(corpus.verse, "category", "verse:")),
    ]
    rankings = []
    for label, long in inputs:
        for (column, pair), group in long.groupby(["column", "pair"], sort=True):
            # a BWS campaign is a board column: its table, one value wherever it is shown
            table = analysis.rankings.get((str(pair), str(column)))
            if table is None:
                table = rank_table(group, True, analysis.settings)
            if table is not None:
                rankings.append(SchemeRanking(label, str(column), str(pair), table))
    counts = [
        BwsCounts(
            str(campaign),
            str(pair),
            bws_scores(group).reset_index().rename(columns={"index": "system"}),
            split_half_reliability(group),
        )
        for (campaign, pair), group in corpus.bws.groupby(["campaign", "pair"], sort=True)
    ]
    return SchemeTables(rankings, counts, _pairwise(corpus))


def _pairwise(corpus: Corpus) -> list[PairwiseTables]:
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}  # display names, never raw ids
    extended = pairwise_extensions(corpus)
    made = []
    for (campaign, pair), group in pool_pairwise(corpus).groupby(["campaign", "pair"], sort=True):
        made.append(
            PairwiseTables(
                str(campaign),
                str(pair),
                list(extended.get((str(campaign), str(pair)), [])),
                bradley_terry(group).reset_index().rename(columns={"index": "system"}),
                win_matrix(group),
                comparison_graph(group, names),
            )
        )
    return made


def scheme_records(corpus: Corpus, made: SchemeTables) -> Iterator[Record]:
    """Each pairwise campaign's Bradley-Terry strengths (the page's table) as records."""
    version = corpus.data_version()
    for tables in made.pairwise:
        for row in tables.strengths.to_dict("records"):
            yield Record(
                dataset=corpus.dataset_id,
                pair=tables.pair,
                measure=f"pairwise:{tables.campaign}",
                label=f"Pairwise preferences, {tables.campaign}",
                definition="scheme.bradley_terry",
                subject=str(row["system"]),
                statistic="strength",
                value=float(row["strength"]),
                n=int(row["comparisons"]),
                unit="comparison",
                provenance=Provenance(version, tables.campaign, 12345),
                interval=Interval(
                    float(row["ci_low"]), float(row["ci_high"]), 0.95, str(row["ci_method"])
                ),
                qualifiers=qualifiers(plans="+".join(tables.joined)) if tables.joined else (),
            )
