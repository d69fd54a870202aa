"""The first and last steps every mapping-driven import shares: find the inputs and read the
mapping, then check the system cards, count what was read and write the data root."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from .. import ImportReport
from .inputs import dataset_card, input_files, namespace_ids
from .mapping_io import load_mapping, require_mapping
from .root_builder import RootBuilder

M = TypeVar("M")


@dataclass
class Started(Generic[M]):
    """An import under way: its input files, its read mapping and where it collects rows."""

    files: list[Path]
    mapping_file: Path
    mapping: M
    report: ImportReport
    dataset_id: str
    builder: RootBuilder


def start(
    src: Path | list[Path],
    mapping: Path | None,
    importer: str,
    example: str,
    suffix: str,
    cls: type[M],
    namespace: str,
    prefix_ids: bool,
) -> Started[M]:
    """The inputs (``suffix`` files of ``src``), the mapping (required: ``example`` says where to
    find one), the dataset id and id prefix, and an empty builder for the mapping's pair."""
    first = src[0] if isinstance(src, list) else src
    mapping_file = require_mapping(mapping, first, importer, example)
    files = input_files(src, suffix)
    m: Any = load_mapping(mapping_file, cls)
    dataset_id, prefix = namespace_ids(m.dataset, namespace, prefix_ids, files)
    return Started(
        files, mapping_file, m, ImportReport(), dataset_id, RootBuilder(m.pair, prefix=prefix)
    )


def finish(run: Started[Any], out: Path, title: str) -> ImportReport:
    """Check the mapping's system cards, count what was read and write the root into ``out``."""
    run.builder.check_system_cards(run.mapping.systems, str(run.mapping_file), run.report)
    run.builder.count_read(run.report)
    card = dataset_card(run.mapping.dataset, run.dataset_id, run.files, run.report.notes, title)
    run.builder.write(out, card, run.report, run.files)
    return run.report
