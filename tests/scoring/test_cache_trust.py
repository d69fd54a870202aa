"""The LLM cache is trusted only when litboard's own scoring run wrote it (issue 15, item 2)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from litboard.cli import main as cli
from litboard.errors import Problems
from litboard.load.read import load, validate
from litboard.scoring import plan
from litboard.scoring.llm import cache_check
from litboard.scoring.llm.cache import ResponseCache, entry
from litboard.scoring.llm.client import ChatClient
from litboard.scoring.llm.judges import all_judges
from litboard.scoring.llm.reply import Reply, parse
from litboard.scoring.llm.request import Request, request_key
from litboard.scoring.llm.runner import Budget, run
from litboard.scoring.settings import ScoreSettings

from .fake_openai import FakeOpenAI
from .test_llm_runner import CAMPAIGN, fast

NO_ERROR = "Critical:\nno-error\nMajor:\nno-error\nMinor:\nno-error"


def requests_of(root: Path) -> list[Request]:
    segments, _ = plan.segments(load([root], cache_check.ROOT_CHECKS), None, None)
    judge = all_judges()["gemba-mqm-literary"]
    return [judge.requests(seg, 0, {}, ScoreSettings())[0] for seg in segments]


def forge(root: Path, request: Request, **extra: object) -> Path:
    """A cache file as a hostile pull request writes it: the right name and key, a perfect
    answer."""
    key = request.key
    data = {
        "key": key,
        "model": request.model,
        "prompt": request.prompt,
        "temperature": request.temperature,
        "messages": request.message_list(),
        "answer": NO_ERROR,
        "usage": {"prompt_tokens": 900, "completion_tokens": 12},
        **extra,
    }
    path = root / "llm-cache" / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def test_a_real_run_writes_a_cache_that_validates(tiny_root: Path) -> None:
    with FakeOpenAI() as server:
        cli(
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
            ]
        )
    files = sorted((tiny_root / "llm-cache").glob("*/*.json"))
    assert len(files) == 6 and not validate([tiny_root], cache_check.ROOT_CHECKS).items
    data = json.loads(files[0].read_text(encoding="utf-8"))
    prov = data["provenance"]
    assert prov["request_sha256"] == data["key"] == files[0].stem
    assert prov["prompt_sha256"] == all_judges()["gemba-mqm-literary"].prompt_sha256()
    assert prov["endpoint"].startswith("127.0.0.1:") and prov["response_id"].startswith("cmpl-")
    assert prov["received"].endswith("+00:00") and set(data["usage"]) == {
        "prompt_tokens",
        "completion_tokens",
    }


def test_forged_no_error_answers_are_refused(
    tiny_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = [forge(tiny_root, r) for r in requests_of(tiny_root)[:3]]
    assert cli(["validate", "--data", str(tiny_root)]) == 1
    err = capsys.readouterr().err
    for path in forged:  # no provenance key at all: the problem points at the file's first line
        assert (
            f"{path}:1: provenance: is missing: nothing shows that litboard's scoring run received "
            "this answer (fix: delete the file" in err
        )
    with FakeOpenAI() as server:
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
            ]
        )
        assert server.total == 0
    out = capsys.readouterr()
    assert code == 1 and "3 cached" not in out.out and "provenance: is missing" in out.err
    assert not (tiny_root / "judgments" / CAMPAIGN).exists()  # no score was written from them


def test_a_key_that_is_not_the_hash_of_its_request_is_refused(tiny_root: Path) -> None:
    with FakeOpenAI() as server:
        cli(
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
            ]
        )
    path = sorted((tiny_root / "llm-cache").glob("*/*.json"))[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["messages"][-1]["content"] = data["messages"][-1]["content"].replace("the", "a", 1)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    [problem] = validate([tiny_root], cache_check.ROOT_CHECKS).items
    assert (problem.file, problem.field) == (str(path), "key")
    assert problem.message.startswith("is not the SHA-256 of the stored request")
    assert problem.line == path.read_text().splitlines().index(f' "key": "{path.stem}",') + 1


@pytest.mark.parametrize(
    "change,field",
    [
        (
            lambda d: d["provenance"].update(endpoint="user:secret@api.example.org"),
            "provenance.endpoint",
        ),
        (lambda d: d["provenance"].pop("response_id"), "provenance.response_id"),
        (lambda d: d["provenance"].update(received="yesterday"), "provenance.received"),
        (lambda d: d["provenance"].update(prompt_sha256="0" * 64), "provenance.prompt_sha256"),
        (lambda d: d.pop("usage"), "usage"),
    ],
)
def test_each_provenance_field_is_required(change, field: str) -> None:  # type: ignore[no-untyped-def]
    request = Request("gpt-4o-mini", "gemba_mqm_literary.v1", (("user", "Translate."),), 0.0)
    reply = Reply(
        json.dumps(
            {
                "id": "cmpl-1",
                "choices": [{"message": {"content": NO_ERROR}}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 9},
            }
        ),
        "api.example.org",
        "2026-11-23T18:00:00+00:00",
    )
    good = entry(request, reply, parse(request, reply))
    assert cache_check.entry_problems(good, f"{request.key}.json") == []
    change(good)
    assert [f for f, _ in cache_check.entry_problems(good, f"{request.key}.json")] == [field]


def test_the_runner_never_uses_a_refused_file_and_replaces_it(tmp_path: Path) -> None:
    """A cache folder outside the data roots (``--cache-dir``) is checked when read, too."""
    request = Request(
        "gpt-4o-mini", "gemba_mqm_literary.v1", (("user", "Translate the sea."),), 0.0
    )
    forged = forge(tmp_path, request)
    with FakeOpenAI() as server:
        settings = fast(server)
        report = run(
            [request],
            ChatClient(settings),
            ResponseCache.open(tmp_path / "llm-cache"),
            settings,
            Budget(settings),
        )
        assert server.total == 1
    assert (report.cached, report.refused, report.sent) == (0, 1, 1)
    assert cache_check.check_file(forged, Problems())  # replaced by the endpoint's real answer


def test_a_journal_is_folded_in_by_score_and_flagged_by_validate(tiny_root: Path) -> None:
    request, truncated = requests_of(tiny_root)[:2]
    body = json.dumps(
        {
            "id": "cmpl-9",
            "choices": [{"message": {"content": NO_ERROR}}],
            "usage": {"prompt_tokens": 1000, "completion_tokens": 9},
        }
    )
    cache = ResponseCache(tiny_root / "llm-cache")
    cache.journal_reply(request, Reply(body, "127.0.0.1:9", "2026-11-23T18:00:00+00:00"))
    cache.journal_reply(truncated, Reply(body[:40], "127.0.0.1:9", "2026-11-23T18:00:01+00:00"))
    cache.journal.close()
    [problem] = validate([tiny_root], cache_check.ROOT_CHECKS).items
    assert problem.file.endswith("llm-cache/journal.jsonl") and "did not finish" in problem.message
    with FakeOpenAI() as server:
        score_code = cli(
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
            ]
        )
        assert server.total == 5  # the journaled answer is not asked again; the truncated one is
    assert score_code == 0 and not validate([tiny_root], cache_check.ROOT_CHECKS).items


def test_stray_files_links_and_fifos_in_the_cache_are_reported(tiny_root: Path) -> None:
    import os

    folder = tiny_root / "llm-cache"
    (folder / "ab").mkdir(parents=True)
    (folder / "answers.json").write_text("{}", encoding="utf-8")
    (folder / "ab" / ("ab" + "1" * 62 + ".json")).symlink_to(tiny_root / "corpus" / "dataset.yaml")
    os.mkfifo(folder / "ab" / ("ab" + "2" * 62 + ".json"))  # reading it would hang
    problems = validate([tiny_root], cache_check.ROOT_CHECKS).items
    assert len(problems) == 3 and {p.field for p in problems} == {"file"}
    assert all("is not a cache file" in p.message for p in problems)


def test_request_key_is_the_documented_hash() -> None:
    messages = [{"role": "user", "content": "Hi"}]
    assert (
        request_key("m", "p.v1", messages, 0.0)
        == hashlib.sha256(
            b'{"messages":[{"content":"Hi","role":"user"}],"model":"m","prompt":"p.v1",'
            b'"temperature":0.0}'
        ).hexdigest()
    )
