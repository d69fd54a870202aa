"""Adequacy: can a scheme or metric spot the human translation? (paper 000 Tables 3 and 14)

For every item (source paragraph) of a pair, the systems are ranked by score with pandas'
average rank (rank 1 = best; ties share the mean rank). The human side is represented by
its best-ranked translation (an item may have several human translations), and so are the
"top" systems and the "other" systems. An item counts for the human when its best rank is
strictly better (``strict=True``) -- or at least as good (``strict=False``) -- than the
best rank of the compared group. The share is reported per pair and as the unweighted mean
over pairs, as the paper does.

Paper 000 compares humans with the top systems {GPT-4o, DeepL, Google Translate, Qwen}
(Table 3, 14 scenario 1) and with the systems "excluding GPT-4o, DeepL, Google Translate"
(Table 14 header of scenario 2: Qwen counts among the others). Which systems these are is
configuration (``AdequacySettings``), never fixed inside the functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import pandas as pd

from ..errors import DataError, Problem

COLUMNS = ["pair", "scenario", "items", "wins", "percent"]
SCORE_COLUMNS = ("pair", "paragraph", "system", "score")


@dataclass(frozen=True)
class AdequacySettings:
    """Which systems are compared with the human translations.

    top: the "top systems" of scenario 1 (paper 000 Table 3).
    others_exclude: systems left out of the "other systems" of scenario 2; paper 000's
        Table 14 header says "excluding GPT-4o, DeepL, Google Translate" (Qwen is an "other").
    sample: the paragraph subset the paper computes the tables on.
    """

    top: frozenset[str] = field(
        default=frozenset({"gpt4o", "deepl", "google-translate", "qwen2-beta-7b-chat"}),
        metadata={"help": "system ids of the 'top systems' (paper 000 Table 3, scenario 1)"},
    )
    others_exclude: frozenset[str] = field(
        default=frozenset({"gpt4o", "deepl", "google-translate"}),
        metadata={"help": "system ids left out of 'other systems' (Table 14 header, scenario 2)"},
    )
    sample: str = field(
        default="bws-sample",
        metadata={
            "help": "paragraph subset the adequacy tables are computed on ('' = all paragraphs)"
        },
    )


LITEVAL = AdequacySettings()


def adequacy(
    scores: pd.DataFrame,
    human: set[str],
    top: set[str],
    items: set[str] | None = None,
    strict: bool = True,
    *,
    others_exclude: set[str] | None = None,
    higher_is_better: bool = True,
) -> pd.DataFrame:
    """Share of items where the human translation beats the top / the other systems.

    ``scores`` is a long table with columns pair, paragraph, system, score (one score per
    translation; NaN scores are ignored). ``items`` restricts the paragraphs (None = all).
    ``others_exclude`` defaults to ``top``. Returns columns pair, scenario ("top" or
    "other"), items (items where both sides have a score), wins, percent (0-100,
    unrounded); the last two rows have pair "mean": percent is the unweighted mean of the
    pairs' percents, items and wins are sums.
    """
    _require(scores)
    data = scores[list(SCORE_COLUMNS)].dropna(subset=["score"])
    if items is not None:
        data = data[data["paragraph"].isin(items)]
    data = data.assign(
        rank=data.groupby(["pair", "paragraph"])["score"].rank(
            method="average", ascending=not higher_is_better
        )
    )
    excluded = set(top if others_exclude is None else others_exclude) | set(human)
    best = pd.DataFrame(
        {
            "human": _best(data, data["system"].isin(human)),
            "top": _best(data, data["system"].isin(top) & ~data["system"].isin(human)),
            "other": _best(data, ~data["system"].isin(excluded)),
        }
    )
    rows = []
    for pair, group in best.groupby(level="pair", sort=True):
        for scenario in ("top", "other"):
            both = group.dropna(subset=["human", scenario])
            beats = both["human"] < both[scenario] if strict else both["human"] <= both[scenario]
            n, wins = len(both), int(beats.sum())
            rows.append(
                {
                    "pair": pair,
                    "scenario": scenario,
                    "items": n,
                    "wins": wins,
                    "percent": 100.0 * wins / n if n else float("nan"),
                }
            )
    table = pd.DataFrame(rows, columns=COLUMNS)
    return pd.concat([table, _means(table)], ignore_index=True)


def _best(data: pd.DataFrame, mask: pd.Series) -> pd.Series:
    return data[mask].groupby(["pair", "paragraph"])["rank"].min()


def _means(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for scenario in ("top", "other"):
        part = table[table["scenario"] == scenario]
        rows.append(
            {
                "pair": "mean",
                "scenario": scenario,
                "items": int(part["items"].sum()),
                "wins": int(part["wins"].sum()),
                "percent": float(part["percent"].mean()),
            }
        )
    return pd.DataFrame(rows, columns=COLUMNS)


def _require(scores: pd.DataFrame) -> None:
    missing = [c for c in SCORE_COLUMNS if c not in scores.columns]
    if missing:
        raise DataError(
            [
                Problem(
                    "<scores table>",
                    0,
                    ", ".join(missing),
                    "is missing",
                    "pass a long table with columns pair, paragraph, system, score",
                )
            ]
        )


def subset_items(paragraphs: pd.DataFrame, subset: str) -> set[str]:
    """Paragraph ids that belong to a named subset (the ``subsets`` column of paragraphs)."""
    column: Iterable[tuple[str, ...]] = paragraphs["subsets"]
    return {
        pid for pid, subsets in zip(paragraphs["paragraph"], column) if subset in (subsets or ())
    }
