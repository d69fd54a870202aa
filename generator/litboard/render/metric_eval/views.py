"""View models of the LitEval pages (paper 000): shared context, rankings with a pooled Human
row, the Table 7 comparison and the works section.

Which campaigns are the human reference, the metrics and the error categories is declared
once in ``LitEvalSettings``; the pages only show what these functions compute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...analysis.liteval_setup import SETTINGS, LitEvalSettings, Measure, applies, measures
from ...analysis.liteval_setup import ordered_pairs
from ...analysis.rounding import round_half_up
from ...model import Corpus
from ...reported import engine
from ...analysis.tables import Analysis, method_note
from ...analysis.tables import results_of
from ..core.views import Cell

POOLED = "human"
# the LitEval settings and measures live in analysis (the records compute with them)
__all__ = ["SETTINGS", "LitEvalSettings", "Measure", "applies", "measures", "ordered_pairs"]


@dataclass
class Context:
    """What every LitEval page shows around its tables."""

    data_version: str
    rights: str
    licence: str
    systems_note: str
    pairs: list[str]
    measures: list[Measure]
    human: list[str]
    names: dict[str, str]
    method: str
    provenance: dict[str, str]


def pair_label(pair: str) -> str:
    return "-".join(part.capitalize() for part in pair.split("-"))


def context(corpus: Corpus, analysis: Analysis, settings: LitEvalSettings = SETTINGS) -> Context:
    systems = corpus.tables["systems"]
    human = sorted(systems.loc[systems["is_human"], "system"])
    reasons = sorted({str(r) for r in corpus.paragraphs["restricted"].dropna()})
    longest = int(corpus.paragraphs["snippet"].dropna().str.len().max() or 0)
    rights = (
        f"Texts are rights-restricted: every source paragraph and translation is shown only as "
        f"its first {longest} characters (a snippet that identifies it), because "
        f"{'; '.join(reasons) or 'the release holds no full texts'}."
    )
    licence = "; ".join(str(d.get("licence", "")) for d in corpus.datasets if d.get("licence"))
    return Context(
        corpus.data_version(),
        rights,
        licence,
        _systems_note(corpus, human),
        ordered_pairs(corpus, settings),
        measures(analysis, settings),
        human,
        dict(zip(systems["system"], systems["name"])),
        method_note(analysis.settings),
        {c.campaign: c.provenance for c in analysis.columns},
    )


def _systems_note(corpus: Corpus, human: list[str]) -> str:
    n_mt = len(corpus.systems) - len(human)
    per_pair = (
        corpus.translations[corpus.translations["system"].isin(human)]
        .groupby(["pair", "paragraph"])
        .size()
    )
    spread = ", ".join(
        f"{pair_label(p)} {int(g.min())}–{int(g.max())}" for p, g in per_pair.groupby(level="pair")
    )
    return (
        f"Paper 000 counts {n_mt + 1} systems: {n_mt} MT systems and 'Human'. The release labels "
        f"the published human translations translator1/2/3 (translation1–3 in some rows) without "
        f"saying which published translation each label is, so the importer keeps them as "
        f"{len(human)} human systems ({', '.join(human)}), {len(corpus.systems)} systems in all. "
        f"A paragraph has {int(per_pair.min())} to {int(per_pair.max())} human translations "
        f"(per pair: {spread})."
    )


# ---------------------------------------------------------------- rankings


@dataclass
class RankRow:
    system: str
    name: str
    is_human: bool
    link: str
    cells: dict[str, Cell]


@dataclass
class RankingView:
    key: str
    label: str
    rows: list[RankRow]
    pooled: RankRow
    csv: str


def rankings(corpus: Corpus, analysis: Analysis, ctx: Context) -> list[RankingView]:
    """One ranking per pair (the board's tables) and one over all pairs, each with its pooled
    Human row: the tables ``analysis.liteval_rankings`` computed (``Results.liteval``)."""
    computed = results_of(analysis).liteval
    if computed is None:
        return []
    views = [
        _ranking(
            pair, pair_label(pair), computed.tables[pair], computed.pooled[pair], ctx, f"#{pair}"
        )
        for pair in ctx.pairs
    ]
    views.append(
        _ranking("all", "All pairs", computed.tables["all"], computed.pooled["all"], ctx, "")
    )
    return views


def _ranking(
    key: str,
    label: str,
    tables: dict[str, pd.DataFrame | None],
    pooled_tables: dict[str, pd.DataFrame | None],
    ctx: Context,
    anchor: str,
) -> RankingView:
    systems = sorted({s for t in tables.values() if t is not None for s in t.index})
    rows = [
        RankRow(
            s,
            ctx.names.get(s, s),
            s in ctx.human,
            f"systems/{s}.html{anchor}",
            {m.key: _cell(tables[m.key], s, f"systems/{s}.html{anchor}") for m in ctx.measures},
        )
        for s in systems
    ]
    first = ctx.measures[0].key if ctx.measures else ""
    rows.sort(
        key=lambda r: _order(r, first, ctx.measures[0].higher_is_better if ctx.measures else True)
    )
    pooled = RankRow(
        POOLED,
        "Human (pooled)",
        True,
        "",
        {m.key: _cell(pooled_tables[m.key], POOLED, "") for m in ctx.measures},
    )
    return RankingView(key, label, rows, pooled, f"ranking-{key}.csv")


def _cell(table: pd.DataFrame | None, system: str, link: str) -> Cell:
    if table is None or system not in table.index:
        return Cell(None, 0, link)
    row = table.loc[system]
    cell = Cell(
        float(row["mean"]), int(row["n_items"]), link, float(row["ci_low"]), float(row["ci_high"])
    )
    if int(row["cluster"]):  # 0: too few paragraphs for any pair to be separated
        cell.rank_min, cell.rank_max, cell.cluster = (
            int(row["rank_min"]),
            int(row["rank_max"]),
            int(row["cluster"]),
        )
    return cell


def _order(row: RankRow, first: str, higher_is_better: bool) -> tuple[Any, ...]:
    value = row.cells[first].value if first else None
    if value is None:
        return (1, 0.0, row.system)
    return (0, -value if higher_is_better else value, row.system)


def ranking_csv(view: RankingView, ctx: Context) -> pd.DataFrame:
    records = []
    pooled = f"{len(ctx.names) - len(ctx.human)} MT systems + pooled Human"
    for row, among in [(r, "systems as imported") for r in view.rows] + [(view.pooled, pooled)]:
        for m in ctx.measures:
            c = row.cells[m.key]
            records.append(
                {
                    "scope": view.key,
                    "system": row.system,
                    "name": row.name,
                    "is_human": row.is_human,
                    "measure": m.key,
                    "mean": c.value,
                    "ci_low": c.ci_low,
                    "ci_high": c.ci_high,
                    "rank_min": c.rank_min,
                    "rank_max": c.rank_max,
                    "cluster": c.cluster,
                    "paragraphs": c.n,
                    "ranked_among": among,
                    "provenance": m.provenance,
                }
            )
    return pd.DataFrame(records)


# ---------------------------------------------------------------- Table 7


@dataclass
class Table7Row:
    name: str
    system: str
    reported_mean: float
    reproduced_mean: float
    reproduced_rounded: float
    difference: float
    reported_rank: int
    reproduced_rank: int | None
    disagrees: bool
    reason: str


def table_7(
    corpus: Corpus, ctx: Context, settings: LitEvalSettings = SETTINGS
) -> tuple[list[Table7Row], pd.DataFrame]:
    """Student MQM over all segments (both annotations, humans pooled) beside paper 000 Table 7
    (measures system-mean and system-rank of the reported table, compared by litboard.reported)."""
    records = corpus.tables["reported"]
    mine = records[
        records["source"].eq("paper 000 Table 7")
        & records["measure"].isin(["system-mean", "system-rank"])
    ]
    compared = engine.key_columns(engine.compare(corpus, mine), ["system"])
    means = compared[compared["measure"] == "system-mean"].set_index("system")
    ranks = compared[compared["measure"] == "system-rank"].set_index("system")
    segments = _segments(corpus, settings)
    rows, records_out = [], []
    for system in ranks.sort_values("value").index:
        mean, rank = means.loc[system], ranks.loc[system]
        reproduced_rank = None if pd.isna(rank["reproduced"]) else int(rank["reproduced"])
        reasons = []
        if rank["disagrees"]:
            reasons.append(f"rank {int(rank['value'])} reported, {reproduced_rank} reproduced")
        if mean["disagrees"]:
            reasons.append(f"mean differs by {mean['difference']:+.1f}")
        row = Table7Row(
            str(rank["label"]),
            system,
            float(mean["value"]),
            float(mean["reproduced"]),
            round_half_up(float(mean["reproduced"]), 1),
            float(mean["difference"]),
            int(rank["value"]),
            reproduced_rank,
            bool(mean["disagrees"] or rank["disagrees"]),
            "; ".join(reasons),
        )
        rows.append(row)
        records_out.append(
            {
                "name": row.name,
                "system": system,
                "reported_mean": row.reported_mean,
                "reproduced_mean": row.reproduced_mean,
                "mean_difference": row.difference,
                "reported_rank": row.reported_rank,
                "reproduced_rank": reproduced_rank,
                "disagrees": row.disagrees,
                "segments": segments.get(system),
            }
        )
    return rows, pd.DataFrame(records_out).assign(data_version=ctx.data_version)


def _segments(corpus: Corpus, settings: LitEvalSettings) -> dict[str, int]:
    scores = corpus.metric_scores
    scores = scores[scores["campaign"].isin([settings.reference, settings.second])].dropna(
        subset=["score"]
    )
    human = set(corpus.tables["systems"].query("is_human")["system"])
    return scores["system"].map(lambda s: POOLED if s in human else s).value_counts().to_dict()


# ---------------------------------------------------------------- works


@dataclass
class WorksView:
    books: list[dict[str, str]]
    holders: list[dict[str, str]]
    unmapped_note: str
    csv: str = "works.csv"


def works(corpus: Corpus) -> WorksView:
    counts = corpus.paragraphs.groupby("work").size()
    books: list[dict[str, str]] = []
    holders: list[dict[str, str]] = []
    notes: list[str] = []
    for work_id, work in sorted(corpus.works.items()):
        row = {
            "work": work_id,
            "title": str(work["title"]),
            "author": str(work.get("author", "")),
            "year": str(work.get("year", "")),
            "era": str(work["era"]),
            "source_lang": str(work["source_lang"]),
            "paragraphs": str(int(counts.get(work_id, 0))),
            "link": f"works/{work_id}.html",
        }
        (holders if counts.get(work_id, 0) else books).append(row)
        if counts.get(work_id, 0) and work.get("notes"):
            notes.append(str(work["notes"][0]))
    note = sorted(set(notes))[0] if notes else ""
    return WorksView(books, holders, note)
