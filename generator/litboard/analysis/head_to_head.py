"""Head-to-head matrices (issue 56 goal 4): per board (a pair and its ranking column), for every
ordered pair of ranked systems, how often the row system scores better than the column system
on the items both were scored on (wins, ties and losses; win rate = (wins + ties / 2) / n), the
mean difference over those items, and the two-sided p-value of the paired test the board's
significance clusters come from (``significance.pairwise_significance`` with the board's
settings: the same resamples, seed and alpha, so a pair the matrix separates is a pair the
clusters separate). That test already ran for the board's ranking (``uncertainty.paired_bootstrap``
on the same scores, weights and settings, ``Analysis.ranked``): its p-values are reused
(``reused_p``). It runs again only where the board's table is not that bootstrap's: a
corpus-scored sacreBLEU column, whose board's p-values come from sacreBLEU's test of corpus
scores, not from the paragraph scores the matrix compares. A verdict ("better" / "worse") is
given only where p < alpha and some pair can reach it (``significance.attainable_p``), as for
the clusters.

Bradley-Terry columns (pairwise preferences) have no paired per-item score: no matrix.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pandas as pd

from ..model import Corpus
from ..settings import AnalysisSettings
from .leaderboard import GROUPS, Column, primary_keys, ranking_column
from .records import Provenance, Record, qualifiers
from .resampling import prepare_items
from .significance import attainable_p, pairwise_significance
from .tables import Analysis, HeadToHead, HeadToHeadCell
from .uncertainty import TEST_NAMES, RankingResult, score_matrix, test_draws, weight_matrix


def pair_counts(
    data: pd.DataFrame, row: str, column: str, higher_is_better: bool
) -> tuple[int, int, int, float]:
    """(wins, ties, losses, mean difference) of ``row`` against ``column`` over the items both
    have a score for; the difference is signed so that > 0 favours ``row``."""
    both = data[[row, column]].dropna()
    sign = 1.0 if higher_is_better else -1.0
    diff = sign * (both[row].to_numpy(dtype=float) - both[column].to_numpy(dtype=float))
    wins, losses = int((diff > 0).sum()), int((diff < 0).sum())
    mean = float(diff.mean()) if len(diff) else float("nan")
    return wins, len(diff) - wins - losses, losses, mean


def reused_p(
    ranked: RankingResult | None,
    data: pd.DataFrame,
    weighted: bool,
    settings: AnalysisSettings,
) -> pd.DataFrame | None:
    """The p-values of ``ranked`` when they are the test ``pairwise_significance`` would run on
    ``data`` (the kept items x systems): same test, resamples, seed, missing rule, weighting,
    systems and number of items; None otherwise."""
    if ranked is None:
        return None
    same = (
        ranked.test == settings.test
        and ranked.n_resamples == settings.bootstrap_resamples
        and ranked.seed == settings.seed
        and ranked.missing == settings.missing
        and ranked.weighted == weighted
        and ranked.n_items == len(data)
        and sorted(map(str, ranked.p_values.index)) == sorted(map(str, data.columns))
    )
    return ranked.p_values if same else None


def matrix(
    group: pd.DataFrame,
    column: Column,
    order: list[str],
    pair: str,
    analysis: Analysis,
    ranked: RankingResult | None = None,
) -> HeadToHead | None:
    """The head-to-head matrix of ``group`` (one pair's long rows of ``column``), rows and
    columns in ``order`` (best first); None when fewer than two systems or two items remain.
    ``ranked``: the board's paired bootstrap of the same rows, whose p-values are reused
    (``reused_p``); without it the test runs here."""
    settings = analysis.settings
    scores = score_matrix(group)
    scores = scores[[s for s in order if s in scores.columns]]
    if scores.shape[1] < 2 or len(scores.dropna(how="all")) < 2:
        return None
    weights = weight_matrix(group)
    data, _ = prepare_items(scores, settings.missing)
    p = reused_p(ranked, data, weights is not None, settings)
    if p is None:
        p = pairwise_significance(
            scores, settings.bootstrap_resamples, settings.seed, settings.missing, settings.test,
            weights,
        )  # fmt: skip
    floor = attainable_p(data, settings.bootstrap_resamples)
    if ranked is not None:  # paragraphs nested in fewer than SMALL_N texts: none (work_units)
        floor = max(floor, ranked.smallest_p)
    separable = floor < settings.alpha
    cells = {}
    for row in data.columns:
        for other in data.columns:
            if row == other:
                continue
            wins, ties, losses, difference = pair_counts(data, row, other, column.higher_is_better)
            n = wins + ties + losses
            if n == 0:
                continue
            p_value = float(p.at[str(row), str(other)])
            verdict = ""
            if separable and p_value < settings.alpha and difference != 0:
                verdict = "better" if difference > 0 else "worse"
            cells[(str(row), str(other))] = HeadToHeadCell(
                wins, ties, losses, n, (wins + ties / 2) / n, difference, p_value, verdict
            )
    if not cells:  # no two systems were scored on one item: nothing to compare
        return None
    return HeadToHead(
        pair, column.key, column.label, column.unit, [str(s) for s in data.columns], cells,
        method_text(settings.test, settings.bootstrap_resamples, settings.seed, settings.alpha),
        separable,
    )  # fmt: skip


def method_text(test: str, n_resamples: int, seed: int, alpha: float) -> str:
    return (
        f"win rate: the share of the items both systems were scored on where the row system "
        f"scores better (ties count half); verdict: {TEST_NAMES[test]} of the mean "
        f"difference over those items ({test_draws(test, n_resamples)}, seed {seed}; the test "
        f"the board's clusters use), marked where p < {alpha:g}; not corrected for multiple "
        f"comparisons"
    )


def head_to_head(corpus: Corpus, analysis: Analysis) -> dict[tuple[str, str], HeadToHead]:
    """Per pair, the matrix of the board's default ranking column (``leaderboard``'s
    ``ranking_column`` over the pair's columns)."""
    everything = [*analysis.columns, *analysis.preferences]
    order = list(GROUPS)
    primaries = primary_keys(corpus)
    out = {}
    for pair in corpus.pairs:
        keys = set(analysis.means.loc[analysis.means["pair"] == pair, "column"])
        columns = sorted(
            (c for c in everything if c.key in keys), key=lambda c: order.index(c.group)
        )
        first, _ = ranking_column(columns, primaries)
        table = analysis.rankings.get((pair, first.key)) if first is not None else None
        if first is None or first.interval or table is None or "strength" in table.columns:
            continue
        long = analysis.long
        group = long[(long["column"] == first.key) & (long["pair"] == pair)]
        ranked = analysis.ranked.get((pair, first.key))
        if ranked is not None and ranked.table is not table:
            ranked = None  # not the bootstrap behind the board's table: the test runs again
        found = matrix(group, first, [str(s) for s in table.index], pair, analysis, ranked)
        if found is not None:
            out[(pair, first.key)] = found
    return out


def head_to_head_records(
    corpus: Corpus, analysis: Analysis, found: dict[tuple[str, str], HeadToHead]
) -> Iterator[Record]:
    """One record per ordered pair and statistic: win_rate, mean_difference, p."""
    settings = analysis.settings
    columns = {c.key: c for c in analysis.columns}
    for (pair, key), board in sorted(found.items()):
        prov = Provenance(corpus.data_version(), columns[key].provenance, settings.seed)
        for (row, other), cell in sorted(board.cells.items()):
            for statistic, value in (
                ("win_rate", cell.win_rate),
                ("mean_difference", cell.difference),
                ("p", cell.p),
            ):
                yield Record(
                    dataset=corpus.dataset_id, pair=pair, measure=key,
                    definition="board.head_to_head", subject=row, statistic=statistic,
                    value=value, n=cell.n, unit=board.unit, provenance=prov,
                    qualifiers=qualifiers(
                        opponent=other, test=settings.test, alpha=settings.alpha
                    ),
                    label=board.label,
                )  # fmt: skip
