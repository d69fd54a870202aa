"""The independent unit of a paragraph column (issue 59 goal 3): paragraphs nested in works.

Paragraphs of one text are not independent draws: a paired bootstrap over the 24-41 paragraphs of
three texts claims a 95% interval that three texts cannot give. When the paragraphs behind a
system's mean come from fewer than ``SMALL_N`` distinct works, its interval becomes descriptive: the
range (lowest, highest) of its per-work means, ``ci_method`` "range", ``range_over`` "works",
``n_works`` the works counted (an interval that is already the range of fewer than ``SMALL_N``
paragraphs stays as it is: it claims nothing). When that holds for any system of the table, no rank
interval or cluster is claimed from paragraph resampling: every system gets cluster 0 and
``smallest_p`` is the floor of the exact sign-flip test over the works (2 / 2**n, 0.25 for three
texts), so the board prints its "n = 3 texts: no pair can be separated" note. With ``SMALL_N`` works
or more the paragraph bootstrap is kept unchanged (``n_works`` is still recorded).

A single work is left alone for now: its "range of 1 text" would be a point, so paragraphs of one
work (LitEval's release, which maps no paragraph to its book: one "unmapped" work per pair; the
demo) keep the paragraph bootstrap until the boards decide how to say what its interval speaks for.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from .p_format import SMALL_N
from .resampling import prepare_items
from .uncertainty import RankingResult


def work_means(
    scores: pd.DataFrame, works: pd.Series, weights: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Works x systems: each system's (weighted) mean over its paragraphs of each work."""
    work = works.reindex(scores.index)
    w = (
        scores.notna().astype(float)
        if weights is None
        else weights.reindex(index=scores.index, columns=scores.columns).where(scores.notna(), 0.0)
    )
    sums = (scores.fillna(0.0) * w).groupby(work).sum()
    totals = w.groupby(work).sum()
    return (sums / totals.where(totals > 0)).astype(float)


def by_works(
    result: RankingResult,
    scores: pd.DataFrame,
    works: pd.Series,
    weights: pd.DataFrame | None = None,
) -> RankingResult:
    """``result`` with descriptive intervals and no clusters below ``SMALL_N`` works (module doc).

    ``scores`` is the items x systems matrix ``result`` was computed from, ``works`` maps each
    item (paragraph) to its work; items without a work count as their own unit."""
    kept, _ = prepare_items(scores, result.missing)  # type: ignore[arg-type]
    unit = works.reindex(kept.index).astype(object)
    unit = unit.where(unit.notna() & (unit.astype(str) != ""), kept.index.to_series())
    per_work = work_means(kept, unit, weights)
    table = result.table.copy()
    n_works = per_work.notna().sum(axis=0).reindex(table.index).astype(int)
    table["n_works"] = n_works
    # only intervals that claimed 95% (a paragraph bootstrap): below SMALL_N paragraphs the
    # interval already is the range of the paragraphs, said so (``uncertainty``)
    small = (n_works >= 2) & (n_works < SMALL_N) & (table["ci_method"] == "percentile")
    table["range_over"] = np.where(small, "works", "")
    if not small.any():
        return replace(result, table=table)
    for system in table.index[small.to_numpy()]:
        values = per_work[system].dropna()
        table.at[system, "ci_low"] = float(values.min())
        table.at[system, "ci_high"] = float(values.max())
        table.at[system, "ci_method"] = "range"
    floor = max(result.smallest_p, 2.0 / 2 ** int(n_works[small].min()))
    table["cluster"] = 0
    table["smallest_p"] = floor
    return replace(result, table=table, clusters=[], smallest_p=floor)


def nested_below_small_n(table: pd.DataFrame | None) -> bool:
    """Whether a board table has an interval made descriptive by ``by_works``."""
    return (
        table is not None
        and "range_over" in table.columns
        and bool((table["range_over"] == "works").any())
    )
