"""Where the Creativity Bias error overview's spans sit in their texts (helpers of
``creativity_bias_csv.error_campaign``): exact, then quote/dash/case-folded, then the most
similar substring; each side of a row (professionals, LLM) on its own span."""

from __future__ import annotations

import difflib

Row = dict[str, str]


_FOLD = str.maketrans(
    {"'": "’", "‘": "’", "`": "’", '"': "”", "“": "”", "„": "”", "-": "–", "—": "–", "…": "."}
)


def _fold(text: str) -> str:
    """Length-preserving normalisation: quotes and dashes unified, lower case."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text.translate(_FOLD))


def find_span(text: str, span: str) -> tuple[int, int, str] | None:
    """Code-point offsets of ``span`` in ``text``: exact first, then quote/dash/case-folded."""
    for haystack, needle, how in (
        (text, span, "exact"),
        (_fold(text), _fold(span.strip()), "folded"),
    ):
        if needle and needle in haystack:
            start = haystack.index(needle)
            n = haystack.count(needle)
            return start, start + len(needle), how + (f", first of {n}" if n > 1 else "")
    return None


Tag = tuple[int, int, str]  # one LLM span on a line: start, end, its text
Placed = tuple[int, int, str]  # start, end, how it was located
UNLOCATED = "position unknown"
FUZZY = 0.85  # least difflib ratio for a misspelt span ('paracetemol' -> 'paracetamol')


def _similar(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, _fold(a), _fold(b)).ratio()


def _fuzzy(text: str, span: str) -> tuple[int, int, float] | None:
    """The substring of ``text`` most like ``span`` (lengths len(span) +- 2), if similar enough."""
    best: tuple[int, int, float] | None = None
    n = len(span.strip())
    for size in range(max(1, n - 2), n + 3):
        for start in range(0, max(0, len(text) - size) + 1):
            ratio = _similar(text[start : start + size], span.strip())
            if ratio >= FUZZY and (best is None or ratio > best[2]):
                best = (start, start + size, ratio)
    return best


class Locator:
    """Places overview rows in a text, each side (pro, llm) on its own span.

    The line is the row's ``Line``, else the first line (from the previous row's line on)
    where the row's span is found. The professionals' copy is placed by ``Span``; the
    LLM's copy by the LLM's own span (``Span_2`` for a Match, ``Span`` for an AE row),
    preferably on one of the LLM's <vN> tags of that line (``tags``); an empty LLM span
    is the position of one of the LLM's empty (omission) tags. Misspelt spans are placed
    on the most similar tag or substring (difflib ratio >= ``FUZZY``). A span that cannot
    be placed is *unlocated*: stored zero-width at offset 0, its comment says so, and it
    marks no character in the span kappa.
    """

    def __init__(self, lines: dict[int, str], tags: dict[int, list[Tag]]) -> None:
        self.lines, self.cursor = lines, min(lines)
        self.tags = tags
        self.omissions = [(ln, t[0]) for ln in sorted(tags) for t in tags[ln] if t[0] == t[1]]

    def locate(self, row: Row) -> tuple[int, dict[str, Placed]] | None:
        whose = row["Whose_error"]
        sides = {
            "Human": [("pro", row["Span"])],
            "AE": [("llm", row["Span"])],
            "Match": [("pro", row["Span"]), ("llm", row["Span_2"])],
        }[whose]
        given = (
            int(row["Line"]) if row["Line"].isdigit() and int(row["Line"]) in self.lines else None
        )
        line = given if given is not None else self._find_line(sides)
        if line is None:
            return None
        if given is None:
            self.cursor = line
        placed = {side: self._place(side, line, text, given is None) for side, text in sides}
        if whose == "Match" and not row["Span"].strip() and UNLOCATED in placed["pro"][2]:
            placed["pro"] = placed["llm"][:2] + ("no professional span text: the LLM's position",)
        if whose == "Match" and not row["Span_2"].strip() and UNLOCATED in placed["llm"][2]:
            same = [
                t
                for t in self.tags.get(line, [])
                if t[0] < t[1] and _fold(t[2].strip()) == _fold(row["Span"].strip())
            ]
            if same:  # no LLM span text and no free empty tag: the LLM tagged the same words
                placed["llm"] = (same[0][0], same[0][1], "the LLM's tag of the professionals' span")
        return line, placed

    def _find_line(self, sides: list[tuple[str, str]]) -> int | None:
        order = sorted(self.lines, key=lambda ln: (ln < self.cursor, ln))
        for side, text in sides:
            for line in order:
                if not text.strip():
                    if side == "llm" and any(ln == line for ln, _ in self.omissions):
                        return line
                elif find_span(self.lines[line], text) or any(
                    _fold(t[2]) == _fold(text.strip()) for t in self.tags.get(line, [])
                ):
                    return line
        if any(text.strip() for _, text in sides):
            return self.cursor  # not found anywhere: the preceding row's line, unlocated below
        return None

    def _place(self, side: str, line: int, text: str, inferred: bool) -> Placed:
        suffix = ", line inferred from the span" if inferred else ""
        if not text.strip():
            return self._omission(line) if side == "llm" else (0, 0, f"{UNLOCATED}: no span text")
        tags = [t for t in self.tags.get(line, []) if t[0] < t[1]] if side == "llm" else []
        for tag in tags:
            if _fold(tag[2].strip()) == _fold(text.strip()):
                return tag[0], tag[1], "the LLM's tag" + suffix
        found = find_span(self.lines[line], text)
        if found:
            return found[0], found[1], found[2] + suffix
        ranked = sorted(((_similar(t[2], text), t) for t in tags), key=lambda x: -x[0])
        if ranked and ranked[0][0] >= FUZZY:
            tag = ranked[0][1]
            return tag[0], tag[1], f"closest LLM tag (similarity {ranked[0][0]:.2f}){suffix}"
        near = _fuzzy(self.lines[line], text)
        if near:
            return near[0], near[1], f"closest text (similarity {near[2]:.2f}){suffix}"
        return 0, 0, f"{UNLOCATED}: span not found in line {line}"

    def _omission(self, line: int) -> Placed:
        for i, (where, offset) in enumerate(self.omissions):
            if where == line:
                del self.omissions[i]
                return offset, offset, "omission: position of the LLM's empty tag"
        return 0, 0, f"{UNLOCATED}: no span text and no free empty LLM tag in line {line}"
