"""`litboard import wmt-esa`: every rule of issue 58's goal 1 on a small hand-made release folder
(the WMT24 layout: humeval/*.csv, humeval/annotator_mapping.json, txt/), plus the JSONL dump
layout of WMT24's README and a WMT25-style dump read by the same code."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from litboard.analysis.leaderboard import segment_scores
from litboard.errors import DataError
from litboard.importers import get
from litboard.load.read import load

DOCS = [
    ("canary", "canary"),
    ("literary", "test-en-literary_tale_chunk_1"),
    ("literary", "test-en-literary_tale_chunk_1"),
    ("literary", "test-en-literary_tale_chunk_1"),
    ("news", "test-en-news_paper.1"),
]
SOURCES = [
    "canary text",
    "The old man sat.",
    "He smiled at the sea.",
    "Night came.",
    "Prices rose.",
]
OUTPUTS = {
    "refA": ["カナリア", "老人は座った。", "彼は海に微笑んだ。", "夜が来た。", "物価が上がった。"],
    "SysA": ["カナリア", "老人が座る。", "彼は海を笑った。", "夜来た。", "値段が上がった。"],
    "SysB": ["カナリア", "老いた男は座った。", "海に微笑む。", "夜になった。", "価格上昇。"],
}
MAPPING = {"Person One": ["engjpn01", "engjpn02"], "Person Two": ["engjpn03"]}
DOC = "test-en-literary_tale_chunk_1"


def row(
    account: str,
    system: str,
    line: int,
    score: int,
    spans: list[dict[str, Any]] | None = None,
    doc: str = DOC,
    item: str = "TGT",
    end: float = 100.0,
    langs: tuple[str, str] = ("eng", "jpn"),
) -> list[str]:
    return [
        account,
        system,
        str(line),
        item,
        *langs,
        str(score),
        doc,
        "False",
        json.dumps(spans or []),
        str(end - 5),
        str(end),
    ]


BASE = [
    row("engjpn01", "ende-tutorial1", 1000001, 0, doc="ende-tutorial1"),
    row("engjpn01", "SysA", 1, 70, [{"start_i": 0, "end_i": 1, "severity": "minor"}]),
    row("engjpn01", "SysB", 1, 90),
    row("engjpn01", "refA", 1, 95),
    row("engjpn03", "SysA", 2, 40, [{"start_i": 2, "end_i": 3, "severity": "major"}]),
    row(
        "engjpn03", "SysB", 2, 60, [{"start_i": "missing", "end_i": "missing", "severity": "major"}]
    ),
    row("engjpn03", "refA", 2, 88, [{"start_i": 0, "end_i": 0, "severity": "undecided"}]),
    row("engjpn03", "SysA", 4, 50, doc="test-en-news_paper.1"),
]


def release(tmp_path: Path, rows: list[list[str]], name: str = "esa_test_wave1.csv") -> Path:
    """A release folder with the given export rows."""
    root = tmp_path / "release"
    for pair in ("en-ja",):
        docs = root / "txt" / "documents" / f"{pair}.docs"
        docs.parent.mkdir(parents=True, exist_ok=True)
        docs.write_text("\n".join(f"{d}\t{i}" for d, i in DOCS) + "\n", encoding="utf-8")
        src = root / "txt" / "sources" / f"{pair}.txt"
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text("\n".join(SOURCES) + "\n", encoding="utf-8")
        for system, lines in OUTPUTS.items():
            if system == "refA":
                path = root / "txt" / "references" / f"{pair}.refA.txt"
            else:
                path = root / "txt" / "system-outputs" / pair / f"{system}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    humeval = root / "humeval"
    humeval.mkdir(parents=True, exist_ok=True)
    (humeval / "annotator_mapping.json").write_text(json.dumps(MAPPING), encoding="utf-8")
    with (humeval / name).open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return root


def records(out: Path) -> list[dict[str, Any]]:
    files = sorted((out / "judgments").glob("*/*.jsonl"))
    return [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines()]


def by_key(out: Path) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["system"], r["paragraph"].rsplit("-", 1)[1]): r for r in records(out)}


def test_literary_ratings_are_imported_with_wmt_line_ids(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, BASE), out, domain="literary")
    got = by_key(out)
    assert set(got) == {
        ("sysa", "1"),
        ("sysb", "1"),
        ("refa", "1"),
        ("sysa", "2"),
        ("sysb", "2"),
        ("refa", "2"),
    }  # line 4 is news, line 0 the canary: not imported
    assert got[("sysa", "1")]["score"] == 70
    assert report.read["tutorial rows removed"] == 1
    assert report.read["ratings outside the literary domain left out (--domain)"] == 1
    paragraphs = [
        json.loads(line)
        for line in (
            out / "corpus" / "works" / "test-en-literary-tale-chunk-1" / "paragraphs.jsonl"
        )
        .read_text(encoding="utf-8")
        .splitlines()
    ]
    assert [(p["index"], p["text"]) for p in paragraphs] == [
        (0, "The old man sat."),
        (1, "He smiled at the sea."),
    ]
    translation = json.loads(
        (out / "corpus" / "systems" / "sysa" / "en-ja.jsonl")
        .read_text(encoding="utf-8")
        .split("\n")[0]
    )
    assert translation["text"] == OUTPUTS["SysA"][1]  # the txt line of the rating's line id
    systems = (out / "corpus" / "systems" / "refa" / "system.yaml").read_text(encoding="utf-8")
    assert "kind: human" in systems


def test_spans_land_on_the_marked_characters(tmp_path: Path) -> None:
    out = tmp_path / "out"
    get("wmt-esa")(release(tmp_path, BASE), out, domain="literary")
    got = by_key(out)
    (span,) = got[("sysa", "1")]["errors"]
    # Appraise's end_i is the last marked character: 0..1 marks the first two characters
    assert (span["start"], span["end"], span["severity"]) == (0, 2, "minor")
    assert OUTPUTS["SysA"][1][span["start"] : span["end"]] == "老人"
    (major,) = got[("sysa", "2")]["errors"]
    assert OUTPUTS["SysA"][2][major["start"] : major["end"]] == "海を"


def test_an_omission_without_position_stays_zero_width(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, BASE), out, domain="literary")
    (span,) = by_key(out)[("sysb", "2")]["errors"]
    assert (span["start"], span["end"], span["position"]) == (0, 0, "unknown")
    assert "position unknown" in span["comment"]
    assert report.read["spans without a position (kept zero-width, position unknown)"] == 1
    spans = load([out]).tables["esa_spans"]
    unknown = spans[spans["position"] == "unknown"]
    assert len(unknown) == 1 and int(unknown["start"].iloc[0]) == int(unknown["end"].iloc[0]) == 0


def test_an_unknown_severity_is_kept_counted_and_named(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, BASE), out, domain="literary")
    (span,) = by_key(out)[("refa", "2")]["errors"]
    assert span["severity"] == "unknown"
    assert "'undecided'" in span["comment"]
    assert report.read["spans of unknown severity ('undecided', kept as unknown)"] == 1
    from litboard.render.reader.spans import esa_title

    assert esa_title("unknown", "known") == "ESA error (severity unknown)"
    assert esa_title("major", "unknown") == "ESA major error (position unknown)"


def test_an_off_by_one_file_is_refused_not_shifted(tmp_path: Path) -> None:
    # the pre-November-2024 files: every line id one below the documents file's line
    shifted = [
        row("engjpn01", "SysA", 0, 70),
        row("engjpn01", "SysB", 3, 90, doc="test-en-news_paper.1"),
    ]
    out = tmp_path / "out"
    with pytest.raises(DataError) as caught:
        get("wmt-esa")(release(tmp_path, shifted), out)
    message = str(caught.value)
    assert "off-by-one" in message and "never imported shifted" in message
    assert "esa_test_wave1.csv:1" in message and "line_id" in message
    assert not out.exists()


def test_a_re_rating_keeps_the_latest_end_time(tmp_path: Path) -> None:
    rows = BASE + [
        row("engjpn01", "SysB", 1, 20, end=300.0),  # the same account again, later: kept
        row("engjpn01", "refA", 1, 10, end=50.0),  # the same account again, earlier: dropped
        row("engjpn02", "SysA", 1, 33, end=400.0),  # the same person under another account
    ]
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, rows), out, domain="literary")
    got = by_key(out)
    assert got[("sysb", "1")]["score"] == 20
    assert got[("refa", "1")]["score"] == 95
    assert got[("sysa", "1")]["score"] == 33
    assert report.read["re-ratings by the same account (latest end time kept) removed"] == 2
    assert (
        report.read["re-ratings by the same person under another account (latest kept) removed"]
        == 1
    )


def test_bad_items_and_marked_documents_are_removed_and_counted(tmp_path: Path) -> None:
    rows = BASE + [
        row("engjpn01", "SysA", 1, 30, doc=DOC + "#bad", item="BAD"),  # caught: 30 < 70
        row("engjpn03", "SysA", 2, 45, doc=DOC + "#bad", item="BAD"),  # missed: 45 >= 40
        row("engjpn02", "SysB", 3, 10, doc=DOC + "#incomplete"),
        row("engjpn02", "SysA", 3, 10, doc=DOC + "#dup"),
    ]
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, rows), out, domain="literary")
    assert report.read["quality-control (BAD) items removed"] == 2
    assert report.read["ratings in #incomplete documents removed"] == 1
    assert report.read["ratings in #dup documents removed"] == 1
    assert ("sysa", "3") not in by_key(out) and ("sysb", "3") not in by_key(out)
    card = (out / "corpus" / "dataset.yaml").read_text(encoding="utf-8")
    assert "person-one: 1 of 1 quality-control (BAD) items scored lower than the original" in card
    assert "person-two: 0 of 1 quality-control (BAD) items scored lower than the original" in card


def test_accounts_are_mapped_to_people(tmp_path: Path) -> None:
    rows = BASE + [row("engjpn02", "SysA", 3, 80)]
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, rows), out, domain="literary")
    annotators = {r["annotator"] for r in records(out)}
    assert annotators == {"person-one", "person-two"}  # three accounts, two people
    assert report.read["annotators"] == 2
    corpus = load([out])
    assert set(corpus.tables["esa"]["annotator"]) == {"person-one", "person-two"}


def test_pairs_filter_and_languages(tmp_path: Path) -> None:
    rows = BASE + [row("engces01", "SysA", 1, 50, langs=("eng", "ces"))]
    out = tmp_path / "out"
    report = get("wmt-esa")(release(tmp_path, rows), out, domain="literary", pairs=["en-ja"])
    assert report.read["ratings of other pairs left out (--pairs)"] == 1
    assert {r["pair"] for r in records(out)} == {"en-ja"}


def test_esa_is_its_own_scheme_on_the_board(tmp_path: Path) -> None:
    out = tmp_path / "out"
    get("wmt-esa")(release(tmp_path, BASE), out, domain="literary")
    corpus = load([out])
    (campaign,) = corpus.campaigns.values()
    assert campaign["scheme"] == "esa" and campaign["title"] == "ESA, literary domain"
    long, columns = segment_scores(corpus)
    (column,) = [c for c in columns if c.key.startswith("esa:")]
    assert column.label.startswith("ESA") and column.higher_is_better
    assert "SQM" not in column.label and "SQM" not in column.provenance
    means = long[long["column"] == column.key].groupby("system")["score"].mean().to_dict()
    assert means == {"refa": (95 + 88) / 2, "sysa": (70 + 40) / 2, "sysb": (90 + 60) / 2}


def _dump_lines(rows: list[list[str]], wmt25: bool) -> list[str]:
    """The export rows as the JSONL dump (WMT24 README's fields); ``wmt25``: region-tagged
    language codes and extra fields, as WMT25's dump has them."""
    lines = []
    for r in rows:
        account, system, line, item, _src, _tgt, score, doc, _u, spans, start, end = r
        d: dict[str, Any] = {
            "langs": "en-ja_JP" if wmt25 else "en-ja",
            "line_id": int(line),
            "src": SOURCES[int(line)] if int(line) < len(SOURCES) else "tutorial",
            "tgt": OUTPUTS.get(system, OUTPUTS["SysA"])[int(line)] if int(line) < 5 else "x",
            "doc_id": doc,
            "domain": DOCS[int(line)][0] if int(line) < len(DOCS) else "tutorial",
            "esa_spans": json.loads(spans),
            "esa_score": score,
            "system": system,
            "annotator": account,
        }
        if wmt25:
            d |= {"item_type": item, "start_time": float(start), "end_time": float(end)}
            d["speech_info"] = None
        lines.append(json.dumps(d, ensure_ascii=False))
    return lines


@pytest.mark.parametrize("wmt25", [False, True], ids=["wmt24-dump", "wmt25-style"])
def test_the_jsonl_dump_gives_the_same_records(tmp_path: Path, wmt25: bool) -> None:
    csv_out, jsonl_out = tmp_path / "csv", tmp_path / "jsonl"
    get("wmt-esa")(release(tmp_path / "a", BASE), csv_out, domain="literary")
    root = release(tmp_path / "b", [])
    (root / "humeval" / "esa_test_wave1.csv").unlink()
    dump = root / "jsonl" / "esa.jsonl"
    dump.parent.mkdir()
    dump.write_text("\n".join(_dump_lines(BASE, wmt25)) + "\n", encoding="utf-8")
    get("wmt-esa")(root, jsonl_out, domain="literary")
    assert records(jsonl_out) == records(csv_out)


def test_cli_import_wmt_esa(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "litboard.cli",
            "--quiet",
            "import",
            "wmt-esa",
            str(release(tmp_path, BASE)),
            "--out",
            str(out),
            "--domain",
            "literary",
            "--pairs",
            "en-ja",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "6 records imported" in done.stdout
    assert "1 tutorial rows removed" in done.stdout
