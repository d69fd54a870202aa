"""The Creativity Bias importer: output loads cleanly and keeps every LLM span exact."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from litboard.importers import IMPORTERS, get
from litboard.load.read import load, validate
from litboard.model import Corpus
from litboard.spans.tags import parse_tags


@pytest.fixture(scope="module")
def imported(
    creativity_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("creativity") / "root"
    report = get("creativity-bias")(creativity_release, out)
    return out, report


@pytest.fixture(scope="module")
def corpus(imported: tuple[Path, object]) -> Corpus:
    return load([imported[0]])


def test_registered() -> None:
    assert IMPORTERS["creativity-bias"] == "releases.creativity_bias"


def test_output_validates_without_problems(imported: tuple[Path, object]) -> None:
    assert validate([imported[0]]).items == []


def test_shape_of_the_data_root(corpus: Corpus) -> None:
    t = corpus.tables
    assert sorted(t["works"]["work"]) == [
        "en-poem",
        "en-short-story",
        "en-thriller",
        "ru-poem",
        "ru-short-story",
        "ru-thriller",
    ]
    assert len(t["paragraphs"]) == 77 and len(t["translations"]) == 354
    assert sorted(t["systems"]["system"]) == ["ht", "mt", "pe"]
    assert corpus.pairs == ["en-ca", "en-nl", "ru-nl"]
    pro = t["mqm_errors"][t["mqm_errors"]["campaign"] == "pro-errors"]
    assert pro.groupby("annotator").size().to_dict() == {"llm": 325, "pro": 284}
    assert (pro.loc[pro["annotator"] == "pro", "link"] != "").sum() == 92
    assert len(t["ucps"]) == 2 * 564
    assert corpus.datasets[0]["version"].startswith("files-sha256-")


def test_report_names_every_dropped_llm_error(imported: tuple[Path, object]) -> None:
    report = imported[1]
    assert len(report.skipped) == 3
    assert any("RU-NL_Poem_HT_ANNOTATED_longlines.json line 5: tag v3" in s for s in report.skipped)


def test_errors_without_a_span_tag_are_counted_and_shown(imported: tuple[Path, object]) -> None:
    """Issue 59 goal 5: 2 of the 327 errors the model listed have no <vN> tag (en-nl MT, ru-nl
    PE); they were dropped silently, now the campaign counts them and their segment names them."""
    root = imported[0]
    campaign = yaml.safe_load((root / "judgments/llm-tsa-errors/campaign.yaml").read_text())
    assert "2 of the 327 listed errors have no tag in the text" in campaign["description"]
    lines = (root / "judgments/llm-tsa-errors/llm-tsa-errors.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in lines.splitlines()]
    noted = [r for r in records if r["comment"].startswith("Not placed, no span tag")]
    assert sorted((r["pair"], r["system"]) for r in noted) == [("en-nl", "mt"), ("ru-nl", "pe")]
    assert all("has no tag v" in r["comment"] for r in noted)


_INNER = re.compile(r"<v(\d+)>(.*?)</v\1>")


def test_every_llm_span_rederives_its_tagged_text(creativity_release: Path, corpus: Corpus) -> None:
    """For all 27 files: parser offsets, and stored offsets in the translation, give the tagged
    text."""
    files = sorted((creativity_release / "llm-judge-errors").glob("*.json"))
    assert len(files) == 27
    t = corpus.tables
    spans = t["mqm_errors"][t["mqm_errors"]["campaign"] == "llm-tsa-errors"]
    texts = t["translations"].set_index(["system", "pair", "paragraph"])["text"]
    checked = 0
    for path in files:
        pair, genre, modality = path.name.split("_")[:3]
        work = f"{pair[:2].lower()}-{ {'Poem': 'poem', 'ShortStory': 'short-story', 'Thriller': 'thriller'}[genre] }"  # noqa: E501
        for item in json.loads(path.read_text(encoding="utf-8-sig")):
            annotated = (item["model_output_json"] or {}).get("annotated_translation")
            if annotated is None:
                continue
            inner = {int(n): s for n, s in _INNER.findall(annotated)}
            text, parsed = parse_tags(annotated)
            for span in parsed:
                assert text[span.start : span.end] == inner[span.index]
            pid = f"{work}-l{item['line']:03d}"
            stored = spans[
                (spans["system"] == modality.lower())
                & (spans["pair"] == pair.lower())
                & (spans["paragraph"] == pid)
            ]
            translation = texts[(modality.lower(), pair.lower(), pid)]
            for _, row in stored.iterrows():
                index = int(row["comment"].split(";")[0][1:])
                assert translation[row["start"] : row["end"]] == inner[index], (
                    path.name,
                    item["line"],
                )
                checked += 1
    assert checked == 325
