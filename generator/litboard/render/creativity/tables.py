"""Generic table view models for the Creativity pages: a pandas frame -> cells already
formatted, plus the same frame as CSV. Templates only loop over these.

Provenance travels with every table (data version, campaign ids, LLM judge model) and
with every column header (the campaign it comes from).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import pandas as pd

from ...analysis.p_format import format_p
from ...analysis.rounding import format_number
from ...model import Corpus
from ..core.jinja import DASH


@dataclass(frozen=True)
class Col:
    """How to show one frame column: ``kind`` is text, num (``digits`` decimals), int or p
    (a p-value: ``analysis.p_format``, "< 0.0001" below 0.0001)."""

    key: str
    label: str
    kind: str = "num"
    digits: int = 2
    title: str = ""


@dataclass(frozen=True)
class CellView:
    text: str
    value: str = ""  # data-value for sorting numbers ("" for text cells)
    link: str = ""
    numeric: bool = False


@dataclass(frozen=True)
class RowView:
    cells: tuple[CellView, ...]
    css: str = ""
    anchor: str = ""  # the row's id, when its table gives rows a stable one


@dataclass(frozen=True)
class TableView:
    id: str
    caption: str
    columns: tuple[Col, ...]
    rows: tuple[RowView, ...]
    csv: str
    provenance: str
    sortable: bool = True
    notes: tuple[str, ...] = field(default_factory=tuple)


def is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def number(value: Any, digits: int = 2) -> str:
    """A number for display; missing is an em dash (never 0); -0.00 shows as 0.00."""
    if is_missing(value):
        return DASH
    return format_number(float(value), digits)  # the site's one rounding rule (half up)


def _cell(col: Col, value: Any, link: str) -> CellView:
    if col.kind == "text":
        return CellView("" if is_missing(value) else str(value), link=link)
    digits = 0 if col.kind == "int" else col.digits
    raw = "" if is_missing(value) else f"{float(value):.10g}"
    if col.kind == "p" and not is_missing(value):
        return CellView(format_p(float(value), digits), raw, link, numeric=True)
    return CellView(number(value, digits), raw, link, numeric=True)


def table_view(
    id: str,
    caption: str,
    frame: pd.DataFrame,
    columns: Sequence[Col],
    provenance: str,
    csv: str,
    sortable: bool = True,
    notes: Sequence[str] = (),
) -> TableView:
    """Rows of ``frame`` shown through ``columns``; optional frame columns ``_css`` (row class),
    ``_anchor`` (row id) and ``_link`` (link of the first cell) steer the rendering and never
    reach the CSV."""
    rows = []
    for record in frame.to_dict("records"):
        link = str(record.get("_link") or "")
        cells = tuple(
            _cell(col, record.get(col.key), link if i == 0 else "") for i, col in enumerate(columns)
        )
        rows.append(RowView(cells, str(record.get("_css") or ""), str(record.get("_anchor") or "")))
    return TableView(
        id, caption, tuple(columns), tuple(rows), csv, provenance, sortable, tuple(notes)
    )


def csv_frame(frame: pd.DataFrame, columns: Sequence[Col], data_version: str) -> pd.DataFrame:
    """The table's columns (frame names, not labels: campaign ids stay visible) plus
    data_version."""
    out = frame[[c.key for c in columns]].copy()
    out["data_version"] = data_version
    return out


def provenance(corpus: Corpus, campaigns: Sequence[str], how: str = "") -> str:
    """'Data: <version>. Campaigns: a, b. LLM judge: model (campaign).' plus an optional method
    note."""
    known = corpus.tables["campaigns"].set_index("campaign")
    present = [c for c in dict.fromkeys(campaigns) if c in known.index]
    judges: dict[str, list[str]] = {}
    for cid in present:
        model = str(known.loc[cid, "judge_model"] or "")
        if model:
            judge = corpus.campaigns.get(cid, {}).get("judge", {})
            parts = [
                f"prompt: {judge['prompt']}" if judge.get("prompt") else "",
                f"prompt sha256 {judge['prompt_sha256']}" if judge.get("prompt_sha256") else "",
            ]
            judges.setdefault(", ".join([model, *[p for p in parts if p]]), []).append(cid)
    text = f"Data: {corpus.data_version()}. Campaigns: {', '.join(present) or 'none'}."
    if judges:
        text += " LLM judge: " + "; ".join(f"{m} ({', '.join(c)})" for m, c in judges.items()) + "."
    return f"{text} {how}".strip()


def column_title(corpus: Corpus, campaign: str, extra: str = "") -> str:
    """A header tooltip: the campaign's title and id (and its judge model when it has one)."""
    known = corpus.tables["campaigns"].set_index("campaign")
    if campaign not in known.index:
        return extra
    row = known.loc[campaign]
    judge = f", judge {row['judge_model']}" if row["judge_model"] else ""
    return f"{row['title']} (campaign {campaign}{judge}){'; ' + extra if extra else ''}"
