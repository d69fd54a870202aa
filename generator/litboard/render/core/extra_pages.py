"""Data-specific page sets (LitEval, Creativity, ...): each builder decides from the corpus
whether it applies and returns its files plus its nav entries (empty when it does not apply)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from ...model import Corpus
from ...analysis.tables import Analysis
from .pages import Files


@dataclass
class PageSet:
    files: Files = field(default_factory=dict)
    nav: list[dict[str, str]] = field(default_factory=list)


PACKAGE = "litboard.render"
# module names under litboard.render, each exposing build(corpus, analysis, templates) -> PageSet;
# nav entries follow this order. A module that sets NEEDS_ANALYSIS = False reads only the corpus
# (its build gets analysis=None): a build starts it while the dataset is still being analysed.
BUILDERS: tuple[str, ...] = (
    "schemes.scheme_pages",
    "schemes.agreement_page",
    "schemes.overlap_pages",
    "metric_eval.pages",
    "creativity.pages",
    "schemes.errors_pairwise",
    "schemes.reported_pages",
    "schemes.campaign_pages",
)
PARTS = ("all", "corpus", "analysis")  # every builder / those that need no analysis / the others


def build_sets(
    corpus: Corpus, analysis: Analysis | None, templates: Path, part: str = "all"
) -> dict[str, PageSet]:
    """Module name -> its PageSet, for the builders of ``part`` (PARTS; ``analysis`` may be
    None for "corpus"). ``merge_sets`` puts the parts together."""
    if part not in PARTS:
        raise ValueError(f"part must be one of {PARTS}, not {part!r}")
    sets: dict[str, PageSet] = {}
    for name in BUILDERS:
        try:
            module = importlib.import_module(f"{PACKAGE}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{PACKAGE}.{name}":
                continue  # page set not installed in this version
            raise
        corpus_only = not getattr(module, "NEEDS_ANALYSIS", True)
        if part == "all" or (part == "corpus") == corpus_only:
            sets[name] = module.build(corpus, analysis, templates)
    return sets


def merge_sets(parts: list[dict[str, PageSet]]) -> PageSet:
    """The page sets of several ``build_sets`` calls as one, in BUILDERS order."""
    every = {name: pages for part in parts for name, pages in part.items()}
    result = PageSet()
    for name in BUILDERS:
        if name in every:
            result.files.update(every[name].files)
            result.nav.extend(every[name].nav)
    return result
