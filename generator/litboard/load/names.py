"""Display names that cannot be told apart, and invisible characters in card fields.

*Skeleton* (after Unicode TR #39's, with a focused table instead of the whole confusables.txt,
which is not shipped offline): drop default-ignorable format characters (zero-width spaces and
joiners, bidi controls, the BOM, soft hyphen), NFKC, map the Cyrillic and Greek letters that
look like Latin ones and the digit/letter look-alikes (0/o, 1/l, rn/m) to one Latin letter,
case-fold, collapse whitespace. Two names with the same skeleton are the same name on the board:
``Нumаn trаnslаtiоn`` (Cyrillic Н, а, о) and ``Human translation`` share one.

*Invisible characters*: format characters (Unicode category Cf: zero-width, bidi overrides and
isolates) and control characters (Cc) are refused in every card field; the prompt may hold line
breaks and tabs.
"""

from __future__ import annotations

import unicodedata

# look-alike -> Latin (uppercase and lowercase kept; the skeleton case-folds afterwards)
_LATIN = {
    **dict(zip("АВЕКМНОРСТХУЅІЈԚԜ", "ABEKMHOPCTXYSIJQW")),  # Cyrillic capitals
    **dict(zip("аеорсухѕіјһԁԛԝӏ", "aeopcyxsijhdqwl")),  # Cyrillic small letters
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX")),  # Greek capitals
    **dict(zip("οινκρυ", "oivkpu")),  # Greek small letters
    "ɡ": "g",
    "ı": "i",
}
_FOLDED = {"0": "o", "1": "l", "|": "l"}  # after case folding (so that I and i stay one letter)
_TABLE = str.maketrans(_LATIN)
_FOLDED_TABLE = str.maketrans(_FOLDED)
ALLOWED_CONTROLS = frozenset("\n\t")


def invisible(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The format and control characters in ``text`` (as U+XXXX names), except ``allowed``."""
    return [
        f"U+{ord(c):04X} {unicodedata.name(c, 'control character')}"
        for c in text
        if unicodedata.category(c) in ("Cf", "Cc") and c not in allowed
    ]


def skeleton(name: str) -> str:
    """The name as it looks: two names with one skeleton cannot be told apart on the board."""
    visible = "".join(c for c in name if unicodedata.category(c) not in ("Cf", "Cc"))
    mapped = unicodedata.normalize("NFKC", visible).translate(_TABLE).casefold()
    mapped = mapped.translate(_FOLDED_TABLE).replace("rn", "m")
    return " ".join(mapped.split())
