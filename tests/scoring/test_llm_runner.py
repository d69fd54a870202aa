"""LLM scoring against a real local HTTP server: cache, SIGKILL resume, 429 storms, budget cap."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from litboard.errors import DataError
from litboard.load.read import load
from litboard.scoring import plan
from litboard.scoring.api import score
from litboard.scoring.llm.judges import all_judges
from litboard.scoring.llm.runner import Budget, Reservation
from litboard.scoring.settings import ScoreSettings

from .fake_openai import FakeOpenAI

REPO = Path(__file__).resolve().parents[2]
CAMPAIGN = "gemba-mqm-literary.gpt-4o-mini"


def fast(server: FakeOpenAI, **extra: object) -> ScoreSettings:
    options: dict[str, object] = {
        "base_url": server.base_url,
        "api_key_env": "",
        "backoff": 0.005,
        "max_backoff": 0.05,
        "timeout": 10.0,
        "concurrency": 4,
    }
    options.update(extra)
    return ScoreSettings(**options)  # type: ignore[arg-type]


def worst_cases(
    root: Path, settings: ScoreSettings, judge: str = "gemba-mqm-literary"
) -> list[Reservation]:
    """The budget's worst case of each request of ``judge``, in the order the runner sends them."""
    segments, _ = plan.segments(load([root]), None, None)
    maker = all_judges()[judge]
    return [
        Budget(settings).worst_case(maker.requests(seg, 0, {}, settings)[0]) for seg in segments
    ]


def records(root: Path, campaign: str = CAMPAIGN) -> list[dict[str, object]]:
    path = root / "judgments" / campaign / "de-en.jsonl"
    return (
        [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        if path.exists()
        else []
    )


def test_second_run_makes_no_request(tiny_root: Path) -> None:
    with FakeOpenAI(latency=0.01) as server:
        first = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 6 and first.llm.sent == 6
        assert [r["score"] for r in records(tiny_root)] == [-1.0] * 6
        second = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 6 and second.llm.requested == 0
        # Even with the judgments deleted, the cache answers everything: no request.
        shutil.rmtree(tiny_root / "judgments" / CAMPAIGN)
        third = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 6 and third.llm.cached == 6 and len(records(tiny_root)) == 6
    corpus = load([tiny_root])  # what was written is valid litboard data
    assert len(corpus.tables["metric_scores"]) == 6
    # checkpointed after a clean run
    assert not (tiny_root / "llm-cache" / "journal.jsonl").exists()
    assert len(list((tiny_root / "llm-cache").glob("*/*.json"))) == 6


SCRIPT = """
import sys
from pathlib import Path
from litboard.scoring import plan
from litboard.scoring.api import score
from litboard.scoring.llm.judges import all_judges
from litboard.scoring.llm.runner import Budget, Reservation
from litboard.scoring.settings import ScoreSettings
score([Path(sys.argv[1])], ["gemba-mqm-literary", "gemba-mqm-original"],
      settings=ScoreSettings(base_url=sys.argv[2], api_key_env="", concurrency=1, timeout=10))
"""


def test_sigkill_then_rerun_never_asks_an_answered_prompt_again(tiny_root: Path) -> None:
    with FakeOpenAI(latency=0.15) as server:
        proc = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, str(tiny_root), server.base_url], cwd=REPO
        )
        deadline = time.monotonic() + 30
        while sum(server.answered.values()) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        journal = tiny_root / "llm-cache" / "journal.jsonl"
        journaled = [
            json.loads(line)
            for line in journal.read_text(encoding="utf-8").splitlines()
            if line.endswith("}")
        ]
        assert 3 <= len(journaled) < 12  # killed mid-run, with answers already paid for
        before = server.total
        report = score(
            [tiny_root], ["gemba-mqm-literary", "gemba-mqm-original"], settings=fast(server)
        )
        from .fake_openai import messages_hash

        for entry in journaled:
            assert server.received[messages_hash(entry["messages"])] == 1  # never requested again
        assert report.llm.cached >= len(journaled)
        assert server.total - before == 12 - report.llm.cached
    assert len(records(tiny_root)) == 6
    assert len(records(tiny_root, "gemba-mqm-original.gpt-4o-mini")) == 6


def test_a_429_storm_is_survived(tiny_root: Path) -> None:
    with FakeOpenAI(latency=0.005, storm=15) as server:
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, retries=8))
        assert server.rejected == 15 and report.llm.retries == 15
        assert report.llm.sent == 6 and not report.llm.failed
    assert len(records(tiny_root)) == 6


def test_permanent_errors_are_reported_not_retried(tiny_root: Path) -> None:
    with FakeOpenAI(status_for=lambda n: 400 if n == 1 else None) as server:
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, concurrency=1))
        assert server.total == 6 and len(report.llm.failed) == 1
        assert "HTTP 400" in next(iter(report.llm.failed.values()))
    assert len(records(tiny_root)) == 5


def test_budget_cap_stops_cleanly_and_a_rerun_continues(tiny_root: Path) -> None:
    # bills every prompt at litboard's upper bound
    with FakeOpenAI(worst_case_tokens=True) as server:
        settings = fast(server, concurrency=1, price_in_per_1k=1.0, price_out_per_1k=0.0)
        worst = [w.usd for w in worst_cases(tiny_root, settings)]
        # The cap holds the worst case of two requests and half of a third: two are sent.
        cap = worst[0] + worst[1] + worst[2] / 2
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(
                server, concurrency=1, budget_usd=cap, price_in_per_1k=1.0, price_out_per_1k=0.0
            ),
        )
        assert report.stopped.startswith(f"budget cap ${cap:g} reached: 4 request(s) not sent")
        assert "STOPPED: budget cap" in report.format() and report.exit_code() == 2
        assert server.total == 2 and len(records(tiny_root)) == 2
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 6 and not report.stopped and len(records(tiny_root)) == 6


def test_token_budget_and_dry_run(tiny_root: Path) -> None:
    with FakeOpenAI() as server:
        dry = score(
            [tiny_root],
            ["gemba-mqm-literary", "bleu"],
            dry_run=True,
            settings=fast(server, price_in_per_1k=1.0, price_out_per_1k=2.0),
        )
        assert server.total == 0
        llm = next(o for o in dry.outcomes if o.metric == "gemba-mqm-literary")
        assert llm.todo == 6 and llm.requests == 6 and llm.cached == 0
        assert llm.est_tokens > 6 * 300 and llm.est_cost_usd > 6 * 0.6
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=1, budget_tokens=1),
        )
        assert server.total == 0 and "budget cap 1 tokens reached" in report.stopped


def test_changed_model_or_prompt_never_mixes_into_a_campaign(tiny_root: Path) -> None:
    with FakeOpenAI() as server:
        score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        path = tiny_root / "judgments" / CAMPAIGN / "campaign.yaml"
        path.write_text(path.read_text().replace("temperature: 0.0", "temperature: 0.7"))
        with pytest.raises(DataError, match="temperature"):
            score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))


def test_missing_api_key_is_one_clear_error(
    tiny_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LITBOARD_TEST_KEY", raising=False)
    with FakeOpenAI() as server:
        with pytest.raises(DataError, match="LITBOARD_TEST_KEY is not set"):
            score(
                [tiny_root],
                ["gemba-mqm-literary"],
                settings=fast(server, api_key_env="LITBOARD_TEST_KEY"),
            )
        assert server.total == 0


def test_unknown_metric_names_the_choices(tiny_root: Path) -> None:
    with pytest.raises(DataError, match="use one of: bleu, chrf, ter"):
        score([tiny_root], ["bleurt"])


def _judge_answers(messages: list[dict[str, str]]) -> str:
    text = messages[-1]["content"]
    if "write down the criteria" in text:
        return "1. Is the calm of the sea kept?\n2. Does the old man's silence come across?"
    if "classify those questions" in text:
        return '["Imagery and Descriptive Quality", "Character Voice, Tone, and Individuality"]'
    if "Choose among <1>, <2> or <3>" in text:
        return "<3>" if "sea" in text.split("<QUESTION>")[1].split("</QUESTION>")[0] else "<2>"
    return "<4>"


def test_verse_and_ruler_end_to_end(tiny_root: Path) -> None:
    with FakeOpenAI(answer=_judge_answers) as server:
        report = score([tiny_root], ["verse", "ruler"], settings=fast(server))
        # VERSE: 2 question requests (one per paragraph, shared by the 3 systems), 1 classification
        # (both paragraphs got the same questions: same content, one request), 6 x 2 answers;
        # RULER: 3 criteria x 6 translations (honorifics applies to Korean targets only).
        assert server.total == 2 + 1 + 12 + 18 and not report.llm.failed
    rows = records(tiny_root, "verse.gpt-4o-mini")
    assert [r["score"] for r in rows] == [2.5] * 6
    items = json.loads(str(rows[0]["raw"]))["items"]
    assert [(i["category"], i["answer"]) for i in items] == [
        ("Imagery and Descriptive Quality", 3),
        ("Character Voice, Tone, and Individuality", 2),
    ]
    assert [r["score"] for r in records(tiny_root, "ruler-content-accuracy.gpt-4o-mini")] == [
        4.0
    ] * 6
    assert not (tiny_root / "judgments" / "ruler-honorifics.gpt-4o-mini").exists()
    load([tiny_root])
