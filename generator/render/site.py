"""The whole generation step: data roots -> every generated file (load -> analyse -> render)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..cite.publish import publish
from ..load import load
from .extra_pages import build_all
from .jinja import DEFAULT_TEMPLATES
from .pages import Files, generated_pages, leaderboard_html
from .views import analyse

LEADERBOARD_MARKER = "<!-- litboard:leaderboard -->"


@dataclass
class Generated:
    """Generated files plus fragments the plugin injects into hand-written pages."""

    files: Files
    fragments: dict[str, str]
    nav: list[dict[str, str]]
    timings: dict[str, float]


def generate(roots: Sequence[Path], templates: Path = DEFAULT_TEMPLATES) -> Generated:
    import time

    timings: dict[str, float] = {}
    start = time.perf_counter()
    corpus = load(roots)
    timings["load"] = time.perf_counter() - start
    start = time.perf_counter()
    analysis = analyse(corpus)
    timings["analyse"] = time.perf_counter() - start
    start = time.perf_counter()
    files = generated_pages(corpus, analysis, templates)
    board, board_files = leaderboard_html(corpus, analysis, templates)
    files.update(board_files)
    extra = build_all(corpus, analysis, templates)
    files.update(extra.files)
    files, board = publish(files, board, corpus, templates)  # JSON/LaTeX twins, anchors, cite box
    timings["render"] = time.perf_counter() - start
    nav = [*extra.nav, {"Systems": "systems/index.md"}, {"Paragraphs": "paragraphs/index.md"},
           {"Works": "works/index.md"}]
    return Generated(files, {LEADERBOARD_MARKER: board}, nav, timings)
