"""LitEval's records (paper 000): adequacy (Tables 3 and 14) and system-level pairwise accuracy.

``adequacy_frames`` and ``accuracy_frame`` are the computations the adequacy and metric
meta-evaluation pages show; ``*_records`` turn them into ``records.Record`` s.
"""

from __future__ import annotations

from typing import Iterator

import pandas as pd

from ..model import Corpus
from . import metaeval
from .adequacy import adequacy, subset_items
from .tables import Analysis
from .liteval_setup import SETTINGS, LitEvalSettings, Measure, measures
from .records import Provenance, Record, qualifiers

POOLED = "human"  # the name the human translations are pooled under (paper 000)


def human_systems(corpus: Corpus) -> list[str]:
    systems = corpus.tables["systems"]
    return sorted(systems.loc[systems["is_human"], "system"])


def adequacy_frames(
    corpus: Corpus, measured: list[Measure], settings: LitEvalSettings = SETTINGS
) -> dict[tuple[str, bool], pd.DataFrame]:
    """(measure key, strict) -> ``adequacy.adequacy``'s table on the configured sample."""
    conf = settings.adequacy
    items = subset_items(corpus.paragraphs, conf.sample) if conf.sample else None
    scores = corpus.metric_scores
    human = set(human_systems(corpus))
    return {
        (m.key, strict): adequacy(
            scores[scores["campaign"] == m.key],
            human,
            set(conf.top),
            items,
            strict,
            others_exclude=set(conf.others_exclude),
            higher_is_better=m.higher_is_better,
        )
        for m in measured
        for strict in (True, False)
    }


def accuracy_frame(
    corpus: Corpus, measured: list[Measure], settings: LitEvalSettings = SETTINGS
) -> pd.DataFrame:
    """``metaeval.accuracy_table`` of every metric against the reference, humans pooled."""
    scores = corpus.metric_scores
    human = human_systems(corpus)
    parts = []
    for m in measured:
        ranking = metaeval.system_ranking(
            scores[scores["campaign"] == m.key], {h: POOLED for h in human}, m.higher_is_better
        )
        parts.append(ranking[ranking["pair"] != "all"].assign(measure=m.key))
    metrics = [m for m in measured if m.key != settings.reference]
    return metaeval.accuracy_table(
        pd.concat(parts, ignore_index=True),
        settings.reference,
        [m.key for m in metrics],
        {m.key: m.higher_is_better for m in measured},
    )


def adequacy_records(
    corpus: Corpus, analysis: Analysis, frames: dict[tuple[str, bool], pd.DataFrame]
) -> Iterator[Record]:
    """``adequacy_frames``' tables as records (per pair, and the mean of the pairs)."""
    measured = measures(analysis)
    version, sample = corpus.data_version(), SETTINGS.adequacy.sample
    for m in measured:
        for strict in (True, False):
            for r in frames[(m.key, strict)].itertuples():
                mean = r.pair == "mean"
                yield Record(
                    dataset=corpus.dataset_id,
                    pair="all" if mean else str(r.pair),
                    measure=m.key,
                    label=m.label,
                    definition=(
                        "adequacy.human_above.mean_of_pairs" if mean else "adequacy.human_above"
                    ),
                    subject=f"human vs {r.scenario} systems",
                    statistic="percent",
                    value=float(r.percent),
                    n=int(r.items),
                    unit="paragraph",
                    provenance=Provenance(version, m.provenance),
                    qualifiers=qualifiers(
                        strict="strict" if strict else "non-strict", sample=sample
                    ),
                )


def accuracy_records(corpus: Corpus, analysis: Analysis, frame: pd.DataFrame) -> Iterator[Record]:
    """``accuracy_frame``'s table as records."""
    by_key = {m.key: m for m in measures(analysis)}
    version = corpus.data_version()
    for r in frame.itertuples():
        m = by_key[str(r.metric)]
        yield Record(
            dataset=corpus.dataset_id,
            pair=str(r.pair),
            measure=m.key,
            label=m.label,
            definition="metaeval.pairwise_accuracy",
            subject=f"against {r.human}",
            statistic="percent",
            value=100.0 * float(r.accuracy),
            n=int(r.pairs),
            unit="system pair",
            provenance=Provenance(version, m.provenance),
            qualifiers=qualifiers(humans="pooled"),
        )
