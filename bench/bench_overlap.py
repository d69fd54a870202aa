"""Benchmark of the lexical-overlap matrix (issue 20) — figures for the issue, never a test.

Builds N paragraphs x 15 systems of synthetic ~30-word texts (``make_synthetic``'s pseudo-words
and sentence lengths, deterministic for ``--seed``): each paragraph has one base sentence that
every system perturbs (a share of words replaced, the odd comma, a final period), so systems
share most of their vocabulary as real translations of one source do. Each size runs in a
child process, which prints the wall time of ``lexical_overlap`` and its process's resident
memory before the call and at its peak (``ru_maxrss``). ``--old N`` also times the former
per-pair sacreBLEU loop (``sentence_score`` for every ordered system pair x paragraph).

Usage: python bench/bench_overlap.py --paragraphs 2000 --paragraphs 20000 --old 1000 [--target zh]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_synthetic import SYLLABLES, SYSTEMS, sentence, translate, vocabulary  # noqa: E402


def texts(paragraphs: int, seed: int, target: str = "de") -> pd.DataFrame:
    """en-de texts; for ``target`` zh each pseudo-word is written as 1-3 Chinese characters,
    with Chinese punctuation and no spaces (about 70 characters a text)."""
    rng = random.Random(seed)
    words = vocabulary(rng, 3000)
    chinese = {
        w: "".join(chr(0x4E00 + rng.randrange(3000)) for _ in range(1 + len(w) // 4)) for w in words
    }
    quality = {s: 0.9 if s == "refA" else 0.55 + 0.03 * i for i, s in enumerate(SYSTEMS)}
    rows = []
    for paragraph in range(paragraphs):
        base = sentence(rng, words)
        for system in SYSTEMS:
            out = translate(rng, base, words, quality[system])
            comma = rng.randrange(len(out)) if rng.random() < 0.5 else -1
            if target == "zh":
                text = (
                    "".join(chinese[w] + ("，" if i == comma else "") for i, w in enumerate(out))
                    + "。"
                )
            else:
                text = " ".join(w + ("," if i == comma else "") for i, w in enumerate(out)) + "."
            rows.append((system, f"en-{target}", f"p{paragraph:06d}", text))
    return pd.DataFrame(rows, columns=["system", "pair", "paragraph", "text"])


def old_lexical_overlap(frame: pd.DataFrame, pair: str) -> pd.DataFrame:
    """The former implementation: one sacreBLEU sentence_score per ordered pair x paragraph."""
    from litboard.scoring import sacrebleu_metrics as sm

    rows = frame[(frame["pair"] == pair) & frame["text"].notna()]
    wide = rows.pivot_table(index="paragraph", columns="system", values="text", aggfunc="first")
    bleu = sm.BLEU(sm.target_lang(pair))._sentence
    systems = sorted(wide.columns)
    table = pd.DataFrame(
        index=pd.Index(systems, name="hypothesis"),
        columns=pd.Index(systems, name="reference"),
        dtype=float,
    )
    for hyp in systems:
        for ref in systems:
            if hyp != ref:
                both = wide[[hyp, ref]].dropna()
                scores = [bleu.sentence_score(h, [r]).score for h, r in zip(both[hyp], both[ref])]
                table.loc[hyp, ref] = sum(scores) / len(scores) if scores else float("nan")
    return table


def one(paragraphs: int, seed: int, old: bool, target: str) -> dict[str, object]:
    from litboard.scoring import sacrebleu_metrics as sm

    frame = texts(paragraphs, seed, target)
    sm.BLEU(target)  # import sacreBLEU and scipy before the clock starts
    import scipy.sparse  # noqa: F401

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    table = (old_lexical_overlap if old else sm.lexical_overlap)(frame, f"en-{target}")
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "implementation": "old sacreBLEU loop" if old else "lexical_overlap",
        "pair": f"en-{target}",
        "paragraphs": paragraphs,
        "texts": len(frame),
        "seconds": round(seconds, 2),
        "rss_before_mb": round(before),
        "peak_rss_mb": round(peak),
        "mean_overlap": round(float(sm.mean_overlap(table).mean()), 6),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--paragraphs", type=int, action="append", help="size(s) to time (default 2000)"
    )
    parser.add_argument(
        "--old", type=int, action="append", default=[], help="size(s) to time the old loop at"
    )
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument(
        "--target", choices=["de", "zh"], default="de", help="target language (tokenizer)"
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--old-one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one, args.seed, args.old_one, args.target)))
        return
    runs = [(n, False) for n in args.paragraphs or [2000]] + [(n, True) for n in args.old]
    for n, old in runs:
        command = [
            sys.executable,
            __file__,
            "--one",
            str(n),
            "--seed",
            str(args.seed),
            "--target",
            args.target,
        ]
        command += ["--old-one"] if old else []
        result = json.loads(
            subprocess.run(command, check=True, capture_output=True, text=True).stdout
        )
        print("  ".join(f"{k}={v}" for k, v in result.items()), flush=True)


if __name__ == "__main__":
    main()
