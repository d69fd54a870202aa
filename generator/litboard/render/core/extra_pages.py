"""Data-specific page sets (LitEval, Creativity, ...): each builder decides from the corpus
whether it applies and returns its files plus its nav entries (empty when it does not apply)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ...model import Corpus
from .views import Analysis

Files = dict[str, str | bytes]


@dataclass
class PageSet:
    files: Files = field(default_factory=dict)
    nav: list[dict[str, str]] = field(default_factory=list)


Builder = Callable[[Corpus, Analysis, Path], PageSet]
PACKAGE = "litboard.render"
# module names under litboard.render, each exposing build(corpus, analysis, templates) -> PageSet
BUILDERS: tuple[str, ...] = ("schemes.scheme_pages", "schemes.overlap_pages", "metric_eval.pages", "creativity.pages",
                             "schemes.errors_pairwise", "schemes.reported_pages", "schemes.campaign_pages")


def build_all(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    result = PageSet()
    for name in BUILDERS:
        try:
            module = importlib.import_module(f"{PACKAGE}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{PACKAGE}.{name}":
                continue  # page set not installed in this version
            raise
        pages: PageSet = module.build(corpus, analysis, templates)
        result.files.update(pages.files)
        result.nav.extend(pages.nav)
    return result
