"""Altair charts of the Creativity pages (rendered to files by charts.chart_files).

Genre is always shown by shape as well as colour, and modality by position or colour plus
the tooltip, so no chart relies on colour alone.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ...analysis.rounding import format_number
from .views import GENRES, MODALITIES

WIDTH = 420


def ci_by_modality(texts: pd.DataFrame) -> Any:
    """Professional CI of every text by modality: a box per modality, a point per text (genre)."""
    import altair as alt

    frame = texts[["title", "pair", "genre", "modality", "pro-ci"]].rename(columns={"pro-ci": "ci"})
    x = alt.X("modality:N", sort=list(MODALITIES), title="Modality", axis=alt.Axis(labelAngle=0))
    points = (
        alt.Chart(frame)
        .mark_point(filled=True, size=70, opacity=0.9)
        .encode(
            x=x,
            xOffset=alt.XOffset("genre:N", sort=list(GENRES)),
            y=alt.Y("ci:Q", title="CI (professionals)"),
            color=alt.Color("genre:N", sort=list(GENRES), title="Genre"),
            shape=alt.Shape("genre:N", sort=list(GENRES), title="Genre"),
            tooltip=[
                "title:N",
                "pair:N",
                "genre:N",
                "modality:N",
                alt.Tooltip("ci:Q", format=".2f", title="CI"),
            ],
        )
    )
    means = (
        alt.Chart(frame)
        .mark_tick(color="#222", thickness=2, size=60)
        .encode(
            x=x,
            y=alt.Y("mean(ci):Q"),
            tooltip=["modality:N", alt.Tooltip("mean(ci):Q", format=".2f", title="mean CI")],
        )
    )
    return (means + points).properties(
        width=WIDTH,
        height=300,
        title=alt.Title(
            "Creativity index per text, by modality",
            subtitle="one point per text; black bar: mean of the modality",
        ),
    )


def ci_scatter(texts: pd.DataFrame, rho: dict[str, tuple[float, int]]) -> Any:
    """CI by the LLM judge against CI by the professionals (Fig. 3), with Spearman rho in the
    title."""
    import altair as alt

    frame = texts[["title", "pair", "genre", "modality", "pro-ci", "llm-ci"]].rename(
        columns={"pro-ci": "pro", "llm-ci": "llm"}
    )
    subtitle = "Spearman ρ: " + " · ".join(
        f"{'all texts' if k == 'all' else k} {format_number(v, 3)} (n = {n})"
        for k, (v, n) in rho.items()
    )
    return (
        alt.Chart(frame)
        .mark_point(filled=True, size=80, opacity=0.85)
        .encode(
            x=alt.X("llm:Q", title="CI (LLM judge)"),
            y=alt.Y("pro:Q", title="CI (professionals)"),
            color=alt.Color("modality:N", sort=list(MODALITIES), title="Modality"),
            shape=alt.Shape("genre:N", sort=list(GENRES), title="Genre"),
            tooltip=[
                "title:N",
                "pair:N",
                "genre:N",
                "modality:N",
                alt.Tooltip("pro:Q", format=".2f"),
                alt.Tooltip("llm:Q", format=".2f"),
            ],
        )
        .properties(
            width=WIDTH,
            height=320,
            title=alt.Title("CI: LLM judge vs professionals", subtitle=subtitle),
        )
    )


def errors_by_genre(counts: pd.DataFrame) -> Any:
    """Errors per genre found by the professionals, by the LLM and by both (Table 9)."""
    import altair as alt

    names = {"professional": "professionals", "llm": "LLM", "match": "both"}
    frame = counts.melt(
        id_vars=["genre"], value_vars=list(names), var_name="who", value_name="errors"
    )
    frame["who"] = frame["who"].map(names)
    order = list(names.values())
    bars = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("genre:N", sort=list(GENRES), title="Genre", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("who:N", sort=order),
            y=alt.Y("errors:Q", title="Errors"),
            color=alt.Color("who:N", sort=order, title="Found by"),
            tooltip=["genre:N", "who:N", "errors:Q"],
        )
    )
    labels = bars.mark_text(dy=-6, fontSize=10).encode(text="errors:Q", color=alt.value("#222"))
    return (bars + labels).properties(width=WIDTH, height=280, title="Errors per genre")


def correlation_heatmap(rho: pd.DataFrame, humans: dict[str, str], by_genre: bool = False) -> Any:
    """Fig. 2 (all texts) or Fig. 4 (one panel per genre): metric x human score coloured by
    Spearman ρ (diverging around 0), the value printed in each cell (never colour alone)."""
    import altair as alt

    frame = rho[(rho["genre"] != "") if by_genre else (rho["genre"] == "")]
    frame = frame.assign(score=frame["human"].map(humans), rho=frame["value"])[
        ["metric_name", "score", "genre", "rho", "n"]
    ]
    metrics = sorted(set(frame["metric_name"]))
    base = alt.Chart().encode(
        x=alt.X("score:N", sort=list(humans.values()), title=None, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("metric_name:N", sort=metrics, title=None),
    )
    cells = base.mark_rect().encode(
        color=alt.Color(
            "rho:Q", scale=alt.Scale(scheme="redblue", domain=[-1, 1]), title="Spearman ρ"
        ),
        tooltip=[
            alt.Tooltip("metric_name:N", title="metric"),
            alt.Tooltip("score:N", title="human score"),
            *([alt.Tooltip("genre:N")] if by_genre else []),
            alt.Tooltip("rho:Q", format=".3f", title="ρ"),
            alt.Tooltip("n:Q", title="texts"),
        ],
    )
    text = base.mark_text(fontSize=11).encode(
        text=alt.Text("rho:Q", format=".2f"),
        color=alt.condition("abs(datum.rho) > 0.6", alt.value("white"), alt.value("black")),
    )
    layered = alt.layer(cells, text, data=frame).properties(
        width=70 * len(humans), height=24 * len(metrics)
    )
    if not by_genre:
        return layered.properties(title="Automatic metrics vs professional annotations (all texts)")
    return layered.facet(column=alt.Column("genre:N", sort=list(GENRES), title=None)).properties(
        title="Automatic metrics vs professional annotations, per genre"
    )
