"""Tagged Span Annotation: ``<v0>…</v0>`` (or plain ``<v>…</v>``) tags -> text + spans.

``parse_tags`` removes the tags and returns the tag-free text with one span per tag pair,
offsets in Unicode code points of the tag-free text (end exclusive; an empty tag pair is
a zero-width span, i.e. an omission). Anything malformed raises ``TagError`` with the
code-point position in the *annotated* input, so a caller can report file, line and column
and skip the line instead of guessing.

Indexed tags (``indexed=True``) map span ``vN`` to entry N of the model's error list, so
the order in which tags appear in the text is not required to follow N: LLM outputs
(paper 003's TSA files) often write ``<v1>`` before ``<v0>``. Pass ``sequential=True`` to
insist on v0, v1, v2 … in order of appearance (the prompt's rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_INDEXED = re.compile(r"<(/?)v(\d*)>")


class TagError(ValueError):
    """Malformed tagged text; ``position`` is the code-point offset in the annotated input."""

    def __init__(self, message: str, position: int) -> None:
        self.position = position
        self.reason = message
        super().__init__(f"{message} (at character {position})")


@dataclass(frozen=True)
class TaggedSpan:
    """One tagged span: offsets in the tag-free text, tag index (None for plain tags), text."""

    start: int
    end: int
    index: int | None
    text: str


def parse_tags(
    annotated: str, *, indexed: bool = True, sequential: bool = False, allow_nested: bool = False
) -> tuple[str, list[TaggedSpan]]:
    """Split tagged text into (tag-free text, spans ordered by start, then index).

    indexed: tags carry a number (``<v0>``); False expects plain ``<v>`` (WMT TSV style).
    sequential: indexed tags must open as v0, v1, v2 … in order of appearance.
    allow_nested: tags may nest (and, when indexed, overlap); otherwise any tag opened
    inside another is an error.
    """
    pieces: list[str] = []
    out_len = 0
    cursor = 0
    open_tags: list[tuple[int | None, int, int]] = []  # (index, start offset, input position)
    spans: list[TaggedSpan] = []
    seen: set[int] = set()
    for match in _INDEXED.finditer(annotated):
        pieces.append(annotated[cursor : match.start()])
        out_len += match.start() - cursor
        cursor = match.end()
        closing, digits = match.group(1) == "/", match.group(2)
        index = _tag_index(digits, indexed, match.group(0), match.start())
        if closing:
            _close(index, open_tags, spans, out_len, match.start(), allow_nested)
        else:
            _open(index, open_tags, seen, out_len, match.start(), allow_nested, sequential)
    if open_tags:
        index, _, position = open_tags[0]
        raise TagError(f"tag {_name(index)} is never closed", position)
    pieces.append(annotated[cursor:])
    text = "".join(pieces)
    spans = [TaggedSpan(s.start, s.end, s.index, text[s.start : s.end]) for s in spans]
    spans.sort(key=lambda s: (s.start, s.end, -1 if s.index is None else s.index))
    return text, spans


def _tag_index(digits: str, indexed: bool, tag: str, position: int) -> int | None:
    if indexed and not digits:
        raise TagError(f"tag {tag} has no index (expected <v0>, <v1>, …)", position)
    if not indexed and digits:
        raise TagError(f"tag {tag} has an index, but plain <v>…</v> tags were expected", position)
    return int(digits) if digits else None


def _open(
    index: int | None,
    open_tags: list[tuple[int | None, int, int]],
    seen: set[int],
    offset: int,
    position: int,
    allow_nested: bool,
    sequential: bool,
) -> None:
    if open_tags and not allow_nested:
        raise TagError(f"tag {_name(index)} opens inside {_name(open_tags[-1][0])}", position)
    if index is not None:
        if index in seen:
            raise TagError(f"tag {_name(index)} is used twice", position)
        if sequential and index != len(seen):
            raise TagError(
                f"tag {_name(index)} is out of order (expected {_name(len(seen))})", position
            )
        seen.add(index)
    open_tags.append((index, offset, position))


def _close(
    index: int | None,
    open_tags: list[tuple[int | None, int, int]],
    spans: list[TaggedSpan],
    offset: int,
    position: int,
    allow_nested: bool,
) -> None:
    if not open_tags:
        raise TagError(f"closing tag {_name(index, True)} without an opening tag", position)
    if index is None or not allow_nested:
        found = len(open_tags) - 1  # plain tags (and unnested indexed tags) close the innermost
        if open_tags[found][0] != index:
            raise TagError(
                f"closing tag {_name(index, True)} does not match the open "
                f"{_name(open_tags[found][0])}",
                position,
            )
    else:
        found = next((i for i, t in enumerate(open_tags) if t[0] == index), -1)
        if found < 0:
            raise TagError(f"closing tag {_name(index, True)} without an opening tag", position)
    tag_index, start, _ = open_tags.pop(found)
    spans.append(TaggedSpan(start, offset, tag_index, ""))


def _name(index: int | None, closing: bool = False) -> str:
    slash = "/" if closing else ""
    return f"<{slash}v{'' if index is None else index}>"
