"""Importers: one module per foreign format, each writing a litboard data root.

Every importer module exposes ``run(src: Path, out: Path, **options) -> ImportReport``.
The registry maps the CLI's format names to modules (imported lazily).
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

# CLI format name -> module under litboard.importers. Only implemented importers are listed,
# so `litboard import --help` tells the truth.
IMPORTERS: dict[str, str] = {
    "creativity-bias": "releases.creativity_bias",
    "liteval": "releases.liteval",
    "literary-translation": "releases.literary_translation",
    "labelstudio": "formats.labelstudio",
    "wmt-mqm": "formats.wmt_mqm",
    "wmt-esa": "formats.wmt_esa",
    "wmt24-esa": "releases.wmt24_esa",
    "csv": "formats.csv_table",
}

OUT_FIX = (
    "import into a new or empty folder (or one holding an earlier import of the same data, "
    "unchanged); move your own files out of it first"
)


@dataclass
class ImportReport:
    """What an importer read, wrote and skipped (and why)."""

    read: dict[str, int] = field(default_factory=dict)
    written: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)  # short reason -> how many skips

    def count(self, what: str, n: int = 1, table: str = "read") -> None:
        target = self.read if table == "read" else self.written
        target[what] = target.get(what, 0) + n

    def skip(self, where: str, why: str, reason: str = "") -> None:
        """Record one skipped item; ``reason`` (default: ``why``) groups it in the summary."""
        self.skipped.append(f"{where}: {why}")
        key = reason or why
        self.reasons[key] = self.reasons.get(key, 0) + 1

    def imported(self) -> int:
        """Judgment records written (the '<campaign> records' counts)."""
        return sum(n for k, n in self.written.items() if k.endswith(" records"))

    def summary(self) -> str:
        """``N records imported, M skipped: reasons…`` (one line, the last of ``format``)."""
        line = f"{self.imported()} records imported, {len(self.skipped)} skipped"
        if self.reasons:
            line += ": " + "; ".join(
                f"{n} {why}"
                for why, n in sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))
            )
        return line

    def format(self) -> str:
        lines = ["read: " + ", ".join(f"{n} {k}" for k, n in sorted(self.read.items()))]
        lines.append("wrote: " + ", ".join(f"{n} {k}" for k, n in sorted(self.written.items())))
        lines.append(f"skipped: {len(self.skipped)}")
        lines += [f"  - {s}" for s in self.skipped]
        lines += [f"note: {n}" for n in self.notes]
        lines.append(self.summary())
        return "\n".join(lines)


def get(name: str) -> Callable[..., ImportReport]:
    module = importlib.import_module(f"{__name__}.{IMPORTERS[name]}")
    run: Callable[..., ImportReport] = getattr(module, "run")

    @functools.wraps(run)
    def bulk_run(*args: Any, **kwargs: Any) -> ImportReport:
        from ..load.read import bulk

        with bulk():  # an import builds millions of small objects, like a load
            return run(*args, **kwargs)

    return bulk_run


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    """Write records one per line, keys in a stable order, UTF-8, LF, no ASCII escaping."""
    write_lines(path, [jsonl_line(r) for r in records])


def write_lines(path: Path, lines: list[str]) -> None:
    """Write lines made by ``jsonl_line`` as one UTF-8 file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")


def jsonl_line(record: dict[str, Any]) -> str:
    """``record`` as one JSONL line (with its LF), as ``write_jsonl`` writes it."""
    return _encoder()(record) + "\n"


@functools.lru_cache(maxsize=1)
def _encoder() -> Callable[[Any], str]:
    """json.dumps(..., ensure_ascii=False) without building an encoder per record."""
    import json

    return json.JSONEncoder(ensure_ascii=False).encode


def size_chunks(records: list[dict[str, Any]]) -> list[list[str]]:
    """The records' JSONL lines in consecutive chunks whose files each stay under 90% of the
    loader's file-size limit (at least one chunk, maybe empty)."""
    from ..load.textfiles import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES * 9 // 10
    chunks: list[list[str]] = [[]]
    size = 0
    for record in records:
        line = jsonl_line(record)
        n = len(line) if line.isascii() else len(line.encode("utf-8"))
        if chunks[-1] and size + n > limit:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += n
    return chunks


def json_size(record: dict[str, Any]) -> int:
    """Bytes of ``record``'s line as ``write_jsonl`` writes it."""
    return len(jsonl_line(record).encode("utf-8"))


def write_outputs(folder: Path, pair: str, records: list[dict[str, Any]]) -> list[str]:
    """Write a system's ``pair`` outputs as ``<pair>.jsonl``, continued in ``<pair>.2.jsonl``...
    when one file would pass the loader's size limit (ids.output_file); the names written."""
    from ..files.ids import output_name

    names = []
    for part, lines in enumerate(size_chunks(records), start=1):
        names.append(output_name(pair, part))
        write_lines(folder / names[-1], lines)
    return names


def write_yaml(path: Path, data: dict[str, Any]) -> None:
    import yaml

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8"
    )
