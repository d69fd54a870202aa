"""Reproducers of a pairwise study with error spans (Karpinska & Iyyer 2023 kind of data):
judgments and preferences per comparison, stated with the campaign's focal system first, and
error spans per system and label. Each returns the long table ``measures`` documents."""

from __future__ import annotations

from typing import Any, Mapping

import pandas as pd

from ..analysis.pairwise_spans import focal_of, oriented
from ..model import Corpus
from .text_measures import stack

Params = Mapping[str, Any]
KEYS = ["campaign", "first", "second", "pair"]


def _comparisons(corpus: Corpus, stat: str) -> pd.DataFrame:
    pairwise = corpus.tables["pairwise"]
    if pairwise.empty:
        return stack([], KEYS)
    judged = oriented(pairwise, focal_of(corpus.tables["campaigns"]))
    judged["campaign"] = pairwise["campaign"].astype(str).to_numpy()
    parts = []
    for pooled in (False, True):
        frame = judged.assign(pair="") if pooled else judged
        grouped = frame.groupby(KEYS, sort=True)["score"]
        parts.append(
            (grouped.sum() if stat == "preferred" else grouped.size()).rename("value").reset_index()
        )
    return stack(parts, KEYS)


def preferred(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Judgments preferring ``first`` (the focal system) over ``second`` (ties count half)."""
    return _comparisons(corpus, "preferred")


def judgments(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Judgments of each comparison."""
    return _comparisons(corpus, "judgments")


def error_spans(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Error spans per system and category over every MQM campaign; '' = all."""
    errors = corpus.tables["mqm_errors"]
    if errors.empty:
        return stack([], ["system", "category"])
    frame = errors.assign(
        category=errors["category"].astype(str), system=errors["system"].astype(str)
    )
    parts = []
    for keys in (["system", "category"], ["system"], ["category"], []):
        counts = (
            frame.groupby(keys).size().rename("value").reset_index()
            if keys
            else pd.DataFrame({"value": [len(frame)]})
        )
        parts.append(counts.assign(**{k: "" for k in ("system", "category") if k not in keys}))
    return stack(parts, ["system", "category"])
