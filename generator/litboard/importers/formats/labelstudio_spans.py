"""Label Studio text spans -> code-point offsets in one translation, checked, never shifted.

A ``labels`` result on a Text tag gives ``value.start``/``value.end`` (code points in current
Label Studio, UTF-16 units before 2022) and ``value.text``. ``Display`` is one Text tag: the
text it showed and the translations in it (one, or several for a merged display).
``locate`` checks the offsets against ``value.text`` and returns the translation and the
offsets in its NFC text, or raises ``Malformed`` saying what does not match. Differences in
whitespace only between ``value.text`` and the offsets' text are accepted (the offsets win;
the caller counts them). A translation displayed without its surrounding whitespace is still
found in a merged display; one that is not there at all is listed in ``Display.missing``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ...spans.align import offset_map


class Malformed(ValueError):
    """An annotation item that cannot be imported as it is; the message says why."""


class BadOffsets(Malformed):
    """Offsets that are no span of the text at all (not integers, negative, past the end, end
    before start): the span is skipped, never kept as a zero-width error at 0 (issue 55)."""


@dataclass(frozen=True)
class Part:
    name: str  # translation name in the mapping
    start: int  # code-point offset of the translation inside the displayed text
    text: str  # the translation as displayed (before NFC)
    shift: int = 0  # code points of leading whitespace the display left out


@dataclass(frozen=True)
class Display:
    to_name: str
    text: str
    parts: tuple[Part, ...]
    missing: tuple[str, ...] = ()

    @classmethod
    def merged(cls, to_name: str, text: str, parts: list[tuple[str, str]]) -> "Display":
        """Find each (name, translation) in ``text`` after the previous one (stripped if need
        be)."""
        found, missing, cursor = [], [], 0
        for name, part in parts:
            at, shown = text.find(part, cursor), part
            if at < 0 and part.strip():
                shown = part.strip()
                at = text.find(shown, cursor)
            if at < 0 or not shown:
                missing.append(name)
                continue
            found.append(Part(name, at, shown, len(part) - len(part.lstrip())))
            cursor = at + len(shown)
        return cls(to_name, text, tuple(found), tuple(missing))


def to_codepoints(text: str, offset: int, unit: str) -> int:
    """A ``unit`` offset (codepoints | utf16) as a code-point index of ``text``."""
    if unit == "codepoints":
        return offset
    position = 0
    for index, char in enumerate(text):
        if position == offset:
            return index
        position += 2 if ord(char) > 0xFFFF else 1
        if position > offset:
            raise Malformed(f"UTF-16 offset {offset} falls inside the surrogate pair of {char!r}")
    if position == offset:
        return len(text)
    raise Malformed(f"UTF-16 offset {offset} is past the end of the text ({position} units)")


def locate(display: Display, value: dict[str, Any], unit: str) -> tuple[str, int, int, int]:
    """(translation name, start, end, 1 if whitespace drift else 0) in the NFC translation."""
    start, end, said = value.get("start"), value.get("end"), value.get("text")
    if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or (
        isinstance(end, bool)
    ):
        raise BadOffsets(
            f"value.start/value.end are not integer offsets ({start!r}, {end!r}); write the "
            "span's code-point offsets in the displayed text"
        )
    if not isinstance(said, str):
        raise Malformed("value.text is missing, so the offsets cannot be checked")
    try:
        first, last = (
            to_codepoints(display.text, start, unit),
            to_codepoints(display.text, end, unit),
        )
    except Malformed as error:
        raise BadOffsets(f"{error} in {display.to_name!r}") from None
    if not 0 <= first <= last <= len(display.text):
        raise BadOffsets(
            f"offsets {start}-{end} do not fit the text of {display.to_name!r} "
            f"({len(display.text)} code points): value.start and value.end must satisfy "
            f"0 <= start <= end <= {len(display.text)}"
        )
    found = display.text[first:last]
    drift = int(found != said and _squeezed(found) == _squeezed(said))
    if found != said and not drift:
        raise Malformed(
            f"offsets {start}-{end} ({unit}) select {found!r} in {display.to_name!r}, "
            f"but value.text is {said!r}{_hint(display.text, start, end, said, unit)}"
        )
    part = next(
        (p for p in display.parts if p.start <= first and last <= p.start + len(p.text)), None
    )
    if part is None:
        raise Malformed(
            f"span {start}-{end} {said!r} is not inside one translation of the "
            f"merged text {display.to_name!r}"
        )
    start, end = _nfc_offsets(part.text, first - part.start, last - part.start)
    return part.name, start + part.shift, end + part.shift, drift


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _nfc_offsets(text: str, start: int, end: int) -> tuple[int, int]:
    normal = unicodedata.normalize("NFC", text)
    if normal == text:
        return start, end
    mapped = offset_map(text, normal)
    new_start = mapped(start, False)
    return new_start, max(new_start, mapped(end, True))


def _hint(text: str, start: int, end: int, said: str, unit: str) -> str:
    """Name the likely cause when the other offset unit would have matched."""
    other = "utf16" if unit == "codepoints" else "codepoints"
    try:
        a, b = to_codepoints(text, start, other), to_codepoints(text, end, other)
    except Malformed:
        return ""
    if text[a:b] == said:
        return f" (they match if counted in {other}: set 'offsets: {other}' in the mapping)"
    return ""
