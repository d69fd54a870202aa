"""Reported vs reproduced, for any dataset: join the ``reported`` table with the registry.

``compare`` returns one row per reported record with the reproduced value, the value rounded
to the printed precision (half up), the difference and a status: ``agrees`` (the rounded
reproduced value is the printed one), ``disagrees``, ``not reproduced`` (the registry knows
the measure but the data give no value for these keys), ``reported only`` (a measure the
registry does not know) or ``not legible in the paper`` (the record's value is null: the
paper has the cell but no readable number in it; the note says why). ``other_reports`` adds what
other sources print for the same number.

Every disagreement carries a ``reason`` from REASONS: the record's ``reason`` field; else one
the engine proves from the numbers (``_computed``): "rounding" when the unrounded reproduced
value lies within half a printed unit of the printed one (a half-way case rounded the other
way), "double rounding" when rounding it half up to one more decimal first and then to the
printed precision gives the printed value (-48.146 -> -48.15 -> -48.2, where -48.146 itself
rounds to -48.1; the note says so), "truncation" when cutting the digits off gives it; else
"unexplained". A record may itself declare "unexplained": a checked one, whose note
says what was tried (tests/analysis/test_every_disagreement_explained.py holds the shipped records
to that). The reason opens the row's note ("Reason: rounding. ..."), so every table that shows the
note shows it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Mapping

import pandas as pd

from ..analysis.rounding import format_number as printed, round_half_up
from ..model import Corpus
from .measures import MEASURES, Measure

AGREES, DISAGREES, MISSING, UNKNOWN = "agrees", "disagrees", "not reproduced", "reported only"
# a record whose value is null: the paper's cell cannot be read
ILLEGIBLE = "not legible in the paper"
COLUMNS = [
    "dataset",
    "source",
    "measure",
    "label",
    "keys",
    "params",
    "value",
    "decimals",
    "note",
    "reproduced",
    "reproduced_rounded",
    "difference",
    "raw_difference",
    "status",
    "disagrees",
    "reason",
]
REASONS = (
    "paper typo",
    "release differs from paper",
    "method unspecified in the paper",
    "rounding",
    "double rounding",
    "truncation",
    "data subset",
    "copied from another cell",
    "follows from another cell",
    "release inconsistent",
    "unexplained",
)
UNEXPLAINED = "unexplained"
ROUNDING = 0.5  # printed units: a half-way value rounded the other way is no further than this
EPSILON = 1e-9
NOISE = 6  # digits of float noise ignored before truncating (2.9999999 is 3 units)


def identity(keys: Mapping[str, Any], params: Mapping[str, Any] | None = None) -> str:
    """Canonical text of keys (+ params): two records with equal identity print the same number."""
    return json.dumps(
        [dict(sorted(keys.items())), dict(sorted((params or {}).items()))], sort_keys=True
    )


@dataclass(frozen=True)
class _Reproduced:
    """A measure's long table as a lookup: key columns -> value."""

    columns: tuple[str, ...]
    values: dict[tuple[str, ...], float]

    @classmethod
    def of(cls, frame: pd.DataFrame) -> _Reproduced:
        columns = tuple(c for c in frame.columns if c != "value")
        rows = frame[[*columns, "value"]].itertuples(index=False, name=None)
        return cls(columns, {tuple(row[:-1]): float(row[-1]) for row in rows})

    def get(self, keys: Mapping[str, Any]) -> float:
        """The value for these keys; a key the record omits matches "" (the aggregate)."""
        if not set(keys) <= set(self.columns):
            return float("nan")
        return self.values.get(tuple(str(keys.get(c, "")) for c in self.columns), float("nan"))


def compare(
    corpus: Corpus, reported: pd.DataFrame | None = None, registry: Mapping[str, Measure] = MEASURES
) -> pd.DataFrame:
    """Every reported record beside its reproduced value (see the module docstring)."""
    records = corpus.tables["reported"] if reported is None else reported
    cache: dict[tuple[str, str], _Reproduced] = {}
    rows = []
    for r in records.to_dict("records"):
        keys, params = dict(r.get("keys") or {}), dict(r.get("params") or {})
        measure = registry.get(str(r["measure"]))
        reproduced = float("nan")
        if measure is not None:
            slot = (measure.name, json.dumps(params, sort_keys=True))
            if slot not in cache:  # one call per measure and params, however many records
                cache[slot] = _Reproduced.of(measure.function(corpus, params))
            reproduced = cache[slot].get(keys)
        decimals = int(r["decimals"])
        judged = _judge(float(r["value"]), decimals, reproduced, measure is not None)
        reason, found = _reason(str(r.get("reason") or ""), judged, float(r["value"]), decimals)
        note = " ".join(part for part in (found, str(r.get("note") or "")) if part)
        rows.append(
            {
                **{k: r.get(k, "") for k in ("dataset", "source", "measure", "label")},
                "note": f"Reason: {reason}." + (f" {note}" if note else "") if reason else note,
                "keys": keys,
                "params": params,
                "value": float(r["value"]),
                "decimals": int(r["decimals"]),
                **judged,
                "reason": reason,
            }
        )
    return pd.DataFrame(rows, columns=COLUMNS)


def _judge(value: float, decimals: int, reproduced: float, known: bool) -> dict[str, Any]:
    rounded = round_half_up(reproduced, decimals)
    if math.isnan(value):
        status = ILLEGIBLE
    elif not known:
        status = UNKNOWN
    elif math.isnan(reproduced):
        status = MISSING
    else:
        status = DISAGREES if abs(rounded - value) > EPSILON + 0.1 ** (decimals + 3) else AGREES
    return {
        "reproduced": reproduced,
        "reproduced_rounded": rounded,
        "difference": round(rounded - value, 6),
        "raw_difference": reproduced - value,
        "status": status,
        "disagrees": status == DISAGREES,
    }


def _reason(declared: str, judged: dict[str, Any], value: float, decimals: int) -> tuple[str, str]:
    """(the reason of a disagreement, the evidence the engine found for it, "" if none)."""
    if not judged["disagrees"]:
        return "", ""
    if declared:
        return declared, ""
    return _computed(float(judged["reproduced"]), value, decimals)


def _places(decimals: int) -> str:
    return "1 decimal" if decimals == 1 else f"{decimals} decimals"


def _computed(reproduced: float, value: float, decimals: int) -> tuple[str, str]:
    """A reason proved from the numbers alone, with the steps that give the printed value."""
    unit = 0.1**decimals
    tolerance = EPSILON + 0.1 ** (decimals + 3)
    if abs(reproduced - value) <= ROUNDING * unit + tolerance:
        return "rounding", ""
    once = round_half_up(reproduced, decimals + 1)
    if abs(round_half_up(once, decimals) - value) <= tolerance:
        return "double rounding", (
            f"{printed(reproduced, decimals + 3)} rounds to "
            f"{printed(reproduced, decimals)}; rounded to {_places(decimals + 1)} first "
            f"({printed(once, decimals + 1)}) and then to {_places(decimals)}, it gives "
            f"the printed {printed(value, decimals)}."
        )
    cut = math.trunc(round(reproduced / unit, NOISE)) * unit
    if abs(cut - value) <= tolerance:
        return "truncation", (
            f"{printed(reproduced, decimals + 3)} rounds to {printed(reproduced, decimals)}; "
            "with the digits past the printed precision cut off it gives the printed "
            f"{printed(value, decimals)}."
        )
    return UNEXPLAINED, ""


def other_reports(compared: pd.DataFrame) -> pd.DataFrame:
    """Adds ``other_reports`` (what other sources print for the same number, "Table 14: 7.6")
    and ``self_conflict`` (one of them differs by more than half a printed unit)."""
    ident = [
        (d, m, identity(k, p))
        for d, m, k, p in zip(
            compared["dataset"], compared["measure"], compared["keys"], compared["params"]
        )
    ]
    by_id: dict[tuple[str, str, str], list[int]] = {}
    for i, key in enumerate(ident):
        by_id.setdefault(key, []).append(i)
    rows = compared.to_dict("records")
    others, conflicts = [], []
    for i, key in enumerate(ident):
        mine = rows[i]
        peers = [
            rows[j]
            for j in by_id[key]
            if rows[j]["source"] != mine["source"] and not math.isnan(rows[j]["value"])
        ]
        others.append(
            "; ".join(
                f"{short_source(p['source'])}: {printed(p['value'], int(p['decimals']))}"
                for p in peers
            )
        )
        tolerance = 0.5 * 10.0 ** -mine["decimals"] + EPSILON
        conflicts.append(any(abs(p["value"] - mine["value"]) > tolerance for p in peers))
    return compared.assign(other_reports=others, self_conflict=conflicts)


def short_source(source: str) -> str:
    """'paper 003 Table 14' -> 'Table 14' (the paper is named once per page)."""
    parts = source.split(" ", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "paper" else source


def key_columns(compared: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """The frame with one column per key name ('' where a record has no such key)."""
    return compared.assign(**{n: [str(k.get(n, "")) for k in compared["keys"]] for n in names})
