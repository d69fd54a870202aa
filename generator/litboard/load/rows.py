"""The rows a load reads: each validated record with its file, line and folder ids.

Kept apart from ``load`` so the checks and the table builder, which ``load`` calls, need not
import ``load`` back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..errors import Problems


@dataclass(slots=True)
class Row:
    """One validated record plus its location and the ids its folder implies."""

    kind: str
    file: str
    line: int
    data: dict[str, Any]
    context: dict[str, str] = field(default_factory=dict)
    root: str = ""


@dataclass
class RawData:
    rows: dict[str, list[Row]] = field(default_factory=dict)
    campaigns: dict[str, Row] = field(default_factory=dict)
    system_folders: set[str] = field(default_factory=set)
    # roots with corpus/track.yaml (contributions)
    track_roots: set[str] = field(default_factory=set)

    def add(self, row: Row) -> None:
        self.rows.setdefault(row.kind, []).append(row)

    def of(self, kind: str) -> list[Row]:
        return self.rows.get(kind, [])

    def extend(self, other: "RawData") -> None:
        """``other``'s rows after this one's (as if read after them)."""
        for kind, rows in other.rows.items():
            self.rows.setdefault(kind, []).extend(rows)
        self.campaigns.update(other.campaigns)
        self.system_folders |= other.system_folders
        self.track_roots |= other.track_roots


# A check of a data root's parts that another stage owns (scoring's llm-cache/), run by load's
# checks after its own: the caller passes it in (``read.load(roots, checks)``).
RootCheck = Callable[[RawData, "Problems"], None]
