"""Which systems a pooled Bradley-Terry ranking compared directly (issue 44, goal 7).

Bradley-Terry places every system on one scale, also two that were never shown side by side
(the published human translation, judged only against a new system, ranked clear of PARA):
their order then rests on chains of other comparisons. ``direct_opponents`` lists, per system,
the systems it was compared with in the judgments themselves, so the ranking says it."""

from __future__ import annotations

import pandas as pd


def direct_opponents(pairwise: pd.DataFrame) -> dict[str, list[str]]:
    """System -> the systems it met in at least one pairwise judgment (sorted)."""
    out: dict[str, set[str]] = {}
    for a, b in zip(pairwise["a"].astype(str), pairwise["b"].astype(str)):
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {s: sorted(v) for s, v in out.items()}
