"""Which shown scores rest on outputs the LLM-judge screen flagged (issue 43, goal 8).

``scoring/llm/screen.py`` marks a metric record whose translation looks addressed to an LLM judge
(``screen``: the reasons). The score is kept; every board cell, system page and download that
shows a mean over such records names how many of its outputs were flagged and why, so a flagged
score never looks like a plain trusted number. Keys are the boards' column keys
(``leaderboard._score_parts``: ``metric:<campaign>``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..model import Corpus


@dataclass(frozen=True)
class Screened:
    """The flagged outputs behind one system's score in one column of one pair."""

    # flagged item (paragraph, or work for per-text scores) -> its reasons ("; "-joined)
    items: dict[str, str]

    @property
    def count(self) -> int:
        return len(self.items)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Each distinct reason, in item order."""
        found: list[str] = []
        for _, text in sorted(self.items.items()):
            found += [why for why in text.split("; ") if why and why not in found]
        return tuple(found)


Key = tuple[str, str, str]  # (pair, column key, system)


def screened(corpus: Corpus) -> dict[Key, Screened]:
    """Every (pair, column, system) whose scored records include a flagged one."""
    scores = corpus.tables["metric_scores"]
    if "screen" not in scores.columns:
        return {}
    flagged = scores[scores["screen"].fillna("").astype(str) != ""]
    flagged = flagged[flagged["score"].notna()]
    out: dict[Key, Screened] = {}
    for (cid, pair, system), group in flagged.groupby(["campaign", "pair", "system"], sort=True):
        out[(str(pair), f"metric:{cid}", str(system))] = _summary(group)
    return out


def _summary(group: pd.DataFrame) -> Screened:
    items = {
        str(p if isinstance(p, str) and p else w): str(why)
        for p, w, why in zip(group["paragraph"], group["work"].fillna(""), group["screen"])
    }
    items.pop("", None)
    return Screened(dict(sorted(items.items())))
