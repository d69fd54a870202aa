"""Order-free measures of how much of one system's outputs is another translation's text: what the
copy rules of ``copy_rules`` decide on (pure functions over texts; no order, no alignment).

Texts are folded first (NFKC, case folded; punctuation, spaces and letter case carry nothing), then
cut into *units*: words, or single characters for text written mostly without spaces (Chinese,
Japanese). For an output file C and another translation S of the same pair, over the paragraphs
both translate:

* **file containment** ``file_words`` / ``file_pairs``: the share of C's units (adjacent unit
  pairs) that S's whole file also has, counted as multisets (clipped): no order of sentences or
  paragraphs changes it, so rotated, reversed, shuffled and re-paragraphed copies keep it;
* **sentence copies** ``copied``: the share of C's units in sentences whose best match among the
  sentences of S in the same and the neighbouring paragraphs keeps ``SENTENCE_COPY`` or more of
  their unit pairs (the sentence's pairs that the matching sentence has): a mix of copied
  sentences with other text, in any order, is as copied as its copied part;
* **sentences out of order** ``displaced``: against one translation S, the share of C's units in
  sentences copied (as above) from a sentence of S in the *same* paragraph but not in S's order:
  the copied sentences outside the heaviest run of them (by units) whose positions in S increase.
  A translation keeps the order of its source, so another translation's sentences in another
  order (rotated, reversed, shuffled, then words changed) are a rewrite, however many words
  changed in the sentences that stay copies;
* the same over several translations at once (``Features.merged``): a mix of the reference and a
  system is measured against both (``displaced`` is 0 there: order is a relation to one text).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

_WORD = re.compile(r"\w+")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
# a sentence ends at . ! ? … (and their full-width forms) with what closes a quotation after it
_SENTENCE = re.compile(r"(?<=[.!?…。！？])[\"'”’»」』)）\]]*\s*")
SENTENCE_COPY = 0.8
RUN = 4  # BLEU's longest n-gram: what a copy keeps in order and a translation rarely shares
MIN_SENTENCE_UNITS = 4  # shorter sentences ("Yes." "Thank you.") say nothing of a copy


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def is_wide(folded: str) -> bool:
    """Mostly Han/kana: cut into characters, not words."""
    return len(_WIDE.findall(folded)) * 3 > len(folded)


def units(text: str, wide: bool | None = None) -> list[str]:
    """Words (letters and digits), or the letters and digits one by one for wide text."""
    folded = fold(text)
    if is_wide(folded) if wide is None else wide:
        return [c for c in folded if c.isalnum()]
    return _WORD.findall(folded)


def sentences(text: str) -> list[str]:
    """The text cut after each sentence end (a piece without letters joins the one before)."""
    out: list[str] = []
    for piece in _SENTENCE.split(text.strip()):
        if out and not any(c.isalnum() for c in piece):
            out[-1] += piece
        elif piece:
            out.append(piece)
    return out


def pairs(seq: Sequence[str]) -> Counter[tuple[str, str]]:
    return Counter(zip(seq, seq[1:]))


@dataclass(frozen=True)
class Sentence:
    size: int  # units
    grams: frozenset[tuple[str, str]]  # its distinct unit pairs


@dataclass(frozen=True)
class Paragraph:
    sentences: tuple[Sentence, ...]
    words: Counter[str]
    grams: Counter[tuple[str, str]]
    runs: Counter[tuple[str, ...]]  # RUN units in a row


@dataclass(frozen=True)
class Features:
    """One file's outputs as the measures see them: per paragraph its sentences and bags."""

    paragraphs: dict[str, Paragraph]

    @staticmethod
    def of(texts: Mapping[str, str]) -> "Features":
        wide = is_wide(fold(" ".join(texts.values())))
        paragraphs = {}
        for pid, text in texts.items():
            found: list[Sentence] = []
            words, grams = Counter[str](), Counter[tuple[str, str]]()
            runs = Counter[tuple[str, ...]]()
            for sentence in sentences(text):
                seq = units(sentence, wide)
                if seq:
                    mine = pairs(seq)
                    found.append(Sentence(len(seq), frozenset(mine)))
                    words.update(seq)
                    grams.update(mine)
                    runs.update(zip(*(seq[i:] for i in range(RUN))))
            paragraphs[pid] = Paragraph(tuple(found), words, grams, runs)
        return Features(paragraphs)

    def bags(self, ids: set[str]) -> tuple[Counter, Counter, Counter]:
        """The units, unit pairs and runs of the paragraphs ``ids``."""
        words: Counter[str] = Counter()
        grams: Counter[tuple[str, str]] = Counter()
        runs: Counter[tuple[str, ...]] = Counter()
        for pid in ids:
            words.update(self.paragraphs[pid].words)
            grams.update(self.paragraphs[pid].grams)
            runs.update(self.paragraphs[pid].runs)
        return words, grams, runs


def containment(mine: Counter, theirs: Counter) -> float:
    """The share of ``mine`` (a multiset) that ``theirs`` also has."""
    total = sum(mine.values())
    return sum((mine & theirs).values()) / total if total else 0.0


@dataclass(frozen=True)
class Measures:
    words: float
    pairs: float
    runs: float  # containment of RUN units in a row
    recall: float  # the other way round: the share of their units that mine have
    copied: float  # share of units in copied sentences
    displaced: float  # share of units in sentences copied from the same paragraph, out of order
    first: str  # the first paragraph with a copied sentence ('' when none)


def measure(mine: Features, theirs: Sequence[Features], order: Sequence[Sequence[str]]) -> Measures:
    """Measures of ``mine`` against the translations ``theirs`` together (one or several): the
    file bags are their union (the most of each unit any of them has)."""
    shared = set(mine.paragraphs) & set().union(*(set(t.paragraphs) for t in theirs))
    my_words, my_grams, my_runs = mine.bags(shared)
    words: Counter[str] = Counter()
    grams: Counter[tuple[str, str]] = Counter()
    runs: Counter[tuple[str, ...]] = Counter()
    for other in theirs:
        their_words, their_grams, their_runs = other.bags(shared & set(other.paragraphs))
        words |= their_words
        grams |= their_grams
        runs |= their_runs
    copied = total = displaced = 0
    first = ""
    if len(theirs) == 1:
        displaced = sum(
            _displaced(mine.paragraphs[pid].sentences, theirs[0].paragraphs[pid].sentences)
            for pid in shared
        )
    for pid, near in _neighbourhoods(order, shared):
        candidates = [
            s
            for other in theirs
            for p in near
            if p in other.paragraphs
            for s in other.paragraphs[p].sentences
        ]
        for sentence in mine.paragraphs[pid].sentences:
            total += sentence.size
            if sentence.size >= MIN_SENTENCE_UNITS and _copied(sentence, candidates):
                copied += sentence.size
                first = first or pid
    return Measures(
        containment(my_words, words),
        containment(my_grams, grams),
        containment(my_runs, runs),
        containment(words, my_words),
        copied / total if total else 0.0,
        displaced / total if total else 0.0,
        first,
    )


def _displaced(mine: Sequence[Sentence], theirs: Sequence[Sentence]) -> int:
    """The units of ``mine``'s sentences copied from one of ``theirs`` (one paragraph each) that
    lie outside the heaviest subsequence of them whose matched positions strictly increase."""
    matched: list[tuple[int, int]] = []  # (position in theirs, units)
    for sentence in mine:
        if sentence.size < MIN_SENTENCE_UNITS:
            continue
        overlap, position = max(
            ((len(sentence.grams & o.grams), -j) for j, o in enumerate(theirs)), default=(0, 0)
        )
        if overlap and overlap >= SENTENCE_COPY * len(sentence.grams):
            matched.append((-position, sentence.size))
    best: list[int] = []  # best[i]: heaviest increasing run ending at matched[i]
    for i, (position, size) in enumerate(matched):
        before = [best[j] for j in range(i) if matched[j][0] < position]
        best.append(size + max(before, default=0))
    return sum(size for _, size in matched) - max(best, default=0)


def _copied(sentence: Sentence, candidates: list[Sentence]) -> bool:
    """Whether a candidate has ``SENTENCE_COPY`` or more of the sentence's distinct pairs."""
    need = SENTENCE_COPY * len(sentence.grams)
    return any(len(sentence.grams & other.grams) >= need for other in candidates)


def _neighbourhoods(
    order: Sequence[Sequence[str]], shared: set[str]
) -> list[tuple[str, list[str]]]:
    """(paragraph, it and its neighbours in reading order) for each shared paragraph."""
    out = []
    placed: set[str] = set()
    for ids in order:
        for i, pid in enumerate(ids):
            if pid in shared:
                out.append((pid, [ids[j] for j in (i - 1, i, i + 1) if 0 <= j < len(ids)]))
                placed.add(pid)
    out += [(pid, [pid]) for pid in sorted(shared - placed)]
    return out
