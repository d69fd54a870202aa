"""Typed containers for loaded data: the tidy tables every analysis reads.

Each table is a pandas DataFrame with one row per observation; the column lists below
are the contract between ``tables.build`` (which fills them) and ``analysis`` (which
reads them). Every judgment table carries ``campaign`` so campaigns never mix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

COLUMNS: dict[str, list[str]] = {
    "datasets": ["dataset", "title", "version", "demo", "licence", "root"],
    "works": [
        "work",
        "title",
        "author",
        "year",
        "source_lang",
        "genre",
        "era",
        "rights_status",
        "rights_note",
        "dataset",
    ],
    "paragraphs": [
        "paragraph",
        "work",
        "index",
        "source_lang",
        "text",
        "snippet",
        "restricted",
        "length",
        "sentences",
        "dataset",
        "subsets",
    ],
    "systems": [
        "system",
        "name",
        "kind",
        "modality",
        "model",
        "size",
        "version",
        "date",
        "is_human",
        "dataset",
    ],
    "translations": [
        "system",
        "pair",
        "paragraph",
        "text",
        "snippet",
        "restricted",
        "length",
        "file",
        "line",
    ],
    "campaigns": [
        "campaign",
        "scheme",
        "title",
        "mqm_variant",
        "metric",
        "higher_is_better",
        "signature",
        "judge_model",
        "prompt_sha256",
        "temperature",
        "dataset",
        "focal",
        "second_annotation_of",
    ],
    "annotators": ["campaign", "annotator", "expertise"],
    "mqm": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "sentences",
        "n_errors",
        "file",
        "line",
    ],
    "mqm_errors": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "start",
        "end",
        "category",
        "subcategory",
        "severity",
        "non_translation",
        "comment",
        "link",
        "side",
        "source_start",
        "source_end",
    ],
    "free_spans": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "start",
        "end",
        "polarity",
        "comment",
    ],
    "sqm": ["campaign", "system", "pair", "paragraph", "annotator", "score", "comment"],
    # ESA: one 0-100 score per (translation, annotator) and its minor/major spans; an omission
    # marked without a position is a zero-width span at 0 with position "unknown"
    "esa": ["campaign", "system", "pair", "paragraph", "annotator", "score", "errors"],
    "esa_spans": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "start",
        "end",
        "severity",
        "position",
        "error_type",
        "comment",
    ],
    "bws": ["campaign", "pair", "paragraph", "annotator", "systems", "best", "worst", "comment"],
    "pairwise": ["campaign", "pair", "paragraph", "annotator", "a", "b", "preference", "comment"],
    "ucps": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "ucp",
        "ucp_class",
        "source_start",
        "source_end",
        "start",
        "end",
        "source_text",
        "target_text",
        "cultural",
        "comment",
    ],
    "kudos": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "start",
        "end",
        "points",
        "comment",
    ],
    "ruler": ["campaign", "system", "pair", "paragraph", "annotator", "criterion", "score"],
    "verse": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "annotator",
        "question",
        "category",
        "answer",
    ],
    "metric_scores": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "level",
        "score",
        "error",
        "raw",
        "work",
        "screen",
    ],
    "metric_spans": [
        "campaign",
        "system",
        "pair",
        "paragraph",
        "start",
        "end",
        "category",
        "subcategory",
        "severity",
        "comment",
    ],
    "reported": [
        "dataset",
        "source",
        "measure",
        "keys",
        "params",
        "value",
        "decimals",
        "label",
        "note",
        "reason",
        "file",
        "line",
    ],
}


@dataclass
class Corpus:
    """All loaded data roots, as tidy tables plus the raw configuration records."""

    tables: dict[str, pd.DataFrame]
    datasets: list[dict[str, Any]] = field(default_factory=list)
    works: dict[str, dict[str, Any]] = field(default_factory=dict)
    systems: dict[str, dict[str, Any]] = field(default_factory=dict)
    campaigns: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __getattr__(self, name: str) -> pd.DataFrame:
        tables = self.__dict__.get("tables", {})
        if name in tables:
            return tables[name]
        raise AttributeError(name)

    @property
    def pairs(self) -> list[str]:
        return sorted(self.tables["translations"]["pair"].unique().tolist())

    @property
    def is_demo(self) -> bool:
        return any(d.get("demo", False) for d in self.datasets)

    @property
    def dataset_id(self) -> str:
        """The dataset (namespace) these tables belong to; its pages live under ``<id>/``."""
        return str(self.datasets[0]["id"]) if self.datasets else ""

    @property
    def dataset_title(self) -> str:
        return str(self.datasets[0].get("title", self.dataset_id)) if self.datasets else ""

    def data_version(self) -> str:
        """One string naming every data root's id and version (printed under numbers)."""
        return "; ".join(f"{d['id']} {d['version']}" for d in self.datasets)
