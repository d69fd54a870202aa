"""Where a number on a board has a published counterpart that disagrees (issue 29, goal 7).

Every row of the "Published vs reproduced" page gets a stable anchor made from what the
record is (dataset, source, measure, keys, params), never from its position, so a link from a
board cell keeps pointing at the same published number when the page's order changes.
``marks`` turns ``engine.compare``'s output into a lookup a board cell asks with its own
measure and keys: the disagreeing records that print that number.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Mapping

import pandas as pd

from ..analysis.rounding import format_number as printed
from .engine import identity

# the page of litboard.render.schemes.reported_pages, from a dataset's folder
PAGE = "reported/index.html"
_SLUG = re.compile(r"[^a-z0-9]+")


def record_anchor(
    dataset: str,
    source: str,
    measure: str,
    keys: Mapping[str, Any],
    params: Mapping[str, Any] | None = None,
) -> str:
    """``n-<readable slug>-<8 hex>``: the slug says which number it is (measure and key values),
    the hash of the full identity keeps two records that slug alike apart."""
    text = " ".join([measure, *(str(v) for _, v in sorted(keys.items()))])
    readable = _SLUG.sub("-", text.lower()).strip("-")[:60].strip("-") or "number"
    whole = json.dumps([dataset, source, measure, identity(keys, params)], sort_keys=True)
    return f"n-{readable}-{hashlib.sha256(whole.encode('utf-8')).hexdigest()[:8]}"


def anchor_of(record: Mapping[str, Any]) -> str:
    """``record_anchor`` of one row of ``engine.compare``'s output (its keys and params may be
    missing)."""
    keys, params = record["keys"], record["params"]
    return record_anchor(
        str(record["dataset"]),
        str(record["source"]),
        str(record["measure"]),
        keys if isinstance(keys, dict) else {},
        params if isinstance(params, dict) else {},
    )


@dataclass(frozen=True)
class Mark:
    """One disagreeing published number of a cell: the anchor of its row, what is printed."""

    anchor: str
    source: str
    reported: str
    reproduced: str
    reason: str
    params: str  # identity of the record's params, for cells that show one variant only

    @property
    def text(self) -> str:
        """What a screen reader and a tooltip say about the marker."""
        return (
            f"published value disagrees: {self.source} prints {self.reported}, reproduced "
            f"{self.reproduced} (reason: {self.reason})"
        )


def marks(compared: pd.DataFrame) -> dict[tuple[str, str], list[Mark]]:
    """(measure, identity(keys)) -> the disagreeing records of ``compared`` with those keys, in
    the order of the reported table."""
    out: dict[tuple[str, str], list[Mark]] = {}
    for r in compared[compared["disagrees"].astype(bool)].to_dict("records"):
        keys, params = dict(r["keys"] or {}), dict(r["params"] or {})
        decimals = int(r["decimals"])
        mark = Mark(
            anchor_of(r),
            str(r["source"]),
            printed(float(r["value"]), decimals),
            printed(float(r["reproduced_rounded"]), decimals),
            str(r["reason"]),
            identity({}, params),
        )
        out.setdefault((str(r["measure"]), identity(keys)), []).append(mark)
    return out


def cell_marks(
    lookup: Mapping[tuple[str, str], list[Mark]],
    measure: str,
    keys: Mapping[str, Any],
    params: Mapping[str, Any] | None = None,
) -> list[Mark]:
    """The marks of one cell; with ``params``, only records whose params contain these values
    (e.g. ``{"strict": True}`` for the strict row of a table that also shows the non-strict one)."""
    found = lookup.get((measure, identity(keys)), [])
    if params is None:
        return list(found)
    wanted = dict(params)
    return [m for m in found if all(json.loads(m.params)[1].get(k) == v for k, v in wanted.items())]
