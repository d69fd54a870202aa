"""One page per imported human-evaluation plan (``campaigns/<campaign>.md``): what was planned,
how much is judged, and the new annotators' agreement with earlier campaigns on the anchor items."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ...analysis.anchor_agreement import anchor_agreement
from ...analysis.campaign_status import plans
from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    result = PageSet()
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}
    settings = analysis.settings
    for state in plans(corpus):
        card = corpus.campaigns[state.campaign]
        rows = anchor_agreement(
            corpus,
            state,
            analysis.long,
            analysis.columns,
            settings.bootstrap_resamples,
            settings.seed,
            settings.alpha,
        )
        progress = [
            {
                "system": s,
                "name": names.get(s, s),
                "judged": j,
                "planned": p,
                "new": s in state.new_systems,
            }
            for s, (j, p) in state.progress.items()
        ]
        csv = f"{state.campaign}-agreement.csv"
        result.files[f"campaigns/{csv}"] = csv_text(
            pd.DataFrame(
                rows, columns=["earlier", "statistic", "value", "ci_low", "ci_high", "items"]
            )
        )
        body = render(
            "campaign.html.j2",
            templates,
            state=state,
            card=card,
            plan=card["plan"],
            progress=progress,
            rows=rows,
            csv=csv,
            level=f"{100 * (1 - settings.alpha):g}%",
            resamples=settings.bootstrap_resamples,
            seed=settings.seed,
            version=corpus.data_version(),
        )
        result.files[f"campaigns/{state.campaign}.md"] = page(
            f"Human evaluation {state.campaign}", body, corpus.is_demo, templates
        )
        result.nav.append({f"Human evaluation {state.campaign}": f"campaigns/{state.campaign}.md"})
    return result
