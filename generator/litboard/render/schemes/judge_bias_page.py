"""The judge-bias panel: one page across every dataset (``judge-bias.md``).

For each dataset and measure: how often the measure ranks a human translation above the
machine ones (analysis/judge_bias.py), per pair, genre and era, against all machine systems
and against each machine modality (PE, MT). One chart first, then the table and its CSV.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from ...analysis.records import KIND_LABELS
from ...analysis.p_format import SMALL_N
from ..core import charts
from ..core.jinja import render
from ..core.pages import Files, csv_text, page
from .chart_labels import short_labels

FOLDER = "judge-bias"
NAV = {"Judge bias": "judge-bias/index.md"}


def chart(headline: pd.DataFrame) -> Any:
    """Per dataset, one row per measure: the % of items where it puts the human translation first
    (dot, coloured by human / metric / LLM judge) with its 95% CI (bar)."""
    import altair as alt

    shown = short_labels(headline["measure"])  # distinct even where a long name is cut
    data = headline.assign(
        order=headline["kind"].map({v: i for i, v in enumerate(KIND_LABELS.values())}),
        n_label=[f"n = {n}" for n in headline["items"]],
        label=[shown[str(m)] for m in headline["measure"]],
    )
    title = "% of items where the human translation ranks above every compared machine translation"
    scale = alt.Scale(domain=[0, 100])
    legend = alt.Legend(orient="top", labelFontSize=12, title=None)
    x = alt.X("percent:Q", title=title, scale=scale)
    # every row says its n; narrow labels and plot keep the figure readable at phone width
    y = alt.Y(
        "label:N",
        title=None,
        sort=alt.EncodingSortField("percent", order="descending"),
        axis=alt.Axis(labelLimit=0, labelFontSize=12),
    )
    bars = (
        alt.Chart()
        .mark_rule(strokeWidth=2, opacity=0.6)
        .encode(
            x=alt.X("ci_low:Q", title=title, scale=scale),
            x2="ci_high:Q",
            y=y,
            color=alt.Color(
                "kind:N", title="measure", sort=list(KIND_LABELS.values()), legend=legend
            ),
        )
    )
    dots = (
        alt.Chart()
        .mark_point(filled=True, size=90)
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                "kind:N", title="measure", sort=list(KIND_LABELS.values()), legend=legend
            ),
            shape=alt.Shape("kind:N", sort=list(KIND_LABELS.values()), legend=None),
            tooltip=[
                alt.Tooltip("dataset_title:N", title="dataset"),
                alt.Tooltip("measure:N"),
                alt.Tooltip("kind:N"),
                alt.Tooltip("compared:N"),
                alt.Tooltip("percent:Q", format=".1f"),
                alt.Tooltip("ci_low:Q", format=".1f"),
                alt.Tooltip("ci_high:Q", format=".1f"),
                alt.Tooltip("items:Q"),
            ],
        )
    )
    half = alt.Chart().mark_rule(strokeDash=[4, 4], color="gray").encode(x=alt.datum(50))
    # n at the right end of every row: never cut off with a long measure label
    count = (
        alt.Chart()
        .mark_text(align="left", dx=6, fontSize=11, color="#333")
        .encode(x=alt.datum(100), y=y, text="n_label:N")
    )
    return (
        alt.layer(bars, dots, half, count, data=data)
        .properties(width=180, height=alt.Step(18))
        .facet(
            row=alt.Row(
                "dataset_title:N",
                title=None,
                header=alt.Header(
                    labelAngle=0,
                    labelAlign="left",
                    labelAnchor="start",
                    labelFontSize=13,
                    labelFontWeight="bold",
                    labelOrient="top",
                ),
            )
        )
        .resolve_scale(y="independent")
    )


def headline_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """Per dataset and measure: all items, against the first compared group of the dataset."""
    first = rows.groupby("dataset")["compared"].transform("first")
    return rows[(rows["scope"] == "all") & (rows["compared"] == first)].reset_index(drop=True)


def build_from_rows(
    frames: list[pd.DataFrame],
    creative_frames: list[pd.DataFrame],
    templates: Path,
    demo: frozenset[str] | set[str] = frozenset(),
) -> tuple[Files, dict[str, str]]:
    """The panel from each dataset's ``dataset_rows`` and ``creativity_rows`` (in page order).
    Datasets in ``demo`` (illustrative) stay out of the headline chart while a real one is
    present, and their tables come last, under a heading of their own."""
    rows = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    if rows.empty:
        return {}, {}
    is_demo = rows["dataset"].isin(demo)
    real = rows[~is_demo] if (~is_demo).any() else rows
    headline = headline_rows(real)
    figure, drawn = charts.chart_files(
        FOLDER,
        "human-first",
        "How often each measure ranks the human translation first",
        chart(headline),
    )
    files: Files = dict(drawn)
    files[f"{FOLDER}/judge-bias.csv"] = csv_text(rows)
    files[charts.BUNDLE] = charts.vega_bundle()
    datasets = [
        (title, group.to_dict("records"))
        for title, group in real.groupby("dataset_title", sort=False)
    ]
    demos = (
        []
        if real is rows
        else [
            (title, group.to_dict("records"))
            for title, group in rows[is_demo].groupby("dataset_title", sort=False)
        ]
    )
    creative = pd.concat(creative_frames, ignore_index=True) if creative_frames else pd.DataFrame()
    if not creative.empty:
        creative = creative.sort_values(["dataset", "rho"], ascending=[True, False], kind="stable")
        files[f"{FOLDER}/creative-shifts.csv"] = csv_text(creative)
    notes = sorted(
        {str(n) for n in creative.get("count_note", pd.Series(dtype=str)).fillna("") if str(n)}
    )
    body = render(
        "judge_bias.html.j2",
        templates,
        chart=figure,
        datasets=datasets,
        demos=demos,
        base="../",
        csv="judge-bias.csv",
        creative=creative.to_dict("records"),
        count_notes=notes,
        creative_csv="creative-shifts.csv",
        small_n=SMALL_N,
    )
    files[f"{FOLDER}/index.md"] = page(
        "Judge bias: who spots the human translation?", body, False, templates
    )
    return files, NAV
