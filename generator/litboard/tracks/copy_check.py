"""The copy and alignment rules of a contribution (measures in ``copies``; measured on every
track by ``bench/measure_copies.py``, whose figures are recorded here and on the Submit page).

An output file of a contributed system C for a pair is refused when, against another system S
of the pair (paragraphs of ``min_chars`` or more that both translate):

* **corpus near-copy**: C's similarity to S (``copies.similarity``) is the track's limit or
  higher — ``LIMITS[track].reference`` when S is a human translation (the automatic measures'
  reference), ``.system`` otherwise;
* **paragraph copies of a reference**: ``PARAGRAPH_SHARE`` or more of the paragraphs have a
  similarity of ``PARAGRAPH_COPY`` or more to a human translation (a partial copy);
* **words changed in place**: ``IN_PLACE_SHARE`` or more of the paragraphs keep ``IN_PLACE`` or
  more of S's words (characters for ja/zh) at the same positions (``copies.in_place``) — what a
  copy keeps when words are replaced one for one, however many, and what translations made on
  their own lose at their first difference in length;
* **misaligned**: ``MISPLACED_SHARE`` or more of C's paragraphs match the reference of the
  paragraph before or after them better than their own (outputs shifted by a line).

Measured (every ordered pair of released systems; planted copies change k = 1, 2, 3, 5, 10 words
per paragraph, characters for ja/zh, at most half of a paragraph; similarity: lowest planted copy
that the corpus limit catches, with its k; in place: the share of paragraphs keeping half of the
other's words in place):

=====================  ==============  =================  ==============  =================
track                  real max (ref)  planted min (ref)  real max (sys)  planted min (sys)
=====================  ==============  =================  ==============  =================
literary-translation   0.665           0.832 (k=10)       0.847           0.913 (k=5)
creativity-bias        0.680           0.716 (k=5)        0.707           0.790 (k=3)
wmt21-ted-zhen         0.795           0.803 (k=5)        0.945           0.955 (k=1)
demo                   0.729           0.877 (k=10)       0.844           0.870 (k=10)
in place, every track  0.429 (TED)     1.000              0.867 (TED)     1.000
=====================  ==============  =================  ==============  =================

Similarity alone cannot separate every planted copy: where two released systems are closer to each
other than a copy with k changed words is to its original (creativity-bias sentences of ~11 words,
whose pe is a post-edit of mt, 0.707; WMT TED sentences of ~24 words, didi-nlp and iie-mt 0.945
alike; the GPT-3.5 para/sent outputs of literary-translation, 0.847), a copy with half its words
replaced is less similar than they are. The in-place rule catches those: every planted copy keeps
half of its original's words in place in every paragraph, while the released systems closest in
place (TED miss / iie-mt) do so in 13 of 15 paragraphs, and no released system in more than 43 %
of a reference's. Paragraph copies: at most 21 % of a real system's paragraphs reach 0.9 against a
reference (TED miss/refb). Misplaced: at most 14 % of a real system's paragraphs (TED), at least
73 % of any system shifted by one paragraph. A copy that inserts or deletes words to shift the
positions must change many of them to get past the similarity limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import Problems
from .copies import bag_matched, in_place_share, misplaced, similarity, tokens, units
from ..load.rows import Row


@dataclass(frozen=True)
class Limits:
    reference: float  # corpus similarity to a human translation
    system: float  # corpus similarity to another system


LIMITS: dict[str, Limits] = {
    "literary-translation": Limits(0.75, 0.88),
    "creativity-bias": Limits(0.69, 0.74),
    "wmt21-ted-zhen": Limits(0.80, 0.95),
    "demo": Limits(0.80, 0.86),
}
DEFAULT = Limits(0.80, 0.95)  # a track not measured yet: the strictest measured real pairs
PARAGRAPH_COPY = 0.9
PARAGRAPH_SHARE = 0.4
MISPLACED_SHARE = 0.4
IN_PLACE = 0.5
IN_PLACE_SHARE = 0.9


def check_copies(
    rows: list[Row],
    others: dict[str, list[Row]],
    humans: set[str],
    track: str | None,
    order: Sequence[Sequence[str]],
    problems: Problems,
    min_chars: int = 30,
) -> None:
    """Refuse an output file (``rows``) that copies, partly copies, or misaligns."""
    limits = LIMITS.get(track or "", DEFAULT)
    mine = _texts(rows, min_chars)
    if not mine:
        return
    mine_tokens = {p: tokens(t) for p, (_, t) in mine.items()}
    mine_units = {p: units(row.data["text"]) for p, (row, _) in mine.items()}
    for system, their_rows in sorted(others.items()):
        theirs = _texts(their_rows, min_chars)
        human = system in humans
        what = f"the human translation {system!r}" if human else f"system {system!r}"
        limit = limits.reference if human else limits.system
        their_tokens = {p: tokens(t) for p, (_, t) in theirs.items()}
        their_units = {p: units(r.data["text"]) for p, (r, _) in theirs.items()}
        found = _near_copy(mine, mine_tokens, their_tokens, limit, human, what) or _in_place_copy(
            mine, mine_units, their_units, what
        )
        if found:
            row, message = found
            problems.add(row.file, row.line, "text", message, _FIX)
            return
        reference = {p: t for p, (_, t) in theirs.items()}
        if human and _check_alignment(mine, reference, order, system, problems):
            return


Found = tuple[Row, str]  # the row to name, the message


def _near_copy(
    mine: dict[str, tuple[Row, str]],
    mine_tokens: dict[str, list[str]],
    their_tokens: dict[str, list[str]],
    limit: float,
    human: bool,
    what: str,
) -> Found | None:
    """The corpus near-copy, or (against a human translation) the partial copy."""
    sim = similarity(mine_tokens, their_tokens, bag_matched)  # an upper bound first: cheap
    partial = human and len(sim.close(PARAGRAPH_COPY)) >= PARAGRAPH_SHARE * len(sim.paragraphs)
    if not sim.paragraphs or (sim.corpus < limit and not partial):
        return None
    sim = similarity(mine_tokens, their_tokens)
    if sim.corpus >= limit:
        first = min((row for row, _ in mine.values()), key=lambda r: r.line)
        return first, (
            f"the outputs copy {what}: {sim.corpus:.0%} of their words match its text in "
            f"order over {len(sim.paragraphs)} paragraphs (limit {limit:.0%}; the closest two "
            "released systems of the track stay below it)"
        )
    close = sim.close(PARAGRAPH_COPY)
    if human and len(close) >= PARAGRAPH_SHARE * len(sim.paragraphs):
        return mine[close[0]][0], (
            f"{len(close)} of {len(sim.paragraphs)} paragraphs copy {what} (≥ "
            f"{PARAGRAPH_COPY:.0%} of their words match; limit {PARAGRAPH_SHARE:.0%} of the "
            f"paragraphs), first {close[0]!r}"
        )
    return None


def _in_place_copy(
    mine: dict[str, tuple[Row, str]],
    mine_units: dict[str, list[str]],
    their_units: dict[str, list[str]],
    what: str,
) -> Found | None:
    """Words changed in place: most paragraphs keep half of the other's words where they were."""
    kept, shared = in_place_share(mine_units, their_units, IN_PLACE)
    if not shared or len(kept) < IN_PLACE_SHARE * shared:
        return None
    return mine[kept[0]][0], (
        f"the outputs copy {what} with words changed in place: {len(kept)} of {shared} "
        f"paragraphs keep ≥ {IN_PLACE:.0%} of its words at the same positions (limit "
        f"{IN_PLACE_SHARE:.0%} of the paragraphs; the closest two released systems of the track "
        f"stay below it), first {kept[0]!r}"
    )


_FIX = (
    "submit your own system's outputs; a copy of another system or of the reference, even with "
    "words changed, is not a new system"
)


def _check_alignment(
    mine: dict[str, tuple[Row, str]],
    reference: dict[str, str],
    order: Sequence[Sequence[str]],
    system: str,
    problems: Problems,
) -> bool:
    """Report the file when its lines look shifted against ``reference``; True when reported."""
    moved = misplaced({p: t for p, (_, t) in mine.items()}, reference, order)
    if not moved or len(moved) < MISPLACED_SHARE * len(mine):
        return False
    row = mine[moved[0]][0]
    problems.add(
        row.file,
        row.line,
        "paragraph",
        f"{len(moved)} of {len(mine)} outputs match the reference ({system!r}) of the "
        f"paragraph before or after them better than their own, first {moved[0]!r}: the "
        f"lines look shifted (limit {MISPLACED_SHARE:.0%})",
        "put each translation on the line of its own paragraph id (a missing or extra "
        "line shifts every line after it); `litboard track sources` lists the ids in order",
    )
    return True


def _texts(rows: list[Row], min_chars: int) -> dict[str, tuple[Row, str]]:
    out = {}
    for row in rows:
        text = row.data.get("text")
        if isinstance(text, str) and len(" ".join(text.split())) >= min_chars:
            out[row.data["paragraph"]] = (row, " ".join(text.split()))
    return out
