"""Files -> validated rows -> tidy tables.

``read_roots`` walks each data root and schema-checks every file (``schema_check``), keeping the
file and line of each row; ``checks.check`` cross-checks the rows; ``tables.build`` turns them into
pandas tables. ``load`` runs all three and raises one ``DataError`` naming every problem.
"""

from __future__ import annotations

import gc
from functools import partial
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..errors import Problems
from ..model import Corpus
from ..files.ids import ID_HELP, OUTPUT_HELP, id_problem, output_file, output_name
from .rows import RawData, RootCheck, Row
from .schema_check import schema_ok
from .schemas.fast import accepts
from .textfiles import MAX_FILE_BYTES, line_for, read_jsonl, read_yaml
from .values import LABELS

ALLOWED_EXTRA = {".md", ".txt"}


def load(
    roots: Sequence[Path | str],
    checks: Sequence[RootCheck] = (),
    without: Callable[[str], bool] | None = None,
) -> Corpus:
    """Load and validate data roots; raises ``DataError`` listing every problem. ``checks``: more
    checks of the roots' parts other stages own (``checks.check``'s ``extra``); ``without``:
    campaign folders not read (`campaign import` rewrites its own plan's)."""
    from .checks import check
    from .tables import build

    with bulk():
        problems = Problems()
        raw = read_roots([Path(r) for r in roots], problems, without)
        check(raw, problems, checks)
        problems.raise_if_any()
        return build(raw, [Path(r) for r in roots])


def validate(roots: Sequence[Path | str], checks: Sequence[RootCheck] = ()) -> Problems:
    """Every problem in the data roots, without raising (``checks``: as for ``load``)."""
    from .checks import check

    with bulk():
        problems = Problems()
        raw = read_roots([Path(r) for r in roots], problems)
        check(raw, problems, checks)
        return problems


@contextmanager
def bulk() -> Iterator[None]:
    """No cyclic garbage collection while rows are read (or imported): the loader makes millions
    of small dicts and lists and no reference cycles, and the collector re-scanning them all as
    they accumulate took more than half of the load time. Collection resumes on the way out."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_roots(
    roots: list[Path], problems: Problems, without: Callable[[str], bool] | None = None
) -> RawData:
    """Every root's files as rows, and their problems, in root order. The roots' corpus folders
    (works and systems: a quarter of a WMT set's reading) are read in a child process
    (``parallel.Background``) while this one reads the judgments; the rows and problems come out
    in the order of reading one root after the other."""
    from ..runtime.parallel import Background

    corpora = Background(lambda: [_read_part(_read_corpus, root) for root in roots])
    try:
        judgments = partial(_read_judgments, without=without)
        rest = [_read_part(judgments, root) if _has_corpus(root) else None for root in roots]
        read: list[tuple[RawData, Problems, bool]] = corpora.result()
    except BaseException:
        corpora.cancel()
        raise
    raw = RawData()
    for (corpus_raw, corpus_problems, go_on), judged in zip(read, rest):
        for part, part_problems in [(corpus_raw, corpus_problems)] + (
            [judged[:2]] if go_on and judged else []
        ):
            raw.extend(part)
            problems.extend(part_problems)
    return raw


def _read_part(
    read: Callable[[Path, RawData, Problems], object], root: Path
) -> tuple[RawData, Problems, bool]:
    """``read(root, raw, problems)`` into a RawData and Problems of its own, and what it
    returned."""
    raw, problems = RawData(), Problems()
    return raw, problems, bool(read(root, raw, problems))


def _has_corpus(root: Path) -> bool:
    """Whether ``_read_corpus`` goes on to the judgments (a real corpus/ folder)."""
    corpus = root / "corpus"
    return not corpus.is_symlink() and corpus.is_dir()


def _read_corpus(root: Path, raw: RawData, problems: Problems) -> bool:
    """The root's corpus/ folder; False when there is none to read (then neither are its
    judgments)."""
    corpus, judgments = root / "corpus", root / "judgments"
    linked = [part for part in (corpus, judgments) if part.is_symlink()]
    for part in linked:
        problems.add(
            _shown(part),
            0,
            "folder",
            "is a symbolic link (it could lead out of the data root)",
            "replace the link by a real folder inside the data root",
        )
    if corpus in linked:
        return False
    if not corpus.is_dir():
        problems.add(
            str(root),
            0,
            "data root",
            "has no corpus/ folder",
            "pass a folder that contains corpus/ (and usually judgments/)",
        )
        return False
    tag = str(root)
    dataset = corpus / "dataset.yaml"
    if (corpus / "track.yaml").is_file() and not dataset.exists():
        from .track_decl import read_track_file

        read_track_file(corpus / "track.yaml", problems)
        raw.track_roots.add(tag)
    elif dataset.is_file():
        _read_yaml_row(dataset, "dataset", raw, problems, {}, tag)
    else:
        problems.add(
            _shown(dataset),
            0,
            "file",
            "is missing",
            "add corpus/dataset.yaml with id, title and version",
        )
    # a track root has track.yaml instead
    own = "track.yaml" if tag in raw.track_roots else "dataset.yaml"
    _check_extra(corpus, {own, "works", "systems"}, problems)
    for folder in _folders(corpus / "works", problems):
        _read_yaml_row(folder / "work.yaml", "work", raw, problems, {"work": folder.name}, tag)
        _read_jsonl_rows(
            folder / "paragraphs.jsonl",
            "paragraph",
            raw,
            problems,
            {"work": folder.name},
            tag,
            required=True,
        )
        _check_extra(folder, {"work.yaml", "paragraphs.jsonl"}, problems)
    for folder in _folders(corpus / "systems", problems):
        raw.system_folders.add(folder.name)
        _read_yaml_row(
            folder / "system.yaml", "system", raw, problems, {"system": folder.name}, tag
        )
        for path, pair in _output_files(folder, problems):
            _read_jsonl_rows(
                path, "translation", raw, problems, {"system": folder.name, "pair": pair}, tag
            )
        _check_extra(folder, {"system.yaml"}, problems, allow_suffix=".jsonl")
    return True


def _read_judgments(
    root: Path, raw: RawData, problems: Problems, without: Callable[[str], bool] | None = None
) -> None:
    """The root's judgments/ folder (unless it is a link: ``_read_corpus`` reports that) and
    reported/."""
    judgments, tag = root / "judgments", str(root)
    for folder in [] if judgments.is_symlink() else _folders(judgments, problems):
        if (without and without(folder.name)) or _interrupted(folder, problems):
            continue
        row = _read_yaml_row(
            folder / "campaign.yaml", "campaign", raw, problems, {"campaign": folder.name}, tag
        )
        if row is None:
            continue
        raw.campaigns[folder.name] = row
        scheme = row.data["scheme"]
        for path in sorted(folder.glob("*.jsonl")):
            _read_jsonl_rows(path, scheme, raw, problems, {"campaign": folder.name}, tag)
        if "plan" not in row.data:  # a folder `campaign import` wrote holds the user's files too
            # labelstudio-import.json: what `campaign import` kept (campaign.import_store)
            _check_extra(
                folder,
                {"campaign.yaml", "labelstudio-import.json"},
                problems,
                allow_suffix=".jsonl",
                folders=True,
            )
    _read_reported(root / "reported", raw, problems, tag)


def _interrupted(folder: Path, problems: Problems) -> bool:
    """A campaign folder an interrupted `campaign import` was writing (campaign.import_store's
    pending state): not read, reported with the fix."""
    pending = folder / "labelstudio-import.pending.json"
    if not pending.is_file():
        return False
    problems.add(
        _shown(pending),
        0,
        "file",
        "is the state of a `litboard campaign import` that was interrupted while writing this "
        "campaign (some of its files are new, some old)",
        "run the same `litboard campaign import` again: it completes the interrupted one",
    )
    return True


def _output_files(folder: Path, problems: Problems) -> list[tuple[Path, str]]:
    """(file, pair) of a system folder's output files, each pair's parts in order (``de-en.jsonl``,
    ``de-en.2.jsonl``, ...); a bad name or a missing part is reported."""
    parts: dict[str, dict[int, Path]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        pair, part, why = output_file(path.name)
        if why:
            problems.add(_shown(path), 0, "file name", why, OUTPUT_HELP)
        else:
            parts.setdefault(pair, {})[part] = path
    found = []
    for pair, numbered in sorted(parts.items()):
        for part in range(1, max(numbered) + 1):
            if part not in numbered:
                problems.add(
                    _shown(folder / output_name(pair, part)),
                    0,
                    "file",
                    f"is missing: the {pair} outputs continue in part {max(numbered)}",
                    f"number the parts {pair}.jsonl, {pair}.2.jsonl, ... without gaps",
                )
        found += [(numbered[part], pair) for part in sorted(numbered)]
    return found


def _read_reported(folder: Path, raw: RawData, problems: Problems, tag: str) -> None:
    """The optional published numbers of a root (``reported/*.jsonl``, see litboard.reported)."""
    if not folder.is_dir():
        return
    for child in sorted(folder.iterdir()):
        if child.suffix == ".jsonl" and child.is_file() and not child.is_symlink():
            _read_jsonl_rows(child, "reported", raw, problems, {}, tag)
        elif not _extra_ok(child, problems):
            problems.add(
                _shown(child),
                0,
                "file",
                "is not a reported table",
                "keep only *.jsonl files of published numbers in reported/ (see the Data format "
                "page)",
            )


def _folders(parent: Path, problems: Problems) -> list[Path]:
    if not parent.is_dir():
        return []
    found = []
    for child in sorted(parent.iterdir()):
        if child.is_symlink():
            problems.add(
                _shown(child),
                0,
                "folder",
                "is a symbolic link",
                "replace the link by a real folder inside the data root",
            )
        elif child.is_dir():
            why = id_problem(child.name)
            if why:
                problems.add(_shown(child), 0, "folder name", why, ID_HELP)
            else:
                found.append(child)
        elif not _extra_ok(child, problems):
            problems.add(
                _shown(child),
                0,
                "file",
                "is not inside an id folder",
                f"move it into a folder under {_shown(parent)}/ or remove it",
            )
    return found


def _check_extra(
    folder: Path,
    expected: set[str],
    problems: Problems,
    allow_suffix: str = "",
    folders: bool = False,
) -> None:
    """Report each file of ``folder`` that is not one of its data files nor a note; with
    ``folders``, a sub-folder (a campaign's ``figs/``) is the user's and left alone."""
    for child in sorted(folder.iterdir()):
        name = child.name
        if name in expected or (allow_suffix and name.endswith(allow_suffix)):
            continue
        if _extra_ok(child, problems) or (folders and child.is_dir() and not child.is_symlink()):
            continue
        problems.add(
            _shown(child),
            0,
            "file",
            "is not a litboard data file",
            f"remove it; this folder holds {', '.join(sorted(expected))}"
            + (f" and *{allow_suffix}" if allow_suffix else "")
            + (", notes (*.md, *.txt) and folders of your own" if folders else ""),
        )


def _extra_ok(child: Path, problems: Problems) -> bool:
    """Whether ``child`` is a note beside the data (a visible regular .md/.txt file); one over the
    data-file size limit is reported here (and still counts as a note)."""
    if (
        child.suffix not in ALLOWED_EXTRA
        or child.name.startswith(".")
        or child.is_symlink()
        or not child.is_file()
    ):
        return False
    size = child.stat().st_size
    if size > MAX_FILE_BYTES:
        problems.add(
            _shown(child),
            0,
            "file",
            f"is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit of a data file",
            "shorten the note or keep it outside the data root",
        )
    return True


def _shown(path: Path) -> str:
    """The path as printable text: undecodable bytes of a hostile file name become \\xNN escapes."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _read_yaml_row(
    path: Path, kind: str, raw: RawData, problems: Problems, context: dict[str, str], root: str
) -> Row | None:
    shown = _shown(path)
    if not path.is_file() and not path.is_symlink() and not path.exists():
        problems.add(shown, 0, "file", "is missing", f"add {path.name} (see the Data format page)")
        return None
    before = len(problems.items)
    data, lines = read_yaml(path, problems, shown)
    if data is None and not lines:
        if len(problems.items) == before:
            problems.add(shown, 1, "yaml", "is empty", f"fill in {path.name}")
        return None
    if not schema_ok(kind, data, problems, shown, lambda p: line_for(lines, p)):
        return None
    row = Row(kind, shown, 1, data, context, root)
    raw.add(row)
    return row


def _read_jsonl_rows(
    path: Path,
    kind: str,
    raw: RawData,
    problems: Problems,
    context: dict[str, str],
    root: str,
    required: bool = False,
) -> None:
    shown = _shown(path)
    if not path.exists():
        if required:
            problems.add(shown, 0, "file", "is missing", f"add {path.name}")
        return
    check = accepts(kind)
    rows = raw.rows.setdefault(kind, [])
    before, records = len(problems.items), 0
    for record in read_jsonl(path, problems, shown):
        records += 1
        if (record.plain and kind not in LABELS and check(record.data)) or schema_ok(
            kind, record.data, problems, shown, lambda p, n=record.line: n
        ):
            rows.append(Row(kind, shown, record.line, record.data, context, root))
    if kind == "translation" and not records and len(problems.items) == before:
        problems.add(
            shown,
            0,
            "file",
            "holds no translation (the file is empty)",
            'write one {"paragraph": id, "text": output} per line, or delete the file',
        )
