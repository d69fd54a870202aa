"""Calibrate and report the order-free copy rules (``litboard.tracks.copy_rules``) on every track.

For every pair of every track: each released non-human system against every other translation
(the real maxima of each measure, by kind: reference or system); and each red-team family
(tests/tracks/redteam.py) applied to every translation, its copy measured against its original.
Prints, per family and kind of original, the measure that refuses most of its copies, the lowest
value a copy reaches on it, the limit, and the closest released system (its margin); then how many
copies no order-free rule refuses (the in-order rules of ``copy_check`` still see them). Run:
``PYTHONPATH=generator python bench/measure_rewrites.py --mirror ../shared/data``.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from litboard.importers.pinned import prepare  # noqa: E402
from litboard.load import load  # noqa: E402
from litboard.load.track_decl import TRACKS  # noqa: E402
from litboard.tracks import copy_rules  # noqa: E402
from litboard.tracks.copy_measures import Features, measure  # noqa: E402
from litboard.tracks.roots import roots  # noqa: E402
from tests.tracks.redteam import FAMILIES  # noqa: E402

MEASURES = ("words", "recall", "pairs", "runs", "copied", "displaced")


def limit(track: str, human: bool, name: str) -> float:
    limits = (
        copy_rules.REFERENCES.get(track, copy_rules.REFERENCE)
        if human
        else copy_rules.SYSTEM.get(track, copy_rules.SYSTEM_DEFAULT)
    )
    return getattr(limits, "words" if name == "recall" else name)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/litboard-release-cache"))
    args = parser.parse_args()
    imported = prepare(REPO / "releases.yaml", args.cache, args.mirror)
    real: dict[tuple[str, str, str], float] = collections.defaultdict(float)
    decided: dict[tuple[str, str], collections.Counter] = collections.defaultdict(
        collections.Counter
    )
    lowest: dict[tuple[str, str, str], tuple[float, float, float]] = {}
    free = collections.Counter()
    started = time.process_time()
    for track in TRACKS:
        found = roots(track, REPO, imported)
        corpus = load([r for r in found if r == REPO or r != track.root(REPO)])
        systems, paragraphs = corpus.tables["systems"], corpus.tables["paragraphs"]
        humans = set(systems[systems["kind"] == "human"]["system"])
        order = [list(g.sort_values("index")["paragraph"]) for _, g in paragraphs.groupby("work")]
        tr = corpus.tables["translations"]
        for pair, group in tr[tr["text"].notna()].groupby("pair"):
            texts = {
                s: copy_rules._texts_of(dict(zip(g["paragraph"], g["text"])))
                for s, g in group.groupby("system")
            }
            features = {s: Features.of(t) for s, t in texts.items()}
            for mine in texts:
                for theirs in texts:
                    if mine in humans or mine == theirs:
                        continue
                    kind = "reference" if theirs in humans else "system"
                    got = measure(features[mine], [features[theirs]], order)
                    for name in MEASURES:
                        key = (track.id, kind, name)
                        real[key] = max(real[key], getattr(got, name))
            for original in sorted(texts):
                human = original in humans
                kind = "reference" if human else "system"
                machine = [s for s in sorted(texts) if s != original and s not in humans]
                for family in FAMILIES:
                    rng = random.Random(f"{track.id}/{pair}/{original}/{family.name}")
                    other = rng.choice(machine or [s for s in texts if s != original])
                    copy = family.make(texts[original], texts[other], rng)
                    got = measure(
                        Features.of(copy_rules._texts_of(copy)), [features[original]], order
                    )
                    broken = [n for n in MEASURES if getattr(got, n) >= limit(track.id, human, n)]
                    if not broken:
                        free[family.name, kind] += 1
                        continue
                    decided[family.name, kind][broken[0]] += 1
                    key = (family.name, kind, broken[0])
                    value = getattr(got, broken[0])
                    here = (
                        value,
                        limit(track.id, human, broken[0]),
                        real[track.id, kind, broken[0]],
                    )
                    lowest[key] = min(lowest.get(key, here), here)
    print(f"CPU {time.process_time() - started:.1f} s")
    print("family | original | deciding measure | lowest copy | limit | closest released")
    for (family, kind), counts in sorted(decided.items()):
        name = counts.most_common(1)[0][0]
        value, bound, closest = lowest[family, kind, name]
        print(f"{family} | {kind} | {name} | {value:.3f} | {bound:.2f} | {closest:.3f}")
    print("copies no order-free rule refuses:", dict(free))


if __name__ == "__main__":
    main()
