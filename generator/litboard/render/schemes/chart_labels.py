"""Axis labels that stay distinct when shortened (issue 46: Judge bias cut two long measure
names to the same text at the axis' label limit)."""

from __future__ import annotations

from typing import Iterable

LIMIT = 32  # characters: about the 200 px the Judge bias axis gives a label


def short_labels(labels: Iterable[str], limit: int = LIMIT) -> dict[str, str]:
    """Each label -> itself when short, else its start, "…" and its end (where long names differ),
    numbered when two still coincide. Distinct labels always map to distinct texts."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for label in dict.fromkeys(str(x) for x in labels):
        head = max(limit * 5 // 8, 1)
        tail = label[-(limit - head - 1) :].lstrip()
        short = label if len(label) <= limit else f"{label[:head].rstrip()}…{tail}"
        number = 2
        candidate = short
        while candidate in taken:
            candidate, number = f"{short} ({number})", number + 1
        out[label] = candidate
        taken.add(candidate)
    return out


def wrapped(label: str, width: int) -> str:
    """``label`` broken into lines of at most ``width`` characters at spaces (a longer word stays
    whole on its own line), joined by newlines: the whole label, never cut (issue 56)."""
    import textwrap

    lines = textwrap.wrap(str(label), width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines) or str(label)
