"""Read a Label Studio JSON export task by task, with the line each task starts on.

The top-level list is decoded one task at a time (``json.JSONDecoder.raw_decode``), so every
skip can name ``<file>:<line>: task N``; a file that is not UTF-8, not JSON, nested too deeply
or not a list of task objects is a ``DataError`` naming file and line (never a traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ..core.inputs import utf8_text

Task = dict[str, Any]


def read_export(src: Path) -> list[Task]:
    """The task list of a JSON export (each task gets ``_line``, the line it starts on);
    DataError naming file and line when it is not one."""
    text = _export_text(src)
    data, lines = _tasks(src, text)
    if not all(isinstance(t, dict) for t in data):
        at = next(i for i, t in enumerate(data) if not isinstance(t, dict))
        raise DataError(
            [
                Problem(
                    str(src),
                    lines[at],
                    "export",
                    f"item {at + 1} is a {type(data[at]).__name__}, not a task object",
                    "export the project from Label Studio as JSON",
                )
            ]
        )
    if data and not any("annotations" in t for t in data):
        raise DataError(
            [
                Problem(
                    str(src),
                    1,
                    "annotations",
                    "no task has an 'annotations' list "
                    "(this looks like a JSON-MIN export or a task import file)",
                    "export the project from Label Studio as JSON",
                )
            ]
        )
    for task, line in zip(data, lines):
        task["_line"] = line
    return data


def _export_text(src: Path) -> str:
    return utf8_text(
        src,
        "export",
        "export the project again from Label Studio (its JSON is UTF-8), or re-save "
        "the file as UTF-8",
        "is not UTF-8 (byte {byte:#04x} at offset {offset})",
    )


def _tasks(src: Path, text: str) -> tuple[list[Any], list[int]]:
    """The top-level task list (or one task object) and the line each item starts on."""
    decoder = json.JSONDecoder()
    fix = "export the project from Label Studio as JSON (not JSON-MIN or CSV)"
    try:
        start = len(text) - len(text.lstrip())
        if text[start : start + 1] != "[":
            value, end = decoder.raw_decode(text, start)
            if text[end:].strip():
                raise json.JSONDecodeError("extra data after the JSON value", text, end)
            if not isinstance(value, dict):
                raise DataError(
                    [
                        Problem(
                            str(src),
                            1,
                            "export",
                            "expected a list of tasks",
                            "export the project from Label Studio as JSON",
                        )
                    ]
                )
            return [value], [text.count("\n", 0, start) + 1]
        items: list[Any] = []
        lines, pos = [], start + 1
        counted, line = 0, 1  # lines are counted from the previous task on: linear in the file
        while True:
            pos = _skip_space(text, pos)
            if text[pos : pos + 1] == "]" and not items:
                pos += 1
                break
            value, end = decoder.raw_decode(text, pos)
            items.append(value)
            line += text.count("\n", counted, pos)
            counted = pos
            lines.append(line)
            pos = _skip_space(text, end)
            if text[pos : pos + 1] == ",":
                pos += 1
                continue
            if text[pos : pos + 1] != "]":
                raise json.JSONDecodeError("expected ',' or ']' after a task", text, pos)
            pos += 1
            break
        if text[pos:].strip():
            raise json.JSONDecodeError("extra data after the task list", text, pos)
        return items, lines
    except json.JSONDecodeError as error:
        raise DataError(
            [
                Problem(
                    str(src),
                    error.lineno,
                    "export",
                    f"cannot be read as JSON: {error.msg} (column {error.colno})",
                    fix,
                )
            ]
        ) from None
    except RecursionError:
        raise DataError(
            [
                Problem(
                    str(src), 1, "export", "is nested too deeply to be a Label Studio export", fix
                )
            ]
        ) from None


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos
