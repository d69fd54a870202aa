"""Sentence BLEU of every system's text against every other system's, per paragraph, at once.

The exact statistics of ``BLEU.sentence_score(hyp, [ref])`` for all ordered pairs of texts of a
paragraph. Each text is tokenised once (``bleu_tokens``) and its n-grams counted once; the
clipped matches sum_g min(c_hyp(g), c_ref(g)) = sum_g sum_k [c_hyp(g) >= k][c_ref(g) >= k]
are the entries of A A^T for the 0/1 matrix A of texts x (paragraph, n-gram, k), a sparse
product that only pairs texts of one paragraph. ``sentence_bleu`` is sacreBLEU's
``compute_bleu`` on arrays. Paragraphs go in chunks, so memory stays bounded.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

import numpy as np
import pandas as pd

CHUNK_TOKENS = 1_500_000  # tokens per chunk of paragraphs: bounds the memory of one chunk


def pair_statistics(
    flat: np.ndarray, lengths: np.ndarray, paragraph: np.ndarray, max_order: int
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(hyp, ref, matches) for every ordered pair of texts of a paragraph, the hyp != ref ones,
    in chunks of whole paragraphs.

    Texts are given grouped by paragraph (``paragraph``: one code per text, non-decreasing) with
    their tokens concatenated in ``flat``; hyp and ref are text positions. Pairs come ordered by
    hyp, then ref; ``matches`` has one row per n-gram order 1 .. max_order.
    """
    if not len(paragraph):
        return
    starts = np.concatenate([[0], np.cumsum(lengths)])
    bounds = _chunks(paragraph, lengths)
    for first, last in zip(bounds[:-1], bounds[1:]):  # texts first .. last - 1
        group = paragraph[first:last]
        size = np.bincount(group - group[0])[group - group[0]]
        rank = _rank(group)
        base = np.cumsum(size - 1) - (size - 1)  # index of text i's first pair
        hyp = np.repeat(np.arange(len(group)), size - 1)
        within = np.arange(len(hyp)) - np.repeat(base, size - 1)  # 0 .. size - 2
        ref = hyp - rank[hyp] + within + (within >= rank[hyp])
        matches = np.zeros((max_order, len(hyp)), dtype=np.int32)
        local = _matches(flat[starts[first] : starts[last]], lengths[first:last], group, max_order)
        for order, parts in enumerate(local):
            for rows, cols, values in parts:  # each (rows, cols) at most once per part
                keep = rows != cols
                rows, cols = rows[keep], cols[keep]
                matches[order, base[rows] + rank[cols] - (rank[cols] > rank[rows])] += values[keep]
        yield hyp + first, ref + first, matches


def _rank(paragraph: np.ndarray) -> np.ndarray:
    """Position of each text within its paragraph (texts grouped by paragraph)."""
    if not len(paragraph):
        return np.zeros(0, np.int64)
    change = np.concatenate([[True], paragraph[1:] != paragraph[:-1]])
    first = np.maximum.accumulate(np.where(change, np.arange(len(paragraph)), 0))
    return np.arange(len(paragraph)) - first


def _chunks(paragraph: np.ndarray, lengths: np.ndarray) -> list[int]:
    """Text boundaries of chunks of whole paragraphs holding about CHUNK_TOKENS tokens each."""
    change = np.flatnonzero(np.concatenate([[True], paragraph[1:] != paragraph[:-1]]))
    before = np.concatenate([[0], np.cumsum(lengths)])[change]
    cut = np.unique(
        np.searchsorted(before, np.arange(1, int(before[-1]) // CHUNK_TOKENS + 1) * CHUNK_TOKENS)
        if len(before)
        else np.zeros(0, np.int64)
    )
    inner = [int(change[c]) for c in cut if 0 < c < len(change)]
    return [0, *inner, len(paragraph)]


def _matches(
    tokens: np.ndarray, lengths: np.ndarray, paragraph: np.ndarray, max_order: int
) -> list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]]:
    """Per n-gram order, sparse (i, j, matches) parts whose sums are the chunk's clipped matches.

    Only n-grams found at least twice in their paragraph can match another text; an n-gram
    whose (n-1)-gram prefix is unique is unique too, so each order extends only those.
    """
    text = np.repeat(np.arange(len(lengths)), lengths)
    room = lengths[text] - (
        np.arange(len(tokens)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    )
    width = int(tokens.max(initial=0)) + 1
    live = np.arange(len(tokens))  # positions p whose n-gram may occur elsewhere in the paragraph
    gram = (paragraph - paragraph[0])[text] * width + tokens.astype(np.int64)  # (paragraph, token)
    out = []
    for order in range(1, max_order + 1):
        if order > 1:  # extend the (n-1)-gram at p by the token at p + n - 1
            grown = room[live] >= order
            live, gram = live[grown], gram[grown] * width + tokens[live[grown] + order - 1]
        gram = pd.factorize(gram, size_hint=len(gram))[0].astype(np.int64)
        shared = np.bincount(gram)[gram] > 1
        live, gram = live[shared], gram[shared]
        out.append(_products(text[live], gram, len(lengths)))
    return out


def _products(
    text: np.ndarray, gram: np.ndarray, texts: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """A A^T for A = [count(text, gram) >= k] over columns (gram, k), as (rows, cols, values)
    parts."""
    from scipy.sparse import csr_matrix

    counts = csr_matrix(
        (np.ones(len(text), np.int32), (text, gram)), shape=(texts, int(gram.max(initial=-1)) + 1)
    )
    counts.sum_duplicates()
    parts = [_product(counts.indptr, counts.indices, np.ones(len(counts.data), np.int32), texts)]
    repeated = np.flatnonzero(counts.data > 1)
    if len(repeated):  # columns (gram, k) for k = 2 .. count
        times = counts.data[repeated].astype(np.int64) - 1
        row = np.repeat(np.repeat(np.arange(texts), np.diff(counts.indptr))[repeated], times)
        level = np.arange(times.sum()) - np.repeat(np.cumsum(times) - times, times)
        column = pd.factorize(
            np.repeat(counts.indices[repeated].astype(np.int64), times) * (int(times.max()) + 1)
            + level
        )[0]
        extra = csr_matrix(
            (np.ones(len(row), np.int32), (row, column)), shape=(texts, int(column.max()) + 1)
        )
        parts.append(_product(extra.indptr, extra.indices, extra.data, texts))
    return parts


def _product(
    indptr: np.ndarray, indices: np.ndarray, data: np.ndarray, texts: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from scipy.sparse import csr_matrix

    matrix = csr_matrix((data, indices, indptr), shape=(texts, int(indices.max(initial=-1)) + 1))
    product = (matrix @ matrix.T).tocoo()
    return product.row.astype(np.int64), product.col.astype(np.int64), product.data.astype(np.int64)


def sentence_bleu(
    correct: np.ndarray, total: np.ndarray, sys_len: np.ndarray, ref_len: np.ndarray, bleu: Any
) -> np.ndarray:
    """sacreBLEU's ``BLEU.compute_bleu`` for many sentences, with ``bleu``'s settings.

    ``correct`` and ``total`` have one row per n-gram order; the same steps as sacreBLEU
    (brevity penalty, early zero, add-k, the break at an order with no n-grams, effective
    order, exp/floor smoothing, the floored log), the same operations in the same order (numpy's
    log and exp may differ from the math module's in the last bit).
    """
    from sacrebleu.metrics.bleu import BLEU

    method, order = bleu.smooth_method, bleu.max_ngram_order
    value = BLEU.SMOOTH_DEFAULTS[method] if bleu.smooth_value is None else bleu.smooth_value
    with np.errstate(divide="ignore", invalid="ignore"):
        short = sys_len < ref_len
        bp = np.where(
            short,
            np.where(sys_len > 0, np.exp(1 - ref_len / np.where(sys_len > 0, sys_len, 1)), 0.0),
            1.0,
        )
        alive = np.ones(len(sys_len), dtype=bool)  # no break yet
        effective = np.full(len(sys_len), order, dtype=np.int64)
        smooth = np.ones(len(sys_len))
        logs = []
        for n in range(order):
            right, count = correct[n].astype(float), total[n].astype(float)
            if method == "add-k" and n > 0:
                right, count = right + value, count + value
            alive &= count != 0
            if bleu.effective_order:
                effective = np.where(alive, n + 1, effective)
            zero = alive & (right == 0)
            precision = np.where(alive & ~zero, 100.0 * right / count, 0.0)
            if method == "exp":
                smooth = np.where(zero, smooth * 2, smooth)
                precision = np.where(zero, 100.0 / (smooth * count), precision)
            elif method == "floor" and value is not None:  # sacreBLEU's floor default is 0.1
                precision = np.where(zero, 100.0 * value / count, precision)
            logs.append(np.where(precision == 0.0, -9999999999.0, np.log(precision)))
        total_log = logs[0]
        for n in range(1, order):
            total_log = np.where(n < effective, total_log + logs[n], total_log)
        score = bp * np.exp(total_log / effective)
    return np.where((correct != 0).any(axis=0), score, 0.0)


def overlap_table(rows: pd.DataFrame, bleu: Any) -> pd.DataFrame:
    """System x system mean sentence BLEU of ``rows`` (system, paragraph, text; one pair)."""
    wide = rows.groupby(["paragraph", "system"], sort=True)["text"].first()  # as pivot_table(first)
    systems = sorted(wide.index.get_level_values("system").unique())
    means = np.full((len(systems), len(systems)), np.nan)
    if not wide.empty:
        means = _means(wide, systems, bleu)
    return pd.DataFrame(
        means,
        index=pd.Index(systems, name="hypothesis"),
        columns=pd.Index(systems, name="reference"),
        dtype=float,
    )


def pair_scores(
    texts: Sequence[str], paragraph: np.ndarray, bleu: Any
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(hyp, ref, sentence BLEU of text hyp against text ref) for every ordered pair of texts of
    a paragraph, in chunks; texts grouped by paragraph (``paragraph`` non-decreasing codes)."""
    from .bleu_tokens import token_ids

    flat, lengths, _ = token_ids(texts, bleu)
    order = bleu.max_ngram_order
    for hyp, ref, correct in pair_statistics(flat, lengths, paragraph, order):
        total = np.maximum(lengths[hyp][None, :] - np.arange(order)[:, None], 0)
        yield hyp, ref, sentence_bleu(correct, total, lengths[hyp], lengths[ref], bleu)


def _means(wide: pd.Series, systems: list[str], bleu: Any) -> np.ndarray:
    paragraph = pd.factorize(wide.index.get_level_values("paragraph"))[0].astype(np.int64)
    system = pd.Index(systems).get_indexer(wide.index.get_level_values("system")).astype(np.int64)
    cells, scores = [], []
    for hyp, ref, score in pair_scores(wide.tolist(), paragraph, bleu):
        cells.append(system[hyp] * len(systems) + system[ref])
        scores.append(score)
    # mean per (hyp system, ref system), summed in paragraph order as a Python sum would
    cell, score = np.concatenate(cells), np.concatenate(scores)
    size = len(systems) ** 2
    sums = np.bincount(cell, weights=score, minlength=size)
    counts = np.bincount(cell, minlength=size)
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan).reshape(len(systems), -1)
    np.fill_diagonal(means, np.nan)
    return means
