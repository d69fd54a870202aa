"""The track's current human ranking of one language pair, with 95% rank intervals.

The ranking column is the dataset's declared primary human scheme; else, when people compared
translations of the pair pairwise, each system's per-paragraph win share (a tie is half a win;
LiteraryTranslation's error spans carry no severity, so its MQM columns rank nothing); else
the first human column with scores on the pair (MQM, SQM, ...). Either way the
rank intervals come from ``uncertainty.paired_bootstrap`` over paragraphs (missing =
available), so a plan and the board use the same resampling.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..model import Corpus


@dataclass(frozen=True)
class Ranking:
    """``table``: index system; columns rank, rank_min, rank_max, mean (best first)."""

    table: pd.DataFrame
    source: str  # what was ranked, e.g. 'mqm:mqm-students' or 'pairwise win share: pw'
    signature: str  # paired-bootstrap signature
    campaigns: tuple[str, ...]  # campaigns behind the ranking

    def interval(self, system: str) -> tuple[int, int] | None:
        if system not in self.table.index:
            return None
        row = self.table.loc[system]
        return int(row["rank_min"]), int(row["rank_max"])


def human_ranking(
    corpus: Corpus, pair: str, n_resamples: int = 1000, seed: int = 12345, alpha: float = 0.05
) -> Ranking | None:
    """The pair's human ranking with rank intervals, or None when no human judged it."""
    from ..analysis.uncertainty import paired_bootstrap

    found = _score_matrix(corpus, pair)
    if found is None:
        return None
    matrix, source, higher, campaigns = found
    if matrix.shape[1] < 1:
        return None
    result = paired_bootstrap(
        matrix,
        n_resamples=n_resamples,
        seed=seed,
        alpha=alpha,
        higher_is_better=higher,
        missing="available",
    )
    table = result.table[["rank", "rank_min", "rank_max", "mean"]].copy()
    return Ranking(table, source, result.signature(), campaigns)


def _score_matrix(
    corpus: Corpus, pair: str
) -> tuple[pd.DataFrame, str, bool, tuple[str, ...]] | None:
    from ..analysis.leaderboard import primary_keys, segment_scores

    long, columns = segment_scores(corpus)
    long = long[long["pair"] == pair]
    human = [c for c in columns if c.group == "human" and c.key in set(long["column"])]
    primary = [k for k, _ in primary_keys(corpus)]
    human.sort(key=lambda c: (c.key not in primary, columns.index(c)))
    pairwise = corpus.pairwise[corpus.pairwise["pair"] == pair]
    if human and (human[0].key in primary or not len(pairwise)):
        column = human[0]
        rows = long[long["column"] == column.key]
        matrix = rows.pivot_table(
            index="paragraph", columns="system", values="score", aggfunc="mean"
        )
        return matrix, column.key, column.higher_is_better, (column.campaign,)
    if not len(pairwise):
        return None
    return (
        win_shares(pairwise),
        "pairwise win share per paragraph",
        True,
        tuple(sorted(pairwise["campaign"].astype(str).unique())),
    )


def win_shares(pairwise: pd.DataFrame) -> pd.DataFrame:
    """Paragraphs x systems: the share of a system's comparisons on the paragraph it won
    (tie = half a win); NaN where the system was not compared on the paragraph."""
    win_a = pairwise["preference"].map({"a": 1.0, "b": 0.0, "tie": 0.5})
    rows = pd.concat(
        [
            pd.DataFrame(
                {"paragraph": pairwise["paragraph"], "system": pairwise["a"], "win": win_a}
            ),
            pd.DataFrame(
                {"paragraph": pairwise["paragraph"], "system": pairwise["b"], "win": 1.0 - win_a}
            ),
        ],
        ignore_index=True,
    )
    return rows.pivot_table(index="paragraph", columns="system", values="win", aggfunc="mean")
