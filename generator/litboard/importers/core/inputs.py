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
from ...files.ids import slug
from .mapping_common import DatasetSettings, WorkSettings


def utf8_text(
    src: Path, field: str, fix: str, message: str = "byte {byte:#04x} is not UTF-8"
) -> str:
    """An input file's text (UTF-8; a byte-order mark is dropped), or a DataError naming the
    line of its first byte that is not UTF-8 (``message`` may say ``{byte}`` and ``{offset}``)."""
    raw = src.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise DataError(
            [
                Problem(
                    str(src),
                    line,
                    field,
                    message.format(byte=raw[error.start], offset=error.start),
                    fix,
                )
            ]
        ) from None


def file_version(path: Path) -> str:
    return "sha256-" + hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def dataset_card(
    settings: DatasetSettings,
    default_id: str,
    src: Path | list[Path],
    notes: list[str],
    fallback_title: str,
) -> dict[str, Any]:
    """corpus/dataset.yaml from the mapping's dataset block (defaults from the input files)."""
    files = src if isinstance(src, list) else [src]
    dataset_id = settings.id or default_id
    sums = [hashlib.sha256(f.read_bytes()).hexdigest() for f in files]
    version = (
        file_version(files[0])
        if len(files) == 1
        else "sha256-" + hashlib.sha256("".join(sums).encode()).hexdigest()[:12]
    )
    card: dict[str, Any] = {
        "id": dataset_id,
        "title": settings.title or fallback_title or dataset_id,
        "version": settings.version or version,
    }
    card |= {
        k: v
        for k, v in (
            ("description", settings.description),
            ("licence", settings.licence),
            ("citation", settings.citation),
        )
        if v
    }
    card["source"] = {"files": [{"path": f.name, "sha256": h} for f, h in zip(files, sums)]}
    if settings.url:  # never a file or folder name: the BibTeX url must lead somewhere
        card["source"] = {"url": settings.url, **card["source"]}
    if notes:
        card["notes"] = notes[:]
    return card


def namespace_ids(
    settings: DatasetSettings, namespace: str, prefix_ids: bool, files: list[Path]
) -> tuple[str, str]:
    """(dataset id, id prefix) of one import. The id: ``--namespace``, else the mapping's
    ``dataset.id``, else the first file's name (written back into ``settings``). The prefix work,
    paragraph and system ids get: ``dataset.id_prefix``, else the id with ``--prefix-ids``, else
    none."""
    settings.id = (
        namespace
        or settings.id
        or (
            default_id(files[0])
            if len(files) == 1
            else slug(common_name(files)) or default_id(files[0])
        )
    )
    return settings.id, settings.id_prefix or (settings.id if prefix_ids else "")


def work_card(settings: WorkSettings, source_lang: str, title: str) -> dict[str, Any]:
    card: dict[str, Any] = {
        "title": settings.title or title,
        "source_lang": source_lang,
        "genre": settings.genre,
        "era": settings.era,
        "rights": {
            "status": settings.rights,
            "note": settings.rights_note or "not stated in the import mapping",
        },
    }
    if settings.author:
        card["author"] = settings.author
    return card


def input_files(sources: Path | list[Path], suffix: str) -> list[Path]:
    """Every file to import: files as given, every ``*<suffix>`` of a folder and its subfolders
    (walked recursively, sorted by path, hidden files and folders left out), or a glob pattern."""
    import glob

    found: list[Path] = []
    for src in sources if isinstance(sources, list) else [sources]:
        if src.is_dir():
            inside = folder_files(src, suffix)
            if not inside:
                raise DataError(
                    [
                        Problem(
                            str(src),
                            0,
                            "SRC",
                            f"is a folder without {suffix} files "
                            "(its subfolders were searched too)",
                            f"pass a folder holding the exported {suffix} files",
                        )
                    ]
                )
            found += inside
        elif src.is_file():
            found.append(src)
        elif any(c in str(src) for c in "*?["):
            matched = sorted(Path(p) for p in glob.glob(str(src)) if Path(p).is_file())
            if not matched:
                raise DataError(
                    [
                        Problem(
                            str(src),
                            0,
                            "SRC",
                            "the pattern matches no file",
                            "check the pattern (quote it so the shell passes it on)",
                        )
                    ]
                )
            found += matched
        else:
            raise DataError(
                [Problem(str(src), 0, "SRC", "does not exist", "pass the exported file")]
            )
    names = [f.name for f in dict.fromkeys(found)]
    if len(set(names)) < len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise DataError(
            [
                Problem(
                    str(found[0].parent),
                    0,
                    "SRC",
                    f"two input files have the same name ({', '.join(twice[:3])})",
                    "rename one of them (file names identify the inputs)",
                )
            ]
        )
    return sorted(dict.fromkeys(found), key=lambda f: (str(f.parent), f.name))


def folder_files(folder: Path, suffix: str) -> list[Path]:
    """Every ``*<suffix>`` file under ``folder`` (recursive, sorted by path; names starting with
    '.' are skipped, as are symbolic links to folders, so a walk cannot loop)."""
    import os

    found: list[Path] = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [
            Path(top) / f for f in sorted(files) if f.endswith(suffix) and not f.startswith(".")
        ]
    return sorted(found, key=lambda f: (str(f.parent), f.name))


def count_folders(files: list[Path], report: Any) -> None:
    """Count the input files per folder in the import report (``files in <folder>``; folders
    named relative to the parent of their common folder)."""
    import os

    if not files:
        return
    base = Path(os.path.commonpath([str(f.parent) for f in files])).parent
    for f in files:
        report.count(f"files in {Path(os.path.relpath(f.parent, base)).as_posix()}/")


def common_name(files: list[Path]) -> str:
    """The name several input files share: the common start of their names (without extensions,
    e.g. 'mqm_ted' for mqm_ted_ende.tsv and mqm_ted_zhen.tsv), else their common folder's name."""
    import os

    stems = [f.name.split(".")[0] for f in files]
    prefix = os.path.commonprefix(stems).rstrip("_-. ")
    if len(prefix) >= 3:
        return prefix
    return Path(os.path.commonpath([str(f.parent.resolve()) for f in files])).name


def files_title(kind: str, files: list[Path]) -> str:
    """Default title of an import: '<kind> (<file>)', or '<kind> (<common name>: N files)'."""
    if len(files) == 1:
        return f"{kind} ({files[0].name})"
    return f"{kind} ({common_name(files)}: {len(files)} files)"


def default_id(src: Path) -> str:
    """A safe id from the input file name (without extensions)."""
    return slug(src.name.split(".")[0] if not src.name.startswith(".") else src.name)


def skip_problem(skipped: str, default_file: str) -> Problem:
    """A skipped item of the import report ('<file>:<line>: ...', '<file>: line N ...: why' or
    'line N ...: why') as a Problem naming its file and line."""
    import re

    found = re.match(r"^(?P<file>[^\n]+?):(?P<line>\d+): (?P<rest>.*)$", skipped, re.S)
    if found is None:
        found = re.match(r"^(?:(?P<file>[^\n:]+): )?line (?P<line>\d+)(?P<rest>.*)$", skipped, re.S)
    if found is None:
        return Problem(default_file, 1, "input", skipped, "fix this item and import again")
    rest = found.group("rest").lstrip(" :,")
    return Problem(
        found.group("file") or default_file,
        int(found.group("line")),
        "input",
        rest,
        "fix this line and import again (or leave it out)",
    )
