"""sacreBLEU scores equal the sacrebleu command line's; reference rule; lexical overlap."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.scoring import sacrebleu_metrics as sm
from litboard.scoring.api import score
from litboard.scoring.base import Segment

from .conftest import OUTPUTS, build_root

CLI = Path(sys.executable).parent / "sacrebleu"
HYPS = [
    "The old man looked out at the sea for a long time.",
    "Then he went home slowly without saying a word.",
    "He said nothing at all.",
    "It was raining again when the boat came in.",
]
REFS = [
    "The old man gazed out at the sea for a long time.",
    "Then he walked slowly home without saying a word.",
    "He did not say anything.",
    "It was raining once more as the boat came into the harbour.",
]
ZH_HYPS = ["老人久久地望着大海。", "然后他慢慢地走回家，一句话也没说。"]
ZH_REFS = ["老人长时间地凝望着大海。", "随后他一言不发，慢慢走回了家。"]


def _cli(tmp_path: Path, hyps: list[str], refs: list[str], metric: str, *extra: str) -> list[float]:
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    out = subprocess.run(
        [
            str(CLI),
            str(tmp_path / "ref.txt"),
            "-i",
            str(tmp_path / "hyp.txt"),
            "-m",
            metric,
            "-b",
            "-w",
            "6",
            *extra,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [float(x) for x in out.split()]


def _segments(hyps: list[str], refs: list[str], pair: str) -> list[Segment]:
    return [
        Segment("mt", pair, f"p{i}", h, references=(r,)) for i, (h, r) in enumerate(zip(hyps, refs))
    ]


@pytest.mark.parametrize("key", ["bleu", "chrf", "ter"])
def test_sentence_and_corpus_scores_equal_the_cli(tmp_path: Path, key: str) -> None:
    metric = sm.make(key, "de-en")
    segs = _segments(HYPS, REFS, "de-en")
    assert metric.segment_scores(segs) == pytest.approx(
        _cli(tmp_path, HYPS, REFS, key, "--sentence-level"), abs=1e-6
    )
    assert metric.aggregate(segs) == pytest.approx(_cli(tmp_path, HYPS, REFS, key)[0], abs=1e-6)


def test_chinese_target_uses_the_zh_tokenizer(tmp_path: Path) -> None:
    metric = sm.make("bleu", "en-zh")
    segs = _segments(ZH_HYPS, ZH_REFS, "en-zh")
    metric.validate(segs)
    assert metric.aggregate(segs) == pytest.approx(
        _cli(tmp_path, ZH_HYPS, ZH_REFS, "bleu", "-tok", "zh")[0], abs=1e-6
    )
    assert metric.segment_scores(segs) == pytest.approx(
        _cli(tmp_path, ZH_HYPS, ZH_REFS, "bleu", "-tok", "zh", "--sentence-level"), abs=1e-6
    )
    assert "tok:zh" in metric.signature().format()
    assert "asian:yes" in sm.make("ter", "en-zh").signature().format()


def test_cjk_targets_get_a_tokenised_ter(tmp_path: Path) -> None:
    """sacreBLEU's Asian support acts only on normalised text: without normalisation a sentence
    written without spaces is one word and its TER is 100 whatever the difference. Hand counts:
    那天不可能去散步了。 against 那天我们不可能去散步。 is 10 against 11 characters, 2 insertions
    (我们) and 1 deletion (了): 3 / 11. In Japanese a run of kana stays one word: その 日 は 散 歩
    に 出 かけられそうもなかった 。 against その 日 は 散 歩 などできそうになかった 。 is 1
    substitution and 2 deletions over 7 reference words: 3 / 7."""
    zh, ja = sm.make("ter", "en-zh"), sm.make("ter", "en-ja")
    assert zh.segment_scores(
        _segments(["那天不可能去散步了。"], ["那天我们不可能去散步。"], "en-zh")
    ) == pytest.approx([300 / 11], abs=1e-6)
    assert ja.segment_scores(
        _segments(
            ["その日は散歩に出かけられそうもなかった。"],
            ["その日は散歩などできそうになかった。"],
            "en-ja",
        )
    ) == pytest.approx([300 / 7], abs=1e-6)
    segs = _segments(ZH_HYPS, ZH_REFS, "en-zh")
    flags = ("--ter-normalized", "--ter-asian-support")
    sentence = zh.segment_scores(segs)
    assert sentence == pytest.approx(
        _cli(tmp_path, ZH_HYPS, ZH_REFS, "ter", *flags, "--sentence-level"), abs=1e-6
    )
    assert all(0 < s < 100 for s in sentence)
    assert zh.aggregate(segs) == pytest.approx(
        _cli(tmp_path, ZH_HYPS, ZH_REFS, "ter", *flags)[0], abs=1e-6
    )
    for metric in (zh, ja):
        assert (
            "norm:yes" in metric.signature().format() and "asian:yes" in metric.signature().format()
        )
    # other targets: sacreBLEU's default
    assert "norm:no" in sm.make("ter", "de-en").signature().format()


def test_score_writes_records_and_reports_paragraphs_without_reference(
    tiny_root: Path, tmp_path: Path
) -> None:
    report = score([tiny_root], ["bleu"])
    bleu = report.outcomes[0]
    assert bleu.written == 6  # 2 MT systems x (2 segments + 1 system record)
    assert bleu.skipped == [
        "human de-en p1: no human reference translation",
        "human de-en p2: no human reference translation",
    ]
    lines = [
        json.loads(x) for x in (tiny_root / "judgments/bleu/de-en.jsonl").read_text().splitlines()
    ]
    mt_a = {r.get("paragraph", "SYSTEM"): r["score"] for r in lines if r["system"] == "mt-a"}
    assert mt_a["SYSTEM"] == pytest.approx(
        _cli(tmp_path, OUTPUTS["mt-a"], OUTPUTS["human"], "bleu")[0], abs=1e-5
    )
    before = (tiny_root / "judgments/bleu/de-en.jsonl").read_bytes()
    again = score([tiny_root], ["bleu"])
    assert again.outcomes[0].todo == 0 and again.outcomes[0].written == 0
    assert (tiny_root / "judgments/bleu/de-en.jsonl").read_bytes() == before


def test_human_is_scored_leave_one_out(tmp_path: Path) -> None:
    # human-b differs from mt-a only by a final word, so it is no exact copy (validation forbids
    # those)
    human_b = [text + " indeed" for text in OUTPUTS["mt-a"]]
    outputs = {**OUTPUTS, "human-b": human_b}
    kinds = {
        "human": ("human", "HT"),
        "human-b": ("human", "HT"),
        "mt-a": ("llm", "MT"),
        "mt-b": ("commercial-mt", "MT"),
    }
    root = build_root(tmp_path / "r", outputs, kinds=kinds)
    score([root], ["bleu"])
    rows = [json.loads(x) for x in (root / "judgments/bleu/de-en.jsonl").read_text().splitlines()]
    system = {r["system"]: r["score"] for r in rows if r["level"] == "system"}
    # human scored against human-b only; human-b against human only.
    assert system["human"] == pytest.approx(
        _cli(tmp_path, OUTPUTS["human"], human_b, "bleu")[0], abs=1e-5
    )
    assert system["human-b"] == pytest.approx(
        _cli(tmp_path, human_b, OUTPUTS["human"], "bleu")[0], abs=1e-5
    )
    # an MT system gets both human translations as references: more than either one alone.
    alone = max(
        _cli(tmp_path, OUTPUTS["mt-a"], refs, "bleu")[0] for refs in (OUTPUTS["human"], human_b)
    )
    assert system["mt-a"] > alone
    assert "nrefs:var" in (root / "judgments/bleu/campaign.yaml").read_text()


def test_lexical_overlap_matrix() -> None:
    import pandas as pd

    rows = [
        {"system": s, "pair": "de-en", "paragraph": f"p{i}", "text": t}
        for s, texts in {**OUTPUTS, "copy": OUTPUTS["mt-a"]}.items()
        for i, t in enumerate(texts)
    ]
    table = sm.lexical_overlap(pd.DataFrame(rows), "de-en")
    assert table.loc["copy", "mt-a"] == pytest.approx(100.0)
    assert pd.isna(table.loc["mt-a", "mt-a"])
    bleu = sm.make("bleu", "de-en")._sentence
    expected = (
        sum(bleu.sentence_score(h, [r]).score for h, r in zip(OUTPUTS["mt-b"], OUTPUTS["human"]))
        / 2
    )
    assert table.loc["mt-b", "human"] == pytest.approx(expected)
    assert sm.mean_overlap(table)["copy"] == pytest.approx(table.loc["copy"].drop("copy").mean())
