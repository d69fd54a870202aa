"""sacreBLEU's TER statistics, the same numbers, with the shift candidates scored together.

sacreBLEU (``sacrebleu.metrics.lib_ter``) greedily applies the best word shift until none
lowers the edit distance, trying up to 1,000 candidate shifts per sentence; each candidate costs
one beam edit distance (Levenshtein within 25 cells of the pseudo-diagonal) computed cell by
cell in Python, so a 500-token paragraph (Japanese or Chinese, split per character) takes
seconds. Here the same search runs with the same limits, candidate order and tie breaks
(score, then longest, then earliest start, then earliest target), but every candidate of one
round is one row of a numpy array and the beam rows of all candidates advance together. A row
is exact: with t = min(diagonal, deletion) the insertion chain gives
d[j] = min over k <= j of t[k] + (j - k), a running minimum. Cells outside the beam stay at
sacreBLEU's "infinity". The trace of the chosen hypothesis is read back from its stored rows
with sacreBLEU's preference (match/substitution, then deletion, then insertion), so the
alignment, hence the next round's candidates, is the same. Pinned against sacreBLEU's own TER
and its command line by tests/scoring/test_ter_exact.py.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

# sacreBLEU's limits (lib_ter: _MAX_SHIFT_SIZE, _MAX_SHIFT_DIST, _BEAM_WIDTH, ...); a test
# checks that the installed sacreBLEU still uses them
MAX_SHIFT_SIZE, MAX_SHIFT_DIST, BEAM_WIDTH = 10, 50, 25
MAX_SHIFT_CANDIDATES = 1000
INF = int(1e16)

Shift = tuple[int, int, int]  # (start in the hypothesis, length, target index)
# reference position -> hypothesis position; cumulative reference and hypothesis errors
Alignment = tuple[dict[int, int], np.ndarray, np.ndarray]


def statistics(metric: Any, hyp: str, refs: Sequence[str]) -> list[float]:
    """[edits, average reference length] of ``hyp``: the value of sacreBLEU's
    ``metric._extract_corpus_statistics([hyp], [[r] for r in refs])[0]`` for a ``TER`` metric
    (its own tokenisation: the references pass its preprocessing twice, as in sacreBLEU)."""
    ref_words = metric._cache_references([[r] for r in refs])[0]["ref_words"]
    words_hyp = metric._preprocess_segment(hyp).split()
    best, total = INF, 0
    for words_ref in ref_words:
        edits, length = edit_rate(words_hyp, words_ref)
        total += length
        best = min(best, edits)
    return [float(best), total / len(ref_words)]


def edit_rate(words_hyp: Sequence[str], words_ref: Sequence[str]) -> tuple[int, int]:
    """(edits, reference length): sacreBLEU's ``translation_edit_rate``."""
    if not words_ref:
        return len(words_hyp), 0
    if not words_hyp:
        return len(words_ref), len(words_ref)
    vocab: dict[str, int] = {}
    ref = np.array([vocab.setdefault(w, len(vocab)) for w in words_ref], dtype=np.int64)
    hyp = np.array([vocab.setdefault(w, len(vocab)) for w in words_hyp], dtype=np.int64)
    beam = Beam(len(hyp), ref)
    shifts, checked = 0, 0
    rows = beam.rows(hyp, [], 0)
    while True:
        score = int(beam.final(rows[-1])[0])
        found, checked = _candidates(hyp, ref, beam.alignment(rows, hyp), checked)
        if checked >= MAX_SHIFT_CANDIDATES or not found:
            return shifts + score, len(ref)
        shifted = np.stack([_perform_shift(hyp, *shift) for shift in found])
        prefix = np.array([min(start, target) for start, _, target in found])
        gains = score - beam.distances(shifted, prefix, rows)
        # sacreBLEU's ranking: gain, then longest, then earliest start, then earliest target
        best = max(
            range(len(found)), key=lambda k: (gains[k], found[k][1], -found[k][0], -found[k][2])
        )
        if gains[best] <= 0:
            return shifts + score, len(ref)
        shifts, hyp = shifts + 1, shifted[best]
        rows = beam.rows(hyp, rows, int(prefix[best]))  # the rows before the shift stay


class Beam:
    """sacreBLEU's beam for a hypothesis of ``n`` words and the reference ids ``ref``.

    Row i covers the reference positions [lo[i], hi[i]); it is stored as ``width`` values from
    lo[i] on (``INF`` past hi[i]). Row 0 (all insertions) starts at lo[1] - 1, so it covers
    what row 1 reads."""

    def __init__(self, n: int, ref: np.ndarray) -> None:
        m = len(ref)
        ratio = m / n
        beam = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
        diag = [math.floor(i * ratio) for i in range(n + 1)]
        lo = [max(0, d - beam) for d in diag]
        hi = [min(m + 1, d + beam) for d in diag[:-1]] + [m + 1]
        lo[0], hi[0] = max(0, lo[1] - 1), m + 1
        self.n, self.m, self.lo, self.hi = n, m, lo, hi
        self.width = max(h - low for h, low in zip(hi[1:], lo[1:])) + 1
        # padded[j] = id of reference word j - 1 (j = 1 .. m); -1 elsewhere, never a hypothesis id
        self.padded = np.full(m + self.width + 2, -1, dtype=np.int64)
        self.padded[1 : m + 1] = ref
        self.cols = np.arange(self.width, dtype=np.int64)

    def rows(self, hyp: np.ndarray, known: list[np.ndarray], start: int) -> list[np.ndarray]:
        """Beam rows 0 .. n of one hypothesis, each a (1, width) array; rows 0 .. start are
        those of ``known`` (a hypothesis with the same first ``start`` words), if given."""
        out = known[: start + 1] if known else [self.row0()[None, :]]
        buffer = self._buffer(1)
        for i in range(len(out), self.n + 1):
            out.append(self._step(i, out[-1], hyp[i - 1 : i], buffer))
        return out

    def distances(self, hyps: np.ndarray, prefix: np.ndarray, base: list[np.ndarray]) -> np.ndarray:
        """Edit distances of the hypotheses (rows of ``hyps``); hypothesis k equals the one of
        the rows ``base`` in its first prefix[k] words, so its rows up to prefix[k] are the
        base's: it joins the block of rows computed together at row prefix[k] + 1."""
        order = np.argsort(prefix, kind="stable")
        hyps, prefix = hyps[order], prefix[order]
        prev = np.zeros((0, self.width), dtype=np.int64)
        buffer = self._buffer(len(hyps))
        for i in range(1, self.n + 1):
            active = int(np.searchsorted(prefix, i, side="left"))  # prefix[k] < i
            if active > len(prev):
                prev = np.concatenate([prev, np.repeat(base[i - 1], active - len(prev), axis=0)])
            if active:
                prev = self._step(i, prev, hyps[:active, i - 1], buffer)
        last = np.concatenate([prev, np.repeat(base[self.n], len(hyps) - len(prev), axis=0)])
        return self.final(last)[np.argsort(order, kind="stable")]

    def row0(self) -> np.ndarray:
        """Row 0 (j insertions at reference position j) in its window."""
        positions = self.lo[0] + self.cols
        return np.where(positions <= self.m, positions, INF)

    def _buffer(self, count: int) -> np.ndarray:
        """Room for ``count`` rows with ``INF`` on both sides (see ``_step``)."""
        steps = max(b - a for a, b in zip(self.lo[:-1], self.lo[1:]))
        return np.full((count, self.width + steps + 1), INF, dtype=np.int64)

    def _step(self, i: int, prev: np.ndarray, words: np.ndarray, buffer: np.ndarray) -> np.ndarray:
        """Row i from row i - 1 (window at lo[i - 1]) for hypotheses whose word i is ``words``.

        A cell past the beam may hold more than ``INF`` (INF + 1 ...) where sacreBLEU keeps
        ``INF``: either way it never is the smaller of two, so every finite cell is sacreBLEU's."""
        low, shift, width = self.lo[i], self.lo[i] - self.lo[i - 1], self.width
        padded = buffer[: len(prev)]
        padded[:, 1 : width + 1] = prev  # padded[:, t] = row i - 1 at lo[i - 1] + t - 1
        cost = words[:, None] != self.padded[None, low : low + width]
        best = padded[:, shift : shift + width] + cost  # match or substitution
        np.minimum(best, padded[:, shift + 1 : shift + 1 + width] + 1, out=best)  # deletion
        best -= self.cols
        cur = np.minimum.accumulate(best, axis=1)
        cur += self.cols  # then insertions: min over k <= j of best[k] + (j - k)
        cur[:, self.hi[i] - low :] = INF
        return cur

    def final(self, row: np.ndarray) -> np.ndarray:
        """The edit distances (reference position m of row n) of a block of last rows."""
        return row[:, self.m - self.lo[self.n]]

    def value(self, rows: list[np.ndarray], i: int, j: int) -> int:
        k = j - self.lo[i]
        return int(rows[i][0, k]) if 0 <= k < self.width else INF

    def alignment(self, rows: list[np.ndarray], hyp: np.ndarray) -> Alignment:
        """sacreBLEU's ``trace_to_alignment`` of the flipped trace of one hypothesis's rows:
        (reference position -> hypothesis position, cumulative reference errors, cumulative
        hypothesis errors; both with a leading 0, for sums over ranges)."""
        ops: list[str] = []
        i, j = self.n, self.m
        while i > 0 or j > 0:
            here = self.value(rows, i, j)
            if i == 0:
                op = "d"  # row 0: insertions of reference words, flipped
            elif j == 0:
                op = "i"
            elif self.value(rows, i - 1, j - 1) + int(hyp[i - 1] != self.padded[j]) == here:
                op = " " if hyp[i - 1] == self.padded[j] else "s"
            else:
                op = "i" if self.value(rows, i - 1, j) + 1 == here else "d"
            ops.append(op)
            i, j = i - (op != "d"), j - (op != "i")
        align: dict[int, int] = {}
        ref_err, hyp_err = [0], [0]
        pos_hyp = pos_ref = -1
        for op in reversed(ops):
            if op != "d":
                pos_hyp += 1
                hyp_err.append(hyp_err[-1] + (op != " "))
            if op != "i":
                pos_ref += 1
                align[pos_ref] = pos_hyp
                ref_err.append(ref_err[-1] + (op != " "))
        return align, np.array(ref_err), np.array(hyp_err)


def _candidates(
    hyp: np.ndarray, ref: np.ndarray, alignment: Alignment, checked: int
) -> tuple[list[Shift], int]:
    """sacreBLEU's ``_shift`` candidates (start, length, target) in its order, and the running
    count of checked candidates (it stops after the pair that reaches the limit)."""
    align, ref_err, hyp_err = alignment
    found: list[Shift] = []
    for start_h, start_r, length in _shifted_pairs(hyp, ref):
        if hyp_err[start_h + length] == hyp_err[start_h]:
            continue  # the hypothesis words are all right where they are
        if ref_err[start_r + length] == ref_err[start_r]:
            continue  # so are the reference words
        if start_h <= align[start_r] < start_h + length:
            continue
        previous = -1
        for offset in range(-1, length):
            if start_r + offset == -1:
                target = 0
            elif start_r + offset in align:
                target = align[start_r + offset] + 1
            else:
                break
            if target == previous:
                continue
            previous = target
            found.append((start_h, length, target))
            checked += 1
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    return found, checked


def _shifted_pairs(hyp: np.ndarray, ref: np.ndarray) -> Any:
    """sacreBLEU's ``_find_shifted_pairs``: (start_h, start_r, length) of equal word runs of
    length 1 .. 10, start_r within 50 of start_h, in its order (only equal first words yield)."""
    where: dict[int, list[int]] = {}
    for position, word in enumerate(ref.tolist()):
        where.setdefault(word, []).append(position)
    h, r = hyp.tolist(), ref.tolist()
    n, m = len(h), len(r)
    for start_h in range(n):
        for start_r in where.get(h[start_h], ()):
            if abs(start_r - start_h) > MAX_SHIFT_DIST:
                continue
            length = 0
            while length < MAX_SHIFT_SIZE and h[start_h + length] == r[start_r + length]:
                length += 1
                yield start_h, start_r, length
                if start_h + length == n or start_r + length == m:
                    break


def _perform_shift(words: np.ndarray, start: int, length: int, target: int) -> np.ndarray:
    """sacreBLEU's ``_perform_shift``: move words[start:start + length] before index target."""
    block = words[start : start + length]
    if target < start:
        return np.concatenate([words[:target], block, words[target:start], words[start + length :]])
    if target > start + length:
        return np.concatenate(
            [words[:start], words[start + length : target], block, words[target:]]
        )
    return np.concatenate(
        [words[:start], words[start + length : length + target], block, words[length + target :]]
    )
