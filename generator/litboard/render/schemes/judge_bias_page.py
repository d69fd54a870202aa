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
from .chart_labels import wrapped

FOLDER = "judge-bias"
NAV = {"Judge bias": "judge-bias/index.md"}


GREY = "#a8a8a8"  # rows over fewer than SMALL_N items (no interval: their n is what to read)
WRAP = 22  # characters per label line: with the 160 px plot the chart stays under 370 px wide
FONT = 12  # px, every text of the chart: at least 11 px once a 390 px phone scales it down


def chart(headline: pd.DataFrame) -> Any:
    """Per dataset, one chart (its own x-axis) with one row per measure: the % of items where it
    puts the human translation first (dot, coloured by human / metric / LLM judge) with its 95%
    Wilson interval (bar); rows over fewer than SMALL_N items grey, last, without a bar."""
    import altair as alt

    charts_ = [
        _dataset_chart(alt, title, part)
        for title, part in headline.groupby("dataset_title", sort=False)
    ]
    return (
        alt.vconcat(*charts_, spacing=28)
        .resolve_scale(y="independent", color="shared", shape="shared")
        .configure_axis(labelFontSize=FONT, titleFontSize=FONT)
        # stacked: a row of three entries would widen the chart past a phone
        .configure_legend(labelFontSize=FONT, orient="top", direction="vertical", title=None)
        .configure_title(fontSize=FONT + 1, anchor="start")
    )


def _dataset_chart(alt: Any, title: str, part: pd.DataFrame) -> Any:
    kinds = list(KIND_LABELS.values())
    labels = [wrapped(str(m), WRAP) for m in part["measure"]]
    data = part.astype({"percent": float, "ci_low": float, "ci_high": float}).assign(
        label=labels,
        n_label=[f"n = {n}" for n in part["items"]],
        small=part["items"] < SMALL_N,
    )
    # reliable rows by share, then the small ones (greyed): never an n = 1 row drawn first
    order = data.sort_values(["small", "percent"], ascending=[True, False], kind="stable")
    lines = max(label.count("\n") + 1 for label in labels)
    scale = alt.Scale(domain=[0, 100])
    y = alt.Y(
        "label:N",
        title=None,
        sort=list(dict.fromkeys(order["label"])),
        axis=alt.Axis(labelLimit=0, labelExpr="split(datum.label, '\\n')", labelPadding=6),
    )
    small = alt.datum.small
    color = alt.condition(small, alt.value(GREY), alt.Color("kind:N", title=None, sort=kinds))
    x_title = ["% of items where the human translation", "ranks above every compared machine one"]
    bars = (
        alt.Chart()
        .mark_rule(strokeWidth=2, opacity=0.6)
        .encode(x=alt.X("ci_low:Q", title=x_title, scale=scale), x2="ci_high:Q", y=y, color=color)
    )
    dots = (
        alt.Chart()
        .mark_point(filled=True, size=80)
        .encode(
            x=alt.X("percent:Q", title=x_title, scale=scale),
            y=y,
            color=color,
            shape=alt.Shape("kind:N", sort=kinds, legend=None),
            tooltip=_tooltip(alt),
        )
    )
    half = alt.Chart().mark_rule(strokeDash=[4, 4], color="gray").encode(x=alt.datum(50))
    count = (
        alt.Chart()
        .mark_text(align="left", dx=6, fontSize=FONT)
        .encode(
            x=alt.datum(100),
            y=y,
            text="n_label:N",
            color=alt.condition(small, alt.value("#767676"), alt.value("#333333")),
        )
    )
    return alt.layer(bars, dots, half, count, data=data).properties(
        # a long dataset title on lines of its own too: it would widen the chart past a phone
        title=wrapped(title, 2 * WRAP).split("\n"),
        width=160,
        height=alt.Step(max(20, 15 * lines + 5)),
    )


def _tooltip(alt: Any) -> list[Any]:
    return [
        alt.Tooltip("dataset_title:N", title="dataset"),
        alt.Tooltip("measure:N"),
        alt.Tooltip("kind:N"),
        alt.Tooltip("compared:N"),
        alt.Tooltip("percent:Q", format=".1f"),
        alt.Tooltip("ci_low:Q", format=".1f"),
        alt.Tooltip("ci_high:Q", format=".1f"),
        alt.Tooltip("above:Q", title="items human first"),
        alt.Tooltip("items:Q"),
    ]


def headline_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """Per dataset and measure: all items, against the first compared group of the dataset."""
    first = rows.groupby("dataset")["compared"].transform("first")
    return rows[(rows["scope"] == "all") & (rows["compared"] == first)].reset_index(drop=True)


def _sections(rows: pd.DataFrame) -> list[tuple[str, list[dict], list[dict]]]:
    """Per dataset (page order): its pooled rows (the table) and its breakdown by pair, genre
    and era (folded under the table)."""
    return [
        (
            str(title),
            group[group["scope"] == "all"].to_dict("records"),
            group[group["scope"] != "all"].to_dict("records"),
        )
        for title, group in rows.groupby("dataset_title", sort=False)
    ]


def build_from_rows(
    frames: list[pd.DataFrame],
    creative_frames: list[pd.DataFrame],
    templates: Path,
    demo: frozenset[str] | set[str] = frozenset(),
    absent: list[tuple[str, str]] | None = None,
) -> tuple[Files, dict[str, str]]:
    """The panel from each dataset's ``dataset_rows`` and ``creativity_rows`` (in page order).
    Datasets in ``demo`` (illustrative) stay out of the headline chart while a real one is
    present, and their tables come last, under a heading of their own. ``absent``: (title,
    reason) of each dataset without rows (``judge_bias_rows.absence``), named on the page."""
    # a dataset without rows adds none (its empty frame would make every column object-typed)
    frames = [frame for frame in frames if not frame.empty]
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
    datasets = _sections(real)
    demos = [] if real is rows else _sections(rows[is_demo])
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
        absent=absent or [],
        shown=[title for title, _, _ in datasets],
    )
    files[f"{FOLDER}/index.md"] = page(
        "Judge bias: who spots the human translation?", body, False, templates
    )
    return files, NAV
