"""Page 'Published vs reproduced': every number of every data root's ``reported`` table beside
what litboard reproduces (litboard.reported), for any dataset, with no dataset-specific code.

Applies when a loaded root has ``reported/*.jsonl``. One section per dataset and source
(paper table or figure): status, the cell's keys, reported, reproduced, rounded, difference,
what other sources print, note; disagreements first. The whole table is also a CSV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ...analysis.rounding import format_number as printed
from ...model import Corpus
from ...reported import engine
from ...reported.marks import anchor_of
from ...reported.measures import MEASURES
from ..core.extra_pages import PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis

FOLDER = "reported"
STATUS = {
    engine.AGREES: "✓ agrees",
    engine.DISAGREES: "✗ disagrees",
    engine.MISSING: "? not reproduced",
    engine.UNKNOWN: "· reported only",
    engine.ILLEGIBLE: "? not legible in the paper",
}
CSV = "reported.csv"


@dataclass
class NumberRow:
    status: str
    css: str
    cell: str
    label: str
    reported: str
    reproduced: str
    rounded: str
    difference: str
    others: str
    note: str
    anchor: str = ""  # stable: what the record is (reported.marks.record_anchor), boards link here


@dataclass
class SourceView:
    dataset: str
    source: str
    anchor: str
    counts: dict[str, int]
    rows: list[NumberRow]


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    records = corpus.tables.get("reported")
    if records is None or records.empty:
        return PageSet()
    compared = engine.other_reports(engine.compare(corpus))
    sections = source_views(compared)
    body = render(
        "reported.html.j2",
        templates,
        sections=sections,
        csv=CSV,
        base="../",
        measures=sorted(MEASURES),
        version=corpus.data_version(),
    )
    files = {
        f"{FOLDER}/index.md": page("Published vs reproduced", body, corpus.is_demo, templates),
        f"{FOLDER}/{CSV}": csv_text(csv_frame(compared, corpus.data_version())),
    }
    return PageSet(dict(files), [{"Published vs reproduced": f"{FOLDER}/index.md"}])


def source_views(compared: pd.DataFrame) -> list[SourceView]:
    """One view per (dataset, source), in file order; disagreements first inside each."""
    views, seen = [], set()
    for i, ((dataset, source), group) in enumerate(
        compared.groupby(["dataset", "source"], sort=False)
    ):
        group = group.sort_values("disagrees", ascending=False, kind="stable")
        counts = {
            STATUS[s]: int((group["status"] == s).sum())
            for s in STATUS
            if (group["status"] == s).any()
        }
        rows = [_row(r) for r in group.to_dict("records")]
        for row in rows:  # the same record twice in one source: one id each all the same
            while row.anchor in seen:
                row.anchor += "-again"
            seen.add(row.anchor)
        views.append(SourceView(str(dataset), str(source), f"source-{i + 1}", counts, rows))
    return views


def _row(r: dict[str, Any]) -> NumberRow:
    decimals = int(r["decimals"])
    reproduced = float(r["reproduced"])
    known = not math.isnan(reproduced)
    keys = r["keys"] if isinstance(r["keys"], dict) else {}
    return NumberRow(
        STATUS[str(r["status"])],
        "lb-disagree" if r["disagrees"] else "",
        f"{r['measure']}: " + ", ".join(f"{k} = {v}" for k, v in keys.items()),
        str(r["label"] or ""),
        _printed(float(r["value"]), decimals),
        printed(reproduced, decimals + 3) if known else "",
        printed(float(r["reproduced_rounded"]), decimals) if known else "",
        _signed(float(r["difference"]), decimals) if known else "",
        str(r["other_reports"]),
        str(r["note"] or ""),
        anchor_of(r),
    )


def _printed(value: float, decimals: int) -> str:
    return "not legible" if math.isnan(value) else printed(value, decimals)


def _signed(value: float, decimals: int) -> str:
    text = printed(value, decimals)
    return text if text.startswith("-") or text.strip("0.") == "" else f"+{text}"


def csv_frame(compared: pd.DataFrame, version: str) -> pd.DataFrame:
    frame = compared.assign(
        keys=[engine.identity(k) for k in compared["keys"]],
        params=[engine.identity({}, p) for p in compared["params"]],
        data_version=version,
    )
    return frame[
        [
            "dataset",
            "source",
            "measure",
            "keys",
            "label",
            "value",
            "decimals",
            "reproduced",
            "reproduced_rounded",
            "difference",
            "status",
            "reason",
            "other_reports",
            "self_conflict",
            "note",
            "params",
            "data_version",
        ]
    ]
