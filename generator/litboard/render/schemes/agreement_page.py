"""The page 'Agreement': how far annotators agree, per campaign, pair and annotator pair —
scores (Kendall tau-b, MSE, Krippendorff's alpha), double annotations, error spans (character
kappa) and BWS picks. Computed from the corpus alone (``NEEDS_ANALYSIS``), so a build starts
it before the dataset's analysis is done (``core.extra_pages``)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ...analysis import schemes
from ...analysis.double_annotation import declared_pairs, double_annotation_rows
from ...analysis.criterion_agreement import criterion_alpha
from ...analysis.preference_agreement import preference_agreement
from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import Files, csv_text, page
from ...analysis.records import SPAN_RULE
from ...analysis.tables import Analysis

NEEDS_ANALYSIS = False


def build(corpus: Corpus, analysis: Analysis | None, templates: Path) -> PageSet:
    files = _agreement_page(corpus, templates)
    return PageSet(files, [{"Agreement": "agreement/index.md"}]) if files else PageSet()


DOUBLE = "Double annotations (Krippendorff alpha, interval: order-free)"
NAMED = "Scores (Kendall tau-b, MSE, Krippendorff alpha)"
SPANS = "Error spans (character-level Cohen kappa)"
PREFERENCES = "Pairwise preferences (percent agreement, Cohen kappa, 95% bootstrap CI)"


def _agreement_choices(corpus: Corpus, tables: dict[str, pd.DataFrame]) -> list[str]:
    """Which agreement figure this dataset gets and why it does not depend on any file order."""
    choices = []
    for first, second in declared_pairs(corpus.tables["campaigns"]):
        choices.append(
            f"Campaign {second} annotates the translations of {first} a second time (declared in "
            f"its "
            "campaign card); which of the two annotations of a translation is 'first' is a "
            "convention. "
            "The two are not averaged here: their agreement is Krippendorff's α (interval), "
            "which treats "
            "the two scores of a translation as an unordered pair, so it is the same whichever "
            "is first. "
            "Kendall τ-b, as the paper prints it, pairs the scores in the stored order; it is "
            "shown beside "
            f"α only to compare with the paper. Boards rank by {first} alone; a published number "
            f"that "
            "pools both annotations (e.g. a system mean) says so in its parameters."
        )
    if SPANS in tables:
        choices.append(SPAN_RULE)
    if NAMED in tables or SPANS in tables:
        choices.append(
            "Annotators are named in the judgments: every two annotators who judged the same "
            "translations "
            "are compared by name (τ-b, MSE and κ are symmetric in the two), and Krippendorff's "
            "α takes all "
            "annotators of a campaign at once; the boards average the annotators' scores of a "
            "translation. "
            "No figure depends on the order of the judgment files' lines."
        )
    return choices


def _agreement_page(corpus: Corpus, templates: Path) -> Files:
    tables = {
        NAMED: schemes.agreement_rows(corpus),
        DOUBLE: double_annotation_rows(corpus.metric_scores, corpus.tables["campaigns"]),
        SPANS: schemes.span_agreement(corpus),
        "BWS picks (Cohen kappa)": schemes.bws_agreement(corpus.bws),
        PREFERENCES: preference_agreement(corpus.pairwise),
        "RULER criteria (Krippendorff alpha, interval, per criterion)": criterion_alpha(
            corpus.ruler
        ),
    }
    tables = {k: v for k, v in tables.items() if not v.empty}
    if not tables:
        return {}
    files: Files = {}
    sections = []
    for number, (title, frame) in enumerate(tables.items(), start=1):
        name = f"agreement-{number}.csv"
        files[f"agreement/{name}"] = csv_text(frame)
        sections.append({"title": title, "rows": frame.to_dict("records"), "csv": name})
    body = render(
        "agreement.html.j2",
        templates,
        sections=sections,
        datasets=corpus.datasets,
        version=corpus.data_version(),
        choices=_agreement_choices(corpus, tables),
    )
    files["agreement/index.md"] = page("Agreement", body, corpus.is_demo, templates)
    return files
