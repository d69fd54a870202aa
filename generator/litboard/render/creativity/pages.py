"""Issue 4: the Creativity pages (paper 003) under ``creativity/``.

``build(corpus, analysis, templates) -> PageSet`` applies only when the corpus has
per-text creativity scores (metric campaign ``pro-ci`` with ``work`` set): the
leaderboard (index), breakdowns by modality and by genre, paper-vs-data, and one
reader page per text (work x pair). Every table is also written as CSV beside its page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ...analysis import creativity as cr
from ...model import Corpus
from ..core import charts
from ..core.extra_pages import Files, PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis, results_of
from . import reported
from . import stat_views as sv
from . import views as cv
from .charts import ci_by_modality, ci_scatter, correlation_heatmap, errors_by_genre
from .published import PublishedIndex
from .texts import text_pages

FOLDER = "creativity"
NAV = [
    {"Creativity": "creativity/index.md"},
    {"Creativity by modality": "creativity/modality.md"},
    {"Creativity by genre": "creativity/genre.md"},
    {"Creativity: paper vs data": "creativity/reported.md"},
    {"Creativity: correlations and tests": "creativity/statistics.md"},
]


@dataclass
class _Writer:
    """Collects the page set's files: pages, their tables' CSVs, chart files."""

    data: cv.CreativityData
    templates: Path
    demo: bool
    files: Files = field(default_factory=dict)

    def tables(self, *made: cv.Table) -> list[cv.TableView]:
        for view, frame in made:
            self.files[f"{FOLDER}/{view.csv}"] = csv_text(frame)
        return [view for view, _ in made]

    def chart(self, name: str, title: str, chart: Any) -> charts.ChartView:
        view, made = charts.chart_files(FOLDER, name, title, chart)
        self.files.update(made)
        return view

    def page(self, path: str, title: str, template: str, base: str, **context: Any) -> None:
        body = render(
            f"creativity/{template}",
            self.templates,
            base=base,
            version=self.data.version,
            **context,
        )
        self.files[path] = page(title, body, self.demo, self.templates)


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    if not cv.applies(corpus):
        return PageSet()
    data = cv.creativity_data(corpus, results_of(analysis).stored)
    out = _Writer(data, templates, corpus.is_demo)
    texts = text_pages(data)
    out.page(
        f"{FOLDER}/index.md",
        "Creativity leaderboard",
        "index.html.j2",
        "../",
        texts=texts,
        tables=out.tables(cv.leaderboard(data), cv.per_text(data)),
    )
    _modality_page(out)
    _genre_page(out)
    joined = reported.comparison(data)
    out.page(
        f"{FOLDER}/reported.md",
        "Creativity: paper vs data",
        "reported.html.j2",
        "../",
        conflicts=reported.self_conflicts(joined),
        tables=out.tables(
            reported.reported_summary(data, joined), reported.reported_table(data, joined)
        ),
    )
    _statistics_page(out, joined)
    for view in texts:
        out.page(view.path, f"{view.title} ({view.pair})", "text.html.j2", "../../", view=view)
    out.files[charts.BUNDLE] = charts.vega_bundle()
    return PageSet(out.files, list(NAV))


def _modality_page(out: _Writer) -> None:
    data = out.data
    rho = (
        {
            scope: cr.ci_correlation(data.texts, None if scope == "all" else scope)
            for scope in ("all", *cv.MODALITIES)
        }
        if "llm-ci" in data.texts
        else {}
    )
    made = [
        out.chart(
            "ci-by-modality",
            "Creativity index per text by modality (professionals); colour and shape: genre",
            ci_by_modality(data.texts),
        )
    ]
    if rho:
        made.append(
            out.chart(
                "ci-llm-vs-pro",
                "CI by the LLM judge vs the professionals; colour: modality, shape: genre",
                ci_scatter(data.texts, {k: (r, n) for k, (r, _, n) in rho.items()}),
            )
        )
    out.page(
        f"{FOLDER}/modality.md",
        "Creativity by modality",
        "modality.html.j2",
        "../",
        breakdowns=out.tables(cv.by_modality(data), cv.by_pair(data)),
        metrics=out.tables(cv.metrics(data))[0],
        confusions=out.tables(*(cv.confusion(data, m) for m in (None, *cv.MODALITIES)))
        if (data.corpus.tables["ucps"]["campaign"] == cv.UCPS).any()
        else [],
        charts=made,
        rho=[(k, r, p, n) for k, (r, p, n) in rho.items()],
    )


def _genre_page(out: _Writer) -> None:
    data = out.data
    errors: list[cv.TableView] = []
    made = []
    if "professional" in data.texts:  # the error overview campaign is loaded
        genre_errors = cv.errors_by_genre(data)
        made.append(
            out.chart(
                "errors-by-genre",
                "Errors per genre found by the professionals, the LLM and both",
                errors_by_genre(genre_errors[1]),
            )
        )
        errors = out.tables(genre_errors, cv.errors_per_text(data))
    out.page(
        f"{FOLDER}/genre.md",
        "Creativity by genre",
        "genre.html.j2",
        "../",
        breakdowns=out.tables(cv.by_genre(data)),
        errors=errors,
        charts=made,
    )


def _statistics_page(out: _Writer, joined: pd.DataFrame) -> None:
    """Fig. 2 and 4 (heatmap + table), Table 12's post-hoc tests, the Bowker post-hoc test and App.
    G.2, each only when the data hold what it needs (automatic metrics, human scores, UCP
    classes)."""
    data = out.data
    rho = sv.correlations(data)
    cells = PublishedIndex(joined, ["text-correlation", "ucp-agreement"])
    pairs = PublishedIndex(
        joined, ["posthoc-rank-sum", "ucp-symmetry-posthoc"], unordered=("first", "second")
    )
    figures: dict[str, Any] = dict.fromkeys(("fig2", "fig4", "posthoc", "symmetry", "rates"))
    if not rho.empty:
        figures["fig2"] = (
            out.chart(
                "figure-2",
                "Fig. 2: Spearman ρ of each automatic metric with the professionals' "
                "errors (inverted), creative shifts and creativity index over all texts",
                correlation_heatmap(rho, sv.HUMANS),
            ),
            *out.tables(sv.figure_2(data, rho, cells)),
        )
        figures["fig4"] = (
            out.chart(
                "figure-4",
                "Fig. 4: the same correlations within each genre",
                correlation_heatmap(rho, sv.HUMANS, by_genre=True),
            ),
            *out.tables(sv.figure_4(data, rho)),
        )
    posthoc = sv.posthoc(data, pairs)
    if posthoc is not None:
        figures["posthoc"] = out.tables(posthoc)[0]
    if (data.corpus.tables["ucps"]["campaign"] == cv.UCPS).any():
        figures["symmetry"], figures["rates"] = out.tables(
            sv.symmetry(data, pairs), sv.match_rates(data, cells)
        )
    out.page(
        f"{FOLDER}/statistics.md",
        "Creativity: correlations and tests",
        "statistics.html.j2",
        "../",
        **figures,
    )
