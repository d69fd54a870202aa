"""The LLM judges by command-line name."""

from __future__ import annotations

from .gemba import Gemba
from .judge import Judge
from .ruler import CRITERIA, Ruler
from .tsa import TSA
from .verse import Verse


def all_judges() -> dict[str, Judge]:
    judges: list[Judge] = [Gemba("original"), Gemba("literary"), TSA(), Verse()]
    judges += [Ruler(c) for c in CRITERIA]
    return {j.key: j for j in judges}


# "ruler" on the command line means every RULER criterion.
GROUPS = {"ruler": [f"ruler-{c}" for c in CRITERIA]}
