"""A red-team generator (issue 55, goal 2): cheap rewrites of a reference or of a system that a
dishonest contributor could submit as a new system. Each family turns an original's outputs
(paragraph id -> text) into a copy, given another translation of the pair to mix in and a seeded
random generator; parameters (shares, numbers of words) are drawn from each family's range by that
generator, so one seed gives one copy per family and original.

Families: sentences rotated, reversed or shuffled within each paragraph; sentences of the original
mixed with another system's at 30-90 %; whole paragraphs mixed likewise; a word put before every
sentence plus 1-3 words replaced in each; 1-10 words replaced per paragraph; synonyms from a small
dictionary; case, punctuation and spacing changed; sentences split at commas and merged in pairs;
pairs of these; and what an adversary tried after those passed: sentences moved across paragraph
boundaries, words shuffled inside each sentence, a word put after every second word (which kept
every word of a reference in order and beat the best real system's chrF on 18 of 26 references
before the rules compared words both ways), and a system's paragraph appended to each paragraph.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable

from litboard.load.rows import Row

Texts = dict[str, str]


def rows_of(system: str, pair: str, texts: Texts) -> list[Row]:
    """One output file's rows, as load reads a ``<pair>.jsonl`` (the copy checks take rows)."""
    return [
        Row(
            "translation",
            f"{system}/{pair}.jsonl",
            line,
            {"paragraph": pid, "text": text},
            {"system": system, "pair": pair},
        )
        for line, (pid, text) in enumerate(texts.items(), 1)
    ]
_END = re.compile(r"(?<=[.!?…。！？])[\"'”’»」』)）]*\s*")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")

SYNONYMS = {
    # en, pl, nl, ca: whole words; ja, zh: character strings
    "said": "told",
    "big": "large",
    "small": "little",
    "began": "started",
    "looked": "glanced",
    "very": "really",
    "house": "home",
    "man": "fellow",
    "thought": "believed",
    "answered": "replied",
    "but": "yet",
    "because": "since",
    "ale": "lecz",
    "bardzo": "niezwykle",
    "że": "iż",
    "teraz": "obecnie",
    "tylko": "jedynie",
    "powiedział": "rzekł",
    "maar": "doch",
    "zei": "sprak",
    "heel": "erg",
    "nu": "thans",
    "omdat": "aangezien",
    "ook": "eveneens",
    "però": "tanmateix",
    "molt": "força",
    "ara": "adés",
    "perquè": "car",
    "també": "així mateix",
}
WIDE_SYNONYMS = {
    "私": "僕",
    "彼": "あの人",
    "言った": "述べた",
    "とても": "非常に",
    "しかし": "だが",
    "我": "吾",
    "他": "其",
    "说": "讲",
    "非常": "十分",
    "但是": "可是",
    "现在": "如今",
}


def wide(text: str) -> bool:
    return len(_WIDE.findall(text)) * 3 > len(text)


def split(text: str) -> list[str]:
    return [s for s in _END.split(text.strip()) if s]


def join(parts: list[str], like: str) -> str:
    return ("" if wide(like) else " ").join(parts)


def _words(text: str) -> list[str]:
    return list(text) if wide(text) else text.split()


def _unwords(parts: list[str], like: str) -> str:
    return ("" if wide(like) else " ").join(parts)


def _per_sentence(texts: Texts, change: Callable[[list[str]], list[str]]) -> Texts:
    return {p: join(change(split(t)), t) for p, t in texts.items()}


def rotate(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    return _per_sentence(texts, lambda s: s[1:] + s[:1])


def reverse(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    return _per_sentence(texts, lambda s: s[::-1])


def shuffle(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    return _per_sentence(texts, lambda s: rng.sample(s, len(s)))


def mix_sentences(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """A share 0.3-0.9 of the original's sentences; the others the other's, at the same place."""
    keep = rng.choice((0.3, 0.5, 0.7, 0.9))
    out = {}
    for pid, text in texts.items():
        mine, theirs = split(text), split(other.get(pid, text))
        mixed = [
            s if rng.random() < keep else theirs[min(len(theirs) - 1, i * len(theirs) // len(mine))]
            for i, s in enumerate(mine)
        ]
        out[pid] = join(mixed, text)
    return out


def mix_paragraphs(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    keep = rng.choice((0.3, 0.5, 0.7, 0.9))
    return {p: t if rng.random() < keep else other.get(p, t) for p, t in texts.items()}


def _replace(text: str, k: int, rng: random.Random, pool: list[str]) -> str:
    parts = _words(text)
    for i in rng.sample(range(len(parts)), min(k, len(parts) // 2)):
        parts[i] = rng.choice(pool)
    return _unwords(parts, text)


def _pool(texts: Texts) -> list[str]:
    return [w for t in texts.values() for w in _words(t)]


def replace_words(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """k = 1-10 words (characters for ja/zh) replaced per paragraph, at most half of it."""
    k, pool = rng.choice((1, 2, 3, 5, 10)), _pool(other)
    return {p: _replace(t, k, rng, pool) for p, t in texts.items()}


def insert_replace(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """A word before every sentence (it shifts every position), k = 1-3 words replaced in each."""
    k, pool = rng.choice((1, 2, 3)), _pool(other)

    def change(sentences: list[str]) -> list[str]:
        return [
            _unwords([rng.choice(pool)], s) + ("" if wide(s) else " ") + _replace(s, k, rng, pool)
            for s in sentences
        ]

    return _per_sentence(texts, change)


def synonyms(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    out = {}
    for pid, text in texts.items():
        if wide(text):
            for a, b in WIDE_SYNONYMS.items():
                text = text.replace(a, b)
        else:
            text = re.sub(r"\w+", lambda m: SYNONYMS.get(m.group(0), m.group(0)), text)
        out[pid] = text
    return out


def case_punctuation(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """Each sentence lower-cased, upper-cased, stripped of punctuation or spaced out."""

    def change(sentence: str) -> str:
        how = rng.randrange(4)
        if how == 0:
            return sentence.lower()
        if how == 1:
            return sentence.upper()
        if how == 2:
            return re.sub(r"[^\w\s]", "", sentence) + "."
        return re.sub(r"\s+", "  ", sentence).replace(",", " ,")

    return _per_sentence(texts, lambda s: [change(x) for x in s])


def split_merge(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """Sentences merged in pairs, then cut at their commas."""

    def change(sentences: list[str]) -> list[str]:
        merged = [" ".join(sentences[i : i + 2]) for i in range(0, len(sentences), 2)]
        return [
            re.sub(r"[,，、]\s*", lambda m: "。" if m.group(0)[0] in "，、" else ". ", s)
            for s in merged
        ]

    return _per_sentence(texts, change)


def across_paragraphs(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """Every sentence moved one place on in the whole file: paragraphs start and end elsewhere."""
    ids = list(texts)
    stream = [(p, s) for p in ids for s in split(texts[p])]
    counts = [len(split(texts[p])) for p in ids]
    moved = [s for _, s in stream[1:] + stream[:1]]
    out, at = {}, 0
    for pid, n in zip(ids, counts):
        out[pid] = join(moved[at : at + n], texts[pid])
        at += n
    return out


def shuffle_words(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    def change(sentences: list[str]) -> list[str]:
        return [_unwords(rng.sample(_words(s), len(_words(s))), s) for s in sentences]

    return _per_sentence(texts, change)


def both(first: Callable, second: Callable) -> Callable[[Texts, Texts, random.Random], Texts]:
    def make(texts: Texts, other: Texts, rng: random.Random) -> Texts:
        return second(first(texts, other, rng), other, rng)

    return make


def mostly_reversed(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """80 % of the paragraphs sentence-reversed, 20 % the other's (issue 55's example)."""
    flipped = reverse(texts, other, rng)
    return {p: t if rng.random() < 0.8 else other.get(p, t) for p, t in flipped.items()}


def interleave(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """A word of the other's put after every second word: each word of the original kept in order,
    a third of the words new (chrF still finds most of the original's characters)."""
    pool = _pool(other)

    def change(text: str) -> str:
        out = []
        for i, word in enumerate(_words(text)):
            out.append(word)
            if i % 2:
                out.append(rng.choice(pool))
        return _unwords(out, text)

    return {p: change(t) for p, t in texts.items()}


def padded(texts: Texts, other: Texts, rng: random.Random) -> Texts:
    """The original's paragraph followed by the other's: half of the text its own."""
    return {p: join([t, other.get(p, "")], t) for p, t in texts.items()}


@dataclass(frozen=True)
class Family:
    name: str
    make: Callable[[Texts, Texts, random.Random], Texts]


FAMILIES = (
    Family("rotate", rotate),
    Family("reverse", reverse),
    Family("shuffle", shuffle),
    Family("mix sentences 30-90 %", mix_sentences),
    Family("mix paragraphs 30-90 %", mix_paragraphs),
    Family("insert + replace 1-3", insert_replace),
    Family("replace 1-10", replace_words),
    Family("synonyms", synonyms),
    Family("case, punctuation, spaces", case_punctuation),
    Family("split + merge", split_merge),
    Family("reverse + replace", both(reverse, replace_words)),
    Family("shuffle + mix sentences", both(shuffle, mix_sentences)),
    Family("80 % reversed + 20 % a system", mostly_reversed),
    Family("rotate + case", both(rotate, case_punctuation)),
    Family("across paragraphs", across_paragraphs),
    Family("words shuffled", shuffle_words),
    Family("a word after every second", interleave),
    Family("padded with a system", padded),
)
