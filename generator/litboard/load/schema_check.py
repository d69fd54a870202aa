"""A record against its JSON Schema: every problem of a refused record, as short, actionable
messages (file line, dotted field path, what is wrong, how to fix it). ``read`` calls it for
each row it reads."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import Problems
from . import schemas
from ..files.ids import ID_HELP, ID_PATTERN, odd_character
from .schemas.fast import accepts
from .values import value_problems

MAX_MESSAGE = 160


def schema_ok(kind: str, data: Any, problems: Problems, shown: str, line_of: Any) -> bool:
    """True for a record without problems; else every problem is added (values first)."""
    refused = value_problems(kind, data)
    for path, message, fix in refused:
        problems.add(shown, line_of(path), ".".join(map(str, path)) or kind, message, fix)
    if refused:  # checked first: the schema validator recurses and trusts its input's values
        return False
    if accepts(kind)(data):  # the compiled yes/no check; only a refused record pays for messages
        return True
    errors = sorted(
        schemas.validator(kind).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))
    )
    for error in errors:
        path = tuple(error.absolute_path)
        described = _describe(error, kind)
        name = described.extra_field
        dotted = ".".join(str(p) for p in path + ((name,) if name else ()))
        problems.add(shown, line_of(path), dotted or kind, described.message, described.fix)
    return not errors


class _Described(NamedTuple):
    extra_field: str  # the field the error names beyond its path ('' when none)
    message: str
    fix: str


def _describe(error: Any, kind: str) -> _Described:
    """The extra field name, message and fix for one JSON Schema error, short and actionable."""
    validator = error.validator
    value = repr(error.instance)
    value = value if len(value) <= 60 else value[:57] + "..."
    if validator == "required":
        missing = error.message.split("'")[1]
        return _Described(missing, "is required but missing", f"add the field {missing!r}")
    if validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return _Described(
            ", ".join(extra),
            "is not a known field",
            "remove it or correct its spelling (see the Data format page)",
        )
    if validator == "enum":
        options = ", ".join(map(str, error.validator_value))
        return _Described("", f"{value} is not allowed", f"use one of: {options}")
    if validator == "type":
        return _Described("", f"{value} has the wrong type", f"use a {error.validator_value}")
    if validator == "pattern" and error.validator_value == ID_PATTERN:
        return _Described("", error.message, ID_HELP)
    if validator == "pattern":
        odd = odd_character(error.instance) if isinstance(error.instance, str) else ""
        return _Described(
            "",
            f"{value} does not match the expected form{odd}",
            ID_HELP if "a-z0-9" in str(error.validator_value) else f"match {error.validator_value}",
        )
    if validator in ("minimum", "maximum", "minItems"):
        return _Described(
            "",
            f"{value} is out of range ({validator} {error.validator_value})",
            "use a value inside the documented range",
        )
    if validator == "oneOf" and kind == "score":
        return _Described(
            "paragraph",
            "needs exactly one of paragraph and work",
            "give the paragraph id for a paragraph's score, or the work id for a whole text's",
        )
    if validator == "anyOf" and kind in ("paragraph", "translation"):
        return _Described(
            "text",
            "is required (or 'restricted' with a snippet/sha256)",
            "add the text, or mark it restricted with a reason",
        )
    return _Described("", error.message[:MAX_MESSAGE], "see the Data format page")
