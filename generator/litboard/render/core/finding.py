"""The home page's finding (issue 56): "who spots the human translation", one compact chart-table
of every dataset's reproduced shares (``analysis.finding``, records of the data API) and its
paper's reported figures, then one sentence per dataset with links to its board and analysis
pages. Renders what it is given; computes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from ...analysis.tables import FindingDataset
from .board_links import Link
from .jinja import render

MARKER = "<!-- litboard:finding -->"


@dataclass(frozen=True)
class FindingView:
    data: FindingDataset
    board: str
    links: tuple[Link, ...]


def home_finding(
    datasets: Sequence[FindingDataset],
    links: Mapping[str, Sequence[Link]],
    templates: Path,
    absent: Sequence[tuple[str, str, str, str]] = (),
) -> str:
    """The finding's HTML (empty when no dataset has a figure); ``links``: per dataset id, its
    analysis pages relative to the home page; ``absent``: the datasets the chart cannot show
    (id, title, why not -- Results.judge_absent --, why no reported figure or "")."""
    if not datasets:
        return ""
    views = [FindingView(d, f"{d.id}/index.html", tuple(links.get(d.id, ()))) for d in datasets]
    return render("finding.html.j2", templates, datasets=views, absent=absent)
