"""Machinery for mapping files: declare keys (``setting``), read YAML into dataclasses, list keys.

Every key has a type, a default and help text (``setting``); ``load_mapping`` reads the YAML
(with line numbers) into a dataclass tree and raises one ``DataError`` naming file, line and
key for every problem; ``mapping_keys`` lists every key as a dotted path for the docs page
(generator/litboard/pages/importers.md) and the test that keeps the page complete. The trees
themselves are in ``mapping`` (one per importer).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ...errors import Problems
from ...files.ids import ID_HELP, id_problem, pair_problem
from ...load.textfiles import line_for, read_yaml

T = TypeVar("T")
Lines = dict[tuple[Any, ...], int]


def setting(
    help: str,
    default: Any = "",
    *,
    required: bool = False,
    choices: tuple[str, ...] = (),
    kind: str = "",
) -> Any:
    """A mapping key: default, help text, and optional rules (required, choices, kind)."""
    meta = {"help": help, "required": required, "choices": choices, "kind": kind}
    if isinstance(default, (list, dict)):
        return field(default_factory=lambda: type(default)(default), metadata=meta)
    return field(default=default, metadata=meta)


def section(cls: type, help: str, *, optional: bool = False) -> Any:
    """A nested block; ``optional`` blocks are None when absent (the scheme is not imported)."""
    if optional:
        return field(
            default=None, metadata={"help": help, "required": False, "choices": (), "kind": ""}
        )
    return field(
        default_factory=cls, metadata={"help": help, "required": False, "choices": (), "kind": ""}
    )


@dataclass(frozen=True)
class Key:
    """One documented mapping key."""

    path: str
    type: str
    default: str
    help: str


def require_mapping(mapping: Path | None, src: Path, importer: str, example: str) -> Path:
    """The mapping path, or a DataError saying the importer needs one and where examples are."""
    if mapping is None:
        from ...errors import DataError, Problem

        raise DataError(
            [
                Problem(
                    str(src),
                    0,
                    "--mapping",
                    f"the {importer} importer needs a mapping file",
                    f"pass --mapping MAP.yaml ({example})",
                )
            ]
        )
    return mapping


def load_mapping(path: Path, cls: type[T]) -> T:
    """Read and validate a mapping file; raise DataError listing every problem."""
    problems = Problems()
    shown = str(path)
    if not path.is_file():
        problems.add(
            shown, 0, "file", "does not exist", "pass an existing mapping file with --mapping"
        )
        problems.raise_if_any()
    data, lines = read_yaml(path, problems, shown)
    problems.raise_if_any()
    if not isinstance(data, dict):
        problems.add(
            shown,
            1,
            "mapping",
            "expected a YAML mapping (key: value lines)",
            "start from an example in generator/litboard/importers/examples/",
        )
        problems.raise_if_any()
    value = _parse_class(cls, data, (), _Context(shown, lines, problems))
    problems.raise_if_any()
    return typing.cast(T, value)


@dataclass
class _Context:
    shown: str
    lines: Lines
    problems: Problems

    def add(self, path: tuple[Any, ...], message: str, fix: str) -> None:
        dotted = ".".join(str(p) for p in path) or "mapping"
        self.problems.add(self.shown, line_for(self.lines, path), dotted, message, fix)


def _parse_class(cls: type, data: Any, path: tuple[Any, ...], ctx: _Context) -> Any:
    if not isinstance(data, dict):
        ctx.add(
            path,
            f"expected a block of keys, got {_kind(data)}",
            "write 'key: value' lines under it",
        )
        return cls()
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key in data:
        if key not in fields:
            ctx.add(
                path + (key,),
                "is not a known key",
                f"use one of: {', '.join(fields)} (see the Importers page)",
            )
    values: dict[str, Any] = {}
    for name, spec in fields.items():
        if name not in data or data[name] is None:
            if dataclasses.is_dataclass(hints[name]):  # an absent block: check its required keys
                values[name] = _parse_class(hints[name], {}, path + (name,), ctx)
            elif spec.metadata.get("required"):
                ctx.add(
                    path + (name,),
                    "is required but missing",
                    f"add '{name}:' ({spec.metadata['help']})",
                )
            continue
        parsed = _parse_value(hints[name], data[name], path + (name,), ctx)
        if parsed is not _BAD and _rule_ok(spec, parsed, path + (name,), ctx):
            values[name] = parsed
    obj = cls(**values)
    check = getattr(obj, "problems", None)
    if check is not None:
        for key, message, fix in check():
            ctx.add(path + tuple(key.split(".")) if key else path, message, fix)
    return obj


_BAD = object()


def _parse_value(hint: Any, value: Any, path: tuple[Any, ...], ctx: _Context) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = next(a for a in args if a is not type(None))
        return _parse_value(inner, value, path, ctx)
    if dataclasses.is_dataclass(hint):
        return _parse_class(typing.cast(type, hint), value, path, ctx)
    if origin is list:
        if not isinstance(value, list):
            ctx.add(
                path,
                f"expected a list, got {_kind(value)}",
                "write a YAML list ([a, b] or '- a' lines)",
            )
            return _BAD
        items = [_parse_value(args[0], v, path + (i,), ctx) for i, v in enumerate(value)]
        return [v for v in items if v is not _BAD]
    if origin is dict:
        if not isinstance(value, dict):
            ctx.add(
                path,
                f"expected a block of 'name: value' lines, got {_kind(value)}",
                "write one 'name: value' line per entry",
            )
            return _BAD
        out = {}
        for key, item in value.items():
            if isinstance(key, bool) or key is None:
                ctx.add(
                    path + (key,),
                    f"YAML read the name as {key!r}, not as text",
                    "quote the name, e.g. \"Yes\": or \"No\":",
                )
                continue
            parsed = _parse_value(args[1], item, path + (key,), ctx)
            if parsed is not _BAD:
                out[str(key)] = parsed
        return out
    return _parse_scalar(hint, value, path, ctx)


def _parse_scalar(hint: Any, value: Any, path: tuple[Any, ...], ctx: _Context) -> Any:
    if hint is bool:
        if isinstance(value, bool):
            return value
        ctx.add(path, f"expected true or false, got {value!r}", "write true or false")
        return _BAD
    if hint in (int, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return hint(value)
        ctx.add(path, f"expected a number, got {value!r}", "write a number")
        return _BAD
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        ctx.add(
            path,
            f"expected text, got {_kind(value)} {value!r}",
            "write text (quote it if in doubt)",
        )
        return _BAD
    return str(value)


def _rule_ok(
    spec: dataclasses.Field[Any], value: Any, path: tuple[Any, ...], ctx: _Context
) -> bool:
    choices, kind = spec.metadata.get("choices", ()), spec.metadata.get("kind", "")
    values = (
        list(value.values())
        if isinstance(value, dict)
        else value
        if isinstance(value, list)
        else [value]
    )
    for v in values:
        if choices and v not in choices and not (v == "" and spec.default == ""):
            ctx.add(path, f"{v!r} is not allowed", f"use one of: {', '.join(choices)}")
            return False
        why = None
        if kind == "id" and v != "":
            why, fix = id_problem(v), ID_HELP
        elif kind == "pair" and v != "":
            why, fix = pair_problem(v), "write the pair as <source>-<target>, e.g. en-zh"
        if why:
            ctx.add(path, why, fix)
            return False
    return True


def _kind(value: Any) -> str:
    names = {dict: "a block", list: "a list", str: "text", bool: "true/false"}
    return names.get(type(value), type(value).__name__)


def mapping_keys(cls: type, prefix: str = "") -> list[Key]:
    """Every key of a mapping tree as a dotted path: dict entries add ``<name>``, list items
    ``[]``."""
    keys: list[Key] = []
    hints = typing.get_type_hints(cls)
    for spec in dataclasses.fields(cls):
        path = prefix + spec.name
        hint = hints[spec.name]
        inner, step = _container(hint)
        meta = spec.metadata
        keys.append(Key(path, _type_name(hint, meta), _default_text(spec), meta.get("help", "")))
        if inner is not None and dataclasses.is_dataclass(inner):
            keys += mapping_keys(typing.cast(type, inner), path + step + ".")
    return keys


def _container(hint: Any) -> tuple[Any, str]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _container(next(a for a in args if a is not type(None)))
    if origin is list:
        return args[0], "[]"
    if origin is dict:
        return args[1], ".<name>"
    if dataclasses.is_dataclass(hint):
        return hint, ""
    return None, ""


def _type_name(hint: Any, meta: Any) -> str:
    if meta.get("choices"):
        return " \\| ".join(meta["choices"])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _type_name(next(a for a in args if a is not type(None)), meta)
    if origin is list:
        return f"list of {_type_name(args[0], {})}"
    if origin is dict:
        return f"names → {_type_name(args[1], {})}"
    if dataclasses.is_dataclass(hint):
        return "block"
    return {str: meta.get("kind") or "text", int: "integer", float: "number", bool: "boolean"}[hint]


def _default_text(spec: dataclasses.Field[Any]) -> str:
    if spec.metadata.get("required"):
        return "required"
    if spec.default is None:
        return "absent"
    if spec.default is not dataclasses.MISSING:
        value = spec.default
        if isinstance(value, bool):
            return str(value).lower()
        return str(value) if value != "" else "—"
    return "—"


def markdown_table(cls: type) -> str:
    """The key table of a mapping tree, as Markdown (used to write
    generator/litboard/pages/importers.md)."""
    rows = ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
    rows += [
        f"| `{k.path}` | {_cell(k.type)} | {_cell(k.default)} | {_cell(k.help)} |"
        for k in mapping_keys(cls)
    ]
    return "\n".join(rows)


def _cell(text: str) -> str:
    """Markdown table cell: no raw HTML (<source>), no unescaped pipes."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(" | ", " \\| ")
    )
