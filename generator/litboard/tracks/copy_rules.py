"""The order-free copy rules of a contribution (measures in ``copy_measures``; calibrated on every
pair of released systems of every track by ``bench/measure_rewrites.py``, whose figures are here
and on the Submit page), then the in-order rules of ``copy_check`` (near copies, words changed in
place, shifted lines).

An output file of a contributed system C for a pair is refused when, over the paragraphs it shares
with another translation S of the pair:

* S is a **human translation** (a reference of the automatic measures) and C's units are in S's
  file at ``REFERENCE.words`` or more, or S's units in C's at that share (words put in between
  the reference's), or C's unit pairs or runs of four units (BLEU's longest n-gram) at
  ``REFERENCE.pairs`` / ``.runs`` or more, or ``REFERENCE.copied`` or more of C's text is in
  sentences copied from S (same or neighbouring paragraph), or ``REFERENCE.displaced`` or more in
  sentences copied from S's same paragraph out of S's order (a translation keeps its source's
  order: reordered sentences with words changed) — the same limits on every track but
  ``REFERENCES``' (literary-translation's released systems share at most 25 % of the reference's
  runs of four; TED's 38 %);
* S is **another system** and the same measures reach the track's ``SYSTEM`` limits (released
  systems of one track can be very close to each other: the WMT TED systems share most of their
  sentences, so its limits are the highest and a new track gets them);
* **all other translations together** (a mix of several) hold ``TOGETHER`` or more of C's text in
  copied sentences.

A pair of a track whose released systems need limits of their own has them in ``PAIRS`` (all
three kinds: reference, system, together); every other pair has its track's.

The closest released system to each limit (every ordered pair of released systems of every track,
none refused) and the lowest copy of each red-team family (tests/tracks/redteam.py) are printed by
``bench/measure_rewrites.py`` and stated on the Submit page. Against a reference, on any track:
words 0.859 (limit 0.90), pairs 0.636 (0.70), runs 0.377 (0.42; literary-translation 0.252, limit
0.30), copied 0.159 (0.20), words the other way 0.827 (0.90); out of order 0.075 (TED, limit 0.10;
literary-translation 0.020, limit 0.06).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import Problems
from ..load.rows import RawData, Row
from ..load.track_decl import contributions, of_dataset
from .copy_check import check_copies
from .copy_measures import Features, Measures, measure


@dataclass(frozen=True)
class Limits:
    words: float  # file containment of units
    pairs: float  # file containment of unit pairs
    runs: float  # file containment of four units in a row
    copied: float  # share of the text in sentences copied
    displaced: float  # share of the text in sentences copied from the same paragraph, out of order


# displaced: released systems reach 0.075 (TED, where systems cut sentences differently), 0.020
# (literary-translation), 0.013 (creativity-bias), 0 (demo); references are never above those
REFERENCE = Limits(0.90, 0.70, 0.42, 0.20, 0.10)  # every track but those below
REFERENCES: dict[str, Limits] = {
    # its released systems share at most 25 % of the reference's runs of four (TED's: 38 %)
    "literary-translation": Limits(0.90, 0.70, 0.30, 0.20, 0.06),
}
SYSTEM: dict[str, Limits] = {
    "creativity-bias": Limits(0.85, 0.65, 0.45, 0.40, 0.06),
    "demo": Limits(0.93, 0.76, 0.50, 0.30, 0.06),
    "literary-translation": Limits(0.96, 0.85, 0.70, 0.55, 0.06),
    "wmt21-ted-zhen": Limits(0.99, 0.95, 0.90, 0.97, 0.10),
}
SYSTEM_DEFAULT = Limits(0.99, 0.95, 0.90, 0.97, 0.10)  # a track not measured yet: the highest
TOGETHER: dict[str, float] = {
    "creativity-bias": 0.45,
    "demo": 0.30,
    "literary-translation": 0.75,
    "wmt21-ted-zhen": 0.99,
}
TOGETHER_DEFAULT = 0.99


@dataclass(frozen=True)
class PairLimits:
    """The limits of one pair of a track, where they differ from the track's."""

    reference: Limits
    system: Limits
    together: float


# WMT24 literary (bench/measure_rewrites.py --track wmt24-literary-esa --per-pair; Submit page):
# en-ja's released systems share up to 0.952 of refA's words, 0.761 of its word pairs and 0.428
# of its runs of four (ONLINE-W); en-zh's fit REFERENCE (0.892 words, Gemini 1.5 Pro). Against
# each other: en-ja 0.968 words (Team-J), 0.799 pairs, 0.500 runs, 0.199 copied, 0.026 out of
# order, 0.490 together; en-zh 0.917, 0.702, 0.466, 0.231, 0.005, 0.506.
PAIRS: dict[tuple[str, str], PairLimits] = {
    ("wmt24-literary-esa", "en-ja"): PairLimits(
        Limits(0.975, 0.80, 0.47, 0.20, 0.10), Limits(0.985, 0.85, 0.56, 0.30, 0.06), 0.70
    ),
    ("wmt24-literary-esa", "en-zh"): PairLimits(
        REFERENCE, Limits(0.94, 0.75, 0.52, 0.30, 0.06), 0.70
    ),
}
MIN_CHARS = 30

_FIX = (
    "submit your own system's outputs; a copy of another system or of the reference, reordered, "
    "mixed or with words changed, is not a new system"
)


def reference_limits(track: str | None, pair: str) -> Limits:
    """The limits against a human translation on ``track``'s ``pair``: the pair's own, else the
    track's, else ``REFERENCE``."""
    own = PAIRS.get((track or "", pair))
    return own.reference if own else REFERENCES.get(track or "", REFERENCE)


def system_limits(track: str | None, pair: str) -> Limits:
    """The limits against another system: the pair's own, else the track's, else the highest."""
    own = PAIRS.get((track or "", pair))
    return own.system if own else SYSTEM.get(track or "", SYSTEM_DEFAULT)


def together_limit(track: str | None, pair: str) -> float:
    """The limit of the text copied from all other translations together."""
    own = PAIRS.get((track or "", pair))
    return own.together if own else TOGETHER.get(track or "", TOGETHER_DEFAULT)


def check_track_copies(raw: RawData, problems: Problems) -> None:
    """Every contribution's output files against the other translations of their pair (a
    ``load.rows.RootCheck``: ``tracks.checks.CHECKS`` gives it to load)."""
    mine = {r.data["id"] for r in contributions(raw)}
    if not mine:
        return
    datasets = raw.of("dataset")
    track = of_dataset(datasets[0].data["id"]) if datasets else None
    humans = {r.data["id"] for r in raw.of("system") if r.data.get("kind") == "human"}
    works: dict[str, list[str]] = {}
    for row in raw.of("paragraph"):  # reading order within each work (file order)
        works.setdefault(row.context.get("work", ""), []).append(row.data["id"])
    outputs: dict[str, dict[str, list[Row]]] = {}  # pair -> system -> rows
    for row in raw.of("translation"):
        by_system = outputs.setdefault(row.context["pair"], {})
        by_system.setdefault(row.context["system"], []).append(row)
    for pair, systems in sorted(outputs.items()):
        if (track is not None and pair not in track.pairs) or not mine & set(systems):
            continue  # a pair the track does not take: contribution reports it
        features = {s: Features.of(_texts(rows)) for s, rows in systems.items()}
        for system in sorted(mine & set(systems)):
            others = {s: rows for s, rows in systems.items() if s != system}
            theirs = {s: f for s, f in features.items() if s != system}
            check_file(
                systems[system],
                others,
                humans,
                track.id if track else None,
                list(works.values()),
                problems,
                theirs,
            )


def check_file(
    rows: list[Row],
    others: dict[str, list[Row]],
    humans: set[str],
    track: str | None,
    order: Sequence[Sequence[str]],
    problems: Problems,
    features: dict[str, Features] | None = None,
) -> bool:
    """Add the first copy problem of the output file ``rows`` (against ``others``: system ->
    rows of the same pair); True when one was found. ``features``: the others', if computed."""
    mine = Features.of(_texts(rows))
    if not mine.paragraphs:
        return False
    theirs = (
        features if features is not None else {s: Features.of(_texts(r)) for s, r in others.items()}
    )
    pair = str(rows[0].context.get("pair", ""))
    found = _order_free(mine, theirs, humans, track, pair, order)
    if found is not None:
        pid, message = found
        row = next((r for r in rows if r.data.get("paragraph") == pid), rows[0])
        problems.add(row.file, row.line, "text", message, _FIX)
        return True
    before = len(problems.items)
    check_copies(rows, others, humans, track, order, problems, MIN_CHARS)
    return len(problems.items) > before


def _order_free(
    mine: Features,
    theirs: dict[str, Features],
    humans: set[str],
    track: str | None,
    pair: str,
    order: Sequence[Sequence[str]],
) -> tuple[str, str] | None:
    """(paragraph to name, message) of the first order-free rule the file breaks, or None."""
    against_systems = system_limits(track, pair)
    for system, other in sorted(theirs.items()):
        if not other.paragraphs:
            continue
        human = system in humans
        limits = reference_limits(track, pair) if human else against_systems
        what = f"the human translation {system!r}" if human else f"system {system!r}"
        broken = _broken(measure(mine, [other], order), limits, what)
        if broken is not None:
            return broken
    together = together_limit(track, pair)
    found = measure(mine, list(theirs.values()), order)
    if len(theirs) > 1 and found.copied >= together:
        return found.first, (
            f"{found.copied:.0%} of the outputs' text is in sentences copied from the other "
            f"translations of the pair (limit {together:.0%}): a mix of other translations is not "
            "a new system"
        )
    return None


def _broken(found: Measures, limits: Limits, what: str) -> tuple[str, str] | None:
    first = found.first
    if (
        found.words >= limits.words
        or found.recall >= limits.words
        or found.pairs >= limits.pairs
        or found.runs >= limits.runs
    ):
        return first, (
            f"the outputs copy {what} in any order: {found.words:.0%} of their words, "
            f"{found.pairs:.0%} of their word pairs and {found.runs:.0%} of their runs of four "
            f"words are in its text, and {found.recall:.0%} of its words in theirs (limits "
            f"{limits.words:.0%} for words either way, {limits.pairs:.0%} and {limits.runs:.0%}; "
            "the closest released systems stay below them)"
        )
    if found.displaced >= limits.displaced:
        return first, (
            f"{found.displaced:.0%} of the outputs' text is in sentences copied from {what} in "
            f"another order within their paragraphs (limit {limits.displaced:.0%}; a translation "
            "keeps the order of its source): reordered sentences of another translation are not "
            "a new translation"
        )
    if found.copied >= limits.copied:
        return first, (
            f"{found.copied:.0%} of the outputs' text is in sentences copied from {what} (limit "
            f"{limits.copied:.0%}), first in paragraph {first!r}"
        )
    return None


def _texts(rows: list[Row]) -> dict[str, str]:
    return _texts_of(
        {r.data["paragraph"]: r.data["text"] for r in rows if isinstance(r.data.get("text"), str)}
    )


def _texts_of(texts: dict[str, str]) -> dict[str, str]:
    """The texts of ``MIN_CHARS`` or more (after collapsing whitespace), whitespace collapsed."""
    flat = {pid: " ".join(text.split()) for pid, text in texts.items()}
    return {pid: text for pid, text in flat.items() if len(text) >= MIN_CHARS}
