"""Data-specific page sets (LitEval, Creativity, ...): each builder decides from the corpus
whether it applies and returns its files plus its nav entries (empty when it does not apply)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..model import Corpus
from .views import Analysis

Files = dict[str, str | bytes]


@dataclass
class PageSet:
    files: Files = field(default_factory=dict)
    nav: list[dict[str, str]] = field(default_factory=list)


Builder = Callable[[Corpus, Analysis, Path], PageSet]
# module names under generator.render, each exposing build(corpus, analysis, templates) -> PageSet
BUILDERS: tuple[str, ...] = ("scheme_pages", "overlap_pages", "liteval_pages", "creativity_pages",
                             "errors_pairwise", "reported_pages")


def build_all(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    result = PageSet()
    for name in BUILDERS:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__package__}.{name}":
                continue  # page set not installed in this version
            raise
        pages: PageSet = module.build(corpus, analysis, templates)
        result.files.update(pages.files)
        result.nav.extend(pages.nav)
    return result
