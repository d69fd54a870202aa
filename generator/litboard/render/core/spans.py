"""Split a text into runs on code points; each run knows every span that covers it.

Spans are ``[start, end)`` offsets in Unicode code points (Python string indices) and may
overlap freely; a zero-width span (``start == end``) is an omission and becomes a run of
its own with empty text, placed at its offset. Pure: no HTML here (``run_markup`` turns runs
into markup).
"""

from __future__ import annotations

from typing import Generic, NamedTuple, Protocol, Sequence, TypeVar

from ...errors import DataError, Problem


class HasOffsets(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


S = TypeVar("S", bound=HasOffsets)


class Run(NamedTuple, Generic[S]):
    """``text[start:end]`` and the spans covering all of it, in the order they were given.

    A zero-width run (``start == end``, empty text) holds the omissions at that offset
    followed by (in input order) the spans that strictly enclose the offset. (A named tuple:
    a WMT-sized build makes millions, where a frozen dataclass cost twice as much to build.)
    """

    start: int
    end: int
    text: str
    spans: tuple[S, ...]

    @property
    def omission(self) -> bool:
        return self.start == self.end


def split_runs(text: str, spans: Sequence[S], where: str = "<text>") -> list[Run[S]]:
    """Runs covering ``text`` from start to end, cut at every span boundary.

    Concatenating the runs' texts gives ``text`` back exactly. Adjacent characters with
    the same set of covering spans share a run. Offsets outside the text raise DataError.
    """
    n = len(text)
    bad = [s for s in spans if not 0 <= s.start <= s.end <= n]
    if bad:
        raise DataError(
            [
                Problem(
                    where,
                    0,
                    "start/end",
                    f"span [{s.start}, {s.end}) outside the text of length {n}",
                    "fix the offsets (code points of the NFC text, end exclusive)",
                )
                for s in bad
            ]
        )
    order = {id(s): i for i, s in enumerate(spans)}
    opening: dict[int, list[S]] = {}
    closing: dict[int, list[S]] = {}
    zero: dict[int, list[S]] = {}
    for s in spans:
        if s.start == s.end:
            zero.setdefault(s.start, []).append(s)
        else:
            opening.setdefault(s.start, []).append(s)
            closing.setdefault(s.end, []).append(s)
    cuts = sorted({0, n, *opening, *closing, *zero})
    active: list[S] = []
    runs: list[Run[S]] = []
    for i, here in enumerate(cuts):
        ending = closing.get(here)
        if ending:
            gone = {id(e) for e in ending}
            active = [s for s in active if id(s) not in gone]
        if here in zero:
            runs.append(Run(here, here, "", tuple(zero[here]) + tuple(active)))
        starting = opening.get(here)
        if starting:  # ``active`` stays in input order (filtering keeps it)
            active = sorted(active + starting, key=lambda s: order[id(s)])
        if i + 1 < len(cuts):
            following = cuts[i + 1]
            runs.append(Run(here, following, text[here:following], tuple(active)))
    return runs
