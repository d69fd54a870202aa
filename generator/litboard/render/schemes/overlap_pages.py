"""Page 'Lexical overlap' (paper 000 E.6): per pair, BLEU of each system's output against each
other's.

Applies when a pair has at least two systems with full texts of a shared paragraph (restricted
snippets, as in LitEval, cannot be compared). Per pair: a heatmap (row system as hypothesis,
column system as reference), the per-system mean over the other systems (lower = a more
distinct vocabulary) and both tables as CSV, with the sacreBLEU signature.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ...analysis.rounding import round_half_up
from ...model import Corpus
from ..core import charts
from ..core.extra_pages import Files, PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis, OverlapTables, results_of

FOLDER = "overlap"


@dataclass
class PairOverlap:
    pair: str
    signature: str
    chart: charts.ChartView
    rows: list[dict[str, Any]]  # per system: id, name, human, mean overlap, paragraphs
    matrix_csv: str
    means_csv: str


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    files: Files = {}
    pairs = [
        _pair(corpus, pair, tables, files) for pair, tables in results_of(analysis).overlap.items()
    ]
    if not pairs:
        return PageSet()
    files[charts.BUNDLE] = charts.vega_bundle()
    body = render(
        "overlap.html.j2", templates, pairs=pairs, base="../", version=corpus.data_version()
    )
    files[f"{FOLDER}/index.md"] = page(
        "Lexical overlap between systems", body, corpus.is_demo, templates
    )
    return PageSet(files, [{"Lexical overlap": f"{FOLDER}/index.md"}])


def _pair(corpus: Corpus, pair: str, tables: OverlapTables, files: Files) -> PairOverlap:
    table, means, counts = tables.table, tables.means, tables.paragraphs
    names = {k: str(v.get("name", k)) for k, v in corpus.systems.items()}
    human = {k for k, v in corpus.systems.items() if v.get("kind") == "human"}
    system_rows = [
        {
            "system": s,
            "name": names.get(s, s),
            "human": s in human,
            "mean_overlap": None if pd.isna(means[s]) else round_half_up(float(means[s]), 4),
            "paragraphs": int(counts.get(s, 0)),
        }
        for s in means.sort_values(kind="stable").index
    ]
    long = table.stack().rename("bleu").reset_index().dropna(subset=["bleu"])  # no diagonal
    long.insert(0, "pair", pair)
    matrix_csv, means_csv = f"{pair}-matrix.csv", f"{pair}-means.csv"
    files[f"{FOLDER}/{matrix_csv}"] = csv_text(long)
    files[f"{FOLDER}/{means_csv}"] = csv_text(pd.DataFrame(system_rows).assign(pair=pair))
    chart_view, chart_files = charts.chart_files(
        FOLDER,
        f"overlap-{pair}",
        f"{pair}: BLEU of the row system's output against the column system's",
        _heatmap(long, names),
    )
    files.update(chart_files)
    return PairOverlap(pair, tables.signature, chart_view, system_rows, matrix_csv, means_csv)


def _heatmap(long: pd.DataFrame, names: dict[str, str]) -> Any:
    import altair as alt

    data = long.assign(
        hypothesis_name=long["hypothesis"].map(names), reference_name=long["reference"].map(names)
    )
    order = sorted(set(data["hypothesis_name"]) | set(data["reference_name"]))
    base = alt.Chart(data).encode(
        x=alt.X(
            "reference_name:N",
            sort=order,
            title="reference (column system)",
            axis=alt.Axis(labelAngle=-30, labelLimit=220),
        ),
        y=alt.Y(
            "hypothesis_name:N",
            sort=order,
            title="hypothesis (row system)",
            axis=alt.Axis(labelLimit=220),
        ),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("bleu:Q", scale=alt.Scale(scheme="blues"), title="BLEU"),
        tooltip=[
            alt.Tooltip("hypothesis_name:N", title="hypothesis"),
            alt.Tooltip("reference_name:N", title="reference"),
            alt.Tooltip("bleu:Q", format=".1f"),
        ],
    )
    text = base.mark_text(fontSize=12).encode(
        text=alt.Text("bleu:Q", format=".1f"),
        color=alt.condition("datum.bleu > 50", alt.value("white"), alt.value("black")),
    )
    size = 70 * len(order)
    return (cells + text).properties(width=size, height=size)
