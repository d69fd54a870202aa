"""Reading the data files safely: size, encoding, YAML without tags or aliases, JSONL.

Every reader returns data plus line numbers and reports problems instead of raising,
so one validation run can name every defect.
"""

from __future__ import annotations

import json
import math
import re
import stat
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import yaml

from ..errors import Problems

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_LINE_CHARS = 200_000


class Record(NamedTuple):
    """One JSON object from a JSONL file, with where it came from. ``plain`` is True when the
    line cannot hold a value ``value_problems`` refuses (see ``_suspect``), so that walk is
    skipped."""

    file: Path
    line: int
    data: dict[str, Any]
    plain: bool = False


def read_text(path: Path, problems: Problems, shown: str) -> str | None:
    """Read a data file as strict UTF-8 text, or report why it cannot be read.

    A byte-order mark or CR line endings are reported and then ignored, so the rest of the
    file is still checked (every problem of a file is listed in one run).
    """
    if not _regular_file(path, problems, shown):
        return None
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        problems.add(
            shown,
            0,
            "file",
            f"is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit",
            "split the file or shorten its texts",
        )
        return None
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.add(
            shown,
            1,
            "encoding",
            "starts with a UTF-8 byte-order mark",
            "save the file as UTF-8 without BOM",
        )
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = raw[: exc.start].count(b"\n") + 1
        problems.add(
            shown,
            at,
            "encoding",
            f"invalid UTF-8 byte at offset {exc.start}",
            "save the file as UTF-8",
        )
        return None
    bad = _first_line_with(text, "\x00")
    if bad:
        problems.add(shown, bad, "encoding", "contains a NUL character", "remove NUL bytes")
        return None
    bad = _first_line_with(text, "\r")
    if bad:
        problems.add(
            shown,
            bad,
            "line endings",
            "uses CR or CRLF line endings",
            "convert line endings to LF (for example with dos2unix)",
        )
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if max(map(len, lines)) <= MAX_LINE_CHARS:
        return text
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE_CHARS:
            problems.add(
                shown,
                number,
                "line",
                f"is {len(line):,} characters long (limit {MAX_LINE_CHARS:,})",
                "shorten the text or split the record",
            )
            return None
    return text


def _regular_file(path: Path, problems: Problems, shown: str) -> bool:
    """True for a regular file; a link, folder, FIFO or device is reported (never opened: a FIFO
    would block the reader forever)."""
    try:
        mode = path.lstat().st_mode
    except OSError as exc:
        problems.add(
            shown, 0, "file", f"cannot be read ({exc.strerror})", "check the file's permissions"
        )
        return False
    if stat.S_ISLNK(mode):
        problems.add(
            shown,
            0,
            "file",
            "is a symbolic link",
            "replace the link by a regular file inside the data root",
        )
        return False
    if not stat.S_ISREG(mode):
        kind = (
            "a folder"
            if stat.S_ISDIR(mode)
            else "a FIFO"
            if stat.S_ISFIFO(mode)
            else "not a regular file"
        )
        problems.add(
            shown,
            0,
            "file",
            f"is {kind}, not a regular file",
            "replace it by a regular UTF-8 file, or remove it",
        )
        return False
    return True


def _first_line_with(text: str, char: str) -> int:
    index = text.find(char)
    return text.count("\n", 0, index) + 1 if index >= 0 else 0


class _StrictLoader(yaml.SafeLoader):
    """Safe loading without anchors/aliases (no billion-laughs) and with key lines."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in litboard files", event.start_mark
            )
        return super().compose_node(parent, index)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[tuple[str, str]] = set()
        for key, _ in node.value:
            ident = (key.tag, str(key.value))
            if ident in seen:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key.value!r} (a later one would silently win)",
                    key.start_mark,
                )
            seen.add(ident)
        return super().construct_mapping(node, deep)


def read_yaml(path: Path, problems: Problems, shown: str) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """Parse YAML safely; returns (data, {key path: line}) or (None, {})."""
    text = read_text(path, problems, shown)
    if text is None:
        return None, {}
    try:
        loader = _StrictLoader(text)  # one parse: what yaml.compose and then yaml.load would do
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except (RecursionError, MemoryError):
        problems.add(
            shown,
            1,
            "yaml",
            "is nested too deeply to be read",
            f"use at most {MAX_DEPTH} levels of nesting",
        )
        return None, {}
    except (ValueError, OverflowError) as exc:
        problems.add(
            shown,
            1,
            "yaml",
            f"holds a value that cannot be read: {str(exc)[:80]}",
            "write numbers in ordinary decimal form",
        )
        return None, {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        detail = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        fix = (
            "keep one value per key"
            if "duplicate key" in str(detail)
            else "fix the YAML syntax; tags like !!python/object and aliases are not allowed"
        )
        problems.add(shown, line, "yaml", f"cannot be parsed: {detail}", fix)
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
    suspect = _suspect(text)
    scan = _scanner()
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:  # the C scanner alone for a line that is one object; _strict says why any other fails
            data, end = scan(line, 0)
        except Exception:  # noqa: BLE001 (read again by _strict, which reports it)
            end = -1
        if end != len(line) or type(data) is not dict:
            data = _strict(line, number, problems, shown)
            if data is None:
                continue
        yield Record(
            path,
            number,
            data,
            (not suspect or not _suspect(line)) and line.count("{") + line.count("[") <= MAX_DEPTH,
        )


def _strict(line: str, number: int, problems: Problems, shown: str) -> dict[str, Any] | None:
    """The line's object read by ``json.loads`` with the refusal hooks, or None (reported)."""
    try:
        data = json.loads(
            line,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
    except json.JSONDecodeError as exc:
        problems.add(
            shown,
            number,
            "json",
            f"is not valid JSON: {exc.msg} at column {exc.colno}",
            "write one complete JSON object per line",
        )
        return None
    except _Refused as exc:
        problems.add(shown, number, "json", str(exc), exc.fix)
        return None
    except (RecursionError, MemoryError):
        problems.add(
            shown,
            number,
            "json",
            "is nested too deeply to be read",
            f"use at most {MAX_DEPTH} levels of nesting",
        )
        return None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        problems.add(
            shown,
            number,
            "json",
            f"holds a value that cannot be read: {str(exc)[:80]}",
            "write numbers in ordinary decimal form",
        )
        return None
    if type(data) is not dict:
        problems.add(
            shown,
            number,
            "json",
            f"expected a JSON object, got {type(data).__name__}",
            "write one JSON object ({...}) per line",
        )
        return None
    return data


# ``Record.plain``: what a parsed line's values can hold only if its text shows it. A control
# character, lone surrogate or line break comes from an escape (raw ones are invalid JSON),
# U+007F-U+009F and U+2028/U+2029 may stand raw, a path deeper than MAX_DEPTH needs more than
# MAX_DEPTH brackets, and a non-finite number is refused by the parser itself.
_ESCAPE = re.compile(r"\\[bfnrtu]")
_RAW = re.compile("[\x7f-\x9f\u2028\u2029]")


def _suspect(text: str) -> bool:
    """True when ``text`` holds an escape or raw character that can make a refused value
    (plain substring tests first: they run at memory speed, the regexes do not)."""
    return (
        ("\\" in text and _ESCAPE.search(text) is not None)
        or "\x7f" in text
        or (not text.isascii() and _RAW.search(text) is not None)
    )


class _Refused(ValueError):
    """A JSON line that parses but is refused (duplicate key, non-finite number)."""

    def __init__(self, message: str, fix: str) -> None:
        super().__init__(message)
        self.fix = fix


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    data = {}
    for key, value in pairs:
        if key in data:
            raise _Refused(
                f"has the key {key!r} twice (a later one would silently win)",
                "keep one value per key",
            )
        data[key] = value
    return data


def _no_constant(name: str) -> float:
    raise _Refused(f"holds {name}, which is not a finite number", "write a finite number (or null)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(
            f"holds {text[:40]}, which overflows to an infinite number",
            "write a finite number (or null)",
        )
    return value


MAX_DEPTH = 32


def _scanner() -> Any:
    """The C JSON scanner for one file (``scan(line, 0) -> (value, end)``), refusing what
    ``json.loads`` with the hooks above refuses. Its objects share their keys and short string
    values (ids, labels) with earlier lines of the file: a million records then hold one
    "system" and one "minor", not a million copies (a third of the memory)."""
    keys: dict[str, str] = {}
    values: dict[str, str] = {}

    def shared(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        data = {
            keys.setdefault(k, k): values.setdefault(v, v) if type(v) is str and len(v) <= 24 else v
            for k, v in pairs
        }
        return data if len(data) == len(pairs) else _no_duplicates(pairs)

    decoder = json.JSONDecoder(
        object_pairs_hook=shared, parse_constant=_no_constant, parse_float=_finite_float
    )
    return decoder.scan_once  # type: ignore[attr-defined]
