"""What an autoescaped ``{{ value }}`` prints, shared by the jinja environment (``jinja``) and the
markup litboard writes in Python (``run_markup``), so both give the same characters."""

from __future__ import annotations

from typing import Any

from markupsafe import _escape_inner, escape

from ...analysis.rounding import stated


def written(value: Any) -> Any:
    """What ``{{ value }}`` prints: a float at the stated precision, anything else as it is."""
    return stated(value) if isinstance(value, float) else value


def escaped(value: Any) -> str:
    """What an autoescaped ``{{ value }}`` prints: ``escape(written(value))`` as text. A plain
    ``str`` or ``int`` takes a shortcut that gives the same characters."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)
    if kind is int:
        return str(value)
    return str(escape(written(value)))
