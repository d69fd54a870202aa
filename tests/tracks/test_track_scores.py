"""`litboard track score`: deterministic sacreBLEU scores of every track's machine systems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sacrebleu.metrics import TER

from litboard.cli import main
from litboard.load import load
from litboard.scoring import sacrebleu_metrics
from litboard.scoring.base import Segment
from litboard.tracks.scores import StatsCache, ter_records


def test_demo_track_scores_are_byte_identical_on_rerun_and_load_beside_the_demo(
    repo_copy: Path, tmp_path: Path
) -> None:
    out, cache = tmp_path / "scores", tmp_path / "stats"
    args = [
        "track",
        "score",
        "demo",
        "--out",
        str(out),
        "--repo",
        str(repo_copy),
        "--stats-cache",
        str(cache),
    ]
    assert main(args) == 0
    first = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert main(args) == 0  # a second run replaces the folder it wrote, with the same bytes
    assert {
        p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    } == first
    corpus = load([repo_copy, out / "demo"])
    scores = corpus.tables["metric_scores"]
    system = scores[(scores["campaign"] == "sacrebleu-chrf") & (scores["level"] == "system")]
    assert (
        set(system["system"])
        == {"demo-llm", "demo-nmt", "demo-postedit"}
        == set(scores[scores["campaign"] == "sacrebleu-ter"]["system"])
    )
    card = (out / "demo/judgments/sacrebleu-bleu/campaign.yaml").read_text(encoding="utf-8")
    assert (
        "de-en: segment[nrefs:2|" in card and "en-zh: segment[nrefs:1|" in card and "tok:zh" in card
    )


def test_out_is_refused_when_it_holds_files_the_command_did_not_write(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.md").write_text("mine\n", encoding="utf-8")
    assert main(["track", "score", "demo", "--out", str(out), "--repo", str(repo_copy)]) == 1
    assert "was not written by `litboard track score`" in capsys.readouterr().err
    assert (out / "notes.md").read_text(encoding="utf-8") == "mine\n" and len(
        list(out.iterdir())
    ) == 1


def test_ter_from_cached_statistics_equals_sacrebleu(tmp_path: Path) -> None:
    segments = [
        Segment("s", "de-en", f"p{i}", hyp, references=refs)
        for i, (hyp, refs) in enumerate(
            [
                ("the cat sat on the mat today", ("the cat sat on a mat", "a cat was on the mat")),
                ("he went home late", ("late he went home",)),
                ("völlig anders", ("completely different words here",)),
            ]
        )
    ]
    metric = sacrebleu_metrics.make("ter", "de-en")
    metric.validate(segments)
    cache = StatsCache(tmp_path)
    records = ter_records(metric, segments, cache)
    cache.save()
    ter = TER()
    for seg, record in zip(segments, records):
        assert record["score"] == pytest.approx(
            ter.sentence_score(seg.text, list(seg.references)).score, abs=1e-6
        )
    streams = [
        [s.references[i] if i < len(s.references) else None for s in segments] for i in range(2)
    ]
    assert records[-1]["score"] == pytest.approx(
        ter.corpus_score([s.text for s in segments], streams).score, abs=1e-6
    )
    # the second run reads every statistic from the cache file and gives the same records
    again = StatsCache(tmp_path)
    assert (
        len(again.known) == 3 and ter_records(metric, segments, again) == records and not again.new
    )
    assert all(
        len(json.loads(line)["stats"]) == 2
        for line in (tmp_path / StatsCache.NAME).read_text().splitlines()
    )
