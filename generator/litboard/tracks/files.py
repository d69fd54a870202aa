"""A contributor's files: a track's source paragraphs out, a new system folder in.

``sources`` lists the paragraphs a submission translates for a pair: every paragraph of the
pair's source language that the track's human reference translates, with its full text, in
(work, paragraph index) order. ``write_sources`` writes them as JSONL
(``{"paragraph": id, "text": source}``) or, for any other suffix, as plain text with one
paragraph per line (line breaks inside a paragraph become spaces) in the same order.

``new_system`` scaffolds ``<track folder>/<id>/``: ``system.yaml`` (the card, with a
placeholder in every required field not given) and one ``<pair>.jsonl`` per ``--from`` file.
A ``--from`` file is named ``<pair>.jsonl`` (lines ``{"paragraph": id, "text": ...}``) or
``<pair>.txt`` (one output per line, in the order of ``track sources``). Neither writes over
an existing file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Sequence

import yaml

from ..errors import DataError, Problem, Problems
from ..files.ids import ID_HELP, id_problem
from ..model import Corpus
from .contribution import CARD_FIELDS, PLACEHOLDER, bad_date
from ..load.names import ALLOWED_CONTROLS, invisible, look_alike
from ..load.track_decl import Track, check_pair

_LINEBREAKS = re.compile(r"\s*\n\s*")


def sources(corpus: Corpus, track: Track, pair: str) -> list[tuple[str, str]]:
    """(paragraph id, source text) of the pair's reference paragraphs, in reading order."""
    check_pair(track, pair)
    t = corpus.tables
    human = set(t["systems"].loc[t["systems"]["is_human"].astype(bool), "system"])
    tr = t["translations"]
    referenced = set(
        tr.loc[(tr["pair"] == pair) & tr["system"].isin(human) & tr["text"].notna(), "paragraph"]
    )
    paras = t["paragraphs"]
    rows = paras[
        paras["paragraph"].isin(referenced)
        & (paras["source_lang"] == pair.split("-")[0])
        & paras["text"].notna()
    ].sort_values(["work", "index", "paragraph"])
    return [(str(r.paragraph), str(r.text)) for r in rows.itertuples()]


def write_sources(rows: list[tuple[str, str]], out: Path) -> str:
    if out.is_symlink():
        raise DataError(
            [
                Problem(
                    str(out),
                    0,
                    "--out",
                    "is a symbolic link; litboard never writes through one",
                    "choose a new file name (not a link)",
                )
            ]
        )
    if out.exists():
        raise DataError(
            [
                Problem(
                    str(out),
                    0,
                    "--out",
                    "already exists; litboard never writes over a file",
                    "choose a new file name or remove the file yourself",
                )
            ]
        )
    if out.suffix == ".jsonl":
        text = "".join(
            json.dumps({"paragraph": p, "text": s}, ensure_ascii=False) + "\n" for p, s in rows
        )
    else:
        text = "".join(_LINEBREAKS.sub(" ", s).strip() + "\n" for _, s in rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return f"litboard: wrote {len(rows)} source paragraph(s) to {out}"


def new_system(
    corpus: Corpus,
    track: Track,
    system: str,
    files: Sequence[Path],
    repo: Path,
    card: dict[str, Any],
) -> Path:
    """Write the new system folder; returns it. Every problem of the inputs is raised at once."""
    problems = Problems()
    why = id_problem(system)
    if why:
        problems.add("command line", 0, "--id", why, ID_HELP)
    for name, value in card.items():
        found = invisible(value, ALLOWED_CONTROLS) if isinstance(value, str) else []
        if found:
            problems.add(
                "command line",
                0,
                "--" + name.replace("_", "-"),
                f"contains invisible characters ({', '.join(sorted(set(found)))})",
                "retype the value without them (zero-width, default-ignorable and bidi control "
                "characters are refused)",
            )
    _check_name(corpus, card.get("name"), problems)
    date_problem = bad_date(card.get("date"))
    if date_problem:
        problems.add(
            "command line",
            0,
            "--date",
            date_problem,
            "write the day the outputs were produced, e.g. 2026-11-24",
        )
    problems.raise_if_any()
    folder = repo / track.folder / system
    if folder.exists() or system in corpus.systems:
        problems.add(
            str(folder),
            0,
            "--id",
            f"system {system!r} already exists in track {track.id!r}",
            "choose another id",
        )
    outputs = {}
    given: dict[str, Path] = {}
    for path in files:
        pair = path.name.split(".")[0]
        if pair not in track.pairs:
            problems.add(
                str(path),
                0,
                "file name",
                f"{path.name!r} does not name a pair of track {track.id!r}",
                f"name it <pair>.jsonl or <pair>.txt with a pair among {', '.join(track.pairs)}",
            )
            continue
        if pair in given:
            problems.add(
                str(path),
                0,
                "--from",
                f"is a second file for {pair} (also {given[pair]})",
                f"pass one file per pair: keep either {given[pair].name} or {path.name}",
            )
            continue
        given[pair] = path
        outputs[pair] = _outputs(path, sources(corpus, track, pair), problems)
    problems.raise_if_any()
    folder.mkdir(parents=True)
    (folder / "system.yaml").write_text(card_text(system, card), encoding="utf-8")
    for pair, rows in sorted(outputs.items()):
        (folder / f"{pair}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
    return folder


def _check_name(corpus: Corpus, name: object, problems: Problems) -> None:
    if not isinstance(name, str):
        return
    for sid, info in sorted(corpus.systems.items()):
        if look_alike(str(info.get("name", "")), name):
            problems.add(
                "command line",
                0,
                "--name",
                f"{name!r} looks the same as {info.get('name')!r}, "
                f"the display name of system {sid!r} (compared as Unicode look-alikes)",
                "choose a display name that tells the systems apart, in plain letters",
            )
            return


def _outputs(
    path: Path, expected: list[tuple[str, str]], problems: Problems
) -> list[dict[str, str]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError) as exc:
        problems.add(
            str(path), 0, "file", f"cannot be read as UTF-8 text: {exc}", "save it as UTF-8"
        )
        return []
    if path.suffix == ".jsonl":
        parsed = (output_line(path, number, line, problems) for number, line in enumerate(lines, 1))
        return [{"paragraph": row["paragraph"], "text": row["text"]} for row in parsed if row]
    if len(lines) != len(expected):
        problems.add(
            str(path),
            len(lines),
            "lines",
            f"has {len(lines)} line(s); the pair has {len(expected)} source paragraph(s)",
            "write one output per line, in the order of "
            "`litboard track sources` (no blank line, no header)",
        )
        return []
    return [{"paragraph": pid, "text": text} for (pid, _), text in zip(expected, lines)]


def output_line(path: Path, number: int, line: str, problems: Problems) -> dict[str, Any] | None:
    """Line ``number`` of a ``<pair>.jsonl`` output file as ``{"paragraph", "text"}``, or None
    with the problem added (not JSON, or not an object with string paragraph and text)."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        problems.add(
            str(path),
            number,
            "line",
            f"is not JSON: {exc.msg}",
            'write one {"paragraph": id, "text": output} per line',
        )
        return None
    if (
        not isinstance(row, dict)
        or not isinstance(row.get("paragraph"), str)
        or not isinstance(row.get("text"), str)
    ):
        problems.add(
            str(path),
            number,
            "line",
            f"is {type(row).__name__} {line[:40]!r}, not an object "
            'with a string "paragraph" and "text"',
            'write one {"paragraph": id, "text": output} per line',
        )
        return None
    return row


NOT_TEXT = frozenset({"open_weights"})  # card fields whose value is not a string (a boolean)


def card_text(system: str, card: dict[str, Any]) -> str:
    """system.yaml: every required field (a placeholder where not given), kind and modality."""
    data: dict[str, Any] = {"id": system, "kind": card.get("kind", "llm"), "modality": "MT"}
    later = []
    for name in CARD_FIELDS:
        if name in card:
            data[name] = card[name]
        elif name in NOT_TEXT:  # a text placeholder would be a type error hiding the others
            later.append(f"# {name}: {PLACEHOLDER}: {CARD_FIELDS[name]} (write `{name}: ...`)\n")
        else:
            data[name] = f"{PLACEHOLDER}: {CARD_FIELDS[name]}"
    if card.get("url"):
        data["url"] = card["url"]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100) + "".join(later)


def unfilled(card: dict[str, Any]) -> list[str]:
    """The card fields ``card_text`` leaves to fill in (a placeholder or a comment)."""
    return [name for name in CARD_FIELDS if name not in card]
