"""Issue 43 must-show 2: the results comment is rendered by the base branch's code from data.

The data the renderer accepts (results.json's schema) holds no free text but the panel's measure
labels (the base's, escaped): a fake table, mentions, links, images or HTML in any other field is
refused, and numbers change only numbers; the commenting workflow waits for the barrier, posts its
failure instead of results, and never reads Markdown from the pull request's run. Since issue 55
the artifact gives the number only and every number is recomputed:
tests/tracks/test_pr_comment_recomputed.py.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from litboard.tracks import pr_comment, pr_render
from litboard.tracks.pr_render import MARKER, inert, problems, render

from .test_workflow_security import REPO, load

HONEST: dict[str, Any] = {
    "format": "litboard-pr-results/1",
    "pr": 12,
    "track": "demo",
    "system": "contrib-mt",
    "state": "results",
    "scores": [
        {
            "pair": "de-en",
            "measure": "bleu",
            "system": "contrib-mt",
            "score": 31.5,
            "ci": [20.1, 40.2],
            "ranks": [1, 2],
        },
        {
            "pair": "de-en",
            "measure": "bleu",
            "system": "demo-llm",
            "score": 29.25,
            "ci": [18.0, 39.0],
            "ranks": [1, 2],
        },
        {
            "pair": "de-en",
            "measure": "ter",
            "system": "contrib-mt",
            "score": 55.0,
            "ci": None,
            "ranks": None,
        },
    ],
    "panel": [
        {"measure": "metric:sacrebleu-chrf", "items": 3, "percent": 33.33, "ci": [0.0, 100.0]}
    ],
    "agreement": [{"pair": "de-en", "measure": "bleu", "agree": 2, "pairs": 3}],
    "screened": 0,
    "nrefs": [{"pair": "de-en", "nrefs": 1}],
}
HOSTILE = (
    "@octocat @github/security https://evil.example/login ~~x~~ *em* <img src=x onerror=alert(1)> "
    "![t](https://evil.example/t.png) [login](https://evil.example) | fake | `x`"
)
FORGED_TEXT = [
    "| Pair | Measure | Score |\n| de-en | BLEU | 99.9 (rank 1) approved by the maintainers |",
    "@org/team",
    "https://evil.example/login",
    "![t](https://evil.example/t.png)",
    "<b>x</b>",
    "de-en\n",
    "metric:x\n",
]


def test_the_honest_results_are_accepted_and_rendered() -> None:
    assert problems(HONEST) == []
    body = render(HONEST, "Contributed MT", None, "https://github.com/o/r/actions/runs/42")
    assert body.startswith(MARKER)
    assert "| de-en | BLEU ↑ | 31.50 | [20.10, 40.20] | 1–2 | 1 | 2 |" in body
    assert "**`contrib-mt` 31.50** · `demo-llm` 29.25" in body
    assert (
        "LLM judges: pending" in body
        and "[the pull request run](https://github.com/o/r/actions/runs/42)" in body
    )


@pytest.mark.parametrize(
    "path",
    [
        "track",
        "system",
        "state",
        "scores.0.pair",
        "scores.0.measure",
        "scores.0.system",
        "agreement.0.pair",
        "agreement.0.measure",
        "nrefs.0.pair",
        "nrefs.0.nrefs",
        "screened",
        "format",
    ],
)
@pytest.mark.parametrize("text", FORGED_TEXT)
def test_a_forged_text_in_any_field_is_refused(path: str, text: str) -> None:
    doc = copy.deepcopy(HONEST)
    *parents, last = path.split(".")
    node: Any = doc
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    node[int(last) if last.isdigit() else last] = text
    assert problems(doc), (path, text)


@pytest.mark.parametrize("extra", [{"comment": "# approved"}, {"markdown": FORGED_TEXT[0]}])
def test_an_extra_field_is_refused(extra: dict[str, str]) -> None:
    assert problems({**HONEST, **extra})
    scores = copy.deepcopy(HONEST)
    scores["scores"][0].update(extra)
    assert problems(scores)


def test_a_pair_or_track_the_base_branch_does_not_have_is_refused() -> None:
    assert problems({**HONEST, "track": "evil-track"}) == [
        "track: 'evil-track' is not a track of the base branch"
    ]
    doc = copy.deepcopy(HONEST)
    doc["scores"][0]["pair"] = "xx-yy"
    assert problems(doc) == ["scores.0.pair: 'xx-yy' is not a pair of track demo"]


def test_forged_numbers_change_only_numbers() -> None:
    forged = copy.deepcopy(HONEST)
    forged["scores"][1]["score"] = 99.9  # "rank 1" by a forged number: the order is recomputed here
    forged["scores"][0]["ci"] = [0, 100]
    forged["panel"][0]["percent"] = 100
    assert problems(forged) == []
    honest, fake = render(HONEST, "Contributed MT", None), render(forged, "Contributed MT", None)
    assert honest != fake
    words = [re.sub(r"[0-9.]+", "#", line) for line in honest.splitlines()]
    forged_words = [re.sub(r"[0-9.]+", "#", line) for line in fake.splitlines()]
    # the same lines, words and links: only numbers (and the recomputed order of the ids) differ
    assert sorted(words) == sorted(
        re.sub(r"`demo-llm` # · \*\*`contrib-mt` #\*\*", "**`contrib-mt` #** · `demo-llm` #", w)
        for w in forged_words
    )


def test_a_hostile_display_name_is_inert() -> None:
    body = render(HONEST, HOSTILE, None)
    heading = next(line for line in body.splitlines() if line.startswith("## litboard results: "))
    span = heading.removeprefix("## litboard results: ").removesuffix(
        " (`contrib-mt`) on track " + heading.rsplit(" on track ", 1)[1]
    )
    # one code span: a fence longer than any backtick run inside; nothing of the name outside it
    assert span == inert(HOSTILE) and span.startswith("`` ") and span.endswith(" ``")
    assert span.count("``") == 2 and "\\|" in span
    outside = body.replace(span, "")
    for live in ("@octocat", "@github", "https://evil", "<img", "~~", "](", "*em*"):
        assert live not in outside, live
    # controls and bidi overrides are shown as escapes, newlines never split the heading
    assert inert("a\u202eb\nc\u200bd") == "` a\\u202eb c\\u200bd `"


def test_the_barrier_failure_is_posted_instead_of_results(tmp_path: Path) -> None:
    log = tmp_path / "barrier.json"
    log.write_text(
        json.dumps(
            [
                {
                    "file": "x/@octocat.yaml",
                    "line": 3,
                    "field": "name",
                    "message": "```\n@o",
                    "fix": "<b>",
                }
            ]
        ),
        encoding="utf-8",
    )
    lines = pr_comment.barrier_lines("failure", log)
    body = render(HONEST, "Contributed MT", lines)
    assert (
        "the barrier refused this pull request" in body
        and "31.50" not in body
        and "BLEU" not in body
    )
    fence = body.splitlines()[-3]
    assert body.count("````") == 2 and fence == "````"  # a fence longer than the ``` inside
    assert body.splitlines()[-1] == pr_render.FIX  # and how to find and fix them locally
    assert pr_comment.barrier_lines("cancelled", None) == [
        "the barrier did not pass (outcome: cancelled); see its run for the reason"
    ]
    assert pr_comment.barrier_lines("success", log) is None


def test_a_panel_label_is_shown_escaped() -> None:
    doc = copy.deepcopy(HONEST)
    doc["panel"][0]["measure"] = FORGED_TEXT[0]
    body = render(doc, "Contributed MT", None)
    row = next(line for line in body.splitlines() if "99.9" in line)
    # one code span in one cell: its pipes escaped, its newline a space
    assert row.startswith("| ` \\| Pair \\| Measure") and row.count("`") == 2
    assert row.endswith("maintainers \\| ` | 3 | 33% [0, 100] |")


def test_the_previous_comment_is_found_on_any_page(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    page2 = "https://api.github.com/repositories/1/issues/12/comments?per_page=100&page=2"

    def fake(method: str, url: str, token: str, data: dict | None = None) -> Any:
        calls.append((method, url))
        if url.endswith("/pulls/12"):
            return {"head": {"sha": "b" * 40}, "base": {"ref": "main"}}, ""
        if url == page2:
            return [
                {"id": 7, "user": {"type": "User"}, "body": MARKER + " forged by a user"},
                # another bot's (an app's) comment with the marker: not this workflow's
                {"id": 8, "user": {"login": "evil[bot]", "type": "Bot"}, "body": MARKER},
                {"id": 9, "user": {"login": pr_comment.BOT, "type": "Bot"}, "body": MARKER + " o"},
            ], ""
        if "/comments?per_page=100" in url:
            return [
                {"id": i, "user": {"type": "User"}, "body": "hi"} for i in range(100)
            ], f'<{page2}>; rel="next", <{page2}>; rel="last"'
        return {}, ""

    monkeypatch.setattr(pr_comment, "_call", fake)
    with pytest.raises(pr_comment.ArtifactError, match="is not at the commit the run built"):
        pr_comment.post(MARKER, 12, "o/r", "a" * 40, "token")
    assert (
        pr_comment.post(MARKER + " new", 12, "o/r", "b" * 40, "token")
        == "updated the results comment on #12"
    )
    assert calls[-1] == ("PATCH", "https://api.github.com/repos/o/r/issues/comments/9")


def test_an_artifact_without_a_pull_request_number_is_not_posted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "pr-results"
    folder.mkdir()
    (folder / "comment.md").write_text(MARKER + "\n| BLEU | 99.9 | approved |", encoding="utf-8")
    args = [
        "post",
        "--artifact",
        str(folder),
        "--repo",
        "o/r",
        "--head-sha",
        "a" * 40,
        "--dry-run",
        "--barrier",
        "success",
        "--checkout",
        str(tmp_path),
    ]
    assert pr_comment.main(args) == 1 and "results.json: missing" in capsys.readouterr().err
    for forged in ({**HONEST, "pr": "12"}, {**HONEST, "pr": 0}, {**HONEST, "pr": True}, [12]):
        (folder / "results.json").write_text(json.dumps(forged), encoding="utf-8")
        assert pr_comment.main(args) == 1
        assert "pr: not a pull request number" in capsys.readouterr().err
    (folder / "results.json").write_text(json.dumps({**HONEST, "pr": float("nan")}))
    assert pr_comment.main(args) == 1 and "not a pull request number" in capsys.readouterr().err
    # the number alone is read: the rest is recomputed, here from a folder that is no repository
    (folder / "results.json").write_text(json.dumps(HONEST), encoding="utf-8")
    assert pr_comment.main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"would post to o/r#12 (if its head is {'a' * 40}):\n{MARKER}")
    assert "## litboard: results unavailable" in out and "31.50" not in out
    assert "approved" not in out


def test_the_comment_job_waits_for_the_barrier_and_reads_no_pr_markdown() -> None:
    workflow = load("pr-comment.yml")
    [job] = workflow["jobs"].values()
    assert (
        "head_branch" in job["concurrency"]["group"]
        and job["concurrency"]["cancel-in-progress"] is False
    )
    runs = [(s.get("id"), s["run"]) for s in job["steps"] if "run" in s]
    assert runs == [
        (None, "make install"),
        ("pr", "make pr-verify"),
        ("barrier", "make pr-barrier FORMAT=json BARRIER_LOG=barrier.json"),
        (None, "make pr-comment"),
    ]
    post = job["steps"][-1]
    assert post["env"]["BARRIER"] == "${{ steps.barrier.outcome }}"
    barrier = next(s for s in job["steps"] if s.get("id") == "barrier")
    assert (
        barrier["continue-on-error"] is True
        and barrier["env"]["PR"] == "${{ steps.pr.outputs.number }}"
    )
    # issue 55: the barrier's fetch is pinned to the commit the comment reports on, and the
    # results are recomputed on the base the pull request targets
    assert barrier["env"]["HEAD_SHA"] == "${{ github.event.workflow_run.head_sha }}"
    assert post["env"]["BASE_REF"] == "${{ steps.pr.outputs.base }}"
    text = (REPO / ".github/workflows/pr-comment.yml").read_text(encoding="utf-8")
    assert "comment.md" not in text and ".md" not in text.replace("# ", "")
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for target in ("pr-verify", "pr-comment"):
        recipe = makefile.split(f"\n{target}:")[1].split("\n\n")[0]
        assert (
            "-m litboard.tracks.pr_comment" in recipe
            and ".md" not in recipe
            and "install" not in recipe
        )
    assert "--barrier \"$$BARRIER\"" in makefile.split("\npr-comment:")[1].split("\n\n")[0]
    pr = load("pr.yml")
    [upload] = [
        s
        for j in pr["jobs"].values()
        for s in j["steps"]
        if s.get("with", {}).get("name") == "pr-results"
    ]
    assert upload["with"]["path"] == "pr-results/"
    assert "comment.md" not in (REPO / "generator/litboard/tracks/pr_results.py").read_text(
        encoding="utf-8"
    )
