"""The home page's finding (issue 56), from the finished datasets: each dataset's records as its
data API file holds them (``cite.api``), its judge-bias rows, and its analysis pages' links."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..analysis.finding import dataset_finding, site_finding
from ..analysis.records import from_jsonl
from ..analysis.reported_finding import unreported_for
from ..cite import api
from ..render.core.board_links import Link, analysis_links
from ..render.core.finding import home_finding
from .site_cache import Entry


def dataset_nav(entry: Entry) -> list[dict[str, str]]:
    """The dataset's nav entries, paths relative to its folder."""
    prefix = f"{entry.dataset_id}/"
    return [
        {title: path.removeprefix(prefix)}
        for entries in entry.nav.values()
        for item in entries
        for title, path in item.items()
    ]


def judged(entry: Entry) -> bool:
    """Whether the Judge bias panel has a section for the dataset."""
    rows: Any = entry.judge_rows
    return rows is not None and not rows.empty


def finding_html(ordered: Sequence[Entry], templates: Path) -> str:
    """The finding over ``ordered`` (page order), or "" when no dataset has a figure."""
    findings = []
    links: dict[str, list[Link]] = {}
    for entry in ordered:
        text = entry.files.get(api.records_path(entry.dataset_id))
        records = from_jsonl(text) if isinstance(text, str) else []
        findings.append(
            dataset_finding(
                entry.dataset_id, entry.card.title, entry.is_demo, records, entry.judge_rows
            )
        )
        links[entry.dataset_id] = analysis_links(
            dataset_nav(entry), entry.dataset_id, judged(entry), f"{entry.dataset_id}/"
        )
    absent = [
        (e.dataset_id, e.card.title, e.judge_absent, unreported_for(e.dataset_id))
        for e in ordered
        if e.judge_absent and not e.is_demo
    ]
    return home_finding(site_finding(findings), links, templates, absent)
