"""Reading the data files safely: size, encoding, YAML without tags or aliases, JSONL.

Every reader returns data plus line numbers and reports problems instead of raising,
so one validation run can name every defect.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from .errors import Problems

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_LINE_CHARS = 200_000


@dataclass(frozen=True)
class Record:
    """One JSON object from a JSONL file, with where it came from."""

    file: Path
    line: int
    data: dict[str, Any]


def read_text(path: Path, problems: Problems, shown: str) -> str | None:
    """Read a data file as strict UTF-8 text, or report why it cannot be read."""
    if path.is_symlink():
        problems.add(shown, 0, "file", "is a symbolic link",
                     "replace the link by a regular file inside the data root")
        return None
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        problems.add(shown, 0, "file", f"is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit",
                     "split the file or shorten its texts")
        return None
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.add(shown, 1, "encoding", "starts with a UTF-8 byte-order mark",
                     "save the file as UTF-8 without BOM")
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.add(shown, line, "encoding", f"invalid UTF-8 byte at offset {exc.start}",
                     "save the file as UTF-8")
        return None
    bad = _first_line_with(text, "\x00")
    if bad:
        problems.add(shown, bad, "encoding", "contains a NUL character", "remove NUL bytes")
        return None
    bad = _first_line_with(text, "\r")
    if bad:
        problems.add(shown, bad, "line endings", "uses CR or CRLF line endings",
                     "convert line endings to LF (for example with dos2unix)")
        return None
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE_CHARS:
            problems.add(shown, number, "line", f"is {len(line):,} characters long "
                         f"(limit {MAX_LINE_CHARS:,})", "shorten the text or split the record")
            return None
    return text


def _first_line_with(text: str, char: str) -> int:
    index = text.find(char)
    return text.count("\n", 0, index) + 1 if index >= 0 else 0


class _StrictLoader(yaml.SafeLoader):
    """Safe loading without anchors/aliases (no billion-laughs) and with key lines."""

    def compose_node(self, parent: Any, index: Any) -> Any:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in litboard files", event.start_mark)
        return super().compose_node(parent, index)


def read_yaml(path: Path, problems: Problems, shown: str) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """Parse YAML safely; returns (data, {key path: line}) or (None, {})."""
    text = read_text(path, problems, shown)
    if text is None:
        return None, {}
    try:
        node = yaml.compose(text, Loader=_StrictLoader)
        data = yaml.load(text, Loader=_StrictLoader) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        detail = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        problems.add(shown, line, "yaml", f"cannot be parsed: {detail}",
                     "fix the YAML syntax; tags like !!python/object and aliases are not allowed")
        return None, {}
    lines: dict[tuple[Any, ...], int] = {}
    if node is not None:
        _index_lines(node, (), lines)
    return data, lines


def _index_lines(node: yaml.Node, path: tuple[Any, ...], lines: dict[tuple[Any, ...], int]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = path + (key.value,)
            _index_lines(value, child, lines)
            lines[child] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for position, value in enumerate(node.value):
            _index_lines(value, path + (position,), lines)


def line_for(lines: dict[tuple[Any, ...], int], path: tuple[Any, ...]) -> int:
    """The line of the deepest known prefix of ``path`` (1 when nothing is known)."""
    for cut in range(len(path), -1, -1):
        if path[:cut] in lines:
            return lines[path[:cut]]
    return 1


def read_jsonl(path: Path, problems: Problems, shown: str) -> Iterator[Record]:
    """Yield one record per non-blank line; malformed lines are reported and skipped."""
    text = read_text(path, problems, shown)
    if text is None:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.add(shown, number, "json", f"is not valid JSON: {exc.msg} at column {exc.colno}",
                         "write one complete JSON object per line")
            continue
        if not isinstance(data, dict):
            problems.add(shown, number, "json", f"expected a JSON object, got {type(data).__name__}",
                         "write one JSON object ({...}) per line")
            continue
        yield Record(path, number, data)
