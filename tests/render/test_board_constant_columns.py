"""Columns that carry no information on a board (issue 30, goal 4): one value for every system."""

from __future__ import annotations

from litboard.analysis.leaderboard import Column
from litboard.render.core.views import BoardRow, Cell, constant_columns


def _column(key: str) -> Column:
    return Column(key, key.title(), "c", True, "hand-made")


def _row(system: str, **values: float | None) -> BoardRow:
    cells = {k: Cell(v, 0 if v is None else 5, "") for k, v in values.items()}
    return BoardRow(system, system, "nmt", "MT", False, cells)


def test_only_columns_with_one_value_for_every_scored_system_are_constant() -> None:
    columns = [_column(k) for k in ("rank", "flat", "varied", "single", "flat_with_gap")]
    rows = [
        _row("a", rank=1.0, flat=0.0, varied=0.0, single=3.0, flat_with_gap=2.5),
        _row("b", rank=2.0, flat=0.0, varied=-0.02, single=None, flat_with_gap=None),
        _row("c", rank=2.0, flat=0.0, varied=0.0, single=None, flat_with_gap=2.5),
    ]
    # "varied" differs in one system only (LitEval de-en terminology points: -0.02 for two
    # systems): it carries information and stays; "single" has one value: nothing to compare
    assert constant_columns(rows, columns, columns[0]) == {"flat": 0.0, "flat_with_gap": 2.5}


def test_the_ranking_column_is_never_hidden_even_when_constant() -> None:
    columns = [_column("flat")]
    rows = [_row("a", flat=1.0), _row("b", flat=1.0)]
    assert constant_columns(rows, columns, columns[0]) == {}
    assert constant_columns(rows, columns, None) == {"flat": 1.0}
