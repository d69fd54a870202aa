"""The board's "automatic scores only" section: systems without the ranking column's human score.

They are never interleaved with the human ranking. They are ordered by the board's most
human-aligned automatic measure: of the automatic-metric columns, the one with the highest
pairwise accuracy against the ranking column over the ranked systems (the share of system pairs,
both scored by both, that the two order the same way; pairs tied on either side left out). Ties
between measures go to the column listed first. The accuracy and its number of pairs are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ...analysis.measure_agreement import concordance

AUTOMATIC = ("metric",)  # column groups that are automatic measures


@dataclass(frozen=True)
class Alignment:
    column: Any  # the automatic column that orders the section
    accuracy: float  # pairwise accuracy against the ranking column
    pairs: int  # system pairs it was measured on


def pairwise_accuracy(
    human: Sequence[float], other: Sequence[float], human_hib: bool, other_hib: bool
) -> tuple[float, int]:
    """(share of concordant pairs, pairs compared); (nan, 0) without a comparable pair."""
    found = concordance(human, other, human_hib, other_hib)
    return found.accuracy, found.pairs


def best_aligned(
    ranked: Sequence[Any], columns: Sequence[Any], first: Any, missing: Any
) -> Alignment | None:
    best: Alignment | None = None
    for column in columns:
        if column.group not in AUTOMATIC:
            continue
        both = [r for r in ranked if not missing(r.cells[column.key].value)]
        accuracy, pairs = pairwise_accuracy(
            [r.cells[first.key].value for r in both],
            [r.cells[column.key].value for r in both],
            first.higher_is_better,
            column.higher_is_better,
        )
        if pairs and (best is None or accuracy > best.accuracy):
            best = Alignment(column, accuracy, pairs)
    return best


def order(unranked: list[Any], alignment: Alignment | None, missing: Any) -> list[Any]:
    """The section's rows, best first by the aligned measure; unscored ones last, by id."""
    if alignment is None:
        return sorted(unranked, key=lambda r: r.system)
    column = alignment.column

    def key(row: Any) -> tuple[Any, ...]:
        value = row.cells[column.key].value
        if missing(value):
            return (1, 0.0, row.system)
        return (0, -value if column.higher_is_better else value, row.system)

    return sorted(unranked, key=key)
