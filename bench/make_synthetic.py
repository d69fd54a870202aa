"""A synthetic WMT-style expert MQM TSV for scale benchmarks (deterministic for a seed).

Shape: ``--segments`` source segments in documents of 20, each translated by 15 systems
(one human reference ``refA`` and 14 MT systems) and judged by 3 raters. It is made at least
as hard to build as real WMT MQM files (``bench/mqm_stats.py`` measures both; the bench prints
them side by side):

* texts: about 34 words (normal, sd 12, 8–100), about 200 characters, with umlauts and ß
  (multi-byte characters), against 140 characters in the WMT sample;
* span density: a (translation, rater) item has an error with probability ``--error-rate``
  (0.55; the sample: 0.48), then 1–5 spans like the sample (55 % one, 25 % two, 10 % three,
  7 % four, 3 % five): about one error per item (the sample: 0.85), 31 % ``No-error`` rows
  (the sample: 38 %); spans of 1–25 words; a third of the omissions marked in the source;
* rater overlap: every translation is judged by all 3 raters (the sample: one), who share
  most errors (each of a translation's "true" errors kept with probability 0.7, edges jittered
  by a word), so agreement is realistic rather than perfect or random.

Usage: python bench/make_synthetic.py --segments 1000 --out /tmp/mqm_synthetic_ende.tsv
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

HEADER = ["system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity"]
SYSTEMS = ["refA", *(f"system{i:02d}" for i in range(1, 15))]
RATERS = ["rater1", "rater2", "rater3"]
CATEGORIES = [
    "Accuracy/Mistranslation",
    "Accuracy/Mistranslation",
    "Accuracy/Omission",
    "Accuracy/Addition",
    "Fluency/Grammar",
    "Fluency/Punctuation",
    "Fluency/Spelling",
    "Style/Awkward",
    "Style/Awkward",
    "Terminology/Inappropriate for context",
]
SEVERITIES = ["Minor", "Major", "Major"]  # the sample: 70 % of its errors are Major
SYLLABLES = [
    "ka",
    "lo",
    "mer",
    "in",
    "st",
    "ra",
    "ben",
    "u",
    "tor",
    "el",
    "sch",
    "we",
    "an",
    "ge",
    "ich",
    "de",
    "nu",
    "fa",
    "ru",
    "ten",
    "o",
    "zi",
    "ha",
    "ver",
    "li",
    "ü",
    "ä",
    "ß",
    "ö",
]
SPANS_PER_ITEM = [1] * 55 + [2] * 25 + [3] * 10 + [4] * 7 + [5] * 3  # of an item with an error
DOC_SIZE = 20


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """Pseudo-words of 1–4 syllables (mean length about 5 characters, like English/German)."""
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.choice([1, 2, 2, 2, 3, 3, 4]))))
    return sorted(words)


def sentence(rng: random.Random, words: list[str]) -> list[str]:
    n = max(8, min(100, round(rng.gauss(34, 12))))
    return [rng.choice(words) for _ in range(n)]


def translate(rng: random.Random, source: list[str], words: list[str], quality: float) -> list[str]:
    """A system's target: the 'ideal' target with a share of words replaced."""
    return [w if rng.random() < quality else rng.choice(words) for w in source]


def tagged(tokens: list[str], first: int, last: int) -> str:
    """Text with <v>…</v> around tokens[first:last+1]."""
    out = (
        tokens[:first] + ["<v>" + " ".join(tokens[first : last + 1]) + "</v>"] + tokens[last + 1 :]
    )
    return " ".join(out) + "."


def an_error(rng: random.Random, n_tokens: int) -> tuple[int, int, str, str]:
    first = rng.randrange(n_tokens)
    last = min(n_tokens - 1, first + rng.choice([0, 0, 1, 1, 2, 3, 4, 8, 24]))
    return first, last, rng.choice(CATEGORIES), rng.choice(SEVERITIES)


def item_rows(
    rng: random.Random,
    base: list[str],
    source: list[str],
    target: list[str],
    shared: list[tuple[int, int, str, str]],
    error_rate: float,
) -> list[list[str]]:
    """One rater's rows for one translation: ``No-error``, or 1–5 errors, most from ``shared``."""
    if rng.random() >= error_rate:
        return [[*base, " ".join(source) + ".", " ".join(target) + ".", "No-error", "No-error"]]
    out = []
    for i in range(rng.choice(SPANS_PER_ITEM)):
        first, last, category, severity = (
            shared[i] if rng.random() < 0.7 else an_error(rng, len(target))
        )
        last = max(first, min(len(target) - 1, last + rng.choice([-1, 0, 0, 0, 1])))
        if category == "Accuracy/Omission" and first % 3 == 0:  # marked in the source
            first, last = min(first, len(source) - 1), min(last, len(source) - 1)
            out.append(
                [*base, tagged(source, first, last), " ".join(target) + ".", category, severity]
            )
        else:
            out.append(
                [*base, " ".join(source) + ".", tagged(target, first, last), category, severity]
            )
    return out


def rows(segments: int, seed: int, error_rate: float = 0.55) -> list[list[str]]:
    rng = random.Random(seed)
    words = vocabulary(rng, 3000)
    quality = {s: 1.0 if s == "refA" else 0.55 + 0.03 * i for i, s in enumerate(SYSTEMS)}
    out = []
    for seg in range(segments):
        doc, position = f"doc{seg // DOC_SIZE:05d}", seg % DOC_SIZE + 1
        source = sentence(rng, words)
        ideal = [rng.choice(words) if rng.random() < 0.5 else w for w in source]
        for system in SYSTEMS:
            target = translate(rng, ideal, words, quality[system])
            shared = [an_error(rng, len(target)) for _ in range(max(SPANS_PER_ITEM))]
            for rater in RATERS:
                base = [system, doc, str(position), str(seg + 1), rater]
                out += item_rows(rng, base, source, target, shared, error_rate)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument(
        "--error-rate",
        type=float,
        default=0.55,
        help="share of (translation, rater) items with 1-5 error spans",
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        help="TSV path; its name must carry the pair, e.g. mqm_synthetic_ende.tsv",
    )
    args = parser.parse_args()
    lines = [
        "\t".join(HEADER),
        *("\t".join(r) for r in rows(args.segments, args.seed, args.error_rate)),
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
