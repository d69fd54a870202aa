"""Disagreement markers on the leaderboards (issue 29, goal 7).

A published number is a board cell's counterpart when its keys name the cell — the board's
``pair``, the column's ``campaign`` and the row's ``system`` or ``modality``, nothing else — and
its reproduced value *is* the cell's value (so a published mean over other campaigns or texts
never marks a cell that shows something else). Such a cell gets the record's ``Mark``: a link to
its row on the "Published vs reproduced" page.
"""

from __future__ import annotations

import math

from ...model import Corpus
from ...reported import engine
from ...reported.marks import Mark, cell_marks, marks
from .views import Board

NAMES = {"pair", "campaign", "system", "modality"}


def mark_boards(boards: list[Board], corpus: Corpus) -> None:
    """Attach to every board cell the disagreeing published numbers it shows (``Cell.marks``)."""
    records = corpus.tables.get("reported")
    if records is None or records.empty:
        return
    wanted = [
        set(k or {}) <= NAMES and {"pair", "campaign"} <= set(k or {}) for k in records["keys"]
    ]
    compared = engine.compare(corpus, records[wanted])
    compared = compared[compared["disagrees"].astype(bool)]
    if compared.empty:
        return
    lookup = marks(compared)
    reproduced = {
        (m, engine.identity(k)): float(v)
        for m, k, v in zip(compared["measure"], compared["keys"], compared["reproduced"])
    }
    for board in boards:
        for column in board.columns:
            for row in board.rows + board.unranked:
                cell = row.cells.get(column.key)
                if cell is None or cell.value is None:
                    continue
                for who in ({"system": row.system}, {"modality": row.modality}):
                    keys = {"pair": board.pair, "campaign": column.campaign, **who}
                    # once per cell and key set, not once per published number
                    ident = engine.identity(keys)
                    for measure, value in reproduced.items():
                        if measure[1] == ident and math.isclose(
                            value, cell.value, rel_tol=1e-9, abs_tol=1e-9
                        ):
                            cell.marks = cell.marks + cell_marks(lookup, measure[0], keys)


__all__ = ["Mark", "mark_boards"]
