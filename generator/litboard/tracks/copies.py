"""How close one system's outputs are to another's, and whether they sit on the right paragraphs:
the measures behind the copy and alignment rules of ``contribution`` (pure functions over texts).

*Similarity* of outputs C to outputs S on the paragraphs both translate: the share of C's tokens
that an in-order match (difflib's longest matching blocks) finds in S's text of the same
paragraph — words and punctuation marks, single characters for Chinese and Japanese text —
summed over the paragraphs (``corpus``), and per paragraph. A copy with k words changed per
paragraph of n words keeps about 1 - k/n; two systems that translate on their own keep far less.

*In place*: the share of a paragraph's words (characters for Chinese and Japanese text, spaces
included) that sit at the same position in S's text of the paragraph — what a copy with words
changed in place keeps and two translations made on their own lose at their first difference in
length (``in_place``).

*Misalignment*: a paragraph of C is misplaced when its character trigrams match the reference
text of the paragraph before or after it better than the reference of its own paragraph.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

_TOKEN = re.compile(r"\w+|[^\w\s]")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def tokens(text: str) -> list[str]:
    """Words and punctuation marks of the NFKC, case-folded text; characters when mostly
    Han/kana."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    if len(_WIDE.findall(folded)) * 3 > len(folded):
        return [c for c in folded if not c.isspace()]
    return _TOKEN.findall(folded)


def matched(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How many of ``mine`` an in-order match finds in ``theirs``."""
    blocks = difflib.SequenceMatcher(None, mine, theirs, autojunk=False).get_matching_blocks()
    return sum(block.size for block in blocks)


@dataclass(frozen=True)
class Similarity:
    corpus: float  # matched tokens / tokens, over the shared paragraphs
    paragraphs: dict[str, float]  # paragraph -> matched share

    def close(self, limit: float) -> list[str]:
        return [p for p, share in self.paragraphs.items() if share >= limit]


def units(text: str) -> list[str]:
    """The positions ``in_place`` compares: the words between spaces (NFKC, case folded), or, for
    text written mostly without spaces (Chinese, Japanese), its characters as they stand — spaces
    and line breaks included, nothing normalised (NFKC turns one ellipsis into three dots): a
    character replaced by another keeps every position."""
    words = unicodedata.normalize("NFKC", text).casefold().split()
    chars = text.strip()
    return words if len(words) * 12 >= len(chars) else list(chars)


def in_place(mine: Sequence[str], theirs: Sequence[str]) -> float:
    """The share of positions (of the longer text) where ``mine`` and ``theirs`` agree."""
    longest = max(len(mine), len(theirs))
    return sum(a == b for a, b in zip(mine, theirs)) / longest if longest else 0.0


def in_place_share(
    mine: Mapping[str, Sequence[str]], theirs: Mapping[str, Sequence[str]], least: float
) -> tuple[list[str], int]:
    """The paragraphs of ``mine`` (``units``) that keep ``least`` or more of ``theirs`` in place,
    and the number of paragraphs both have."""
    shared = sorted(set(mine) & set(theirs))
    return [p for p in shared if in_place(mine[p], theirs[p]) >= least], len(shared)


def bag_matched(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """An upper bound of ``matched``, cheap: the tokens both have, in any order."""
    return sum((Counter(mine) & Counter(theirs)).values())


def similarity(
    mine: Mapping[str, Sequence[str]],
    theirs: Mapping[str, Sequence[str]],
    count: Callable[[Sequence[str], Sequence[str]], int] = matched,
) -> Similarity:
    """Similarity of the tokenised outputs ``mine`` to ``theirs`` (paragraph -> tokens);
    ``count=bag_matched`` gives an upper bound of it, to skip the exact match when far below a
    limit."""
    hits = total = 0
    shares = {}
    for pid in sorted(set(mine) & set(theirs)):
        found = count(mine[pid], theirs[pid])
        hits, total = hits + found, total + len(mine[pid])
        shares[pid] = found / len(mine[pid]) if mine[pid] else 0.0
    return Similarity(hits / total if total else 0.0, shares)


def _trigrams(text: str) -> set[str]:
    folded = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    return {folded[i : i + 3] for i in range(len(folded) - 2)}


def _overlap(mine: set[str], theirs: set[str]) -> float:
    return len(mine & theirs) / len(mine | theirs) if mine or theirs else 0.0


def misplaced(
    mine: Mapping[str, str], reference: Mapping[str, str], order: Sequence[Sequence[str]]
) -> list[str]:
    """Paragraphs of ``mine`` closer to a neighbour's reference than to their own.

    ``order``: the paragraph ids of each work, in reading order (neighbours are within a work)."""
    grams = {pid: _trigrams(text) for pid, text in reference.items()}
    out = []
    for ids in order:
        for i, pid in enumerate(ids):
            if pid not in mine or pid not in grams:
                continue
            own = _trigrams(mine[pid])
            here = _overlap(own, grams[pid])
            near = [ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids) and ids[j] in grams]
            if any(_overlap(own, grams[n]) > here for n in near):
                out.append(pid)
    return out
