"""What the LitEval pages and records compare (paper 000): the reference campaign, the metrics,
the pairs' order and the adequacy settings, declared once (``LitEvalSettings``), and which
measures of an analysis they are. Moved from render/metric_eval/views.py so the results table
(``results``) computes the LitEval numbers the pages show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Corpus
from .adequacy import LITEVAL, AdequacySettings
from .tables import Analysis


@dataclass(frozen=True)
class LitEvalSettings:
    """What the LitEval pages compare (campaign ids of the imported release)."""

    reference: str = field(
        default="student-mqm",
        metadata={
            "help": (
                "campaign of the human judgments every metric is compared with (paper 000 student "
                "MQM)"
            )
        },
    )
    second: str = field(
        default="student-mqm-second",
        metadata={"help": "second student annotations, pooled into Table 7 as the paper does"},
    )
    metrics: tuple[str, ...] = field(
        default=(
            "gemba-mqm-original",
            "gemba-mqm-literary",
            "xcomet-xl",
            "xcomet-xxl",
            "prometheus",
        ),
        metadata={"help": "metric campaigns shown beside the reference"},
    )
    category_metric: str = field(
        default="gemba-mqm-literary",
        metadata={
            "help": "metric whose per-category scores are compared with the reference's (Fig. 2b)"
        },
    )
    categories: tuple[str, ...] = field(
        default=("accuracy", "fluency", "style", "terminology"),
        metadata={"help": "error categories of Fig. 2b"},
    )
    pair_order: tuple[str, ...] = field(
        default=("de-en", "en-de", "de-zh", "en-zh"),
        metadata={"help": "order of the language pairs in paper 000's tables"},
    )
    adequacy: AdequacySettings = LITEVAL


SETTINGS = LitEvalSettings()


@dataclass(frozen=True)
class Measure:
    """One scheme/metric column: campaign id, analysis column key, label, provenance."""

    key: str
    column: str
    label: str
    higher_is_better: bool
    provenance: str


def applies(corpus: Corpus, settings: LitEvalSettings = SETTINGS) -> bool:
    """The LitEval campaigns are loaded: the reference (human score) campaign and a BWS-sampled
    subset. The reference is the students' MQM, stored as scheme score (older imports: metric)."""
    campaigns = corpus.tables["campaigns"]
    reference = campaigns[
        (campaigns["campaign"] == settings.reference)
        & campaigns["scheme"].isin(["score", "metric"])
    ]
    sample = settings.adequacy.sample
    sampled = any(sample in (s or ()) for s in corpus.paragraphs["subsets"])
    return bool(len(reference)) and sampled


def ordered_pairs(corpus: Corpus, settings: LitEvalSettings = SETTINGS) -> list[str]:
    known = [p for p in settings.pair_order if p in corpus.pairs]
    return known + [p for p in corpus.pairs if p not in known]


def measures(analysis: Analysis, settings: LitEvalSettings = SETTINGS) -> list[Measure]:
    by_key = {c.campaign: c for c in analysis.columns if c.key.startswith(("metric:", "score:"))}
    wanted = [settings.reference, *settings.metrics]
    return [
        Measure(k, by_key[k].key, by_key[k].label, by_key[k].higher_is_better, by_key[k].provenance)
        for k in wanted
        if k in by_key
    ]
