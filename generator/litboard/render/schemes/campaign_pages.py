"""One page per imported human-evaluation plan (``campaigns/<campaign>.md``): what was planned,
how much is judged, and the new annotators' agreement with earlier campaigns on the anchor items
-- as the analysis computed them (``Results.plans``, ``analysis.campaign_tables``)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis, results_of


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    result = PageSet()
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}
    settings = analysis.settings
    for plan in results_of(analysis).plans:
        state, rows = plan.state, plan.rows
        card = corpus.campaigns[state.campaign]
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
