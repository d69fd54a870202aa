"""The words of the LLM-judge screening mark (``analysis.screening``): shown beside every score
that rests on flagged outputs, on the boards, the system pages and in the downloads."""

from __future__ import annotations

from ...analysis.screening import Screened


def screen_text(found: Screened | None) -> str:
    """``screened: N output(s) flagged (reasons)``; '' when nothing was flagged."""
    if found is None or not found.count:
        return ""
    outputs = "output" if found.count == 1 else "outputs"
    return f"screened: {found.count} {outputs} flagged ({'; '.join(found.reasons)})"
