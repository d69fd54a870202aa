"""The page 'Agreement''s tables and their records, computed once per build (issue 54: render
computes nothing). Annotator agreement on scores (Kendall tau-b, MSE, Krippendorff's alpha), a
campaign against its declared second annotation, error spans (character kappa), BWS picks,
pairwise preferences (percent and kappa with a bootstrap CI) and RULER criteria: each section a
table of (campaign, scheme, pair, annotators, statistic, value, n[, ci]) rows, and each row one
``records.Record`` (definition per section, ``SECTIONS``).
"""

from __future__ import annotations

from typing import NamedTuple

import pandas as pd

from ..model import Corpus
from .records import Interval, Provenance, Record
from .tables import (
    AGREEMENT_BWS,
    AGREEMENT_CRITERIA,
    AGREEMENT_DOUBLE,
    AGREEMENT_NAMED,
    AGREEMENT_PREFERENCES,
    AGREEMENT_SPANS,
    AgreementTables,
)


class Section(NamedTuple):
    definition: str  # a key of records.DEFINITIONS
    unit: str  # what a row's n counts


SECTIONS: dict[str, Section] = {  # page order
    AGREEMENT_NAMED: Section("agreement.annotators", "translation"),
    AGREEMENT_DOUBLE: Section("agreement.double_annotation", "translation"),
    AGREEMENT_SPANS: Section("agreement.spans", "character"),
    AGREEMENT_BWS: Section("agreement.bws", "shown translation"),
    AGREEMENT_PREFERENCES: Section("agreement.preferences", "comparison"),
    AGREEMENT_CRITERIA: Section("agreement.criteria", "translation"),
}


def agreement_results(corpus: Corpus) -> tuple[AgreementTables, list[Record]]:
    """Every agreement section of ``corpus`` with rows, in page order, and one record per row."""
    from .double_annotation import declared_pairs
    from .preference_agreement import COLUMNS

    campaigns = corpus.tables["campaigns"]
    sections = {k: v for k, v in _sections(corpus).items() if not v.empty}
    records = list(_records(corpus, sections))
    if AGREEMENT_PREFERENCES in sections:  # the CI's bounds only as text on the page
        sections[AGREEMENT_PREFERENCES] = sections[AGREEMENT_PREFERENCES][COLUMNS]
    return AgreementTables(sections, declared_pairs(campaigns)), records


def _sections(corpus: Corpus) -> dict[str, pd.DataFrame]:
    from . import schemes
    from .criterion_agreement import criterion_alpha
    from .double_annotation import double_annotation_rows
    from .preference_agreement import preference_table

    return {
        AGREEMENT_NAMED: schemes.agreement_rows(corpus),
        AGREEMENT_DOUBLE: double_annotation_rows(
            corpus.metric_scores, corpus.tables["campaigns"]
        ),
        AGREEMENT_SPANS: schemes.span_agreement(corpus),
        AGREEMENT_BWS: schemes.bws_agreement(corpus.bws),
        AGREEMENT_PREFERENCES: preference_table(corpus.pairwise),
        AGREEMENT_CRITERIA: criterion_alpha(corpus.ruler),
    }


def _records(corpus: Corpus, sections: dict[str, pd.DataFrame]) -> list[Record]:
    """One record per row of every section (the campaign's signature as provenance)."""
    from .preference_agreement import RESAMPLES, SEED

    version = corpus.data_version()
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    signed = "signature" in campaigns.columns
    method = f"percentile bootstrap over comparisons ({RESAMPLES} resamples, seed {SEED})"
    records = []
    for title, frame in sections.items():
        section = SECTIONS[title]
        preferences = title == AGREEMENT_PREFERENCES
        for r in frame.itertuples():
            campaign = str(r.campaign)
            signature = (
                str(campaigns.loc[campaign, "signature"])
                if signed and campaign in campaigns.index
                else ""
            )
            records.append(
                Record(
                    dataset=corpus.dataset_id,
                    pair=str(r.pair),
                    measure=campaign,
                    label=str(r.scheme),
                    definition=section.definition,
                    subject=str(r.annotators),
                    statistic=str(r.statistic),
                    value=float(r.value),
                    n=int(r.n),
                    unit=section.unit,
                    provenance=Provenance(
                        version, signature or campaign, SEED if preferences else None
                    ),
                    interval=(
                        Interval(float(r.ci_low), float(r.ci_high), 0.95, method)
                        if preferences
                        else None
                    ),
                )
            )
    return records
