"""What a value read from a data file may hold: finite numbers, printable text (tabs and line
breaks only where text may span lines), one-line names and titles, bounded nesting.

``read`` applies ``value_problems`` to every record as it is read, beside the schema check.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .names import invisible
from .textfiles import MAX_DEPTH

# Single-line labels (names and titles end up in chart labels, page titles and CSV cells).
LABELS = {
    "system": {"name", "model", "size", "version", "date"},
    "work": {"title", "author"},
    "dataset": {"title"},
    "campaign": {"title"},
}
LINE_BREAKS = "\n\t\u2028\u2029"


def value_problems(kind: str, data: Any) -> list[tuple[tuple[Any, ...], str, str]]:
    """(path, message, fix) for every value no file may hold: non-finite numbers, control
    characters (tab and newline only where text may span lines), lone surrogates, line breaks
    in names and titles, and nesting deeper than MAX_DEPTH. Iterative: no recursion limit."""
    found: list[tuple[tuple[Any, ...], str, str]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_DEPTH:
            found.append(
                (
                    path[:MAX_DEPTH],
                    f"is nested deeper than {MAX_DEPTH} levels",
                    "flatten the value; no litboard field is nested this deeply",
                )
            )
            continue
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _bad_char(key, label=True):
                    found.append(
                        (
                            path,
                            f"has a key with {_bad_char(key, label=True)}",
                            "use plain printable keys",
                        )
                    )
                stack.append((path + (key,), item))
        elif isinstance(value, list):
            stack.extend((path + (i,), item) for i, item in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            found.append(
                (path, f"{value} is not a finite number", "write a finite number (or null)")
            )
        elif isinstance(value, str):
            label = len(path) == 1 and path[0] in LABELS.get(kind, set())
            odd = _bad_char(value, label)
            if odd:
                where = "a name or title" if label else "text"
                fix = "remove it" + (" (names and titles are one line)" if label else "")
                if "surrogate" in odd:
                    fix += (
                        "; in YAML write a character beyond U+FFFF as \\U0001F600, not as a "
                        "\\uD83D\\uDE00 pair"
                    )
                found.append((path, f"contains {odd}, not allowed in {where}", fix))
    return sorted(found, key=lambda f: list(map(str, f[0])))


_BAD_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
# bidirectional embeddings, overrides and isolates: a name could show reversed (U+202E) in pages
_BAD_LABEL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _bad_char(text: str, label: bool) -> str:
    """'U+0001 (a control character)' for the first refused character of ``text``, else ''.
    Texts may hold tabs and line breaks; labels (names, titles, keys) may not."""
    found = (_BAD_LABEL if label else _BAD_TEXT).search(text)
    if found is None:
        hidden = invisible(text) if label and not text.isascii() else []
        # default-ignorable (Hangul fillers, variation selectors, ...), U+2800, format characters
        return f"{hidden[0]} (an invisible character: it does not show)" if hidden else ""
    char = found.group()
    code = ord(char)
    if label and char in LINE_BREAKS:
        return f"U+{code:04X} {'a line break or tab' if code < 0x20 else 'a line separator'}"
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"U+{code:04X} a control character"
    if 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
        return f"U+{code:04X} a bidirectional control (it reorders the text shown after it)"
    return f"U+{code:04X} a lone surrogate (not a character)"
