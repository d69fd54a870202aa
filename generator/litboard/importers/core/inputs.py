"""The input files of an import and the cards made from them (dataset.yaml, work.yaml).

``input_files`` expands files, folders and glob patterns into the sorted list of files one
import reads; ``dataset_card`` records every one of them (name and SHA-256) and derives the
data version from their contents; ``default_id`` makes a safe id from a file name.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ...errors import DataError, Problem
from ...load.ids import slug
from .mapping import DatasetSettings, WorkSettings


def file_version(path: Path) -> str:
    return "sha256-" + hashlib.sha256(path.read_bytes()).hexdigest()[:12]



def dataset_card(settings: DatasetSettings, default_id: str, src: Path | list[Path], notes: list[str],
                 fallback_title: str) -> dict[str, Any]:
    """corpus/dataset.yaml from the mapping's dataset block (defaults from the input files)."""
    files = src if isinstance(src, list) else [src]
    dataset_id = settings.id or default_id
    sums = [hashlib.sha256(f.read_bytes()).hexdigest() for f in files]
    version = file_version(files[0]) if len(files) == 1 else \
        "sha256-" + hashlib.sha256("".join(sums).encode()).hexdigest()[:12]
    card: dict[str, Any] = {"id": dataset_id, "title": settings.title or fallback_title or dataset_id,
                            "version": settings.version or version}
    card |= {k: v for k, v in (("description", settings.description), ("licence", settings.licence),
                               ("citation", settings.citation)) if v}
    card["source"] = {"url": files[0].name if len(files) == 1 else files[0].parent.name or ".",
                      "files": [{"path": f.name, "sha256": h} for f, h in zip(files, sums)]}
    if notes:
        card["notes"] = notes[:]
    return card


def namespace_ids(settings: DatasetSettings, namespace: str, prefix_ids: bool,
                  files: list[Path]) -> tuple[str, str]:
    """(dataset id, id prefix) of one import. The id: ``--namespace``, else the mapping's
    ``dataset.id``, else the first file's name (written back into ``settings``). The prefix work,
    paragraph and system ids get: ``dataset.id_prefix``, else the id with ``--prefix-ids``, else none."""
    settings.id = namespace or settings.id or default_id(files[0])
    return settings.id, settings.id_prefix or (settings.id if prefix_ids else "")


def work_card(settings: WorkSettings, source_lang: str, title: str) -> dict[str, Any]:
    card: dict[str, Any] = {"title": settings.title or title, "source_lang": source_lang,
                            "genre": settings.genre, "era": settings.era,
                            "rights": {"status": settings.rights,
                                       "note": settings.rights_note or "not stated in the import mapping"}}
    if settings.author:
        card["author"] = settings.author
    return card


def input_files(sources: Path | list[Path], suffix: str) -> list[Path]:
    """Every file to import: files as given, every ``*<suffix>`` of a folder, or a glob pattern."""
    import glob

    found: list[Path] = []
    for src in sources if isinstance(sources, list) else [sources]:
        if src.is_dir():
            inside = sorted(src.glob(f"*{suffix}"))
            if not inside:
                raise DataError([Problem(str(src), 0, "SRC", f"is a folder without {suffix} files",
                                         f"pass a folder holding the exported {suffix} files")])
            found += inside
        elif src.is_file():
            found.append(src)
        elif any(c in str(src) for c in "*?["):
            matched = sorted(Path(p) for p in glob.glob(str(src)) if Path(p).is_file())
            if not matched:
                raise DataError([Problem(str(src), 0, "SRC", "the pattern matches no file",
                                         "check the pattern (quote it so the shell passes it on)")])
            found += matched
        else:
            raise DataError([Problem(str(src), 0, "SRC", "does not exist", "pass the exported file")])
    names = [f.name for f in found]
    if len(set(names)) < len(names):
        raise DataError([Problem(str(found[0].parent), 0, "SRC", "two input files have the same name",
                                 "rename one of them (file names identify the inputs)")])
    return sorted(dict.fromkeys(found), key=lambda f: f.name)


def default_id(src: Path) -> str:
    """A safe id from the input file name (without extensions)."""
    return slug(src.name.split(".")[0] if not src.name.startswith(".") else src.name)
