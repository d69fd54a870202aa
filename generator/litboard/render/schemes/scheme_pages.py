"""The page 'Rankings by scheme' (BWS, pairwise, RULER, VERSE); its neighbour 'Agreement' is
``agreement_page``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from markupsafe import Markup

from ...analysis import schemes
from ...analysis.bws import bws_scores, split_half_reliability
from ...analysis.double_annotation import declared_pairs
from ...analysis.bt_graph import comparison_graph
from ...analysis.pairwise import bradley_terry, win_matrix
from ...analysis.uncertainty import limit_text
from ...analysis.campaign_status import pairwise_extensions, pool_pairwise
from ...model import Corpus
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.boards import Analysis, method_note, rank_table


BWS_LABEL = "BWS counting score ((best − worst) / times shown)"


@dataclass
class RankingView:
    title: str
    note: str
    rows: list[dict[str, Any]]
    csv: str
    digits: int = 2
    limit: str = ""  # "n = 3 paragraphs: no pair can be separated at α = 0.05" (no clusters)


def _ranking(
    corpus: Corpus, analysis: Analysis, long: pd.DataFrame, title: str, note: str, csv: str
) -> tuple[RankingView, pd.DataFrame] | None:
    table = rank_table(long, True, analysis.settings)
    if table is None:
        return None
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
    sections: list[dict[str, Any]] = []
    files: dict[str, str | bytes] = {}
    inputs = [
        (BWS_LABEL, schemes.bws_paragraph_scores(corpus.bws)),
        ("RULER", schemes.criterion_scores(corpus.ruler, "criterion", "ruler:")),
        ("VERSE", schemes.criterion_scores(corpus.verse, "category", "verse:")),
    ]
    for label, long in inputs:
        for (column, pair), group in long.groupby(["column", "pair"], sort=True):
            name = f"{column.replace(':', '-')}-{pair}".lower().replace(" ", "-")
            made = _ranking(
                corpus,
                analysis,
                group,
                f"{label}: {column.split(':', 2)[-1]} ({pair})",
                _note(label, corpus, group),
                f"{_safe(name)}.csv",
            )
            if made:
                view, frame = made
                files[f"schemes/{view.csv}"] = csv_text(frame)
                sections.append({"kind": "ranking", "view": view})
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}  # display names, never raw ids
    for (campaign, pair), group in corpus.bws.groupby(["campaign", "pair"], sort=True):
        counts = bws_scores(group).reset_index().rename(columns={"index": "system"})
        reliability = split_half_reliability(group)
        name = _safe(f"bws-counts-{campaign}-{pair}")
        files[f"schemes/{name}.csv"] = csv_text(counts)
        rows = [
            {**r, "name": names.get(r["system"], r["system"])} for r in counts.to_dict("records")
        ]
        sections.append(
            {
                "kind": "bws",
                "title": f"{BWS_LABEL}: counts, {campaign} ({pair})",
                "rows": rows,
                "reliability": reliability,
                "csv": f"{name}.csv",
            }
        )
    extended = pairwise_extensions(corpus)
    for (campaign, pair), group in pool_pairwise(corpus).groupby(["campaign", "pair"], sort=True):
        joined = extended.get((str(campaign), str(pair)), [])
        plus = (
            f", with the human-evaluation plan{'s' if len(joined) > 1 else ''} {', '.join(joined)}"
            if joined
            else ""
        )
        strengths = bradley_terry(group).reset_index().rename(columns={"index": "system"})
        wins = win_matrix(group)
        name = _safe(f"bt-{campaign}-{pair}")
        files[f"schemes/{name}.csv"] = csv_text(strengths)
        files[f"schemes/{name}-wins.csv"] = csv_text(
            wins.reset_index().rename(columns={"index": "system"})
        )
        sections.append(
            {
                "kind": "pairwise",
                "title": f"Pairwise preferences, {campaign} ({pair}){plus}",
                "rows": [
                    {**r, "name": names.get(r["system"], r["system"])}
                    for r in strengths.to_dict("records")
                ],
                "wins": [(names.get(s, s), v) for s, v in _win_rows(wins)],
                "systems": [names.get(s, s) for s in wins.columns],
                "csv": f"{name}.csv",
                "wins_csv": f"{name}-wins.csv",
                "graph": comparison_graph(group, names),
            }
        )
    return sections, files


def _win_rows(wins: pd.DataFrame) -> list[tuple[str, list[float | None]]]:
    return [
        (str(system), [None if pd.isna(v) else float(v) for v in row])
        for system, row in wins.iterrows()
    ]


def _note(label: str, corpus: Corpus, group: pd.DataFrame) -> str:
    campaign = str(group["column"].iloc[0]).split(":")[1]
    return f"{label}; campaign {campaign}; data {corpus.data_version()}"


def _safe(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9._-]+", "-", name.lower()).strip("-")[:100]


__all__ = ["build", "Markup"]
