"""Measure the copy and alignment rules of ``litboard.tracks.contribution`` on every track.

For every ordered pair of released systems of every pair (C, S): the similarity of C to S
(``litboard.tracks.copies``) and the share of C's paragraphs keeping ``IN_PLACE`` of S's words in
place, split by whether S is a human reference; for every system S and
k in 1, 2, 3, 5, 10: a planted near-copy of S with k words (characters for Chinese and
Japanese) changed per paragraph — at most half of a paragraph's words, a text with all words
changed being no copy — and its similarity to S. Prints the real maxima and planted
minima; the thresholds are chosen between them. Run:
``PYTHONPATH=generator python bench/measure_copies.py --mirror ../shared/data``.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import random
from pathlib import Path

from litboard.importers.pinned import prepare
from litboard.load import load
from litboard.tracks.copies import in_place_share, similarity, tokens, units
from litboard.tracks.copy_check import IN_PLACE
from litboard.load.track_decl import TRACKS
from litboard.tracks.roots import roots

KS = (1, 2, 3, 5, 10)


def parts(text: str) -> list[str]:
    """Words, or characters for text without spaces (Chinese, Japanese)."""
    return text.split() if len(text.split()) >= len(text) / 12 else list(text)


def plant(text: str, k: int, rng: random.Random, pool: list[str]) -> str:
    """``text`` with k words (characters, for text without spaces) replaced by words of ``pool``."""
    words = parts(text)
    for i in rng.sample(range(len(words)), min(k, len(words) // 2)):
        words[i] = rng.choice(pool)
    return (" " if len(words) < len(text) / 2 else "").join(words)


def _share(mine: dict, theirs: dict) -> float:
    kept, shared = in_place_share(mine, theirs, IN_PLACE)
    return len(kept) / shared if shared else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/litboard-release-cache"))
    args = parser.parse_args()
    repo = Path(__file__).resolve().parents[1]
    imported = prepare(repo / "releases.yaml", args.cache, args.mirror)
    found: dict[tuple[str, str, object], list[tuple]] = collections.defaultdict(list)
    for track in TRACKS:
        corpus = load(roots(track, repo, imported))
        systems, tr = corpus.tables["systems"], corpus.tables["translations"]
        human = set(systems[systems["kind"] == "human"]["system"])
        tr = tr[tr["text"].notna() & (tr["text"].str.len() >= 30)]
        for pair, group in tr.groupby("pair"):
            texts = {s: dict(zip(g["paragraph"], g["text"])) for s, g in group.groupby("system")}
            toks = {s: {p: tokens(t) for p, t in d.items()} for s, d in texts.items()}
            place = {s: {p: units(t) for p, t in d.items()} for s, d in texts.items()}
            for mine, theirs in itertools.permutations(texts, 2):
                if mine in human and theirs in human:
                    continue
                sim = similarity(toks[mine], toks[theirs])
                kind = "reference" if theirs in human else "system"
                found[(track.id, kind, "real")].append((sim.corpus, pair, mine, theirs))
                kept = _share(place[mine], place[theirs])
                found[(track.id, kind, "real", "in place")].append((kept, pair, mine, theirs))
            for theirs in texts:
                kind = "reference" if theirs in human else "system"
                pool = [w for t in texts[theirs].values() for w in parts(t)]
                for k in KS:
                    rng = random.Random(f"{pair}/{theirs}/{k}")
                    planted = {p: plant(t, k, rng, pool) for p, t in texts[theirs].items()}
                    copy = {p: tokens(t) for p, t in planted.items()}
                    found[(track.id, kind, k)].append(
                        (similarity(copy, toks[theirs]).corpus, pair, theirs)
                    )
                    kept = _share({p: units(t) for p, t in planted.items()}, place[theirs])
                    found[(track.id, kind, k, "in place")].append((kept, pair, theirs))
    for key, rows in sorted(found.items(), key=str):
        best = max(rows) if key[2] == "real" else min(rows)
        print(*key, "max" if key[2] == "real" else "min", f"{best[0]:.3f}", *best[1:])


if __name__ == "__main__":
    main()
