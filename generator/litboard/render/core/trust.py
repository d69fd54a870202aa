"""The board's trust line: every automatic measure's agreement with the human ranking.

For each automatic column (metrics and LLM judges) of a board ranked by a human column: its
pairwise accuracy against the ranking over the systems scored by both
(``analysis.measure_agreement``), with the number of system pairs (counts only: the pairs are not
independent units, so no interval is claimed over them, issue 59).
``note`` says why there is none, so the line is never empty: no human ranking on this pair, or no
pair both separate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ...analysis.measure_agreement import Agreement, concordance

MEASURES = ("metric", "llm")  # column groups that are automatic measures


@dataclass(frozen=True)
class MeasureTrust:
    key: str  # the automatic column's key
    label: str
    agreement: Agreement

    @property
    def text(self) -> str:
        return f"{self.label}: {self.agreement.counts_text()}"


@dataclass
class Trust:
    human: str = ""  # the human ranking column's label ("" without one)
    measures: list[MeasureTrust] = field(default_factory=list)
    note: str = ""  # why no agreement is shown, when none is


def board_trust(
    ranked: Sequence[Any], columns: Sequence[Any], first: Any, missing: Callable[[Any], bool]
) -> Trust:
    """The agreement of every automatic column with the ranking column ``first`` over ``ranked``."""
    if first is None or first.group != "human":
        return Trust(
            note="no human judgments on this pair yet: no automatic measure can be checked "
            "against people here (see the track's other pairs and the Judge bias page)"
        )
    out = Trust(first.label)
    for column in columns:
        if column.group not in MEASURES:
            continue
        both = [r for r in ranked if not missing(r.cells[column.key].value)]
        found = concordance(
            [r.cells[first.key].value for r in both],
            [r.cells[column.key].value for r in both],
            first.higher_is_better,
            column.higher_is_better,
        )
        out.measures.append(MeasureTrust(column.key, column.label, found))
    if not out.measures:
        out.note = "no automatic measure scores this pair's systems yet"
    elif not any(m.agreement.pairs for m in out.measures):
        out.note = (
            "fewer than two systems are scored by both the human ranking and a measure: "
            "agreement cannot be measured yet"
        )
    return out
