"""A second synthetic WMT-style MQM TSV, easier than ``make_synthetic.py``'s (same for a seed).

Issue 42: the 20k figures must hold on any data, not only on the bench's own (hard) set, so
``bench/bench_scale.py --mode easy`` builds this set beside the standard one, paired in one run.
Same shape (``--segments`` segments in documents of 20, 15 systems: ``refA`` and 14 MT systems,
every translation judged by 3 raters who share most errors), but fewer errors and shorter texts:

* texts: about 21 words (normal, sd 7, 5–60), about 150 characters (the standard set, measured:
  about 230);
* span density: an item (translation, rater) has an error with probability ``--error-rate``
  (0.31), then 1–3 spans (75 % one, 20 % two, 5 % three): about 0.4 errors per item
  (the standard set: 0.96);
* spans of 1–3 words, about 11 characters (the standard set: 1–25 words).

``bench/mqm_stats.py`` measures it; tests/test_bench_generators.py pins these statistics.

Usage: python bench/make_synthetic_easy.py --segments 1000 --out /tmp/easy/mqm_synthetic_ende.tsv
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_synthetic import (  # noqa: E402  (bench/ is a folder of scripts, not a package)
    CATEGORIES,
    DOC_SIZE,
    HEADER,
    RATERS,
    SEVERITIES,
    SYSTEMS,
    tagged,
    translate,
    vocabulary,
)

SPANS_PER_ITEM = [1] * 75 + [2] * 20 + [3] * 5  # of an item with an error: mean 1.3
EXTRA_WORDS = [0, 0, 0, 1, 1, 1, 2]  # a span's words beyond its first: mean 0.71 (11 characters)
ERROR_RATE = 0.31  # x 1.3 spans = 0.40 errors per item


def sentence(rng: random.Random, words: list[str]) -> list[str]:
    n = max(5, min(60, round(rng.gauss(21, 7))))
    return [rng.choice(words) for _ in range(n)]


def an_error(rng: random.Random, n_tokens: int) -> tuple[int, int, str, str]:
    first = rng.randrange(n_tokens)
    last = min(n_tokens - 1, first + rng.choice(EXTRA_WORDS))
    return first, last, rng.choice(CATEGORIES), rng.choice(SEVERITIES)


def item_rows(
    rng: random.Random,
    base: list[str],
    source: list[str],
    target: list[str],
    shared: list[tuple[int, int, str, str]],
    error_rate: float,
) -> list[list[str]]:
    """One rater's rows for one translation: ``No-error``, or 1–3 errors, most from ``shared``."""
    plain_source, plain_target = " ".join(source) + ".", " ".join(target) + "."
    if rng.random() >= error_rate:
        return [[*base, plain_source, plain_target, "No-error", "No-error"]]
    out = []
    for i in range(rng.choice(SPANS_PER_ITEM)):
        shared_error = rng.random() < 0.7
        first, last, category, severity = shared[i] if shared_error else an_error(rng, len(target))
        if category == "Accuracy/Omission" and first % 3 == 0:  # marked in the source
            first, last = min(first, len(source) - 1), min(last, len(source) - 1)
            out.append([*base, tagged(source, first, last), plain_target, category, severity])
        else:
            out.append([*base, plain_source, tagged(target, first, last), category, severity])
    return out


def rows(segments: int, seed: int, error_rate: float = ERROR_RATE) -> list[list[str]]:
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


def write(path: Path, segments: int, seed: int, error_rate: float = ERROR_RATE) -> None:
    lines = ["\t".join(HEADER), *("\t".join(r) for r in rows(segments, seed, error_rate))]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument(
        "--error-rate",
        type=float,
        default=ERROR_RATE,
        help="share of (translation, rater) items with 1-3 error spans",
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        help="TSV path; its name must carry the pair, e.g. mqm_synthetic_ende.tsv",
    )
    args = parser.parse_args()
    write(args.out, args.segments, args.seed, args.error_rate)


if __name__ == "__main__":
    main()
