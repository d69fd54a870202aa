"""Error counts for campaigns whose spans carry no severity (e.g. Karpinska & Iyyer 2023).

MQM points weigh severities; when a release gives none, every span would weigh nothing and a
board would show zeros. These campaigns are shown as **error counts** instead: spans per
translation, per 100 source words, and per label and system.

Words: whitespace-separated tokens of the source paragraph; in Chinese, Japanese and Korean
sources (no spaces between words) each letter of those scripts counts as one word, punctuation
excluded, the usual character count for these languages. NaN when only a snippet is stored.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd

NO_SPACES = ("zh", "ja", "ko")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def words(text: object, lang: str) -> float:
    """Words of one text (see the module docstring); NaN for a missing text."""
    if not isinstance(text, str) or not text.strip():
        return float("nan")
    if lang in NO_SPACES:
        letters = len(_CJK.findall(text))
        others = len(_CJK.sub(" ", text).split())  # Latin words, digits inside the text
        return float(letters + others)
    return float(len(text.split()))


def paragraph_words(paragraphs: pd.DataFrame) -> pd.Series:
    """Paragraph id -> source words."""
    frame = paragraphs.set_index("paragraph")
    return pd.Series(
        [words(t, str(lang)) for t, lang in zip(frame["text"], frame["source_lang"])],
        index=frame.index,
        dtype=float,
    )


def unweighted_campaigns(
    errors: pd.DataFrame, campaigns: dict[str, dict[str, Any]]
) -> list[str]:
    """MQM campaigns with spans, none of which has a severity (and no importer default)."""
    if errors.empty:
        return []
    specified = (
        errors.assign(given=errors["severity"].astype(str) != "unspecified")
        .groupby("campaign")["given"]
        .any()
    )
    return sorted(
        str(c)
        for c, any_given in specified.items()
        if not any_given
        and not (campaigns.get(str(c), {}).get("mqm") or {}).get("default_severity")
    )


def per_translation(items: pd.DataFrame, paragraphs: pd.DataFrame) -> pd.DataFrame:
    """Per MQM record: n_errors, source words and errors per 100 source words (``score``)."""
    out = items[["campaign", "system", "pair", "paragraph", "annotator", "n_errors"]].copy()
    out["words"] = out["paragraph"].map(paragraph_words(paragraphs))
    out["score"] = 100.0 * out["n_errors"].astype(float) / out["words"].replace(0, np.nan)
    return out


def by_label(errors: pd.DataFrame, items: pd.DataFrame, paragraphs: pd.DataFrame) -> pd.DataFrame:
    """Per system: spans per label and in total, translations judged, their source words and
    spans per 100 words (a translation judged in two comparisons counts twice, as annotated)."""
    counts = errors.assign(category=errors["category"].astype(str)).pivot_table(
        index="system", columns="category", values="start", aggfunc="count", fill_value=0
    )
    counts.columns.name = None
    judged = (
        per_translation(items, paragraphs)
        .groupby("system")
        .agg(translations=("n_errors", "size"), words=("words", "sum"))
    )
    table = judged.join(counts, how="left").fillna(0)
    labels = sorted(counts.columns)
    table[labels] = table[labels].astype(int)
    table["total"] = table[labels].sum(axis=1)
    for label in [*labels, "total"]:
        table[f"{label} per 100 words"] = 100.0 * table[label] / table["words"]
    table["translations"] = table["translations"].astype(int)
    table["words"] = table["words"].astype(int)
    return table.reset_index()
