"""Bradley-Terry columns of the boards: a pairwise campaign's preferences as one ranking per pair.

A pairwise study's headline is its preferences (issue 46): per language pair and pairwise
campaign, each compared system's Bradley-Terry strength (``pairwise.bradley_terry``: summing to 1
over the pair's compared systems), its profile-likelihood interval and its 95% rank interval
over bootstrap resamples of paragraphs. The pooled ranking over all pairs resamples a pair's
paragraph as one item (``pooled``), as the 'Errors and preferences' page does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from ..errors import DataError
from ..model import Corpus
from ..settings import AnalysisSettings
from .bt_graph import comparison_graph
from .campaign_status import pairwise_extensions, pool_pairwise, without_pending
from .leaderboard import Column
from .pairwise import bradley_terry

MEASURE = "bradley-terry"  # primary.measure of a dataset card; the column key's prefix


@dataclass
class Preferences:
    """The Bradley-Terry columns, their (pair, column, system, mean, n) rows and, per
    (pair, column key), the table each cell reads (ci_low, ci_high, rank_min, rank_max)."""

    columns: list[Column]
    means: pd.DataFrame
    rankings: dict[tuple[str, str], pd.DataFrame]


@dataclass(frozen=True)
class Pooled:
    """One Bradley-Terry ranking over every pair of a campaign (items: pair/paragraph)."""

    column: Column
    table: pd.DataFrame  # system-indexed bradley_terry table, strongest first
    graph: str  # which systems were compared directly (``bt_graph``), '' when all were


def preference_columns(corpus: Corpus, settings: AnalysisSettings) -> Preferences:
    """One Bradley-Terry column per pairwise campaign of human annotators, scored per pair. A
    complete plan's comparisons join the campaign it extends (``pool_pairwise``), so its new
    systems are ranked in that column, on the anchors' scale, in the same build; the plan's own
    campaign then has no column of its own (the same judgments, a second scale)."""
    table = _board_table(corpus)
    columns, means, rankings = [], [], {}
    for cid, group in table.groupby("campaign", sort=True):
        column = _column(corpus, str(cid), "")
        found = False
        for pair, rows in group.groupby("pair", sort=True):
            fitted = _fit(rows, "paragraph", settings)
            if fitted is None:
                continue
            found = True
            rankings[(str(pair), column.key)] = fitted
            means.append(
                pd.DataFrame(
                    {
                        "pair": str(pair),
                        "column": column.key,
                        "system": fitted.index,
                        "mean": fitted["strength"],
                        "n": fitted["comparisons"],
                    }
                )
            )
            column = _with_method(column, fitted)
        if found:
            columns.append(column)
    frame = (
        pd.concat(means, ignore_index=True)
        if means
        else pd.DataFrame(columns=["pair", "column", "system", "mean", "n"])
    )
    return Preferences(columns, frame, rankings)


def _board_table(corpus: Corpus) -> pd.DataFrame:
    """The pairwise judgments each board column ranks: complete plans pooled into the campaign
    they extend (and not kept under their own id on that pair), pending plans left out."""
    table = without_pending(corpus, pool_pairwise(corpus))
    folded = {(p, pair) for (_, pair), plans in pairwise_extensions(corpus).items() for p in plans}
    if not folded:
        return table
    keys = list(zip(table["campaign"].astype(str), table["pair"].astype(str)))
    return table[[key not in folded for key in keys]]


def pooled(corpus: Corpus, campaign: str, settings: AnalysisSettings) -> Pooled | None:
    """The all-pairs Bradley-Terry ranking of ``campaign`` (a pair's paragraph resampled whole)."""
    table = without_pending(corpus, corpus.tables["pairwise"])
    rows = table[table["campaign"] == campaign]
    if rows.empty:
        return None
    items = rows.assign(item=rows["pair"].astype(str) + "/" + rows["paragraph"].astype(str))
    fitted = _fit(items, "item", settings)
    if fitted is None:
        return None
    names = {k: str(v.get("name", k)) for k, v in corpus.systems.items()}
    column = _with_method(_column(corpus, campaign, ""), fitted)
    return Pooled(column, fitted, comparison_graph(items, names))


def _fit(rows: pd.DataFrame, item: str, settings: AnalysisSettings) -> pd.DataFrame | None:
    """bradley_terry over ``rows`` with rank_min/rank_max; None when the systems were not all
    linked by comparisons (no common scale: the pair has no Bradley-Terry column)."""
    if rows.empty:
        return None
    try:
        fitted = bradley_terry(
            rows,
            n_resamples=settings.bootstrap_resamples,
            seed=settings.seed,
            alpha=settings.alpha,
            item=item,
        )
    except DataError:
        return None
    return fitted.assign(rank_min=fitted["rank_low"], rank_max=fitted["rank_high"])


def _column(corpus: Corpus, campaign: str, method: str) -> Column:
    title = str(corpus.campaigns.get(campaign, {}).get("title", campaign))
    label = title if "bradley" in title.lower() else f"Bradley–Terry ({title})"
    return Column(
        f"{MEASURE}:{campaign}",
        label,
        campaign,
        True,
        f"{campaign}, Bradley–Terry strength from pairwise preferences (ties count half "
        "a win each way; 1 virtual tie per compared pair; strengths sum to 1 over the "
        f"pair's compared systems), data {corpus.data_version()}",
        "human",
        "judgment",
        method,
    )


def _with_method(column: Column, fitted: pd.DataFrame) -> Column:
    """``column`` naming its interval method (the fit's ci_method) in its tooltip."""
    method = str(fitted["ci_method"].iloc[0])
    return replace(column, interval=method) if column.interval != method else column
