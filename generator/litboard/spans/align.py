"""Map code-point offsets from one version of a text to a slightly different one.

LLM outputs sometimes echo the translation with small changes (a doubled space around an
omission tag, a letter changed). ``offset_map`` aligns the two strings with difflib and
maps each offset of ``a`` to ``b``: exact inside unchanged stretches, snapped to the edge of
a changed stretch otherwise (starts to its start, ends to its end), so a span never
shrinks past text it covered.
"""

from __future__ import annotations

import difflib
from typing import Callable


def offset_map(a: str, b: str) -> Callable[[int, bool], int]:
    """Return ``f(offset_in_a, is_end) -> offset_in_b``."""
    if a == b:
        return lambda offset, is_end: offset
    opcodes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()

    def mapped(offset: int, is_end: bool) -> int:
        for tag, i1, i2, j1, j2 in opcodes:
            if tag == "equal" and i1 <= offset <= i2:
                return j1 + offset - i1
            if i1 <= offset < i2 or (i1 == i2 == offset):
                return j2 if is_end else j1
        return len(b)

    return mapped
