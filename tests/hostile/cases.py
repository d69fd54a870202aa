"""Planted bad inputs: each ``Case`` turns a fresh copy of the tiny fixture into a data root
with one defect, and names the file and field the error message must point at.

Nothing hostile is stored in the repository: every case is written at test time (FIFOs,
symlinks, control characters in file names cannot live in git anyway). Path tricks in ids,
YAML tags and bombs, invalid UTF-8 and symlinked files are planted by
tests/tracks/submission/hostile.py (checked in-process by tests/tracks/submission/test_hostile.py).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

MT_CARD = "corpus/systems/mt/system.yaml"
MT_OUT = "corpus/systems/mt/de-en.jsonl"
WORK = "corpus/works/w1/work.yaml"
PARAS = "corpus/works/w1/paragraphs.jsonl"
MQM = "judgments/mqm1/a.jsonl"
MQM_CAMPAIGN = "judgments/mqm1/campaign.yaml"
GOOD_MT = [
    '{"paragraph": "p1", "text": "As Gregor Samsa one morning awoke."}',
    '{"paragraph": "p2", "text": "He lay on his back."}',
]
DEEP = 20_000


@dataclass(frozen=True)
class Case:
    """``fragment`` is the offending path relative to the root, as printed (escaped);
    ``field`` the field the message names; ``also`` further (fragment, field) problems that
    must be listed in the same run (a BOM must not hide the file's other problems)."""

    name: str
    fragment: str
    field: str
    plant: Callable[[Path, Path], None]
    also: tuple[tuple[str, str], ...] = field(default=())
    build: bool = False  # also run `build` on it (a few cases: build is the slow command)


def write(root: Path, rel: str, data: str | bytes) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)


def card(name_yaml: str = "MT", system: str = "mt", extra: str = "") -> str:
    return f"id: {system}\nname: {name_yaml}\nkind: nmt\nmodality: MT\n{extra}"


def mt_lines(*extra: str, first: str | None = None) -> str:
    lines = [first or GOOD_MT[0], GOOD_MT[1], *extra]
    return "\n".join(lines) + "\n"


def mqm_record(comment: str = "ok", paragraph: str = "p2", annotator: str = "s1") -> str:
    """One MQM line as JSON text; ``comment`` is inserted raw (so JSON escapes stay escapes)."""
    return (
        '{"system": "mt", "pair": "de-en", "paragraph": "%s", "annotator": "%s", "errors": '
        '[{"start": 0, "end": 2, "category": "Accuracy", "subcategory": "Mistranslation", '
        '"severity": "minor", "comment": "%s"}]}' % (paragraph, annotator, comment)
    )


def add_mqm(root: Path, line: str) -> None:
    path = root / MQM
    write(root, MQM, path.read_text(encoding="utf-8") + line + "\n")


def campaign(root: Path, cid: str, scheme: str, extra: str, records: list[str]) -> None:
    write(
        root,
        f"judgments/{cid}/campaign.yaml",
        f"id: {cid}\ntitle: T\nscheme: {scheme}\n"
        + ("" if scheme == "metric" else "annotators: [{id: s1, expertise: student}]\n")
        + extra,
    )
    write(root, f"judgments/{cid}/a.jsonl", "".join(r + "\n" for r in records))


def sqm(root: Path, score: str) -> None:
    campaign(
        root,
        "sqm1",
        "sqm",
        "scale: {min: 0, max: 6}\n",
        [
            '{"system": "mt", "pair": "de-en", "paragraph": "p1", "annotator": "s1", "score": %s}'
            % score
        ],
    )


def metric(root: Path, score: str, extra: str = "") -> None:
    campaign(
        root,
        "bleu1",
        "metric",
        "metric: {name: BLEU, higher_is_better: true%s}\n" % extra,
        ['{"system": "mt", "pair": "de-en", "paragraph": "p1", "score": %s}' % score],
    )


def kudos(root: Path, points: str) -> None:
    campaign(
        root,
        "crea1",
        "creativity",
        "",
        [
            '{"system": "mt", "pair": "de-en", "paragraph": "p1", "annotator": "s1", "ucps": [], '
            '"kudos": [{"start": 0, "end": 2, "points": %s}]}' % points
        ],
    )


def system_folder(root: Path, folder: str, card_id: str | None = None) -> None:
    base = os.fsencode(root / "corpus/systems") + b"/" + os.fsencode(folder)
    os.makedirs(base, exist_ok=True)
    (Path(os.fsdecode(base)) / "system.yaml").write_text(
        card(system=card_id or "x"), encoding="utf-8"
    )


def fifo(root: Path, rel: str) -> None:
    path = root / rel
    if path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def move_out(root: Path, outside: Path, part: str) -> None:
    """Replace ``root/part`` by a symbolic link to a copy outside the root."""
    target = outside / part
    (root / part).rename(target)
    (root / part).symlink_to(target, target_is_directory=True)


def paragraph_id(root: Path, value: str) -> None:
    write(
        root,
        PARAS,
        (root / PARAS).read_text(encoding="utf-8")
        + json.dumps({"id": value, "index": 2, "text": "Noch ein Absatz."})
        + "\n",
    )


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def _cases() -> list[Case]:
    c: list[Case] = []

    def add(
        name: str, fragment: str, field_name: str, plant: Callable[[Path, Path], None], **kw: object
    ) -> None:
        c.append(Case(name, fragment, field_name, plant, **kw))  # type: ignore[arg-type]

    # --- the file system: folders where files belong, FIFOs, links out of the root
    add(
        "folder-named-jsonl",
        "corpus/systems/mt/fr-en.jsonl",
        "file",
        lambda r, o: (r / "corpus/systems/mt/fr-en.jsonl").mkdir(),
        build=True,
    )
    add(
        "folder-named-jsonl-in-campaign",
        "judgments/mqm1/b.jsonl",
        "file",
        lambda r, o: (r / "judgments/mqm1/b.jsonl").mkdir(),
    )
    add(
        "folder-named-work-yaml",
        WORK,
        "file",
        lambda r, o: ((r / WORK).unlink(), (r / WORK).mkdir()),
    )
    add(
        "fifo-in-campaign",
        "judgments/mqm1/b.jsonl",
        "file",
        lambda r, o: fifo(r, "judgments/mqm1/b.jsonl"),
        build=True,
    )
    add("fifo-as-system-card", MT_CARD, "file", lambda r, o: fifo(r, MT_CARD))
    add("fifo-as-paragraphs", PARAS, "file", lambda r, o: fifo(r, PARAS))
    add("fifo-as-campaign-yaml", MQM_CAMPAIGN, "file", lambda r, o: fifo(r, MQM_CAMPAIGN))
    add("fifo-in-judgments", "judgments/pipe", "file", lambda r, o: fifo(r, "judgments/pipe"))
    add(
        "fifo-as-dataset-yaml",
        "corpus/dataset.yaml",
        "file",
        lambda r, o: fifo(r, "corpus/dataset.yaml"),
    )
    add("symlinked-corpus", "corpus", "folder", lambda r, o: move_out(r, o, "corpus"), build=True)
    add("symlinked-judgments", "judgments", "folder", lambda r, o: move_out(r, o, "judgments"))
    add(
        "symlinked-campaign",
        "judgments/mqm2",
        "folder",
        lambda r, o: (r / "judgments/mqm2").symlink_to(
            r / "judgments/mqm1", target_is_directory=True
        ),
    )
    # --- nesting, duplicate keys, numbers that are not finite
    add(
        "deep-json-array",
        MT_OUT,
        "json",
        lambda r, o: write(r, MT_OUT, mt_lines('{"paragraph": "p3", "x": %s}' % nested(DEEP))),
        build=True,
    )
    add(
        "deep-json-object", MQM, "json", lambda r, o: add_mqm(r, '{"a": ' * DEEP + "1" + "}" * DEEP)
    )
    add(
        "deep-yaml-flow",
        MT_CARD,
        "yaml",
        lambda r, o: write(r, MT_CARD, card(extra="x: " + nested(DEEP) + "\n")),
    )
    add(
        "deep-yaml-mapping",
        WORK,
        "yaml",
        lambda r, o: write(r, WORK, "a: " + nested(DEEP, "{b: ", "}") + "\n"),
    )
    add(
        "nested-100-levels",
        MT_OUT,
        "note" + ".0" * 31,
        lambda r, o: write(
            r, MT_OUT, mt_lines(first='{"paragraph": "p1", "text": "x", "note": %s}' % nested(100))
        ),
    )
    add(
        "duplicate-yaml-key",
        MT_CARD,
        "yaml",
        lambda r, o: write(r, MT_CARD, card(extra="name: Other\n")),
    )
    add(
        "duplicate-yaml-key-nested",
        WORK,
        "yaml",
        lambda r, o: write(
            r, WORK, (r / WORK).read_text(encoding="utf-8").replace("note: ", "note: first, note: ")
        ),
    )
    add(
        "duplicate-json-key",
        MT_OUT,
        "json",
        lambda r, o: write(
            r, MT_OUT, mt_lines(first='{"paragraph": "p1", "text": "a", "text": "b"}')
        ),
    )
    add("sqm-nan", "judgments/sqm1/a.jsonl", "json", lambda r, o: sqm(r, "NaN"))
    add(
        "sqm-infinity",
        "judgments/sqm1/a.jsonl",
        "json",
        lambda r, o: sqm(r, "Infinity"),
        build=True,
    )
    add("sqm-minus-infinity", "judgments/sqm1/a.jsonl", "json", lambda r, o: sqm(r, "-Infinity"))
    add("sqm-minus-1e999", "judgments/sqm1/a.jsonl", "json", lambda r, o: sqm(r, "-1e999"))
    add("metric-1e999", "judgments/bleu1/a.jsonl", "json", lambda r, o: metric(r, "1e999"))
    add("metric-nan", "judgments/bleu1/a.jsonl", "json", lambda r, o: metric(r, "NaN"))
    add(
        "metric-yaml-inf-max",
        "judgments/bleu1/campaign.yaml",
        "metric.max",
        lambda r, o: metric(r, "1", ", max: .inf"),
    )
    add(
        "metric-yaml-nan-min",
        "judgments/bleu1/campaign.yaml",
        "metric.min",
        lambda r, o: metric(r, "1", ", min: .nan"),
    )
    add("kudos-infinity", "judgments/crea1/a.jsonl", "json", lambda r, o: kudos(r, "Infinity"))
    add("kudos-nan", "judgments/crea1/a.jsonl", "json", lambda r, o: kudos(r, "NaN"))
    add(
        "sqm-scale-yaml-inf",
        "judgments/sqm1/campaign.yaml",
        "scale.max",
        lambda r, o: (
            sqm(r, "3"),
            write(
                r,
                "judgments/sqm1/campaign.yaml",
                (r / "judgments/sqm1/campaign.yaml")
                .read_text(encoding="utf-8")
                .replace("max: 6", "max: .inf"),
            ),
        ),
    )
    add(
        "huge-integer",
        PARAS,
        "json",
        lambda r, o: write(
            r,
            PARAS,
            (r / PARAS).read_text(encoding="utf-8")
            + '{"id": "p3", "index": %s, "text": "x"}\n' % ("9" * 5000),
        ),
    )
    # --- characters no name, comment or text may hold
    for char, label in (
        ("\\0", "nul"),
        ("\\e", "esc"),
        ("\\a", "bel"),
        ("\\x01", "soh"),
        ("\\L", "u2028"),
        ("\\P", "u2029"),
        ("\\N", "nel"),
        ("\\ud800", "surrogate"),
        ("a\\nb", "newline"),
        ("\\x7f", "del"),
    ):
        add(
            f"system-name-{label}",
            MT_CARD,
            "name",
            lambda r, o, ch=char: write(r, MT_CARD, card(f'"MT {ch} x"')),
            build=label in ("soh", "u2028"),
        )
    add(
        "work-title-esc",
        WORK,
        "title",
        lambda r, o: write(
            r,
            WORK,
            (r / WORK)
            .read_text(encoding="utf-8")
            .replace('title: "Die <b>Verwandlung</b>"', 'title: "Die \\e[2J Verwandlung"'),
        ),
    )
    add(
        "campaign-title-u2029",
        MQM_CAMPAIGN,
        "title",
        lambda r, o: write(
            r,
            MQM_CAMPAIGN,
            (r / MQM_CAMPAIGN)
            .read_text(encoding="utf-8")
            .replace("title: Students", 'title: "Stu\\Pdents"'),
        ),
    )
    add(
        "dataset-title-bel",
        "corpus/dataset.yaml",
        "title",
        lambda r, o: write(r, "corpus/dataset.yaml", 'id: tiny\ntitle: "Ti\\any"\nversion: "1"\n'),
    )
    add(
        "comment-nul",
        MQM,
        "errors.0.comment",
        lambda r, o: add_mqm(r, mqm_record("bad \\u0000 comment")),
    )
    add(
        "comment-esc",
        MQM,
        "errors.0.comment",
        lambda r, o: add_mqm(r, mqm_record("\\u001b]0;owned\\u0007")),
    )
    add(
        "comment-surrogate",
        MQM,
        "errors.0.comment",
        lambda r, o: add_mqm(r, mqm_record("half \\udc00")),
    )
    add(
        "text-surrogate",
        MT_OUT,
        "text",
        lambda r, o: write(
            r, MT_OUT, mt_lines(first='{"paragraph": "p1", "text": "lone \\ud83d here"}')
        ),
    )
    add(
        "text-c1-control",
        MT_OUT,
        "text",
        lambda r, o: write(
            r, MT_OUT, mt_lines(first='{"paragraph": "p1", "text": "csi \\u009b31m"}')
        ),
    )
    add(
        "source-text-esc",
        PARAS,
        "text",
        lambda r, o: write(
            r, PARAS, (r / PARAS).read_text(encoding="utf-8").replace("Rücken.", "R\\u001bcken.")
        ),
    )
    add(
        "annotator-id-control",
        MQM_CAMPAIGN,
        "annotators.0.id",
        lambda r, o: write(
            r,
            MQM_CAMPAIGN,
            (r / MQM_CAMPAIGN).read_text(encoding="utf-8").replace("{id: s1,", '{id: "s1\\t",'),
        ),
    )
    # --- ids: trailing newline, reserved names, trailing dots, 'index'
    add(
        "paragraph-ref-trailing-newline",
        MT_OUT,
        "paragraph",
        lambda r, o: write(r, MT_OUT, mt_lines(first='{"paragraph": "p1\\n", "text": "x"}')),
    )
    add("paragraph-id-trailing-newline", PARAS, "id", lambda r, o: paragraph_id(r, "p3\n"))
    add(
        "system-card-id-trailing-newline",
        MT_CARD,
        "id",
        lambda r, o: write(r, MT_CARD, card(system='"mt\\n"')),
    )
    add(
        "annotator-ref-trailing-newline",
        MQM,
        "annotator",
        lambda r, o: add_mqm(r, mqm_record(annotator="s1\\n")),
    )
    add(
        "system-folder-con",
        "corpus/systems/con",
        "folder name",
        lambda r, o: system_folder(r, "con", "con"),
    )
    add(
        "system-folder-aux-txt",
        "corpus/systems/aux.txt",
        "folder name",
        lambda r, o: system_folder(r, "aux.txt", "aux.txt"),
    )
    add(
        "system-folder-trailing-dot",
        "corpus/systems/demo-llm.",
        "folder name",
        lambda r, o: system_folder(r, "demo-llm.", "demo-llm."),
    )
    add(
        "system-folder-index",
        "corpus/systems/index",
        "folder name",
        lambda r, o: system_folder(r, "index", "index"),
        build=True,
    )
    add(
        "work-folder-index",
        "corpus/works/index",
        "folder name",
        lambda r, o: (r / "corpus/works/w1").rename(r / "corpus/works/index"),
    )
    add(
        "campaign-folder-nul",
        "judgments/nul",
        "folder name",
        lambda r, o: (r / "judgments/mqm1").rename(r / "judgments/nul"),
    )
    add("paragraph-id-index", PARAS, "id", lambda r, o: paragraph_id(r, "index"))
    add("paragraph-id-lpt1", PARAS, "id", lambda r, o: paragraph_id(r, "lpt1"))
    add("paragraph-id-trailing-dot", PARAS, "id", lambda r, o: paragraph_id(r, "p3."))
    add("system-card-id-com1", MT_CARD, "id", lambda r, o: write(r, MT_CARD, card(system="com1")))
    # --- names that would drive the terminal: printed escaped
    add(
        "folder-name-escape-codes",
        "corpus/systems/\\x1b[31mred",
        "folder name",
        lambda r, o: system_folder(r, "\x1b[31mred"),
    )
    add(
        "folder-name-rlo",
        "corpus/systems/gpt\\u202etxt.exe",
        "folder name",
        lambda r, o: system_folder(r, "gpt\u202etxt.exe"),
    )
    add(
        "file-name-osc-title",
        "judgments/mqm1/\\x1b]0;pwned\\x07.jsonl",
        "json",
        lambda r, o: write(r, "judgments/mqm1/\x1b]0;pwned\x07.jsonl", "{broken\n"),
    )
    # --- a BOM or CR line endings must not hide the file's other problems
    add(
        "bom-and-bad-kind",
        MT_CARD,
        "kind",
        lambda r, o: write(r, MT_CARD, b"\xef\xbb\xbf" + card().replace("nmt", "robot").encode()),
        also=((MT_CARD, "encoding"),),
    )
    add(
        "crlf-and-broken-line",
        MT_OUT,
        "json",
        lambda r, o: write(r, MT_OUT, mt_lines("{broken").replace("\n", "\r\n")),
        also=((MT_OUT, "line endings"),),
    )
    add(
        "bom-and-unknown-paragraph",
        MT_OUT,
        "paragraph",
        lambda r, o: write(r, MT_OUT, "\ufeff" + mt_lines('{"paragraph": "p9", "text": "x"}')),
        also=((MT_OUT, "encoding"),),
    )
    add(
        "crlf-yaml-and-missing-field",
        MQM_CAMPAIGN,
        "scheme",
        lambda r, o: write(
            r,
            MQM_CAMPAIGN,
            "id: mqm1\r\ntitle: T\r\nannotators: [{id: s1, expertise: student}]\r\n",
        ),
        also=((MQM_CAMPAIGN, "line endings"),),
    )
    add(
        "binary-file",
        MT_OUT,
        "encoding",
        lambda r, o: write(r, MT_OUT, b"\x89PNG\r\n\x1a\n\xff\xd8" * 20),
    )
    # --- issue 33 row 14: six malformed roots that used to be accepted
    add(
        "duplicate-paragraph-index",
        PARAS,
        "index",
        lambda r, o: write(
            r,
            PARAS,
            (r / PARAS).read_text(encoding="utf-8")
            + '{"id": "p3", "index": 1, "text": "Noch ein Satz."}\n',
        ),
    )
    add(
        "annotator-declared-twice",
        MQM_CAMPAIGN,
        "annotators",
        lambda r, o: write(
            r,
            MQM_CAMPAIGN,
            (r / MQM_CAMPAIGN)
            .read_text(encoding="utf-8")
            .replace(
                "annotators: [{id: s1, expertise: student}]",
                "annotators: [{id: s1, expertise: student}, {id: s1, expertise: professional}]",
            ),
        ),
        build=True,
    )
    add(
        "same-as-own-dataset",
        MT_CARD,
        "same_as",
        lambda r, o: write(r, MT_CARD, card(extra="same_as: [tiny/nope]\n")),
    )
    add(
        "metric-without-metric-block",
        "judgments/bleu1/campaign.yaml",
        "metric",
        lambda r, o: campaign(
            r,
            "bleu1",
            "metric",
            "",
            ['{"system": "mt", "pair": "de-en", "paragraph": "p1", "score": 1}'],
        ),
    )
    add(
        "system-name-rlo",
        MT_CARD,
        "name",
        lambda r, o: write(r, MT_CARD, card('"MT \\u202e txt.exe"')),
        build=True,
    )
    add(
        "stray-corpus-script",
        "corpus/evil.sh",
        "file",
        lambda r, o: write(r, "corpus/evil.sh", "#!/bin/sh\nrm -rf ~\n"),
    )
    return c


CASES = _cases()
