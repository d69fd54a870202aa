"""Character-level span agreement by interval arithmetic (no per-character loops).

Every translation ``i`` of a ``lengths`` table gets a range of a global code-point axis,
``[offset[i], offset[i] + length[i])``, with a one-character gap before the next, so the
spans of all translations can be handled in one pass of numpy over interval ends:

1. each annotator's spans become disjoint labelled intervals with the same rule as
   ``agreement.character_labels`` (a character takes the span that starts first, ties:
   the earlier row) — span ``k`` keeps ``[max(start_k, max end of the spans sorted
   before it), end_k)``;
2. the boundaries of both annotators' intervals and of the translations cut the axis into
   elementary segments, each with one label per annotator and one translation;
3. the segments' lengths, summed per (translation, label of the first, label of the
   second), are exactly the confusion counts over characters that Cohen's kappa needs.

Results equal ``character_labels`` + ``sklearn.metrics.cohen_kappa_score`` (the kappa is
computed by the same formula as sklearn's, over the same sorted string labels).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from ..errors import DataError, Problem

Mode = Literal["span", "label"]
NONE = "none"


@dataclass(frozen=True)
class Confusion:
    """Character counts per translation and (first label, second label).

    ``counts[i, a, b]`` is the number of characters of translation ``i`` (row ``i`` of the
    lengths table) labelled ``labels[a]`` by the first annotator and ``labels[b]`` by the
    second. ``labels`` are sorted strings ("0"/"1" in span mode)."""

    labels: list[str]
    counts: np.ndarray  # int64, shape (translations, labels, labels)


def confusion(
    spans: pd.DataFrame,
    lengths: pd.DataFrame,
    annotators: tuple[str, str],
    mode: Mode,
    keys: tuple[str, ...],
    per_item: bool = True,
) -> Confusion:
    """Per-translation confusion counts of two annotators' spans over the translations of
    ``lengths`` (keys + ``length``); spans of other translations or annotators are ignored.
    With ``per_item=False`` the counts are summed over translations (shape (1, n, n))."""
    size = lengths["length"].to_numpy(dtype=np.int64)
    offset = np.concatenate([[0], np.cumsum(size + 1)[:-1]]).astype(np.int64)
    marked = _matched(spans, lengths, annotators, keys)
    _check_bounds(marked, size, keys)
    marked = marked[marked["end"].to_numpy() > marked["start"].to_numpy()]
    raw = (
        marked["category"].astype(str)
        if mode == "label"
        else pd.Series("1", index=marked.index, dtype=object)
    )
    labels = sorted({*raw.unique().tolist(), NONE if mode == "label" else "0"})
    code = {label: i for i, label in enumerate(labels)}
    blank = code[NONE if mode == "label" else "0"]
    codes = raw.map(code).to_numpy(dtype=np.int64)
    item = marked["_item"].to_numpy(dtype=np.int64)
    start = offset[item] + marked["start"].to_numpy(dtype=np.int64)
    end = offset[item] + marked["end"].to_numpy(dtype=np.int64)
    who = marked["annotator"].to_numpy() == annotators[0]
    sides = [_effective(start[m], end[m], codes[m]) for m in (who, ~who)]
    edges = np.unique(
        np.concatenate([offset, offset + size, *(s[0] for s in sides), *(s[1] for s in sides)])
    )
    left, width = edges[:-1], np.diff(edges)
    owner = np.searchsorted(offset, left, side="right") - 1
    inside = left < offset[owner] + size[owner]
    first, second = (_label_at(left, s, blank) for s in sides)
    n = len(labels)
    items = len(size) if per_item else 1
    flat = (owner[inside] * n * n if per_item else 0) + first[inside] * n + second[inside]
    counts = np.bincount(flat, weights=width[inside], minlength=items * n * n)
    return Confusion(labels, np.rint(counts).astype(np.int64).reshape(items, n, n))


def kappa_of(matrix: np.ndarray) -> float:
    """Cohen's kappa of one confusion matrix, by sklearn's formula; NaN with fewer than
    two labels present (or no characters)."""
    present = (matrix.sum(axis=0) + matrix.sum(axis=1)) > 0
    if present.sum() < 2:
        return float("nan")
    c = matrix[np.ix_(present, present)]
    sum0, sum1 = np.sum(c, axis=0), np.sum(c, axis=1)
    expected = np.outer(sum0, sum1) / np.sum(sum0)
    w = np.ones(c.shape, dtype=int)
    w.flat[:: c.shape[0] + 1] = 0
    return float(1 - np.sum(w * c) / np.sum(w * expected))


def kappas_of(counts: np.ndarray) -> np.ndarray:
    """Cohen's kappa per translation (NaN where fewer than two labels occur)."""
    n = counts.sum(axis=(1, 2)).astype(float)
    sum0, sum1 = counts.sum(axis=1), counts.sum(axis=2)
    present = ((sum0 + sum1) > 0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = sum0[:, :, None] * sum1[:, None, :] / n[:, None, None]
        diagonal = np.eye(counts.shape[1], dtype=bool)[None]
        observed = np.where(diagonal, 0, counts).sum(axis=(1, 2))
        chance = np.where(diagonal, 0.0, expected).sum(axis=(1, 2))
        values = 1 - observed / chance
    return np.where(present >= 2, values, np.nan)


def _matched(
    spans: pd.DataFrame, lengths: pd.DataFrame, annotators: tuple[str, str], keys: tuple[str, ...]
) -> pd.DataFrame:
    columns = [*keys, "annotator", "start", "end", *(["category"] if "category" in spans else [])]
    mine = spans.loc[spans["annotator"].isin(annotators), columns]
    items = lengths[list(keys)].reset_index(drop=True).rename_axis("_item").reset_index()
    merged = (
        mine.reset_index(drop=True)
        .rename_axis("_row")
        .reset_index()
        .merge(items, on=list(keys), how="inner")
    )
    return merged.sort_values("_row", kind="stable")


def _check_bounds(marked: pd.DataFrame, size: np.ndarray, keys: tuple[str, ...]) -> None:
    start, end = marked["start"].to_numpy(), marked["end"].to_numpy()
    length = size[marked["_item"].to_numpy(dtype=np.int64)]
    bad = (start < 0) | (end < start) | (end > length)
    if not bad.any():
        return
    rows = marked[bad]
    raise DataError(
        [
            Problem(
                "|".join(str(r[k]) for k in keys),
                0,
                "start/end",
                f"span [{r['start']}, {r['end']}) outside the text of length "
                f"{int(size[int(r['_item'])])}",
                "fix the offsets (code points of the NFC text, end exclusive)",
            )
            for r in rows.to_dict("records")
        ]
    )


def _effective(
    start: np.ndarray, end: np.ndarray, codes: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Disjoint, sorted intervals: each span keeps what no earlier-starting span covers."""
    order = np.argsort(start, kind="stable")
    start, end, codes = start[order], end[order], codes[order]
    before = np.concatenate([[np.iinfo(np.int64).min], np.maximum.accumulate(end)[:-1]])
    kept_start = np.maximum(start, before)
    keep = kept_start < end
    return kept_start[keep], end[keep], codes[keep]


def _label_at(
    points: np.ndarray, side: tuple[np.ndarray, np.ndarray, np.ndarray], blank: int
) -> np.ndarray:
    start, end, codes = side
    j = np.searchsorted(start, points, side="right") - 1
    safe = np.clip(j, 0, None)
    covered = (j >= 0) & (end[safe] > points) if len(start) else np.zeros(len(points), bool)
    return np.where(covered, codes[safe] if len(start) else blank, blank)
