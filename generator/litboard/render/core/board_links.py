"""Where a dataset's board leads (issue 56): its analysis pages (every page set of
``extra_pages`` the dataset has: rankings by scheme, agreement, adequacy, metric meta-evaluation,
published vs reproduced, ...) and the Judge bias panel's section of the dataset, as links
relative to the page that shows them (the board, or the home page)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

# the dataset's own nav entries that are not analysis pages (site.dataset_files)
NOT_ANALYSIS = frozenset({"index.md", "systems/index.md", "paragraphs/index.md", "works/index.md"})
JUDGE_BIAS = "judge-bias/index.html"


@dataclass(frozen=True)
class Link:
    title: str
    href: str


def _html(path: str) -> str:
    return path[:-3] + ".html" if path.endswith(".md") else path


def analysis_links(
    nav: Iterable[Mapping[str, str]], dataset: str, judged: bool, base: str = ""
) -> list[Link]:
    """``nav``: the dataset's nav entries (paths relative to its folder); ``judged``: whether the
    Judge bias panel has a section for it; ``base``: from the page to the dataset's folder
    (``""`` on its board, ``"<id>/"`` on the home page)."""
    links = [
        Link(title, base + _html(path))
        for entry in nav
        for title, path in entry.items()
        if path not in NOT_ANALYSIS
    ]
    if judged:
        up = "../" if not base else ""
        links.append(Link("Judge bias", f"{up}{JUDGE_BIAS}#bias-{dataset}"))
    return links


MARKER = "<!-- litboard:board-links -->"  # where the board's link row goes (site.dataset_entry)


def links_row(links: Sequence[Link], templates: Path) -> str:
    """The board's row of links to its dataset's analysis pages ("" when it has none)."""
    from .jinja import render

    return render("board_links.html.j2", templates, links=list(links)) if links else ""
