"""The LitEval page set (paper 000, issue 3): the paper reproduced (its rankings with a pooled
Human row, Table 7), adequacy, metric meta-evaluation and one page per language pair, each table
also written as CSV beside its page. The dataset's one leaderboard is its board (issue 54).

Applies only when the corpus holds the LitEval campaigns (``metric_eval.views.applies``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from ...model import Corpus
from ..core import charts
from ..core.extra_pages import Files, PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis, results_of
from . import eval_views as ev
from . import views as lv

FOLDER = "liteval"
NAV = [
    {"LitEval: paper 000 reproduced": "liteval/index.md"},
    {"LitEval adequacy": "liteval/adequacy.md"},
    {"LitEval metric meta-evaluation": "liteval/metaeval.md"},
]


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    if not lv.applies(corpus):
        return PageSet()
    ctx = lv.context(corpus, analysis)
    rankings = lv.rankings(corpus, analysis, ctx)
    computed = results_of(analysis).liteval
    adequacy = ev.adequacy_view(corpus, ctx, computed=computed)
    taus = ev.tau_views(corpus, ctx)
    accuracy = ev.accuracy_view(corpus, ctx, computed=computed)
    files: Files = {}
    files.update(_index(corpus, ctx, rankings, templates))
    files.update(_adequacy(corpus, ctx, adequacy, templates))
    files.update(_metaeval(corpus, ctx, taus, accuracy, templates))
    for view in ev.pair_views(corpus, ctx, rankings, adequacy, taus[0]):
        files.update(_pair(corpus, ctx, view, templates))
    return PageSet(files, list(NAV))


def _render(template: str, templates: Path, **context: Any) -> str:
    return render(f"liteval/{template}", templates, **context)


def _index(
    corpus: Corpus, ctx: lv.Context, rankings: list[lv.RankingView], templates: Path
) -> Files:
    table7, table7_frame = lv.table_7(corpus, ctx)
    works = lv.works(corpus)
    files: Files = {f"{FOLDER}/{r.csv}": csv_text(lv.ranking_csv(r, ctx)) for r in rankings}
    files[f"{FOLDER}/table-7.csv"] = csv_text(table7_frame)
    files[f"{FOLDER}/{works.csv}"] = csv_text(pd.DataFrame(works.books + works.holders))
    body = _render(
        "index.html.j2",
        templates,
        ctx=ctx,
        rankings=rankings,
        table7=table7,
        table7_csv="table-7.csv",
        works=works,
        base="../",
    )
    files[f"{FOLDER}/index.md"] = page(
        "LitEval-Corpus: paper 000 reproduced", body, corpus.is_demo, templates, wide=True
    )
    return files


def _adequacy(corpus: Corpus, ctx: lv.Context, view: ev.AdequacyView, templates: Path) -> Files:
    files: Files = {
        f"{FOLDER}/{view.csv}": csv_text(view.frame),
        f"{FOLDER}/{view.reported_csv}": csv_text(view.reported_frame),
    }
    body = _render("adequacy.html.j2", templates, ctx=ctx, view=view, base="../")
    files[f"{FOLDER}/adequacy.md"] = page(
        "LitEval adequacy: can the scores spot the human translation?",
        body,
        corpus.is_demo,
        templates,
    )
    return files


def adequacy_table(ctx: lv.Context, view: ev.AdequacyView, templates: Path) -> str:
    """The Table 3 / Table 14 reproduction table alone (a golden-tested fragment)."""
    return _render("adequacy_table.html.j2", templates, ctx=ctx, view=view, base="../")


def _metaeval(
    corpus: Corpus,
    ctx: lv.Context,
    taus: list[ev.MatrixView],
    accuracy: ev.MatrixView,
    templates: Path,
) -> Files:
    files: Files = {charts.BUNDLE: charts.vega_bundle()}
    figures = []
    for view in taus:
        figure, chart_files = charts.chart_files(FOLDER, view.id, view.caption, heatmap(view, ctx))
        files.update(chart_files)
        figures.append(figure)
    for view in [*taus, accuracy]:
        files[f"{FOLDER}/{view.csv}"] = csv_text(view.frame)
    body = _render(
        "metaeval.html.j2",
        templates,
        ctx=ctx,
        taus=list(zip(taus, figures)),
        accuracy=accuracy,
        base="../",
    )
    files[f"{FOLDER}/metaeval.md"] = page(
        "LitEval metric meta-evaluation", body, corpus.is_demo, templates
    )
    return files


def heatmap(view: ev.MatrixView, ctx: lv.Context) -> Any:
    """Pairs x columns coloured by Kendall tau-b (diverging around 0), the value printed in each
    cell."""
    import altair as alt

    data = view.frame[["pair_label", "column", "tau", "n"]].rename(columns={"pair_label": "pair"})
    pairs = [lv.pair_label(p) for p in ctx.pairs]
    base = alt.Chart(data).encode(
        x=alt.X("column:N", sort=view.columns, title=None, axis=alt.Axis(labelAngle=-30)),
        y=alt.Y("pair:N", sort=pairs, title=None),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("tau:Q", scale=alt.Scale(scheme="redblue", domain=[-1, 1]), title="τ-b"),
        tooltip=[
            alt.Tooltip("pair:N"),
            alt.Tooltip("column:N"),
            alt.Tooltip("tau:Q", format=".3f"),
            alt.Tooltip("n:Q", title="translations"),
        ],
    )
    text = base.mark_text(fontSize=12).encode(
        text=alt.Text("tau:Q", format=".2f"),
        color=alt.condition("abs(datum.tau) > 0.5", alt.value("white"), alt.value("black")),
    )
    return (cells + text).properties(width=90 * len(view.columns), height=40 * len(pairs))


def _pair(corpus: Corpus, ctx: lv.Context, view: ev.PairView, templates: Path) -> Files:
    prefix = f"{FOLDER}/pairs/{view.pair}"
    adequacy = pd.DataFrame(
        [
            {
                "pair": view.pair,
                "measure": m.key,
                "variant": v,
                "top_percent": t.percent,
                "top_wins": t.wins,
                "top_items": t.items,
                "other_percent": o.percent,
                "other_wins": o.wins,
                "other_items": o.items,
                "provenance": m.provenance,
            }
            for m, v, t, o in view.adequacy
        ]
    )
    tau = pd.DataFrame(
        [
            {
                "pair": view.pair,
                "metric": m.key,
                "tau_b": cell.value,
                "detail": cell.title,
                "provenance": m.provenance,
            }
            for m, cell in view.tau
        ]
    )
    files: Files = {
        f"{prefix}-ranking.csv": csv_text(lv.ranking_csv(view.ranking, ctx)),
        f"{prefix}-adequacy.csv": csv_text(adequacy),
        f"{prefix}-tau.csv": csv_text(tau),
        f"{prefix}-paragraphs.csv": csv_text(pd.DataFrame(view.paragraphs)),
    }
    body = _render(
        "pair.html.j2",
        templates,
        ctx=ctx,
        view=view,
        base="../../",
        sample=lv.SETTINGS.adequacy.sample,
    )
    files[f"{prefix}.md"] = page(f"LitEval-Corpus: {view.label}", body, corpus.is_demo, templates)
    return files
