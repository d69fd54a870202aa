"""A synthetic WMT-style expert MQM TSV for scale benchmarks (deterministic for a seed).

Shape: ``--segments`` source segments in documents of 20, each translated by 15 systems
(one human reference ``refA`` and 14 MT systems) and judged by 3 raters. Segments are about
30 words (normal around 30, sd 6, 8–60); a (translation, rater) item has 1–3 error spans
with probability ``--error-rate`` (0.2), else one ``No-error`` row. Raters share most of
a translation's "true" errors (each kept with probability 0.7, edges jittered by a word), so
agreement is realistic rather than perfect or random.

Usage: python bench/make_synthetic.py --segments 1000 --out /tmp/mqm_synthetic_ende.tsv
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

HEADER = ["system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity"]
SYSTEMS = ["refA", *(f"system{i:02d}" for i in range(1, 15))]
RATERS = ["rater1", "rater2", "rater3"]
CATEGORIES = ["Accuracy/Mistranslation", "Accuracy/Omission", "Accuracy/Addition", "Fluency/Grammar",
              "Fluency/Punctuation", "Fluency/Spelling", "Style/Awkward",
              "Terminology/Inappropriate for context"]
SEVERITIES = ["Minor", "Minor", "Minor", "Major"]
SYLLABLES = ["ka", "lo", "mer", "in", "st", "ra", "ben", "u", "tor", "el", "sch", "we", "an", "ge",
             "ich", "de", "nu", "fa", "ru", "ten", "o", "zi", "ha", "ver", "li"]
DOC_SIZE = 20


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """Pseudo-words of 1–4 syllables (mean length about 5 characters, like English/German)."""
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.choice([1, 2, 2, 2, 3, 3, 4]))))
    return sorted(words)


def sentence(rng: random.Random, words: list[str]) -> list[str]:
    n = max(8, min(60, round(rng.gauss(30, 6))))
    return [rng.choice(words) for _ in range(n)]


def translate(rng: random.Random, source: list[str], words: list[str], quality: float) -> list[str]:
    """A system's target: the 'ideal' target with a share of words replaced."""
    return [w if rng.random() < quality else rng.choice(words) for w in source]


def tagged(tokens: list[str], first: int, last: int) -> str:
    """Target text with <v>…</v> around tokens[first:last+1]."""
    out = tokens[:first] + ["<v>" + " ".join(tokens[first:last + 1]) + "</v>"] + tokens[last + 1:]
    return " ".join(out) + "."


def true_errors(rng: random.Random, n_tokens: int) -> list[tuple[int, int, str, str]]:
    errors = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        first = rng.randrange(n_tokens)
        last = min(n_tokens - 1, first + rng.choice([0, 0, 1, 2, 4]))
        errors.append((first, last, rng.choice(CATEGORIES), rng.choice(SEVERITIES)))
    return errors


def rows(segments: int, seed: int, error_rate: float) -> list[list[str]]:
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
            plain = " ".join(target) + "."
            errors = true_errors(rng, len(target)) if rng.random() < error_rate / 0.75 else []
            for rater in RATERS:
                mine = [e for e in errors if rng.random() < 0.7]
                base = [system, doc, str(position), str(seg + 1), rater, " ".join(source) + "."]
                if not mine:
                    out.append([*base, plain, "No-error", "No-error"])
                for first, last, category, severity in mine:
                    jitter = rng.choice([-1, 0, 0, 0, 1])
                    last = max(first, min(len(target) - 1, last + jitter))
                    out.append([*base, tagged(target, first, last), category, severity])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--error-rate", type=float, default=0.2,
                        help="share of (translation, rater) items with 1-3 error spans")
    parser.add_argument("--out", type=Path, required=True,
                        help="TSV path; its name must carry the pair, e.g. mqm_synthetic_ende.tsv")
    args = parser.parse_args()
    lines = ["\t".join(HEADER), *("\t".join(r) for r in rows(args.segments, args.seed, args.error_rate))]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
