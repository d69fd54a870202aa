"""The one error type for user mistakes, and the problem records it carries.

Every problem names the file, the line (1-based, 0 when the whole file is meant), the
field, what was expected and how to fix it. The CLI turns a ``DataError`` into exit
code 1; the mkdocs plugin turns it into a build error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the input, located precisely enough to fix."""

    file: str
    line: int
    field: str
    message: str
    fix: str = ""

    def format(self) -> str:
        """One line, safe to print: control characters in file names or values are escaped."""
        location = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{location}: {self.field}: {self.message}"
        return printable(f"{text} (fix: {self.fix})" if self.fix else text)

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "field": self.field,
            "message": self.message,
            "fix": self.fix,
        }


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on escaped (``\\x1b``, ``\\u202e``...):
    control characters, line breaks, bidirectional controls and lone surrogates from hostile
    file names or values must not recolour, rewrite or reorder what the reader sees."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text
    )


class DataError(Exception):
    """Raised when input data is invalid; carries every problem found in one run."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the data"
        super().__init__(head + ":\n" + "\n".join(p.format() for p in self.problems))

    def __reduce__(self) -> tuple[type["DataError"], tuple[list[Problem]]]:
        # pickled by its problems (a page set built in a worker process raises it in the parent)
        return DataError, (self.problems,)


@dataclass
class Problems:
    """A collector: checks append to it, the caller raises once at the end."""

    items: list[Problem] = field(default_factory=list)

    def add(
        self, file: str | Path, line: int, field_name: str, message: str, fix: str = ""
    ) -> None:
        # escaped once here, so every output format (human, JSON, GitHub annotations) is safe
        self.items.append(
            Problem(
                printable(str(file)),
                line,
                printable(field_name),
                printable(message),
                printable(fix),
            )
        )

    def extend(self, other: "Problems") -> None:
        self.items.extend(other.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise DataError(self.items)
