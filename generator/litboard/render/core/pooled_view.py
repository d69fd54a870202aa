"""The pooled ranking of a pairwise study's board: one Bradley-Terry table over every pair.

Shown for ``?pair=all`` (and first) when the boards rank by a pairwise campaign's Bradley-Terry
column (the dataset's declared primary), instead of stacking one board per pair (issue 46).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...analysis.tables import Analysis
from ...analysis.bt_board import MEASURE, pooled
from ...analysis.leaderboard import Column
from ...model import Corpus

CSV = "leaderboard-all-pairs.csv"


@dataclass
class PooledRow:
    rank: int
    system: str
    name: str
    strength: float
    ci_low: float
    ci_high: float
    rank_min: int | None
    rank_max: int | None
    comparisons: int


@dataclass
class PooledBoard:
    column: Column
    rows: list[PooledRow]
    graph: str  # which systems met directly ('' when all did)
    pairs: int
    csv: str = CSV


def pooled_board(
    corpus: Corpus, analysis: Analysis, ranked_by: list[Column | None]
) -> PooledBoard | None:
    """The all-pairs ranking of the Bradley-Terry column the boards rank by; None when none does."""
    keys = {c.key for c in ranked_by if c is not None and c.key.startswith(f"{MEASURE}:")}
    if len(keys) != 1:
        return None
    campaign = keys.pop().split(":", 1)[1]
    found = pooled(corpus, campaign, analysis.settings)
    if found is None:
        return None
    table = found.table
    rows = [
        PooledRow(
            int(r["rank"]),
            str(system),
            _name(corpus, str(system)),
            float(r["strength"]),
            float(r["ci_low"]),
            float(r["ci_high"]),
            _int(r["rank_min"]),
            _int(r["rank_max"]),
            int(r["comparisons"]),
        )
        for system, r in table.iterrows()
    ]
    pairs = int(corpus.tables["pairwise"].query("campaign == @campaign")["pair"].nunique())
    return PooledBoard(found.column, rows, found.graph, pairs)


def pooled_csv(board: PooledBoard) -> pd.DataFrame:
    data: list[dict[str, Any]] = [
        {
            "rank": r.rank,
            "system": r.system,
            "name": r.name,
            "strength": r.strength,
            "ci_low": r.ci_low,
            "ci_high": r.ci_high,
            "ci_method": board.column.interval,
            "rank_range": f"{r.rank_min}-{r.rank_max}" if r.rank_min is not None else None,
            "comparisons": r.comparisons,
        }
        for r in board.rows
    ]
    return pd.DataFrame(data)


def _name(corpus: Corpus, system: str) -> str:
    return str(corpus.systems.get(system, {}).get("name", system))


def _int(value: Any) -> int | None:
    return None if pd.isna(value) else int(value)
