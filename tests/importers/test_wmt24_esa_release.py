"""The fifth pinned release (WMT24 literary ESA, issue 58): its board means equal an independent
computation from the pinned CSVs for all four pairs, and every span lands on the text it marks.

The expected numbers are computed here from the files with the standard library only (csv,
json, unicodedata), following SOURCE.md's rules, never with litboard's importer."""

from __future__ import annotations

import csv
import json
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from litboard.analysis.boards import analyse
from litboard.importers.pinned import prepare
from litboard.load.read import load

from ..conftest import REPO, shared_path

RELEASE = "wmt24-literary-esa"
LANGS = {"ces": "cs", "hin": "hi", "jpn": "ja", "zho": "zh"}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    shared_path("wmt24-genmt")
    cache = tmp_path_factory.mktemp("cache")
    (got,) = prepare(REPO / "releases.yaml", cache, shared_path("wmt24-genmt").parent, [RELEASE])
    return got


def _ratings() -> dict[tuple[str, str, int], list[str]]:
    """(pair, system, line) -> the kept row: literary TGT rows outside tutorial and #-marked
    documents, the latest end time of each account's item (SOURCE.md)."""
    folder = shared_path("wmt24-genmt")
    domains: dict[str, list[str]] = {}
    latest: dict[tuple[str, str, str, int], list[str]] = {}
    for wave in (2, 3):
        path = folder / "humeval" / f"esa_generalMT2024_wave{wave}.csv"
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.reader(f):
                pair = f"en-{LANGS[row[5]]}"
                if pair not in domains:
                    docs = (folder / "txt" / "documents" / f"{pair}.docs").read_text("utf-8")
                    domains[pair] = [line.split("\t")[0] for line in docs.split("\n")]
                line = int(row[2])
                if row[3] != "TGT" or "#" in row[7] or "tutorial" in row[7]:
                    continue
                if line >= len(domains[pair]) or domains[pair][line] != "literary":
                    continue
                key = (row[0], pair, row[1], line)
                if key not in latest or float(row[11]) > float(latest[key][11]):
                    latest[key] = row
    out: dict[tuple[str, str, int], list[str]] = {}
    for (_account, pair, system, line), row in latest.items():
        assert (pair, system, line) not in out  # SOURCE.md: one rating per (segment, system)
        out[(pair, system, line)] = row
    return out


def test_board_means_equal_an_independent_computation(root: Path) -> None:
    expected: dict[tuple[str, str], list[float]] = defaultdict(list)
    for (pair, system, _line), row in _ratings().items():
        expected[(pair, system)].append(float(row[6]))
    corpus = load([root])
    analysis = analyse(corpus)
    names = {sid: card["name"] for sid, card in corpus.systems.items()}
    means = analysis.means[analysis.means["column"] == f"esa:{RELEASE}"]
    got = {(r.pair, names[r.system]): (r.mean, r.n) for r in means.itertuples()}
    assert set(got) == set(expected)
    assert {p for p, _ in got} == {"en-cs", "en-hi", "en-ja", "en-zh"}
    for key, scores in expected.items():
        assert got[key][0] == pytest.approx(sum(scores) / len(scores), abs=1e-9), key
        assert got[key][1] == len(scores), key
    # SOURCE.md's facts: segments x systems per pair (refA ranked as a system)
    shape = {
        pair: (
            len({line for p, _, line in _ratings() if p == pair}),
            sum(1 for p, _ in got if p == pair),
        )
        for pair in ("en-cs", "en-hi", "en-ja", "en-zh")
    }
    assert shape == {"en-cs": (20, 16), "en-hi": (20, 11), "en-ja": (80, 13), "en-zh": (80, 13)}
    for pair in shape:
        assert (pair, f"esa:{RELEASE}") in analysis.rankings  # a board with intervals per pair
        ranked = analysis.rankings[(pair, f"esa:{RELEASE}")]
        assert "refa" in set(ranked.index) | set(ranked.get("system", []))


def _stored(root: Path) -> tuple[dict[tuple[str, str, str], str], list[dict[str, Any]]]:
    texts = {}
    for path in (root / "corpus" / "systems").glob("*/*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            t = json.loads(line)
            texts[(path.parent.name, path.name.split(".")[0], t["paragraph"])] = t["text"]
    records = [
        json.loads(line)
        for path in (root / "judgments").glob("*/*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    return texts, records


def test_every_span_lands_on_the_text_it_marks(root: Path) -> None:
    texts, records = _stored(root)
    folder = shared_path("wmt24-genmt")
    stored = {(r["pair"], r["system"], int(r["paragraph"].rsplit("-", 1)[1])): r for r in records}
    names = {}
    for path in (root / "corpus" / "systems").glob("*/system.yaml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("name: "):
                names[line[6:].strip("'\"")] = path.parent.name
    checked = unknown = 0
    for (pair, system, line), row in _ratings().items():
        if system == "refA":
            raw = (folder / "txt" / "references" / f"{pair}.refA.txt").read_text("utf-8")
        else:
            raw = (folder / "txt" / "system-outputs" / pair / f"{system}.txt").read_text("utf-8")
        target = raw.split("\n")[line]
        record = stored[(pair, names[system], line)]
        text = texts[(names[system], pair, record["paragraph"])]
        assert text == unicodedata.normalize("NFC", target)
        spans = json.loads(row[9])
        assert len(record["errors"]) == len(spans)
        for span, got in zip(spans, record["errors"]):
            if span["start_i"] == "missing":
                assert (got["start"], got["end"], got["position"]) == (0, 0, "unknown")
                unknown += 1
                continue
            marked = target[span["start_i"] : span["end_i"] + 1]  # end_i: the last character
            assert text[got["start"] : got["end"]] == unicodedata.normalize("NFC", marked)
            assert got["severity"] == (
                span["severity"] if span["severity"] in ("minor", "major") else "unknown"
            )
            checked += 1
    assert (checked + unknown, unknown) == (1341, 70)  # SOURCE.md: 1,341 spans, 70 "missing"


def test_the_card_says_waves_2_3_and_not_the_findings_ranking(root: Path) -> None:
    corpus = load([root])
    (card,) = corpus.datasets
    assert "waves 2 and 3" in card["description"]
    assert "NOT the WMT24 findings' ranking" in card["description"]
    # en-cs and en-hi have no track: their copy limits cannot be sound (site/submit.md)
    assert card["track"]["pairs"] == ["en-ja", "en-zh"] and "no_track" not in card
    claude = corpus.systems["claude-3-5"]
    assert claude["kind"] == "llm" and claude["open_weights"] is False
    assert corpus.systems["llama3-70b"]["size"] == "70B"
    assert corpus.systems["refa"]["kind"] == "human"
    # the track's test set: every literary line of each pair, every submission's output of it
    paragraphs = corpus.tables["paragraphs"]
    assert len(paragraphs) == 206
    translations = corpus.tables["translations"]
    per_pair = translations.groupby("pair")["system"].nunique().to_dict()
    folder = shared_path("wmt24-genmt") / "txt"
    docs = (folder / "documents" / "en-cs.docs").read_text("utf-8").split("\n")
    literary = [i for i, d in enumerate(docs) if d.startswith("literary\t")]
    outputs = {}
    for p in per_pair:  # refA and every submission with a non-empty literary line
        files = [
            folder / "references" / f"{p}.refA.txt",
            *(folder / "system-outputs" / p).glob("*"),
        ]
        lines = [f.read_text("utf-8").split("\n") for f in files]
        outputs[p] = sum(any(text[i].strip() for i in literary) for text in lines)
    assert per_pair == outputs
