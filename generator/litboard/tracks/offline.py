"""What ``litboard validate`` checks of the track submissions when their release is not loaded
(no ``--releases``): the checks that need no release, and the list of those that do.

Without the release there are no source paragraphs, no reference and no other systems, so
coverage, copies, alignment and length ratios cannot be checked. What can be is checked here,
for every system folder under ``tracks/<track>/corpus/systems/``: each file is UTF-8, each line
of ``<pair>.jsonl`` is a JSON object with ``paragraph`` and ``text``, the pair is one of the
track's, the card (``check_card``: every field, the date, no human translation, no invisible
character) and the target language of every output (``check_language``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import yaml

from ..errors import Problems
from .contribution import check_card, check_language
from ..load.rows import Row
from ..load import track_decl
from ..load.track_decl import Track
from .files import output_line

NOT_CHECKED = (
    "not checked without the track's release: coverage of the track's paragraphs, copies of "
    "the reference or of other systems, shifted lines, length ratios, display names; run "
    "`litboard validate --releases` (with `--mirror DIR` for local release files)"
)


def check_offline(repo: Path, loaded: Sequence[Path]) -> tuple[Problems, list[Path]]:
    """Problems of the submission folders whose track root is not among ``loaded``, and the
    folders."""
    problems = Problems()
    done = {p.resolve() for p in loaded}
    folders = []
    for track in track_decl.TRACKS:
        root = track.root(repo)
        if track.release is None or root.resolve() in done:
            continue
        for folder in sorted(p for p in (root / "corpus" / "systems").glob("*") if p.is_dir()):
            folders.append(folder)
            _check_folder(track, folder, problems)
    return problems, folders


def _check_folder(track: Track, folder: Path, problems: Problems) -> None:
    card_path = folder / "system.yaml"
    text = _text(card_path, problems)
    if text is not None:
        try:
            card = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            problems.add(str(card_path), 0, "file", f"is not YAML: {exc}", "fix the YAML syntax")
            card = None
        if isinstance(card, dict):
            check_card(str(card_path), card, problems, text)
    for path in sorted(folder.glob("*.jsonl")):
        pair = path.name.split(".")[0]
        if pair not in track.pairs:
            problems.add(
                str(path),
                0,
                "file name",
                f"{pair} is not a pair of track {track.id!r}",
                f"the track takes {', '.join(track.pairs)}; rename the file or remove it",
            )
            continue
        rows = _rows(path, folder.name, pair, problems)
        check_language(rows, pair, problems)


def _text(path: Path, problems: Problems) -> str | None:
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.add(str(path), 0, "file", f"cannot be read: {exc.strerror}", "add the file")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(
            str(path),
            line,
            "file",
            f"is not UTF-8 (byte {data[exc.start]:#04x} at offset {exc.start})",
            "save the file as UTF-8",
        )
        return None


def _rows(path: Path, system: str, pair: str, problems: Problems) -> list[Row]:
    text = _text(path, problems)
    rows = []
    for number, line in enumerate((text or "").splitlines(), 1):
        data = output_line(path, number, line, problems)
        if data is None:
            continue
        rows.append(Row("translation", str(path), number, data, {"system": system, "pair": pair}))
    return rows
