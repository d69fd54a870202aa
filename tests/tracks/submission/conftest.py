"""Shared helpers of the submission tests: a copy of the demo data root and a way to add a
system."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.errors import Problem
from litboard.load.read import validate
from litboard.tracks.checks import POLICY

from ...helpers import DEMO, copy_root

REPO = Path(__file__).resolve().parents[3]


def sources(root: Path, work: str) -> dict[str, str]:
    """Paragraph id -> source text of one work of ``root``."""
    path = root / "corpus/works" / work / "paragraphs.jsonl"
    return {
        d["id"]: d["text"] for d in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }


def outputs(root: Path, system: str, pair: str) -> dict[str, str]:
    path = root / "corpus/systems" / system / f"{pair}.jsonl"
    return {
        d["paragraph"]: d["text"]
        for d in map(json.loads, path.read_text(encoding="utf-8").splitlines())
    }


def add_system(
    root: Path,
    system: str,
    files: dict[str, list[dict[str, object]]],
    kind: str = "llm",
    modality: str = "MT",
) -> Path:
    """Write corpus/systems/<system>/ with a card and one JSONL file per pair; returns the
    folder."""
    folder = root / "corpus/systems" / system
    folder.mkdir(parents=True)
    (folder / "system.yaml").write_text(
        f"id: {system}\nname: Submitted {system}\nkind: {kind}\nmodality: {modality}\n",
        encoding="utf-8",
    )
    for pair, records in files.items():
        lines = [json.dumps(r, ensure_ascii=False) for r in records]
        (folder / f"{pair}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def problems_in(root: Path, fragment: str) -> list[Problem]:
    """Problems of the data root whose file path contains ``fragment``."""
    return [p for p in validate([root], POLICY).items if fragment in p.file]


@pytest.fixture()
def demo(tmp_path: Path) -> Path:
    """A private copy of the repository's demo data root."""
    return copy_root(DEMO, tmp_path / "demo")
