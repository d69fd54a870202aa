"""The JSON Schema of every file kind, shipped with the package."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator

from jsonschema import Draft202012Validator, ValidationError, validators

from ...files.ids import ID_PATTERN, id_problem

KINDS = (
    "dataset",
    "work",
    "paragraph",
    "system",
    "translation",
    "campaign",
    "mqm",
    "free",
    "sqm",
    "esa",
    "bws",
    "pairwise",
    "creativity",
    "ruler",
    "verse",
    "metric",
    "score",
    "reported",
)
SCHEMES = (
    "mqm",
    "free",
    "sqm",
    "esa",
    "bws",
    "pairwise",
    "creativity",
    "ruler",
    "verse",
    "metric",
    "score",
)


@lru_cache(maxsize=None)
def schema(kind: str) -> dict[str, Any]:
    if kind not in KINDS:
        raise KeyError(f"unknown file kind {kind!r}")
    text = resources.files(__package__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    return json.loads(text)


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``pattern`` matching the whole string: jsonschema uses ``re.search``, where a final ``$``
    also matches before a trailing newline ("s1\\n" passed ``^...$``). Id patterns also get the
    reserved-name rules of ``ids.id_problem`` and its message."""
    if not isinstance(instance, str):
        return
    if pattern == ID_PATTERN:
        why = id_problem(instance)
        if why:
            yield ValidationError(why)
        return
    if _whole(pattern).search(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@lru_cache(maxsize=None)
def _whole(pattern: str) -> "re.Pattern[str]":
    return re.compile(
        pattern[:-1] + r"\Z" if pattern.endswith("$") and not pattern.endswith(r"\$") else pattern
    )


_Validator = validators.extend(Draft202012Validator, {"pattern": _pattern})


@lru_cache(maxsize=None)
def validator(kind: str) -> Any:
    return _Validator(schema(kind))


def field_paths(kind: str) -> list[str]:
    """Every documented field of a kind as a dotted path (array items add no step)."""
    paths: list[str] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for name, sub in node.get("properties", {}).items():
            path = f"{prefix}{name}"
            paths.append(path)
            if sub.get("type") == "object" and "properties" in sub:
                walk(sub, path + ".")
            items = sub.get("items")
            if isinstance(items, dict) and "properties" in items:
                walk(items, path + ".")

    walk(schema(kind), "")
    return paths


@lru_cache(maxsize=None)
def manifest_schema() -> dict[str, Any]:
    """The schema of releases.yaml, the pinned releases the public site is built from."""
    text = resources.files(__package__).joinpath("releases.json").read_text(encoding="utf-8")
    return json.loads(text)
