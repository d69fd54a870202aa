"""Published numbers shipped with the importers: ``<dataset>.jsonl`` holds the numbers the
dataset's paper prints (transcribed by hand, one record per number; see the ``reported`` file
kind). ``ship`` copies a file into the data root the importer writes, as ``reported/``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .. import ImportReport


def ship(name: str, out: Path, report: ImportReport) -> None:
    """Copy ``<name>.jsonl`` to ``out/reported/<name>.jsonl``."""
    text = resources.files(__package__).joinpath(f"{name}.jsonl").read_text(encoding="utf-8")
    target = out / "reported" / f"{name}.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    report.count(
        "published numbers", sum(1 for line in text.splitlines() if line.strip()), "written"
    )
