"""A fast yes/no check of a record against its kind's JSON Schema.

``accepts(kind)`` compiles the schema once into the source of one Python function (nested
``if`` tests) that answers exactly what ``schemas.validator(kind)`` answers for "has no error"
(same keyword semantics, including integers written as 2.0, the whole-string ``pattern`` and
the id rules of ``ids.id_problem``), some forty times faster.
The loader asks it first and runs the full validator only for a record it refuses, so every
message still comes from the one validator. A schema keyword this module does not know makes
``accepts`` raise: a schema change can never silently widen what passes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from ...files.ids import ID_PATTERN, id_problem

Check = Callable[[Any], bool]
IGNORED = {"description", "title", "$schema", "$id"}
KNOWN = IGNORED | {
    "type",
    "enum",
    "pattern",
    "minimum",
    "maximum",
    "minLength",
    "minItems",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "oneOf",
}


@lru_cache(maxsize=None)
def accepts(kind: str) -> Check:
    """The compiled check of ``kind``: True exactly when the schema validator finds no error."""
    from . import schema

    return compile_check(schema(kind), kind)


def compile_check(node: dict[str, Any], name: str = "schema") -> Check:
    """One Python function (generated source) answering whether ``node`` accepts a value."""
    code = _Code()
    body = code.node(node, "x", 1)
    source = f"def check(x):\n{''.join(body)}    return True\n"
    namespace: dict[str, Any] = dict(code.constants)
    exec(compile(source, f"<schema {name}>", "exec"), namespace)  # noqa: S102 (our own schemas)
    check: Check = namespace["check"]
    return check


@lru_cache(maxsize=1 << 16)
def _safe_id(value: str) -> bool:
    return id_problem(value) is None


@lru_cache(maxsize=None)
def _matches(pattern: str) -> Check:
    """The whole-string ``pattern`` test of ``schemas._pattern``, remembering recent answers
    (the same language pair or hash recurs on many records)."""
    from . import _whole

    search = _whole(pattern).search

    @lru_cache(maxsize=1 << 12)
    def matches(value: str) -> bool:
        return search(value) is not None

    return matches


def _equal_any(value: Any, options: tuple[Any, ...]) -> bool:
    from jsonschema._utils import equal

    return any(equal(value, option) for option in options)


TYPES = {
    "string": "type({0}) is str",
    "integer": "(type({0}) is int or (type({0}) is float and {0}.is_integer()))",
    "number": "(type({0}) is int or type({0}) is float)",
    "boolean": "type({0}) is bool",
    "object": "type({0}) is dict",
    "array": "type({0}) is list",
    "null": "{0} is None",
}


class _Code:
    """Source lines for one schema; constants (sets, patterns, sub-checks) go to the namespace."""

    def __init__(self) -> None:
        self.constants: dict[str, Any] = {
            "_safe_id": _safe_id,
            "_equal_any": _equal_any,
            "_MISSING": object(),
        }
        self.count = 0

    def const(self, value: Any) -> str:
        self.count += 1
        self.constants[f"c{self.count}"] = value
        return f"c{self.count}"

    def var(self) -> str:
        self.count += 1
        return f"v{self.count}"

    def node(self, node: dict[str, Any], x: str, depth: int) -> list[str]:
        unknown = set(node) - KNOWN
        if unknown:
            raise ValueError(f"schemas.fast does not know the keyword(s) {sorted(unknown)}")
        pad = "    " * depth
        lines = []
        if "type" in node:
            names = node["type"] if isinstance(node["type"], list) else [node["type"]]
            test = " or ".join(TYPES[n].format(x) for n in names)
            lines.append(f"{pad}if not ({test}): return False\n")
        if "enum" in node:
            values = node["enum"]
            if all(type(v) is str for v in values):
                lines.append(
                    f"{pad}if not (type({x}) is str and {x} in {self.const(frozenset(values))}): "
                    "return False\n"
                )
            else:
                lines.append(
                    f"{pad}if not _equal_any({x}, {self.const(tuple(values))}): return False\n"
                )
        lines += self.string(node, x, depth)
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None or high is not None:
            test = " and ".join(
                t
                for t in (
                    low is not None and f"{low!r} <= {x}",
                    high is not None and f"{x} <= {high!r}",
                )
                if t
            )
            lines.append(
                f"{pad}if (type({x}) is int or type({x}) is float) and not ({test}): return False\n"
            )
        lines += (
            self.array(node, x, depth) + self.object(node, x, depth) + self.combined(node, x, depth)
        )
        return lines

    def string(self, node: dict[str, Any], x: str, depth: int) -> list[str]:
        pad, inner = "    " * depth, "    " * (depth + 1)
        lines = []
        if node.get("pattern") == ID_PATTERN:
            lines.append(f"{inner}if not _safe_id({x}): return False\n")
        elif "pattern" in node:
            lines.append(
                f"{inner}if not {self.const(_matches(node['pattern']))}({x}): return False\n"
            )
        if "minLength" in node:
            lines.append(f"{inner}if len({x}) < {int(node['minLength'])}: return False\n")
        return [f"{pad}if type({x}) is str:\n", *lines] if lines else []

    def array(self, node: dict[str, Any], x: str, depth: int) -> list[str]:
        pad, inner = "    " * depth, "    " * (depth + 1)
        lines = []
        if "minItems" in node:
            lines.append(f"{inner}if len({x}) < {int(node['minItems'])}: return False\n")
        if "items" in node:
            if not isinstance(node["items"], dict):
                raise ValueError("schemas.fast knows only a single schema under 'items'")
            item = self.var()
            body = self.node(node["items"], item, depth + 2)
            if body:
                lines += [f"{inner}for {item} in {x}:\n", *body]
        return [f"{pad}if type({x}) is list:\n", *lines] if lines else []

    def object(self, node: dict[str, Any], x: str, depth: int) -> list[str]:
        pad, inner = "    " * depth, "    " * (depth + 1)
        props: dict[str, Any] = node.get("properties", {})
        extra = node.get("additionalProperties", True)
        if not isinstance(extra, (bool, dict)):
            raise ValueError(
                "schemas.fast knows additionalProperties as a boolean or a schema only"
            )
        lines = []
        if node.get("required"):
            missing = " or ".join(f"{name!r} not in {x}" for name in node["required"])
            lines.append(f"{inner}if {missing}: return False\n")
        if extra is False:
            lines.append(
                f"{inner}if not {self.const(frozenset(props))}.issuperset({x}): return False\n"
            )
        for name, sub in props.items():
            value = self.var()
            body = self.node(sub, value, depth + 2)
            if body:
                lines += [
                    f"{inner}{value} = {x}.get({name!r}, _MISSING)\n",
                    f"{inner}if {value} is not _MISSING:\n",
                    *body,
                ]
        if isinstance(extra, dict):
            key, value = self.var(), self.var()
            body = self.node(extra, value, depth + 3)
            if body:
                lines += [
                    f"{inner}for {key}, {value} in {x}.items():\n",
                    f"{inner}    if {key} not in {self.const(frozenset(props))}:\n",
                    *body,
                ]
        return [f"{pad}if type({x}) is dict:\n", *lines] if lines else []

    def combined(self, node: dict[str, Any], x: str, depth: int) -> list[str]:
        pad = "    " * depth
        if "anyOf" in node and "oneOf" in node:
            raise ValueError("schemas.fast does not combine anyOf and oneOf in one node")
        for word, test in (
            ("anyOf", "any(f({0}) for f in {1})"),
            ("oneOf", "sum(1 for f in {1} if f({0})) == 1"),
        ):
            if word in node:
                options = self.const(tuple(compile_check(sub, word) for sub in node[word]))
                return [f"{pad}if not ({test.format(x, options)}): return False\n"]
        return []
