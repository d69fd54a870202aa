"""WMT's rules for which ESA ratings are judgments (``wmt_esa`` applies them in this order).

- tutorial rows (Appraise's ``*-tutorial*`` documents) are not judgments: removed, counted;
- a ``BAD`` item is a quality-control copy of a segment with injected errors: removed and
  counted, and compared with the same account's rating of the original (``TGT``) item: the
  annotator caught the errors when the BAD copy scored lower; kept per annotator (person);
- ``TGT`` ratings in documents marked ``#incomplete``, ``#dup`` or ``#bad`` are removed, counted
  per marker;
- an item rated again by the same account keeps the rating with the latest end time (WMT's
  scripts), the others counted; the same person rating it again under another account: likewise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .wmt_esa_read import Rating

MARKERS = ("incomplete", "dup", "bad")


@dataclass
class QualityControl:
    """One annotator's BAD items: how many were compared with the original and caught."""

    compared: int = 0
    caught: int = 0
    unmatched: int = 0  # BAD items without the account's rating of the original

    def line(self, person: str) -> str:
        share = f" ({100 * self.caught / self.compared:.0f}%)" if self.compared else ""
        text = (
            f"{person}: {self.caught} of {self.compared} quality-control (BAD) items scored "
            f"lower than the original{share}"
        )
        return text + (
            f"; {self.unmatched} without a rating of the original" if self.unmatched else ""
        )


@dataclass
class Sorted:
    """The ratings kept as judgments and what was removed, counted."""

    kept: list[Rating] = field(default_factory=list)
    removed: Counter[str] = field(default_factory=Counter)
    quality: dict[str, QualityControl] = field(default_factory=dict)


def is_tutorial(r: Rating) -> bool:
    return "tutorial" in r.doc_id.lower() or "tutorial" in r.system.lower()


def sort_ratings(ratings: list[Rating], person: dict[str, str]) -> Sorted:
    """Apply the rules to the ratings (already filtered by pair and domain)."""
    out = Sorted()
    originals = {
        (r.account, r.system, r.pair, r.line_id): r for r in ratings if r.item_type == "TGT"
    }
    latest: dict[tuple[str, str, str, int], Rating] = {}
    for r in ratings:
        if r.item_type == "BAD":
            out.removed["quality-control (BAD) items"] += 1
            _compare(r, originals.get((r.account, r.system, r.pair, r.line_id)), person, out)
        elif r.item_type != "TGT":
            out.removed[f"items of type {r.item_type!r} (not TGT)"] += 1
        elif r.marker:
            out.removed[f"ratings in #{r.marker} documents"] += 1
        else:
            key = (r.account, r.system, r.pair, r.line_id)
            known = latest.get(key)
            if known is not None:
                out.removed["re-ratings by the same account (latest end time kept)"] += 1
            if known is None or _end(r) > _end(known):
                latest[key] = r
    by_person: dict[tuple[str, str, str, int], Rating] = {}
    for (account, system, pair, line), r in latest.items():
        key = (person.get(account, account), system, pair, line)
        known = by_person.get(key)
        if known is not None:
            out.removed["re-ratings by the same person under another account (latest kept)"] += 1
        if known is None or _end(r) > _end(known):
            by_person[key] = r
    out.kept = sorted(by_person.values(), key=lambda r: (r.pair, r.line_id, r.system, r.account))
    return out


def _end(r: Rating) -> tuple[float, int]:
    return (r.end_time if r.end_time is not None else float("-inf"), r.line)


def _compare(bad: Rating, original: Rating | None, person: dict[str, str], out: Sorted) -> None:
    qc = out.quality.setdefault(person.get(bad.account, bad.account), QualityControl())
    if original is None:
        qc.unmatched += 1
        return
    qc.compared += 1
    qc.caught += bad.score < original.score
