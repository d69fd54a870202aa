"""Rank moves between two releases, telling real moves from noise.

For each leaderboard present in either release: systems added and removed, score changes,
and rank moves of the systems in both. A system's move is classified by the systems it
swapped order with (those ranked in both releases):

* ``real``: it swapped with a system that sits in a different significance cluster in the
  new release — the new order between the two is significant (it crossed a cluster);
* ``noise``: every swap is with a system of its own cluster in the new release — the two
  are not separable, so the swap is within the noise;
* ``shift``: no swap at all; the rank number changed only because systems were added or
  removed above it;
* ``unknown``: a swap where a cluster is missing (no CI, e.g. one paragraph).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

KINDS = ("real", "noise", "shift", "unknown")


@dataclass
class Move:
    system: str
    name: str
    old_rank: int | None
    new_rank: int | None
    old_score: float | None
    new_score: float | None
    old_cluster: int | None
    new_cluster: int | None
    kind: str  # one of KINDS, or "" when the rank did not change
    swapped: list[str] = field(default_factory=list)

    @property
    def delta(self) -> float | None:
        if self.old_score is None or self.new_score is None:
            return None
        return round(self.new_score - self.old_score, 6)


@dataclass
class BoardChanges:
    table: str
    measure: str | None
    added: list[dict[str, Any]]
    removed: list[dict[str, Any]]
    moves: list[Move]  # every system in both releases whose rank or score changed


@dataclass
class Changelog:
    old: str
    new: str
    boards: list[BoardChanges]

    def as_dict(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "boards": [
                {**asdict(b), "moves": [{**asdict(m), "delta": m.delta} for m in b.moves]}
                for b in self.boards
            ],
        }


def _by_system(board: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    return {str(r["system"]): r for r in (board or {}).get("rows", [])}


def _kind(
    system: str, old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]
) -> tuple[str, list[str]]:
    me_old, me_new = old[system], new[system]
    swapped, kinds = [], set()
    for other in sorted(set(old) & set(new) - {system}):
        o, n = old[other], new[other]
        if None in (o["rank"], n["rank"]):
            continue
        if (me_old["rank"] < o["rank"]) == (me_new["rank"] < n["rank"]):
            continue
        swapped.append(other)
        clusters = (me_new.get("cluster"), n.get("cluster"))
        if None in clusters:
            kinds.add("unknown")
        elif clusters[0] != clusters[1]:
            kinds.add("real")
        else:
            kinds.add("noise")
    kind = next((k for k in ("real", "unknown", "noise") if k in kinds), "shift")
    return kind, swapped


def compare_board(
    table: str, old_board: dict[str, Any] | None, new_board: dict[str, Any] | None
) -> BoardChanges:
    old, new = _by_system(old_board), _by_system(new_board)
    added = [new[s] for s in sorted(set(new) - set(old))]
    removed = [old[s] for s in sorted(set(old) - set(new))]
    moves = []
    for system in sorted(
        set(old) & set(new), key=lambda s: (new[s]["rank"] is None, new[s]["rank"] or 0, s)
    ):
        o, n = old[system], new[system]
        if o["rank"] == n["rank"] and o.get("score") == n.get("score"):
            continue
        ranked = o["rank"] is not None and n["rank"] is not None
        kind, swapped = _kind(system, old, new) if ranked and o["rank"] != n["rank"] else ("", [])
        moves.append(
            Move(
                system,
                str(n.get("name") or system),
                o["rank"],
                n["rank"],
                o.get("score"),
                n.get("score"),
                o.get("cluster"),
                n.get("cluster"),
                kind,
                swapped,
            )
        )
    measure = (new_board or old_board or {}).get("measure")
    return BoardChanges(table, measure, added, removed, moves)


def compare(
    old_version: str, old: dict[str, Any], new_version: str, new: dict[str, Any]
) -> Changelog:
    """Changes from release ``old`` to ``new`` ({table: {measure, rows}} as
    ``boards.site_boards``)."""
    boards = [compare_board(t, old.get(t), new.get(t)) for t in sorted(set(old) | set(new))]
    return Changelog(old_version, new_version, boards)
