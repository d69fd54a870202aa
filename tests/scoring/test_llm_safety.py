"""LLM scoring keeps its promises against a real local server: bad replies, budget caps,
Retry-After, timeouts, all-failed runs, the circuit breaker, SIGKILL and credentials."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.cli import main as cli
from litboard.scoring.api import score
from litboard.scoring.llm.client import Transient, retry_after
from litboard.scoring.llm.runner import RequestFailed, delay
from litboard.scoring.settings import ScoreSettings

from .fake_openai import FakeOpenAI, messages_hash
from .test_llm_runner import CAMPAIGN, REPO, fast, records, worst_cases

# 2,000+ tokens
LONG = 'Critical:\nno-error\nMajor:\nno-error\nMinor:\nstyle/awkward - "the"\n' + "x" * 8000


def _is(fragment: str):  # type: ignore[no-untyped-def]
    """A predicate on a request's messages: does the last message contain ``fragment``?"""
    return lambda messages: fragment in messages[-1]["content"]


# --- replies that are not usable chat completions ----------------------------------------------


def test_truncated_json_fails_that_item_only_and_reruns_survive(tiny_root: Path) -> None:
    bad = _is("saw long onto the sea")  # mt-b's first paragraph
    truncated = (
        b'{"id": "cmpl-x", "choices": [{"index": 0, "message": {"role": "assistant", "content": '
        b'"Crit'
    )
    with FakeOpenAI(body_for=lambda m: truncated if bad(m) else None) as server:
        first = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, concurrency=2))
        assert first.llm.sent == 5 and len(first.llm.failed) == 1
        [why] = first.llm.failed.values()
        assert why.startswith("unusable reply: the reply is not valid JSON")
        # a request without an answer fails the run
        assert first.exit_code() == 1 and len(records(tiny_root)) == 5
        assert (
            "1 failed" in first.format() and "FAILED: 1 request(s) got no answer" in first.format()
        )
        second = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
        assert server.total == 7 and second.llm.requested == 1 and len(second.llm.failed) == 1
    # the bad reply is never cached
    assert len(list((tiny_root / "llm-cache").glob("*/*.json"))) == 5


def test_a_run_where_every_call_fails_exits_1(
    tiny_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(body_for=lambda m: b"<html>502 Bad Gateway</html>") as server:
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
            ]
        )
        assert server.total == 6
    assert code == 1
    out = capsys.readouterr().out
    assert "6 failed" in out and "0 answered" in out and "Traceback" not in out


def test_circuit_breaker_stops_after_n_failures_in_a_row(tiny_root: Path) -> None:
    with FakeOpenAI(status_for=lambda n: 401) as server:
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=1, max_consecutive_failures=3),
        )
        assert server.total == 3 and report.llm.tripped
        assert report.stopped.startswith(
            "circuit breaker: 3 requests in a row failed (last: HTTP 401"
        )
        assert report.llm.not_sent == 3 and report.exit_code() == 1


def test_a_success_resets_the_breaker(tiny_root: Path) -> None:
    # requests 1, 2, 4, 5 fail; 3 and 6 succeed: never 3 failures in a row
    with FakeOpenAI(status_for=lambda n: None if n in (3, 6) else 400) as server:
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=1, max_consecutive_failures=3),
        )
        assert server.total == 6 and not report.llm.tripped and len(report.llm.failed) == 4
        assert report.exit_code() == 1  # not tripped, but 4 requests got no answer


def test_unparseable_answers_are_counted_in_the_report(tiny_root: Path) -> None:
    with FakeOpenAI(answer=lambda m: "I would rather not grade this translation.") as server:
        report = score([tiny_root], ["gemba-mqm-literary"], settings=fast(server))
    text = report.format()
    assert (
        "6 record(s) written, 6 of them without a score (0 truncated, 0 refused, 6 unparseable"
        in text
    )
    assert (
        "0 failed; 6 call(s) made, 0 retried; 6 answer(s) not scored (0 truncated, 0 refused, 6 "
        "unparseable)" in text
    )
    assert [r["score"] for r in records(tiny_root)] == [None] * 6


# --- budget caps -------------------------------------------------------------------------------


def test_token_cap_is_never_exceeded_with_long_answers(tiny_root: Path) -> None:
    # The server bills every prompt at litboard's bound and every answer at max_tokens (it is
    # longer): the worst case happens, and the cap must still hold.
    with FakeOpenAI(answer=lambda m: LONG, worst_case_tokens=True) as server:
        settings = fast(server, concurrency=4, max_tokens=600)
        worst = [w.tokens for w in worst_cases(tiny_root, settings)]
        cap = sum(worst[:3]) + worst[3] // 2
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=4, max_tokens=600, budget_tokens=cap),
        )
        assert server.max_tokens_seen == {600}
        assert server.billed_tokens() <= cap
        assert server.billed_tokens() == sum(worst[:3])  # as much as fits, no more
        assert report.llm.sent == 3 and "budget cap" in report.stopped


def test_usd_cap_is_never_exceeded_with_long_answers(tiny_root: Path) -> None:
    with FakeOpenAI(answer=lambda m: LONG, worst_case_tokens=True) as server:
        prices = {"price_in_per_1k": 0.5, "price_out_per_1k": 2.0, "max_tokens": 500}
        worst = [w.usd for w in worst_cases(tiny_root, fast(server, **prices))]
        cap = sum(worst[:2]) + worst[2] * 0.9
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=3, budget_usd=cap, **prices),
        )
        assert server.billed_usd(0.5, 2.0) <= cap
        assert server.billed_usd(0.5, 2.0) == pytest.approx(sum(worst[:2]))
        assert report.llm.sent == 2 and report.stopped.startswith(f"budget cap ${cap:g} reached")


def test_a_timed_out_request_counts_as_spent(tiny_root: Path) -> None:
    # The first request times out on the client but the server works on (and bills) it. Counting
    # it as spent leaves room for one more request; not counting it would send a third and cross
    # the cap on the server's bill.
    slow = _is("The old man gazed out")  # the human system's first paragraph, sent first
    with FakeOpenAI(
        answer=lambda m: LONG, worst_case_tokens=True, latency_for=lambda m: 4.0 if slow(m) else 0.0
    ) as server:
        options = {"concurrency": 1, "retries": 0, "timeout": 1.0, "max_tokens": 600}
        worst = [w.tokens for w in worst_cases(tiny_root, fast(server, **options))]
        cap = sum(worst[:3]) - 1
        report = score(
            [tiny_root], ["gemba-mqm-literary"], settings=fast(server, budget_tokens=cap, **options)
        )
        assert server.total == 2 and server.billed_tokens() <= cap
        assert report.llm.charged == 1 and "timed out" in next(iter(report.llm.failed.values()))
        assert "counted as spent" in report.format()


# --- Retry-After ---------------------------------------------------------------------------------


def test_retry_after_is_a_minimum(tiny_root: Path) -> None:
    with FakeOpenAI(storm=8, retry_after="0.3") as server:
        report = score(
            [tiny_root],
            ["gemba-mqm-literary"],
            settings=fast(server, concurrency=3, retries=8, max_backoff=5.0),
        )
        assert report.llm.sent == 6 and server.rejected == 8
        events = list(server.events)
    gaps = []
    for number, (when, key, status) in enumerate(events):
        if status == 429:
            later = next(t for t, k, _ in events[number + 1 :] if k == key)
            gaps.append(later - when)
    assert len(gaps) == 8 and min(gaps) >= 0.3  # no retry earlier than the server asked


def test_delay_never_jitters_below_retry_after() -> None:
    plain = ScoreSettings(backoff=1.0, max_backoff=30.0)
    waits = [
        delay(Transient("HTTP 429", retry_after=2.0), attempt, plain) for attempt in range(200)
    ]
    assert min(waits) >= 2.0 and max(waits) <= 2.5
    with pytest.raises(RequestFailed, match="asks to wait 90 s .*longer than max_backoff 30 s"):
        delay(Transient("HTTP 429", retry_after=90.0), 0, plain)
    backoffs = [delay(Transient("HTTP 503"), 3, plain) for _ in range(200)]
    assert 4.0 <= min(backoffs) and max(backoffs) <= 12.0  # 1 s x 2^3, jittered by 0.5-1.5


def test_retry_after_header_forms() -> None:
    assert retry_after({"retry-after": "7"}) == 7.0
    assert retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    # a date in the past
    assert retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0
    assert retry_after({"retry-after": "soon"}) is None and retry_after({}) is None


# --- kill -9 -----------------------------------------------------------------------------------

KILLED = """
import sys
from pathlib import Path
from litboard.scoring.api import score
from litboard.scoring.settings import ScoreSettings
score([Path(sys.argv[1])], ["gemba-mqm-literary", "gemba-mqm-original"],
      settings=ScoreSettings(base_url=sys.argv[2], api_key_env="", concurrency=int(sys.argv[3]), timeout=10))
"""  # noqa: E501


@pytest.mark.parametrize("concurrency,kill_at", [(1, 5), (4, 9)])
def test_sigkill_then_restart_repeats_no_answered_call(
    tiny_root: Path, concurrency: int, kill_at: int
) -> None:
    """The server kills the scoring process when request ``kill_at`` arrives. With concurrency c,
    that request is sent only after ``kill_at - c`` earlier requests returned their answers."""
    holder: dict[str, subprocess.Popen[bytes]] = {}

    def kill(number: int) -> None:
        if number == kill_at:
            os.kill(holder["proc"].pid, signal.SIGKILL)

    with FakeOpenAI(latency=0.02, on_request=kill) as server:
        holder["proc"] = subprocess.Popen(
            [sys.executable, "-c", KILLED, str(tiny_root), server.base_url, str(concurrency)],
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO / "generator")},
        )
        assert holder["proc"].wait(timeout=120) == -signal.SIGKILL
        journal = tiny_root / "llm-cache" / "journal.jsonl"
        journaled = {
            json.loads(line)["key"]: json.loads(line)
            for line in journal.read_text(encoding="utf-8").splitlines()
            if line.endswith("}")
        }
        assert len(journaled) >= kill_at - concurrency  # every returned answer is on disk
        before = server.total  # requests sent in flight may still have arrived after `kill_at`
        report = score(
            [tiny_root], ["gemba-mqm-literary", "gemba-mqm-original"], settings=fast(server)
        )
        for entry in journaled.values():
            assert server.received[messages_hash(entry["messages"])] == 1, (
                "an answered call was repeated"
            )
        assert not report.llm.failed
        assert server.total - before == 12 - len(journaled)  # the restart asked only the unanswered
    assert (
        len(records(tiny_root)) == 6
        and len(records(tiny_root, "gemba-mqm-original.gpt-4o-mini")) == 6
    )


# --- credentials in --base-url -----------------------------------------------------------------


def test_credentials_in_the_base_url_are_never_stored(tiny_root: Path) -> None:
    with FakeOpenAI() as server:
        host = server.base_url.split("//", 1)[1]
        url = f"http://scorer:pa55word@{host}?api-key=tok3n-123"
        score([tiny_root], ["gemba-mqm-literary"], settings=fast(server, base_url=url))
        # used to connect
        assert server.total == 6 and all("api-key=tok3n-123" in p for p in server.paths)
    stored = [
        tiny_root / "judgments" / CAMPAIGN / "campaign.yaml",
        tiny_root / "judgments" / CAMPAIGN / "de-en.jsonl",
        *(tiny_root / "llm-cache").rglob("*.json"),
    ]
    assert len(stored) == 8
    for path in stored:
        text = path.read_text(encoding="utf-8")
        assert "pa55word" not in text and "tok3n" not in text and "scorer" not in text, path
    assert f"base_url: http://{host}\n" in stored[0].read_text(encoding="utf-8")
    cached = json.loads(stored[2].read_text(encoding="utf-8"))
    assert cached["provenance"]["endpoint"] == host.removesuffix("/v1")


@pytest.mark.parametrize(
    "url,public,host",
    [
        ("https://api.openai.com/v1", "https://api.openai.com/v1", "api.openai.com"),
        (
            "https://me:s3cret@llm.example.org:8443/v1?api-key=t0k#x",
            "https://llm.example.org:8443/v1",
            "llm.example.org:8443",
        ),
        ("http://u:p@[::1]:9000/openai/v1", "http://[::1]:9000/openai/v1", "[::1]:9000"),
    ],
)
def test_endpoint_urls_lose_their_credentials(url: str, public: str, host: str) -> None:
    from litboard.scoring.llm import endpoint

    assert endpoint.public_url(url) == public and endpoint.host(url) == host
    assert not endpoint.has_credentials(public) and not endpoint.has_credentials(host)
    assert endpoint.has_credentials(url) == ("@" in url)
    base, query = endpoint.connection(url)
    assert "?" not in base and query == ({"api-key": "t0k"} if "api-key" in url else {})
