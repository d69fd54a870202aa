"""The pages of imported human-evaluation plans, computed once per build (issue 54: render
computes nothing): every plan's state (``campaign_status.plans``) and its new annotators'
agreement with earlier campaigns on the anchor items (``anchor_agreement``), each figure one
``records.Record`` (definition ``campaign.anchor_agreement``)."""

from __future__ import annotations

from ..model import Corpus
from .records import Interval, Provenance, Record
from .tables import Analysis, PlanAgreement


def campaign_results(
    corpus: Corpus, analysis: Analysis
) -> tuple[list[PlanAgreement], list[Record]]:
    """Every imported plan with its anchor agreement rows, and one record per row."""
    from .anchor_agreement import anchor_agreement
    from .campaign_status import plans

    settings = analysis.settings
    found = [
        PlanAgreement(
            state,
            anchor_agreement(
                corpus,
                state,
                analysis.long,
                analysis.columns,
                settings.bootstrap_resamples,
                settings.seed,
                settings.alpha,
            ),
        )
        for state in plans(corpus)
    ]
    version = corpus.data_version()
    method = (
        f"percentile bootstrap over the shared items ({settings.bootstrap_resamples} resamples, "
        f"seed {settings.seed})"
    )
    records = [
        Record(
            dataset=corpus.dataset_id,
            pair=plan.state.pair,
            measure=plan.state.campaign,
            label=str(corpus.campaigns[plan.state.campaign].get("scheme", "")),
            definition="campaign.anchor_agreement",
            subject=f"against {row['earlier']}",
            statistic=str(row["statistic"]),
            value=float(row["value"]),
            n=int(row["items"]),
            unit="anchor item",
            provenance=Provenance(version, plan.state.campaign, settings.seed),
            interval=Interval(
                float(row["ci_low"]), float(row["ci_high"]), 1 - settings.alpha, method
            ),
        )
        for plan in found
        for row in plan.rows
    ]
    return found, records
