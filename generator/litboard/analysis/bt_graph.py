"""What a Bradley-Terry ranking observed and what it inferred: the comparison graph in words.

A Bradley-Terry fit orders every pair of systems, also pairs never compared: their order is the
model's inference through the systems they did meet. Where the design is a star (one system met
every other, the others never met each other) the page says so (issue 46)."""

from __future__ import annotations

from typing import Mapping

import pandas as pd


def _met(df: pd.DataFrame) -> dict[str, set[str]]:
    met: dict[str, set[str]] = {}
    for a, b in zip(df["a"].astype(str), df["b"].astype(str)):
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return met


def comparison_graph(df: pd.DataFrame, names: Mapping[str, str] | None = None) -> str:
    """One sentence on which pairs were compared directly; '' when every pair was."""
    met, name = _met(df), (lambda s: (names or {}).get(s, s))
    systems = sorted(met)
    pairs = len(systems) * (len(systems) - 1) // 2
    direct = sum(len(v) for v in met.values()) // 2
    if direct == pairs:
        return ""
    hubs = [s for s in systems if len(met[s]) == len(systems) - 1]
    others = [s for s in systems if s not in hubs]
    if len(hubs) == 1 and all(met[s] == {hubs[0]} for s in others):
        listed = ", ".join(name(s) for s in others)
        return (
            f"The challengers ({listed}) were each compared with {name(hubs[0])} only; their "
            "order among themselves is the model's inference, not an observation."
        )
    return (
        f"{pairs - direct} of {pairs} pairs of systems were never compared directly; their "
        "order is the model's inference through the systems they met, not an observation."
    )
