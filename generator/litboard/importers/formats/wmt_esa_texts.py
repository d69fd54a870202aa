"""The texts an ESA export points into: WMT's ``txt/`` folder, one segment per line.

``txt/documents/<pair>.docs`` gives each line's domain and document id (line 0 is the canary),
``txt/sources/<pair>.txt`` the source, ``txt/references/<pair>.refA.txt`` the reference and
``txt/system-outputs/<pair>/<system>.txt`` each system's output, all with the same 0-based line
numbering. ``check_documents`` refuses an export whose document ids do not agree with the
documents file at their line ids (WMT's ESA files before November 2024 were off by one): such a
file is never imported shifted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...errors import DataError, Problem
from .wmt_esa_read import Rating

REFERENCE = "refA"


@dataclass
class Texts:
    """The txt files of one release folder, read on first use."""

    root: Path  # the folder holding txt/
    _cache: dict[Path, list[str] | None] = field(default_factory=dict)
    _docs: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def has(self, pair: str) -> bool:
        return (self.root / "txt" / "documents" / f"{pair}.docs").is_file()

    def documents(self, pair: str) -> list[tuple[str, str]]:
        """(domain, document id) of every line of the pair."""
        if pair not in self._docs:
            lines = self._lines(self.root / "txt" / "documents" / f"{pair}.docs") or []
            self._docs[pair] = [(c[0], c[1] if len(c) > 1 else "") for c in _cells(lines)]
        return self._docs[pair]

    def source(self, pair: str, line: int) -> str | None:
        return _at(self._lines(self.root / "txt" / "sources" / f"{pair}.txt"), line)

    def output(self, pair: str, system: str, line: int) -> str | None:
        """The system's (or, for refA, the reference's) text of the line; None when absent."""
        if system == REFERENCE:
            path = self.root / "txt" / "references" / f"{pair}.{REFERENCE}.txt"
        elif "/" in system or "\\" in system or system.startswith("."):
            return None  # a system name never becomes a path outside the release folder
        else:
            path = self.root / "txt" / "system-outputs" / pair / f"{system}.txt"
        return _at(self._lines(path), line)

    def systems(self, pair: str) -> list[str]:
        """Every system with an output file of the pair (not the reference)."""
        folder = self.root / "txt" / "system-outputs" / pair
        return sorted(p.stem for p in folder.glob("*.txt")) if folder.is_dir() else []

    def _lines(self, path: Path) -> list[str] | None:
        if path not in self._cache:
            self._cache[path] = (
                path.read_text(encoding="utf-8").split("\n") if path.is_file() else None
            )
        return self._cache[path]


def _cells(lines: list[str]) -> list[list[str]]:
    return [line.split("\t") for line in lines]


def _at(lines: list[str] | None, line: int) -> str | None:
    return lines[line] if lines is not None and 0 <= line < len(lines) else None


def check_documents(file: str, ratings: list[Rating], texts: Texts) -> None:
    """DataError unless every rating's document id is the documents file's at its line id."""
    wrong: list[Rating] = []
    shifted = {-1: 0, 1: 0}
    for r in ratings:
        docs = _docs(texts, r.pair)
        if docs is None:
            continue
        at = docs[r.line_id][1] if 0 <= r.line_id < len(docs) else None
        if at == r.doc:
            continue
        wrong.append(r)
        for step in shifted:
            if 0 <= r.line_id + step < len(docs) and docs[r.line_id + step][1] == r.doc:
                shifted[step] += 1
    if not wrong:
        return
    first = wrong[0]
    off = next((s for s, n in shifted.items() if n == len(wrong)), 0)
    why = (
        f"{len(wrong)} of {len(ratings)} ratings name another document than "
        f"txt/documents/{first.pair}.docs at their line id (first: line_id {first.line_id}, "
        f"document {first.doc!r})"
    )
    if off:
        why += (
            f"; every one of them matches at line_id {off:+d}: the file uses the off-by-one line "
            "indexing of WMT's ESA files before November 2024"
        )
    raise DataError(
        [
            Problem(
                first.file,
                first.line,
                "line_id",
                why + "; the file was not imported (it is never imported shifted)",
                "use the fixed export (WMT24: humeval/esa_generalMT2024_wave*.csv, not "
                "humeval/old/), whose 0-based line ids agree with txt/documents",
            )
        ]
    )


def _docs(texts: Texts, pair: str) -> list[tuple[str, str]] | None:
    return texts.documents(pair) if texts.has(pair) else None
