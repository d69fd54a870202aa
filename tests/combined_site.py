"""The public site: the repository's demo plus every release pinned in releases.yaml, fetched from
the ../shared/data mirror, imported and built once per test session (tests/ and tests/browser/)."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

from litboard.pipeline.build import build_site

from .conftest import REPO
from litboard.importers.pinned import prepare

from .conftest import SHARED_DATA, shared_path

MANIFEST = REPO / "releases.yaml"
DATASETS = (
    "liteval",
    "creativity-bias",
    "wmt21-ted-zhen",
    "literary-translation",
    "wmt24-literary-esa",
    "demo",
)


@dataclass(frozen=True)
class CombinedSite:
    roots: list[Path]  # the repository's root, then one imported root per release
    out: Path
    warnings: list[str] = field(default_factory=list)  # what mkdocs warned while building it


_BUILT: list[CombinedSite] = []


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def warnings_of(logger: str) -> Iterator[list[str]]:
    """The warnings ``logger`` (and its children) logs inside the block."""
    kept = _Kept()
    logging.getLogger(logger).addHandler(kept)
    try:
        yield kept.messages
    finally:
        logging.getLogger(logger).removeHandler(kept)


def combined_site(factory: pytest.TempPathFactory) -> CombinedSite:
    mirrors = ("liteval-public", "creativity-bias", "wmt-mqm-sample", "literary-translation")
    for name in (*mirrors, "wmt24-genmt"):
        shared_path(name)  # skip (or fail in CI) without the mirror
    if not _BUILT:
        base = factory.mktemp("combined")
        roots = [REPO, *prepare(MANIFEST, base / "cache", SHARED_DATA)]
        with warnings_of("mkdocs") as said:
            out = build_site(roots, base / "public").out
        _BUILT.append(CombinedSite(roots, out, said))
    return _BUILT[0]
