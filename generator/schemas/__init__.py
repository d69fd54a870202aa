"""The JSON Schema of every file kind, shipped with the package."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

KINDS = ("dataset", "work", "paragraph", "system", "translation", "campaign",
         "mqm", "free", "sqm", "bws", "pairwise", "creativity", "ruler", "verse", "metric", "score")
SCHEMES = ("mqm", "free", "sqm", "bws", "pairwise", "creativity", "ruler", "verse", "metric", "score")


@lru_cache(maxsize=None)
def schema(kind: str) -> dict[str, Any]:
    if kind not in KINDS:
        raise KeyError(f"unknown file kind {kind!r}")
    text = resources.files(__package__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(kind))


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
