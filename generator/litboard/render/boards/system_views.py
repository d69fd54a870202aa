"""View models of system and work pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ...analysis.leaderboard import Column
from ...analysis.screening import Screened, screened
from ...model import Corpus
from ..core.badges import evidence, llm_scored, provenance_badge
from ..core.screen_marks import screen_text
from ...analysis.tables import Analysis

SHOWN_ROWS = 100  # per-paragraph rows on a system page; the CSV has them all (no page > 500 KB)
CARD_FIELDS = (
    "kind",
    "modality",
    "model",
    "size",
    "version",
    "date",
    "translator",
    "prompt",
    "submitted_by",
    "licence",
    "url",
    "description",
)


@dataclass
class SystemPairView:
    pair: str
    columns: list[Column]
    means: dict[str, tuple[float | None, int]]
    rows: list[dict[str, Any]]  # every paragraph, in work order (the CSV)
    csv: str
    # column key -> "screened: N outputs flagged (reasons)" (LLM-judge screen; absent: none)
    screened: dict[str, str] = field(default_factory=dict)
    # column key -> which statistic the value is, for sacreBLEU columns: "sacreBLEU corpus score"
    # (as on the board) or, where the texts do not reproduce the stored scores, "mean of
    # paragraph scores"
    statistic: dict[str, str] = field(default_factory=dict)

    @property
    def shown(self) -> list[dict[str, Any]]:
        """The rows printed on the page: the first ``SHOWN_ROWS`` in work order."""
        return self.rows[:SHOWN_ROWS]


@dataclass
class SystemView:
    system: str
    name: str
    is_human: bool
    card: list[tuple[str, str]]
    badge: str
    pairs: list[SystemPairView]
    same_as: list[tuple[str, str]]  # (dataset, system) of the same system in other loaded datasets
    llm_pending: bool = False  # no LLM-judge score yet ("LLM judges: pending")


def system_views(corpus: Corpus, analysis: Analysis) -> list[SystemView]:
    views = []
    flags = screened(corpus)
    # split once: filtering the big tables per system and pair cost as much as the pages
    scores = {key: g for key, g in analysis.long.groupby(["system", "pair"], sort=False)}
    empty = analysis.long.iloc[0:0]
    translated = {k: g for k, g in corpus.translations.groupby(["system", "pair"], sort=False)}
    for system, card in sorted(corpus.systems.items()):
        fields = [
            (name, str(card[name])) for name in CARD_FIELDS if card.get(name) not in (None, "")
        ]
        pairs = [
            _with_screen(
                _pair_view(corpus, analysis, system, pair, scores.get((system, pair), empty), mine),
                system,
                flags,
            )
            for (of, pair), mine in sorted(translated.items())
            if of == system
        ]
        views.append(
            SystemView(
                system,
                str(card["name"]),
                card["kind"] == "human",
                fields,
                provenance_badge(corpus, system),
                pairs,
                list(card.get("_same_as", [])),
                not evidence(corpus, system).llm and llm_scored(corpus),
            )
        )
    return views


def _pair_view(
    corpus: Corpus,
    analysis: Analysis,
    system: str,
    pair: str,
    scores: pd.DataFrame,
    translations: pd.DataFrame,
) -> SystemPairView:
    """The system's scores on ``pair``: means and a row per paragraph it translated
    (``translations``: its rows of the pair)."""
    columns = [c for c in analysis.columns if c.key in set(scores["column"])]
    means = {c.key: _shown(analysis, pair, system, scores, c.key) for c in columns}
    wide = scores.pivot_table(index="paragraph", columns="column", values="score", aggfunc="mean")
    order = (
        translations[["paragraph"]]
        .merge(
            corpus.paragraphs[["paragraph", "work", "index", "snippet"]], on="paragraph", how="left"
        )
        .sort_values(["work", "index", "paragraph"], kind="stable")
    )
    values = wide.reindex(index=order["paragraph"], columns=[c.key for c in columns])
    cells = values.astype(object).where(values.notna(), None).to_numpy().tolist()
    rows = [
        {
            "paragraph": pid,
            "snippet": str(snippet or ""),
            "values": {c.key: (None if v is None else float(v)) for c, v in zip(columns, row)},
        }
        for pid, snippet, row in zip(order["paragraph"], order["snippet"], cells)
    ]
    statistic = {
        c.key: (
            "sacreBLEU corpus score"
            if (pair, c.key) in analysis.corpus_scored
            else "mean of paragraph scores"
        )
        for c in columns
        if c.group == "metric" and "nrefs:" in c.provenance
    }
    return SystemPairView(pair, columns, means, rows, f"{system}-{pair}.csv", statistic=statistic)


def _with_screen(
    view: SystemPairView, system: str, flags: dict[tuple[str, str, str], Screened]
) -> SystemPairView:
    """Mark the means and the paragraph rows that rest on outputs the LLM-judge screen flagged:
    ``view.screened`` per column, ``row["screened"]`` (column key -> reasons) per paragraph."""
    for column in view.columns:
        found = flags.get((view.pair, column.key, system))
        if found is None:
            continue
        view.screened[column.key] = screen_text(found)
        for row in view.rows:
            if row["paragraph"] in found.items:
                row.setdefault("screened", {})[column.key] = found.items[row["paragraph"]]
    return view


def _shown(
    analysis: Analysis, pair: str, system: str, scores: pd.DataFrame, key: str
) -> tuple[float | None, int]:
    """The board's value: sacreBLEU's corpus score where the board shows one (``analysis``
    computed it), else the mean of the paragraph scores."""
    if (pair, key) in analysis.corpus_scored:
        m = analysis.means
        hit = m[(m["pair"] == pair) & (m["column"] == key) & (m["system"] == system)]
        if len(hit):
            return float(hit["mean"].iloc[0]), int(hit["n"].iloc[0])
    return _mean(scores, key)


def _mean(scores: pd.DataFrame, key: str) -> tuple[float | None, int]:
    values = scores.loc[scores["column"] == key, "score"].dropna()
    return (float(values.mean()) if len(values) else None, int(len(values)))


def system_pair_csv(view: SystemPairView) -> pd.DataFrame:
    """One row per paragraph; a "<label> screened" column (the screen's reasons) only beside a
    column whose score rests on flagged outputs."""
    rows = []
    for r in view.rows:
        record: dict[str, Any] = {"paragraph": r["paragraph"]}
        for c in view.columns:
            record[c.label] = r["values"][c.key]
            if c.key in view.screened:
                record[f"{c.label} screened"] = r.get("screened", {}).get(c.key, "")
        rows.append(record)
    return pd.DataFrame(rows)
