"""LLM scoring never turns a failure into a score or a green run (issue 33, rows 4, 5, 6, 8, 15).

Fake endpoint modes: truncated (the server honours max_tokens), refusing, no-usage,
half-failing and slow; a SIGKILL while requests are in flight."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from litboard.cli import main as cli
from litboard.errors import DataError, Problems
from litboard.load.read import load
from litboard.scoring import plan
from litboard.scoring.api import score
from litboard.scoring.llm import gemba
from litboard.scoring.llm.budget import Budget, charge, prompt_bound
from litboard.scoring.llm.cache import Answer, Request, ResponseCache
from litboard.scoring.llm.cache_check import check_folder
from litboard.scoring.llm.client import ChatClient, idempotency_key
from litboard.scoring.llm.judge import unusable
from litboard.scoring.llm.judges import all_judges
from litboard.scoring.llm.runner import run
from litboard.scoring.settings import ScoreSettings

from .fake_openai import FakeOpenAI, default_answer
from .test_llm_runner import CAMPAIGN, REPO, fast, records, worst_cases

FULL = 'Critical:\nno-error\nMajor:\naccuracy/mistranslation - "the"\nMinor:\nno-error'
# "Critical:\nno-error\nMajor:\nac": FULL cut at 7 tokens (the fake's 4 characters a token)
CUT = FULL[: 7 * 4]


def _is(fragment: str):  # type: ignore[no-untyped-def]
    return lambda messages: fragment in messages[-1]["content"]


def requests_of(root: Path, settings: ScoreSettings) -> list[Request]:
    """The GEMBA-MQM (literary) requests of ``root``, in the order the runner sends them."""
    segments, _ = plan.segments(load([root]), None, None)
    judge = all_judges()["gemba-mqm-literary"]
    return [judge.requests(seg, 0, {}, settings)[0] for seg in segments]


# --- row 4: truncated, refused and unparseable answers are failures with a reason -------------


def test_a_truncated_answer_is_a_failure_never_a_score(tiny_root: Path) -> None:
    assert gemba.parse(CUT).score == 0.0  # read as text, the cut answer is the best possible score
    with FakeOpenAI(answer=lambda m: FULL) as server:
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, max_tokens=7))
        assert server.max_tokens_seen == {7}
        rows = records(tiny_root)
        assert [r["score"] for r in rows] == [None] * 6 and {r["raw"] for r in rows} == {CUT}
        assert all(
            r["error"].startswith(
                "truncated: the answer was cut off at max_tokens (finish_reason: length)"
            )
            for r in rows
        )
        assert report.outcomes[0].truncated == 6 and report.outcomes[0].unparseable == 0
        text = report.format()
        assert (
            "6 record(s) written, 6 of them without a score (6 truncated, 0 refused, 0 unparseable"
            in text
        )
        assert "6 answer(s) not scored (6 truncated, 0 refused, 0 unparseable)" in text
        # every request was answered; the answers are recorded as failures
        assert report.exit_code() == 0
        cached = [
            json.loads(p.read_text(encoding="utf-8"))
            for p in (tiny_root / "llm-cache").glob("*/*.json")
        ]
        assert len(cached) == 6 and {(c["finish_reason"], c["max_tokens"]) for c in cached} == {
            ("length", 7)
        }
        # The same limit again: the cut answers come from the cache, nothing is paid twice.
        before = (tiny_root / "judgments" / CAMPAIGN / "de-en.jsonl").read_bytes()
        again = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, max_tokens=7))
        assert server.total == 6 and again.llm.cached == 6 and again.outcomes[0].truncated == 6
        assert (tiny_root / "judgments" / CAMPAIGN / "de-en.jsonl").read_bytes() == before
        # A larger limit asks again, and the whole answers replace the cut ones.
        larger = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, max_tokens=100))
        assert server.total == 12 and larger.llm.sent == 6 and larger.outcomes[0].truncated == 0
        rows = records(tiny_root)
        assert [r["score"] for r in rows] == [-5.0] * 6 and not any("error" in r for r in rows)
    cached = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in (tiny_root / "llm-cache").glob("*/*.json")
    ]
    assert len(cached) == 6 and {(c["finish_reason"], c["max_tokens"]) for c in cached} == {
        ("stop", 100)
    }


REFUSAL = json.dumps(
    {
        "id": "cmpl-r",
        "object": "chat.completion",
        "model": "m",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "refusal": "I can't help with that.",
                },
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 7},
    }
).encode()
FILTERED = json.dumps(
    {
        "id": "cmpl-f",
        "object": "chat.completion",
        "model": "m",
        "choices": [
            {
                "index": 0,
                "finish_reason": "content_filter",
                "message": {"role": "assistant", "content": "Critical:"},
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 2},
    }
).encode()


def test_refused_answers_are_failures_and_their_cache_files_are_trusted(tiny_root: Path) -> None:
    refuse, filtered = _is("saw long onto the sea"), _is("went he slowly")  # mt-b's two paragraphs
    with FakeOpenAI(
        body_for=lambda m: REFUSAL if refuse(m) else FILTERED if filtered(m) else None
    ) as server:
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert report.llm.sent == 6 and not report.llm.failed and report.exit_code() == 0
        by_paragraph = {r["paragraph"]: r for r in records(tiny_root) if r["system"] == "mt-b"}
        assert by_paragraph["p1"]["score"] is None and by_paragraph["p2"]["score"] is None
        assert (
            by_paragraph["p1"]["error"]
            == "refused: the model refused to answer (I can't help with that.)"
        )
        assert by_paragraph["p1"]["raw"] == "I can't help with that."
        assert by_paragraph["p2"]["error"].startswith("refused: the endpoint's content filter")
        assert [r["score"] for r in records(tiny_root) if r["system"] != "mt-b"] == [-1.0] * 4
        assert report.outcomes[0].refused == 2
        again = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 6 and again.llm.requested == 0  # recorded: not asked again
    problems = Problems()
    check_folder(tiny_root / "llm-cache", problems)
    assert not problems.items  # the refusal's cache file is a trusted entry
    cached = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in (tiny_root / "llm-cache").glob("*/*.json")
    ]
    assert [c["refusal"] for c in cached if "refusal" in c] == ["I can't help with that."]


@pytest.mark.parametrize(
    "finish, refusal, why",
    [
        ("stop", "", ""),
        ("", "", ""),
        ("length", "", "truncated"),
        ("content_filter", "", "refused"),
        ("stop", "no", "refused"),
    ],
)
def test_unusable_names_the_reason(finish: str, refusal: str, why: str) -> None:
    found = unusable(Answer("k", "Critical: no-error", finish_reason=finish, refusal=refusal))
    assert found.split(":", 1)[0] == why if why else found == ""


def test_a_truncated_verse_answer_gives_that_question_no_value() -> None:
    from litboard.scoring.base import Segment

    judge, settings = all_judges()["verse"], ScoreSettings()
    seg = Segment(system="s", pair="de-en", paragraph="p1", text="The sea.", source="Das Meer.")
    first = judge.requests(seg, 0, {}, settings)[0]
    answers = {first.key: Answer(first.key, "- Is the sea there?\n- Is it calm?")}
    [classify] = judge.requests(seg, 1, answers, settings)
    answers[classify.key] = Answer(
        classify.key, "['Imagery and Descriptive Quality', 'Narrative Pacing and Rhythm']"
    )
    asked = judge.requests(seg, 2, answers, settings)
    answers[asked[0].key] = Answer(asked[0].key, "<3>")
    answers[asked[1].key] = Answer(asked[1].key, "<1", finish_reason="length")
    record = judge.record(seg, answers, settings)
    assert record is not None and record["score"] == 3.0  # the mean of the usable answer only
    items = json.loads(record["raw"])["items"]
    assert items[1]["answer"] is None and items[1]["error"].startswith("truncated")
    # A truncated question list: no score, and no further requests for the paragraph.
    answers[first.key] = Answer(first.key, "- Is the sea", finish_reason="length")
    assert judge.requests(seg, 1, answers, settings) == []
    cut = judge.record(seg, answers, settings)
    assert cut is not None and cut["score"] is None and cut["error"].startswith("truncated")


# --- row 5: no usage in the reply: the budget charges an upper bound ---------------------------


def test_without_usage_the_token_cap_holds(tiny_root: Path) -> None:
    with FakeOpenAI(usage=False, worst_case_tokens=True) as server:
        settings = fast(server, concurrency=4, max_tokens=200)
        todo = requests_of(tiny_root, settings)
        answer = Answer("k", default_answer([]), usage_reported=False)
        charges = [sum(charge(r, answer, settings)) for r in todo]
        reserve = [w.tokens for w in worst_cases(tiny_root, settings)]
        cap = sum(charges[:3]) + reserve[3] - 1  # three fit; the fourth's worst case does not
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=4, max_tokens=200, budget_tokens=cap),
        )
        assert report.llm.sent == 3 and report.llm.no_usage == 3 and "budget cap" in report.stopped
        assert server.billed_tokens() <= cap  # charged 0 per answer, all 6 would have gone out
        assert report.llm.prompt_tokens + report.llm.completion_tokens == sum(charges[:3])
        assert "3 answer(s) came without usage: charged at an upper bound" in report.format()
    cached = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in (tiny_root / "llm-cache").glob("*/*.json")
    ]
    assert [c["usage"] for c in cached] == [
        {"prompt_tokens": 0, "completion_tokens": 0, "reported": False}
    ] * 3


def test_the_usage_bound_is_at_most_max_tokens() -> None:
    settings = ScoreSettings(max_tokens=10)
    request = Request("m", "p.v1", (("user", "ü" * 5),))  # 10 UTF-8 bytes
    assert charge(request, Answer("k", "ab", usage_reported=False), settings) == (10 + 8 + 8, 2 + 8)
    assert charge(request, Answer("k", "x" * 50, usage_reported=False), settings) == (26, 10)
    assert charge(request, Answer("k", "x" * 50, 3, 4), settings) == (3, 4)


# --- row 6: a request that fails after its retries fails the run ------------------------------


def test_a_half_failing_endpoint_exits_1_with_a_count(
    tiny_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every first paragraph gets HTTP 500 on every attempt; sent in order p1, p2, p1, p2, ... the
    # failures alternate with answers, so a breaker of 2 in a row never trips.
    with FakeOpenAI(
        status_of=lambda m: (
            500 if "long time" in m[-1]["content"] or "long onto" in m[-1]["content"] else None
        )
    ) as server:
        code = cli(
            [
                "score",
                "--data",
                str(tiny_root),
                "--metric",
                "gemba-mqm-literary",
                "--base-url",
                server.base_url,
                "--api-key-env",
                "",
                "--concurrency",
                "1",
                "--retries",
                "2",
                "--backoff",
                "0.001",
                "--max-backoff",
                "0.01",
                "--max-consecutive-failures",
                "2",
            ]
        )
        assert server.total == 3 * 3 + 3  # three requests x (1 + 2 retries), three answered
    out = capsys.readouterr().out
    assert code == 1 and "circuit breaker" not in out
    assert "6 request(s): 0 cached, 3 answered, 3 failed; 12 call(s) made, 6 retried" in out
    assert "FAILED: 3 request(s) got no answer after their retries" in out
    assert len(re.findall(r"failed [0-9a-f]{12}: HTTP 500 \(gave up after 2 retries\)", out)) == 3


# --- row 8: the budget waits for requests in flight before it refuses one ----------------------


def test_the_budget_waits_for_requests_in_flight(tiny_root: Path) -> None:
    with FakeOpenAI(latency=0.05) as server:  # answers cost far less than their worst case
        settings = fast(server, concurrency=4)
        reserve = [w.tokens for w in worst_cases(tiny_root, settings)]
        billed_each = [
            sum(len(c) for _, c in r.messages) // 4 + len(default_answer([])) // 4
            # what the fake bills (usage reported)
            for r in requests_of(tiny_root, settings)
        ]
        cap = sum(billed_each) + max(reserve)  # all six fit, but never three worst cases at once
        assert 3 * min(reserve) > cap
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=4, budget_tokens=cap),
        )
        billed = server.billed_tokens()
        assert report.llm.sent == 6 and not report.stopped and report.exit_code() == 0  # not 2 sent
        assert billed <= cap and report.llm.prompt_tokens + report.llm.completion_tokens == billed


def test_the_budget_stops_only_when_nothing_is_in_flight(tiny_root: Path) -> None:
    with FakeOpenAI(latency=0.02, worst_case_tokens=True) as server:
        settings = fast(server, concurrency=4)
        reserve = [w.tokens for w in worst_cases(tiny_root, settings)]
        # the fake bills a prompt at its bound, an answer so
        answer_tokens = len(default_answer([])) // 4
        billed_each = [prompt_bound(r) + answer_tokens for r in requests_of(tiny_root, settings)]
        # four answered; the fifth's worst case never fits
        cap = sum(billed_each[:4]) + reserve[4] - 1
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=4, budget_tokens=cap),
        )
        assert report.llm.sent == 4 and report.llm.not_sent == 2
        assert server.billed_tokens() == sum(billed_each[:4]) <= cap
        assert report.stopped.startswith(f"budget cap {cap} tokens reached: 2 request(s) not sent")


# --- concurrency: a slow endpoint gets every request the runner may send ------------------------


def test_a_slow_endpoint_gets_the_full_concurrency_within_a_budget(tmp_path: Path) -> None:
    """The endpoint holds every request until 8 are in flight (or 20 s pass, which breaks the
    barrier): the peak is 8 only if the runner keeps 8 requests going under the budget."""
    barrier = threading.Barrier(8)

    def hold(messages: object) -> float:
        try:
            barrier.wait(timeout=20)
        except threading.BrokenBarrierError:
            pass
        return 0.05

    with FakeOpenAI(latency_for=hold) as server:
        settings = fast(server, concurrency=8, budget_tokens=10**6)
        todo = [Request("m", "bench.v1", (("user", f"request {i}"),)) for i in range(16)]
        report = run(
            todo, ChatClient(settings), ResponseCache.open(tmp_path), settings, Budget(settings)
        )
        assert server.peak == 8 and report.sent == 16 and report.calls == 16 and not barrier.broken


# --- row 15: an idempotency key that survives kill -9 -----------------------------------------

KILLED = """
import sys
from pathlib import Path
from litboard.scoring.api import score
from litboard.scoring.settings import ScoreSettings
score([Path(sys.argv[1])], ["gemba-mqm-literary"],
      settings=ScoreSettings(base_url=sys.argv[2], api_key_env="", concurrency=4, timeout=30))
"""


def test_requests_resent_after_a_kill_carry_the_same_idempotency_key(tiny_root: Path) -> None:
    """The human system's first paragraph (sent first) is answered at once, the others take a
    second: the fifth request goes out when the first returns, and the server kills the run as
    it arrives, with three more in flight. The rerun sends those four again, with the same key."""
    holder: dict[str, subprocess.Popen[bytes]] = {}
    fast_one = _is("The old man gazed out")

    def kill(number: int) -> None:
        if number == 5:
            os.kill(holder["proc"].pid, signal.SIGKILL)

    with FakeOpenAI(latency_for=lambda m: 0.0 if fast_one(m) else 1.0, on_request=kill) as server:
        holder["proc"] = subprocess.Popen(
            [sys.executable, "-c", KILLED, str(tiny_root), server.base_url],
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO / "generator")},
        )
        assert holder["proc"].wait(timeout=120) == -signal.SIGKILL
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert not report.llm.failed and len(records(tiny_root)) == 6
        resent = {k: keys for k, keys in server.idempotency.items() if len(keys) > 1}
        assert len(resent) == 4  # the requests in flight at the kill
        for keys in resent.values():
            assert len(set(keys)) == 1 and re.fullmatch(r"litboard-[0-9a-f]{64}", keys[0])
        assert len({keys[0] for keys in server.idempotency.values()}) == 6  # one key per request
        expected = {idempotency_key(r, 1024) for r in requests_of(tiny_root, fast(server))}
        assert expected == {keys[0] for keys in server.idempotency.values()}


def test_the_idempotency_key_follows_the_request_body(tiny_root: Path) -> None:
    one, two = Request("m", "p.v1", (("user", "a"),)), Request("m", "p.v1", (("user", "b"),))
    assert idempotency_key(one, 10) == idempotency_key(Request("m", "p.v1", (("user", "a"),)), 10)
    assert len({idempotency_key(one, 10), idempotency_key(one, 11), idempotency_key(two, 10)}) == 3
    with FakeOpenAI() as server:
        score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, idempotency_header=""))
        assert {k for keys in server.idempotency.values() for k in keys} == {""}  # switched off
        with pytest.raises(
            DataError, match="idempotency_header: 'Idem Key' is not an HTTP header name"
        ):
            ChatClient(fast(server, idempotency_header="Idem Key")).check()


def test_cache_entries_keep_missing_usage_and_refusals_honest(tiny_root: Path) -> None:
    from litboard.scoring.llm.cache_check import entry_problems

    with FakeOpenAI(usage=False) as server:
        score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
    path = next((tiny_root / "llm-cache").glob("*/*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert entry_problems(data, path.name) == []
    assert entry_problems({**data, "usage": {**data["usage"], "reported": True}}, path.name) == [
        ("usage.reported", "may only be false (the endpoint sent no usage); leave it out otherwise")
    ]
    assert entry_problems({**data, "refusal": 3}, path.name) == [
        ("refusal", "must be the model's refusal message (text)")
    ]
    cache = ResponseCache.open(tiny_root / "llm-cache")
    answer = cache.get(data["key"])
    assert answer is not None and not answer.usage_reported  # read back as "no usage"
