"""MQM weight tables as data: which category and severity weigh how much (variant ``wmt``).

A table maps keys ``Severity[/Category[/Subcategory]]`` to weights, as the ``--weights`` of
Google's reference scorer (google-research/mt-metrics-eval ``score_mqm.py``); the most
specific key matching an error wins (more parts; then a named severity over ``*``, which
matches any severity). Keys compare case-insensitively, a trailing ``!`` ignored (Google
spells it ``Non-translation!``); an error flagged ``non_translation`` matches as category
``Non-translation``. An error no key matches weighs 0 (e.g. severity ``unspecified``).

A campaign declares its table in campaign.yaml (``mqm.weights``); without one, a ``wmt``
campaign uses WMT's standard table ``STANDARD``. ``TABLES`` holds the tables the WMT
releases define (``litboard.importers.formats.wmt_variants`` names one per release):

- ``wmt`` (2020-2022): score_mqm.py's default (Major 5, Minor 1, Neutral 0, Major
  Non-translation 25, Minor Fluency/Punctuation 0.1) plus Critical 5 (score_mqm.py has no
  Critical level; litboard counts it as Major).
- ``wmt2023`` (2023, 2024): the standard table, with ``Source issue`` and
  ``Accuracy/Creative Reinterpretation`` weighing 0 at every severity, as the generalMT2023
  files' own per-segment MQM (their metadata) weighs them: a source issue is not the
  translation's fault, and a creative reinterpretation is a choice, not an error.
"""

from __future__ import annotations

from typing import Mapping

STANDARD: dict[str, float] = {
    "Major": 5.0,
    "Minor": 1.0,
    "Neutral": 0.0,
    "Critical": 5.0,
    "Major/Non-translation": 25.0,
    "Critical/Non-translation": 25.0,
    "Minor/Fluency/Punctuation": 0.1,
}
TABLES: dict[str, dict[str, float]] = {
    "wmt": STANDARD,
    "wmt2023": {**STANDARD, "*/Source issue": 0.0, "*/Accuracy/Creative Reinterpretation": 0.0},
}

Rule = tuple[tuple[str, ...], float]


def _part(text: str) -> str:
    return text.strip().rstrip("!").strip().lower()


def rules(table: Mapping[str, float]) -> list[Rule]:
    """A table's keys split into parts, most specific first."""
    out = [
        (tuple(_part(p) for p in key.split("/")), float(weight)) for key, weight in table.items()
    ]
    return sorted(out, key=lambda r: (-len(r[0]), r[0][0] == "*", r[0]))


def weight(
    severity: str, category: str, subcategory: str, non_translation: bool, table: list[Rule]
) -> float:
    """The weight of one error under ``table`` (from ``rules``): the first (most specific) match."""
    main = "non-translation" if non_translation else _part(category)
    path = (_part(severity), main, _part(subcategory))
    for parts, value in table:
        if parts[0] in ("*", path[0]) and parts[1:] == path[1 : len(parts)]:
            return value
    return 0.0


def text(table: Mapping[str, float]) -> str:
    """The table as score_mqm.py writes ``--weights`` ('Major:5 Minor:1 ...'), in its order."""
    return " ".join(f"{key}:{value:g}" for key, value in table.items())


def declared(cards: Mapping[str, Mapping[str, object]]) -> dict[str, dict[str, float]]:
    """Campaign id -> the weight table its card declares (``mqm.weights``), for wmt campaigns."""
    out: dict[str, dict[str, float]] = {}
    for cid, card in cards.items():
        mqm = card.get("mqm")
        if isinstance(mqm, Mapping) and isinstance(mqm.get("weights"), Mapping):
            out[cid] = {str(k): float(v) for k, v in mqm["weights"].items()}
    return out


def table_of(
    campaign: str, variant: str, tables: Mapping[str, Mapping[str, float]]
) -> dict[str, float]:
    """The table a wmt campaign's scores use: its own, else the standard one."""
    return dict(tables.get(campaign, STANDARD)) if variant == "wmt" else {}
