"""The page 'Rankings by scheme' (BWS, pairwise, RULER, VERSE); its neighbour 'Agreement' is
``agreement_page``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from markupsafe import Markup

from ...analysis.tables import BWS_LABEL, PairwiseTables, results_of
from ...analysis.p_format import limit_text
from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis, method_note


@dataclass
class RankingView:
    title: str
    note: str
    rows: list[dict[str, Any]]
    csv: str
    digits: int = 2
    limit: str = ""  # "n = 3 paragraphs: no pair can be separated at α = 0.05" (no clusters)


def _ranking(
    corpus: Corpus, analysis: Analysis, table: pd.DataFrame, title: str, note: str, csv: str
) -> tuple[RankingView, pd.DataFrame]:
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}
    alpha = analysis.settings.alpha
    limit = (
        limit_text(int(table["n_items"].max()), "paragraph", alpha)
        if float(table["smallest_p"].min()) >= alpha
        else ""
    )
    frame = table.drop(columns="smallest_p").reset_index().rename(columns={"index": "system"})
    frame.insert(1, "name", frame["system"].map(names))
    digits = 3 if title.startswith(BWS_LABEL) else 2  # as the BWS counts table
    return RankingView(title, note, frame.to_dict("records"), csv, digits, limit), frame


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    result = PageSet()
    sections, files = _scheme_sections(corpus, analysis)
    if sections:
        body = render(
            "schemes.html.j2",
            templates,
            sections=sections,
            base="../",
            method=method_note(analysis.settings),
            version=corpus.data_version(),
        )
        result.files["schemes/index.md"] = page(
            "Rankings by scheme", body, corpus.is_demo, templates
        )
        result.files.update(files)
        result.nav.append({"Rankings by scheme": "schemes/index.md"})
    return result


def _scheme_sections(
    corpus: Corpus, analysis: Analysis
) -> tuple[list[dict[str, Any]], dict[str, str | bytes]]:
    """The page's sections from the tables analysis computed (``Results.schemes``)."""
    made = results_of(analysis).schemes
    sections: list[dict[str, Any]] = []
    files: dict[str, str | bytes] = {}
    if made is None:
        return sections, files
    for ranked in made.rankings:
        column, pair = ranked.column, ranked.pair
        name = f"{column.replace(':', '-')}-{pair}".lower().replace(" ", "-")
        view, frame = _ranking(
            corpus,
            analysis,
            ranked.table,
            f"{ranked.label}: {column.split(':', 2)[-1]} ({pair})",
            _note(ranked.label, corpus, column),
            f"{_safe(name)}.csv",
        )
        files[f"schemes/{view.csv}"] = csv_text(frame)
        sections.append({"kind": "ranking", "view": view})
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}  # display names, never raw ids
    for bws in made.bws:
        name = _safe(f"bws-counts-{bws.campaign}-{bws.pair}")
        files[f"schemes/{name}.csv"] = csv_text(bws.counts)
        rows = [
            {**r, "name": names.get(r["system"], r["system"])}
            for r in bws.counts.to_dict("records")
        ]
        sections.append(
            {
                "kind": "bws",
                "title": f"{BWS_LABEL}: counts, {bws.campaign} ({bws.pair})",
                "rows": rows,
                "reliability": bws.reliability,
                "csv": f"{name}.csv",
            }
        )
    for tables in made.pairwise:
        sections.append(_pairwise_section(tables, names, files))
    return sections, files


def _pairwise_section(
    tables: PairwiseTables, names: dict[str, str], files: dict[str, str | bytes]
) -> dict[str, Any]:
    joined, campaign, pair = tables.joined, tables.campaign, tables.pair
    plus = (
        f", with the human-evaluation plan{'s' if len(joined) > 1 else ''} {', '.join(joined)}"
        if joined
        else ""
    )
    name = _safe(f"bt-{campaign}-{pair}")
    files[f"schemes/{name}.csv"] = csv_text(tables.strengths)
    files[f"schemes/{name}-wins.csv"] = csv_text(
        tables.wins.reset_index().rename(columns={"index": "system"})
    )
    return {
        "kind": "pairwise",
        "title": f"Pairwise preferences, {campaign} ({pair}){plus}",
        "rows": [
            {**r, "name": names.get(r["system"], r["system"])}
            for r in tables.strengths.to_dict("records")
        ],
        "wins": [(names.get(s, s), v) for s, v in _win_rows(tables.wins)],
        "systems": [names.get(s, s) for s in tables.wins.columns],
        "csv": f"{name}.csv",
        "wins_csv": f"{name}-wins.csv",
        "graph": tables.graph,
    }


def _win_rows(wins: pd.DataFrame) -> list[tuple[str, list[float | None]]]:
    return [
        (str(system), [None if pd.isna(v) else float(v) for v in row])
        for system, row in wins.iterrows()
    ]


def _note(label: str, corpus: Corpus, column: str) -> str:
    campaign = column.split(":")[1]
    return f"{label}; campaign {campaign}; data {corpus.data_version()}"


def _safe(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9._-]+", "-", name.lower()).strip("-")[:100]


__all__ = ["build", "Markup"]
