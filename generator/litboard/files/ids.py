"""Identifier safety: ids become file names and URL parts, so they are checked first."""

from __future__ import annotations

import re
from functools import lru_cache

ID_PATTERN = r"^[a-z0-9][a-z0-9._-]{0,79}$"
_ID_RE = re.compile(ID_PATTERN)
PAIR_PATTERN = r"^[a-z]{2,3}-[a-z]{2,3}$"
_PAIR_RE = re.compile(PAIR_PATTERN)

ID_HELP = (
    "use 1-80 characters from a-z, 0-9, '.', '_' and '-', starting with a letter "
    "or digit and not ending with '.' (no '/', '..', spaces, capitals or control characters; "
    "not 'index' or a Windows device name such as con, aux, nul, com1, lpt1)"
)
# Ids become file names: 'index' would overwrite a listing page; Windows opens a device for
# these names whatever the extension ('aux.txt' is the device AUX), and drops trailing dots.
RESERVED = frozenset(
    {
        "index",
        "con",
        "prn",
        "aux",
        "nul",
        "conin$",
        "conout$",
        *(f"com{i}" for i in range(10)),
        *(f"lpt{i}" for i in range(10)),
    }
)


def id_problem(value: object) -> str | None:
    """Return why ``value`` is not a safe id, or None when it is."""
    if not isinstance(value, str):
        return f"expected a string id, got {type(value).__name__}"
    if _ID_RE.fullmatch(value) is None or ".." in value:
        return f"{value!r} is not a safe id{odd_character(value)}"
    if value.endswith("."):
        return f"{value!r} is not a safe id (ends with '.', which Windows drops from file names)"
    if value.split(".")[0] in RESERVED:
        return f"{value!r} is not a safe id ({value.split('.')[0]!r} is a reserved file name)"
    return None


def odd_character(value: str) -> str:
    """' (contains U+0430 CYRILLIC SMALL LETTER A)' for the first character outside printable
    ASCII, so look-alike letters and invisible characters are named; '' when there is none."""
    import unicodedata

    odd = next((c for c in value if not " " < c < "\x7f"), None)
    if odd is None:
        return ""
    if 0xDC80 <= ord(odd) <= 0xDCFF:
        return f" (contains the byte 0x{ord(odd) - 0xDC00:02X}, which is not UTF-8)"
    kind = "a control character" if unicodedata.category(odd) == "Cc" else "an unnamed character"
    return f" (contains U+{ord(odd):04X} {unicodedata.name(odd, kind)})"


def is_safe_id(value: object) -> bool:
    return id_problem(value) is None


def pair_problem(value: object) -> str | None:
    if not isinstance(value, str) or _PAIR_RE.fullmatch(value) is None:
        return f"{value!r} is not a language pair like 'de-en'"
    return None


OUTPUT_HELP = (
    "name output files <src>-<tgt>.jsonl, e.g. de-en.jsonl; a file over the size limit "
    "continues in de-en.2.jsonl, de-en.3.jsonl, ..."
)
_PART_RE = re.compile(r"[1-9][0-9]{0,3}")


def output_file(name: str) -> tuple[str, int, str | None]:
    """(pair, part, problem) for a system output file name: ``de-en.jsonl`` is part 1 of the
    de-en outputs, ``de-en.2.jsonl``, ``de-en.3.jsonl``... continue it (one name per part: no
    ``.1``, no leading zeros). ``problem`` says why a name is neither."""
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else name
    pair, dot, part = stem.partition(".")
    if pair_problem(pair):
        return stem, 0, pair_problem(stem)
    if not dot:
        return pair, 1, None
    if _PART_RE.fullmatch(part) is None or part == "1":
        return (
            pair,
            0,
            (
                f"{part!r} is not a part number: a {pair} output file continues in "
                f"{pair}.2.jsonl, {pair}.3.jsonl, ... (no .1, no leading zeros)"
            ),
        )
    return pair, int(part), None


def output_name(pair: str, part: int) -> str:
    """The file name of part ``part`` (1, 2, ...) of a system's ``pair`` outputs."""
    return f"{pair}.jsonl" if part == 1 else f"{pair}.{part}.jsonl"


@lru_cache(maxsize=1 << 16)
def long_slug(text: str) -> str:
    """Like ``slug``, but a name longer than an id may be is shortened with a digest of the full
    text instead of being cut, so two long names that share their first 80 characters never
    become the same id."""
    import hashlib

    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
    if len(cleaned) <= 80:
        return cleaned.rstrip("-.") or "x"
    return f"{cleaned[:69].rstrip('-.')}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:10]}"


def slug(text: str) -> str:
    """Turn free text into a safe id (for importers); never empty."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return (cleaned or "x")[:80].rstrip("-.") or "x"
