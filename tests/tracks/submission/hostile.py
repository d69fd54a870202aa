"""The hostile-submission corpus, built on demand from the tiny fixture (nothing hostile is stored).

Each ``Case`` is one data root with one attack. ``REJECTED`` cases must fail validation with a
message naming ``fragment`` (part of the offending file's path); ``build_inert`` builds the one
root whose attacks are valid text (XSS and template strings), which must be shown escaped.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...helpers import FIXTURES, copy_root

TINY = FIXTURES / "tiny"

# Valid text that would run if a page inserted it as HTML or evaluated it as a template.
XSS = {
    "name": '<img src=x onerror=alert("xss-name")>',
    "output": (
        '<script>alert("xss-output")</script> {{ 7*7 }} {% if 1 %}xss-jinja{% endif %} '
        '${alert("xss-js")}'
    ),
    "comment": '"><svg onload=alert("xss-comment")>',
    "title": "</title><script>alert('xss-title')</script>",
    "annotator-comment": "<iframe src=javascript:alert('xss-iframe')></iframe>",
}


@dataclass(frozen=True)
class Case:
    name: str
    fragment: str  # part of the path the problem must name
    field: str  # the field the problem must name
    plant: Callable[[Path, Path], None]  # (data root, a folder outside it)


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def _card(system: str, name: str = "Hostile") -> str:
    return f"id: {system}\nname: {name}\nkind: nmt\nmodality: MT\n"


def _system(root: Path, folder: str | bytes, card_id: str) -> None:
    base = (
        os.fsencode(root / "corpus/systems")
        + b"/"
        + (folder if isinstance(folder, bytes) else os.fsencode(folder))
    )
    os.makedirs(base, exist_ok=True)
    _write(Path(os.fsdecode(base)) / "system.yaml", _card(card_id))


def _record(root: Path, paragraph: str) -> None:
    path = root / "corpus/systems/mt/de-en.jsonl"
    line = json.dumps({"paragraph": paragraph, "text": "A hostile paragraph id."})
    _write(path, path.read_text(encoding="utf-8") + line + "\n")


def _mt_jsonl(root: Path, data: bytes) -> None:
    _write(root / "corpus/systems/mt/de-en.jsonl", data)


GOOD_LINES = (
    b'{"paragraph": "p1", "text": "As Gregor Samsa one morning awoke."}\n'
    b'{"paragraph": "p2", "text": "He lay on his back."}\n'
)
BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
)


def _symlink_file(root: Path, outside: Path) -> None:
    target = outside / "de-en.jsonl"
    _write(target, GOOD_LINES)
    link = root / "corpus/systems/mt/de-en.jsonl"
    link.unlink()
    link.symlink_to(target)


def _symlink_folder(root: Path, outside: Path) -> None:
    target = outside / "evil"
    _write(target / "system.yaml", _card("evil"))
    _write(target / "de-en.jsonl", GOOD_LINES)
    (root / "corpus/systems/evil").symlink_to(target, target_is_directory=True)


def _symlink_card(root: Path, outside: Path) -> None:
    _write(outside / "system.yaml", _card("mt"))
    card = root / "corpus/systems/mt/system.yaml"
    card.unlink()
    card.symlink_to(outside / "system.yaml")


def _python_tag(root: Path, outside: Path) -> None:
    canary = outside / "PWNED"
    _write(
        root / "corpus/systems/mt/system.yaml",
        f"id: mt\nname: !!python/object/apply:os.system [\"touch {canary}\"]\nkind: "
        f"nmt\nmodality: MT\n",
    )


REJECTED: list[Case] = [
    Case(
        "id-dotdot-folder", "systems/a..b", "folder name", lambda r, o: _system(r, "a..b", "a..b")
    ),
    Case(
        "id-dotdot-card",
        "systems/mt/system.yaml",
        "id",
        lambda r, o: _write(r / "corpus/systems/mt/system.yaml", _card("../mt")),
    ),
    Case(
        "id-slash-record",
        "systems/mt/de-en.jsonl",
        "paragraph",
        lambda r, o: _record(r, "p1/../../etc"),
    ),
    Case("id-nul-record", "systems/mt/de-en.jsonl", "paragraph", lambda r, o: _record(r, "p1\x00")),
    Case(
        "id-nul-card",
        "systems/mt/system.yaml",
        "id",
        lambda r, o: _write(r / "corpus/systems/mt/system.yaml", _card('"mt\\0"')),
    ),
    Case(
        "id-cyrillic-folder",
        "systems/ht-b\u0430d",
        "folder name",
        lambda r, o: _system(r, "ht-b\u0430d", "ht-bad"),
    ),
    Case(
        "id-fullwidth-folder",
        "systems/\uff4d\uff54",
        "folder name",
        lambda r, o: _system(r, "\uff4d\uff54", "mt2"),
    ),
    Case(
        "id-cyrillic-record",
        "systems/mt/de-en.jsonl",
        "paragraph",
        lambda r, o: _record(r, "\u04401"),
    ),
    Case(
        "id-invalid-utf8-folder",
        "systems/\\xffsys",
        "folder name",
        lambda r, o: _system(r, b"\xffsys", "sys"),
    ),
    Case(
        "invalid-utf8",
        "systems/mt/de-en.jsonl",
        "encoding",
        lambda r, o: _mt_jsonl(r, GOOD_LINES.replace(b"awoke", b"awo\xff\xfeke")),
    ),
    Case(
        "bom",
        "systems/mt/system.yaml",
        "encoding",
        lambda r, o: _write(
            r / "corpus/systems/mt/system.yaml", b"\xef\xbb\xbf" + _card("mt").encode()
        ),
    ),
    Case(
        "crlf",
        "systems/mt/de-en.jsonl",
        "line endings",
        lambda r, o: _mt_jsonl(r, GOOD_LINES.replace(b"\n", b"\r\n")),
    ),
    Case(
        "nul-bytes",
        "systems/mt/de-en.jsonl",
        "encoding",
        lambda r, o: _mt_jsonl(r, GOOD_LINES.replace(b"awoke", b"awo\x00ke")),
    ),
    Case(
        "10mb-line",
        "systems/mt/de-en.jsonl",
        "file",
        lambda r, o: _mt_jsonl(r, b'{"paragraph": "p1", "text": "' + b"x" * 10_000_000 + b'"}\n'),
    ),
    Case(
        "yaml-bomb",
        "systems/mt/system.yaml",
        "yaml",
        lambda r, o: _write(r / "corpus/systems/mt/system.yaml", _card("mt") + BOMB),
    ),
    Case("yaml-python-apply", "systems/mt/system.yaml", "yaml", _python_tag),
    Case(
        "yaml-python-object",
        "systems/mt/system.yaml",
        "yaml",
        lambda r, o: _write(
            r / "corpus/systems/mt/system.yaml",
            "!!python/object:litboard.errors.Problems {items: []}\n",
        ),
    ),
    Case("symlink-file", "systems/mt/de-en.jsonl", "file", _symlink_file),
    Case("symlink-folder", "systems/evil", "folder", _symlink_folder),
    Case("symlink-card", "systems/mt/system.yaml", "file", _symlink_card),
]


def build_case(case: Case, tmp: Path) -> tuple[Path, Path]:
    """(data root, outside folder) with the case planted in a fresh copy of the tiny fixture."""
    root = copy_root(TINY, tmp / "root")
    outside = tmp / "outside"
    outside.mkdir()
    case.plant(root, outside)
    return root, outside


def build_inert(tmp: Path) -> Path:
    """A valid data root whose names, outputs and comments carry every XSS vector."""
    root = copy_root(TINY, tmp / "xss")
    _write(root / "corpus/systems/mt/system.yaml", _card("mt", json.dumps(XSS["name"])))
    _mt_jsonl(
        root,
        (
            json.dumps({"paragraph": "p1", "text": "As Gregor Samsa one morning awoke."})
            + "\n"
            + json.dumps({"paragraph": "p2", "text": XSS["output"]})
            + "\n"
        ).encode(),
    )
    work = root / "corpus/works/w1/work.yaml"
    work.write_text(
        work.read_text(encoding="utf-8").replace(
            '"Die <b>Verwandlung</b>"', json.dumps(XSS["title"])
        ),
        encoding="utf-8",
    )
    mqm = root / "judgments/mqm1/a.jsonl"
    records = [json.loads(line) for line in mqm.read_text(encoding="utf-8").splitlines()]
    records[0]["errors"][0]["comment"] = XSS["comment"]
    records[1]["errors"] = [
        {
            "start": 0,
            "end": 4,
            "category": "Style",
            "severity": "minor",
            "comment": XSS["annotator-comment"],
        }
    ]
    mqm.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return root
