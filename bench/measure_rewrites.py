"""Calibrate and report the order-free copy rules (``litboard.tracks.copy_rules``) on every track.

For every pair of every track: each released non-human system against every other translation
(the real maxima of each measure, by kind: reference or system); and each red-team family
(tests/tracks/redteam.py) applied to every translation, its copy measured against its original.
Prints, per family and kind of original, the measure that refuses most of its copies, the lowest
value a copy reaches on it, the limit, and the closest released system (its margin); then how many
copies no order-free rule refuses (the in-order rules of ``copy_check`` still see them). Run:
``PYTHONPATH=generator python bench/measure_rewrites.py --mirror ../shared/data``.

``--track ID`` measures one track only; ``--per-pair`` then prints, per pair, the released
systems' maxima against the reference and against each other, and each family's copy at its
largest excess over those maxima (the room a limit has there: a pair can have sound limits only
when every copy of the reference exceeds the released maxima on some measure).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from litboard.importers.pinned import prepare  # noqa: E402
from litboard.load import load  # noqa: E402
from litboard.load.track_decl import TRACKS  # noqa: E402
from litboard.tracks import copy_rules  # noqa: E402
from litboard.tracks.copy_measures import Features, Measures, measure  # noqa: E402
from litboard.tracks.roots import roots  # noqa: E402
from tests.tracks.redteam import FAMILIES  # noqa: E402

MEASURES = ("words", "recall", "pairs", "runs", "copied", "displaced")


def limit(track: str, pair: str, human: bool, name: str) -> float:
    limits = (
        copy_rules.reference_limits(track, pair)
        if human
        else copy_rules.system_limits(track, pair)
    )
    return getattr(limits, "words" if name == "recall" else name)


LIMITED = ("words", "pairs", "runs", "copied", "displaced")  # recall shares the words limit


def _value(got: Measures, name: str) -> float:
    """The measure a limit applies to (the words limit holds both ways)."""
    return max(got.words, got.recall) if name == "words" else getattr(got, name)


@dataclass
class PairFigures:
    """One pair's released maxima (per kind of original: measure -> value, system; and of the
    text copied from all others together) and its red-team copies with their together share."""

    maxima: dict[str, dict[str, tuple[float, str]]] = field(default_factory=dict)
    together: tuple[float, str] = (0.0, "")
    copies: list[tuple[str, str, str, Measures, float]] = field(default_factory=list)

    def released(self, kind: str, system: str, got: Measures) -> None:
        best = self.maxima.setdefault(kind, {})
        for name in LIMITED:
            best[name] = max(best.get(name, (0.0, "")), (_value(got, name), system))

    def report(self, limits: dict[str, copy_rules.Limits], together: float) -> None:
        """Per kind: each measure's limit, released maximum and margin; then each family's copy
        at its largest excess over the limits (>= 0: refused) and over the released maxima (> 0:
        some limits refuse it and let every released system through)."""
        value, system = self.together
        print(f"  together: limit {together:.3f}, released max {value:.3f} ({system})")
        for kind, best in sorted(self.maxima.items()):
            bound = limits[kind]
            print(f"  against a {kind}: measure | limit | released max | margin")
            for name, (value, system) in best.items():
                at = getattr(bound, name)
                print(f"    {name} | {at:.3f} | {value:.3f} ({system}) | {at - value:+.3f}")
            print("  copies: family | over the limit | over the released max | measure | original")
            over: dict[str, tuple[float, str, str]] = {}  # family -> its lowest copy
            room: dict[str, float] = {}
            for k, family, original, got, mixed in self.copies:
                if k != kind:
                    continue
                here = max(
                    (mixed - together, "together", original),
                    *((_value(got, n) - getattr(bound, n), n, original) for n in LIMITED),
                )
                over[family] = min(over.get(family, here), here)
                gap = max(
                    mixed - self.together[0], *(_value(got, n) - best[n][0] for n in LIMITED)
                )
                room[family] = min(room.get(family, gap), gap)
            for family, (value, name, original) in sorted(over.items(), key=lambda x: x[1]):
                print(f"    {family} | {value:+.3f} | {room[family]:+.3f} | {name} | {original}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/litboard-release-cache"))
    parser.add_argument("--track", help="measure this track only")
    parser.add_argument("--per-pair", action="store_true", help="print a table per pair")
    args = parser.parse_args()
    imported = prepare(REPO / "releases.yaml", args.cache, args.mirror)
    pairs: dict[tuple[str, str], PairFigures] = {}
    real: dict[tuple[str, str, str], float] = collections.defaultdict(float)
    decided: dict[tuple[str, str], collections.Counter] = collections.defaultdict(
        collections.Counter
    )
    lowest: dict[tuple[str, str, str], tuple[float, float, float]] = {}
    free = collections.Counter()
    started = time.process_time()
    for track in TRACKS:
        if args.track and track.id != args.track:
            continue
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
            figures = pairs.setdefault((track.id, pair), PairFigures())
            for mine in texts:
                for theirs in texts:
                    if mine in humans or mine == theirs:
                        continue
                    kind = "reference" if theirs in humans else "system"
                    got = measure(features[mine], [features[theirs]], order)
                    figures.released(kind, mine, got)
                if args.per_pair and mine not in humans:
                    rest = [f for s, f in features.items() if s != mine]
                    mixed = (measure(features[mine], rest, order).copied, mine)
                    figures.together = max(figures.together, mixed)
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
                    made = Features.of(copy_rules._texts_of(copy))
                    got = measure(made, [features[original]], order)
                    mixed = (
                        measure(made, list(features.values()), order).copied
                        if args.per_pair
                        else 0.0
                    )
                    figures.copies.append((kind, family.name, original, got, mixed))
                    broken = [
                        n for n in MEASURES if getattr(got, n) >= limit(track.id, pair, human, n)
                    ]
                    if not broken:
                        free[family.name, kind] += 1
                        continue
                    decided[family.name, kind][broken[0]] += 1
                    key = (family.name, kind, broken[0])
                    value = getattr(got, broken[0])
                    here = (
                        value,
                        limit(track.id, pair, human, broken[0]),
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
    if args.per_pair:
        for (track_id, pair), figures in sorted(pairs.items()):
            print(f"\n{track_id} {pair}")
            figures.report(
                {
                    "reference": copy_rules.reference_limits(track_id, pair),
                    "system": copy_rules.system_limits(track_id, pair),
                },
                copy_rules.together_limit(track_id, pair),
            )


if __name__ == "__main__":
    main()
