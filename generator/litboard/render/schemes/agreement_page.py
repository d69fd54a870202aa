"""The page 'Agreement': how far annotators agree, per campaign, pair and annotator pair —
scores (Kendall tau-b, MSE, Krippendorff's alpha), double annotations, error spans (character
kappa) and BWS picks. The tables are the analysis's (``analysis.agreement_tables``, in the
results with their records); this page only formats them."""

from __future__ import annotations

from pathlib import Path

from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import Files, csv_text, page
from ...analysis.records import SPAN_RULE
from ...analysis.tables import (
    AGREEMENT_NAMED as NAMED,
    AGREEMENT_SPANS as SPANS,
    AgreementTables,
    Analysis,
    results_of,
)


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    files = _agreement_page(corpus, results_of(analysis).agreement, templates)
    return PageSet(files, [{"Agreement": "agreement/index.md"}]) if files else PageSet()


def _agreement_choices(agreement: AgreementTables) -> list[str]:
    """Which agreement figure this dataset gets and why it does not depend on any file order."""
    choices = []
    tables = agreement.sections
    for first, second in agreement.declared:
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


def _agreement_page(corpus: Corpus, agreement: AgreementTables, templates: Path) -> Files:
    tables = agreement.sections
    if not tables:
        return {}
    files: Files = {}
    sections = []
    for number, (title, frame) in enumerate(tables.items(), start=1):
        name = f"agreement-{number}.csv"
        files[f"agreement/{name}"] = csv_text(frame)
        rows = frame.to_dict("records")
        # the CI column only where this section's statistic comes with an interval
        has_ci = any(r.get("ci") for r in rows)
        sections.append({"title": title, "rows": rows, "csv": name, "has_ci": has_ci})
    body = render(
        "agreement.html.j2",
        templates,
        sections=sections,
        datasets=corpus.datasets,
        version=corpus.data_version(),
        choices=_agreement_choices(agreement),
    )
    files["agreement/index.md"] = page("Agreement", body, corpus.is_demo, templates)
    return files
