"""The CSV-injection guard and its inverse.

CSV downloads give a text cell that a spreadsheet would run as a formula (starting with
``= + - @``, tab or CR, and not just a number) a leading single quote (OWASP). The guard is
reversible: a text that already starts with quotes before such a character gets one more, so
``plain_cell`` (used by the JSON and LaTeX downloads, which are made from the CSV text) drops
exactly the quote the guard added and gives back the name as written (``@home``, ``'=x``).
"""

from __future__ import annotations

import re

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _needs_quote(text: str) -> bool:
    bare = text.lstrip("'")
    return bare.startswith(FORMULA_START) and not (bare == text and _NUMBER.fullmatch(text))


def inert_cell(value: object) -> object:
    """``value`` with a leading single quote when a spreadsheet could run it; numbers (and texts
    that are only a number, ``-0.5``) are left alone."""
    if isinstance(value, str) and _needs_quote(value):
        return "'" + value
    return value


def plain_cell(text: str) -> str:
    """The text ``inert_cell`` was given, from the cell it made."""
    if text.startswith("'") and _needs_quote(text[1:]):
        return text[1:]
    return text
