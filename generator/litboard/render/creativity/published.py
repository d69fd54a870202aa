"""Published numbers of one measure, looked up by their cell: what the Creativity tables show
beside a reproduced value (the printed value, agreement and reason come from the dataset's
``reported`` records through litboard.reported.engine; nothing here knows a number)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import pandas as pd

from ...analysis.rounding import format_number
from ...reported import engine


@dataclass(frozen=True)
class Published:
    """One printed number: where, as printed, and how it compares with the data."""

    source: str
    printed: str
    status: str
    reason: str
    note: str

    @property
    def disagrees(self) -> bool:
        return self.status == engine.DISAGREES

    def cell(self) -> str:
        """'0.39 ✓' / '.000 ✗ unexplained' — the paper column of a table."""
        if self.status == engine.AGREES:
            return f"{self.printed} ✓"
        if self.disagrees:
            return f"{self.printed} ✗ {self.reason}"
        return self.printed if self.status == engine.ILLEGIBLE else f"{self.printed} ?"

    def flag(self, where: str) -> str:
        """The sentence a flagged table lists under itself."""
        text = f"{where}: {self.source} prints {self.printed} ({self.reason})."
        return f"{text} {self.note}" if self.note else text


def _cell_key(keys: Mapping[str, Any], unordered: tuple[str, str] | None) -> str:
    plain = {k: str(v) for k, v in keys.items()}
    if unordered:
        first, second = unordered
        pair = sorted([plain.pop(first, ""), plain.pop(second, "")])
        plain[first], plain[second] = pair
    return engine.identity(plain)


class PublishedIndex:
    """The compared records of some measures, found by their keys (optionally with two keys
    naming an unordered pair, e.g. first/second of a test). ``all`` returns every record of a
    cell, in file order (a paper may print one cell twice, under two labels)."""

    def __init__(
        self,
        compared: pd.DataFrame,
        measures: Iterable[str],
        unordered: tuple[str, str] | None = None,
    ) -> None:
        self.unordered = unordered
        self.by_cell: dict[tuple[str, str], list[Published]] = {}
        wanted = set(measures)
        for r in compared.to_dict("records"):
            if r["measure"] not in wanted:
                continue
            value = float(r["value"])
            shown = Published(
                engine.short_source(str(r["source"])),
                "not legible" if math.isnan(value) else format_number(value, int(r["decimals"])),
                str(r["status"]),
                str(r.get("reason") or ""),
                _plain_note(str(r.get("note") or ""), str(r.get("reason") or "")),
            )
            self.by_cell.setdefault(
                (str(r["measure"]), _cell_key(r["keys"], unordered)), []
            ).append(shown)

    def all(self, measure: str, **keys: str) -> list[Published]:
        return self.by_cell.get((measure, _cell_key(keys, self.unordered)), [])


def _plain_note(note: str, reason: str) -> str:
    """The record's own note without the engine's 'Reason: x.' prefix (the reason is shown
    apart)."""
    prefix = f"Reason: {reason}."
    return note[len(prefix) :].strip() if reason and note.startswith(prefix) else note


def paper_text(found: list[Published]) -> str:
    """Every printed value of a cell for a table column ('' when the paper prints none)."""
    return "; ".join(p.cell() for p in found)
