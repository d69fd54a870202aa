"""The pull-request flow's security properties, read from the workflows themselves, plus the two
behaviours they promise: a malicious branch that rewrites the Makefile and pr.yml is still failed
by the trusted barrier (issue 33 row 3), and the commenting script's dry run on a saved artifact
(issue 27, must-show 2)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from ..conftest import REPO
from ..helpers import DEMO, copy_root
from .test_pr_flow import add_system, git

WORKFLOWS = REPO / ".github/workflows"


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))
    return data


def steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_the_barrier_runs_the_base_code_and_reads_the_pr_as_data() -> None:
    workflow = load("pr-barrier.yml")
    assert set(workflow["on"]) == {"pull_request_target"} and workflow["permissions"] == {
        "contents": "read"
    }
    [checkout] = [s for s in steps(workflow) if s.get("uses", "").startswith("actions/checkout@")]
    assert "ref" not in checkout["with"] and checkout["with"]["persist-credentials"] is False
    runs = [s["run"] for s in steps(workflow) if "run" in s]
    assert runs == ["make install", "make pr-barrier FORMAT=github"]
    text = (WORKFLOWS / "pr-barrier.yml").read_text(encoding="utf-8")
    assert "secrets." not in text and "head.ref" not in text
    # the head commit is used for one thing: the fetch is pinned to it (issue 55)
    [barrier] = [s for s in steps(workflow) if "pr-barrier" in s.get("run", "")]
    assert barrier["env"]["HEAD_SHA"] == "${{ github.event.pull_request.head.sha }}"
    assert text.count("head.sha") == 1
    recipe = (
        (REPO / "Makefile").read_text(encoding="utf-8").split("\npr-barrier:")[1].split("\n\n")[0]
    )
    assert "git fetch --no-tags origin" in recipe and "--head refs/litboard/pr-head" in recipe
    assert '[ "$$at" = "$$HEAD_SHA" ]' in recipe
    assert "checkout" not in recipe and "git archive" not in recipe and "pip" not in recipe
    # the threat model is written in the header
    assert "Threat model" in text and "never checked out" in text.replace("\n# ", " ")


def test_the_comment_workflow_never_checks_out_or_runs_pr_code() -> None:
    workflow = load("pr-comment.yml")
    assert set(workflow["on"]) == {"workflow_run"} and workflow["on"]["workflow_run"][
        "workflows"
    ] == ["pull request"]
    assert workflow["permissions"] == {}
    [job] = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "read", "actions": "read", "pull-requests": "write"}
    assert job["if"] == "github.event.workflow_run.event == 'pull_request'"
    for step in job["steps"]:
        if step.get("uses", "").startswith("actions/checkout@"):
            # no ref: the default branch
            assert set(step["with"]) == {"fetch-depth", "persist-credentials"}
        # (the group has it)
        assert "head_branch" not in str(step) and "pull_request.head" not in str(step)
        assert "${{" not in step.get("run", "")  # event values reach the shell through env only
    [download] = [
        s for s in job["steps"] if s.get("uses", "").startswith("actions/download-artifact@")
    ]
    assert (
        download["with"]["name"] == "pr-results" and "workflow_run.id" in download["with"]["run-id"]
    )
    # see test_pr_comment_trusted
    assert [s["run"] for s in job["steps"] if "run" in s][-1] == "make pr-comment"
    recipe = (
        (REPO / "Makefile").read_text(encoding="utf-8").split("\npr-comment:")[1].split("\n\n")[0]
    )
    assert "install" not in recipe.split("\n")[0] and "-m litboard.tracks.pr_comment" in recipe
    text = (WORKFLOWS / "pr-comment.yml").read_text(encoding="utf-8")
    assert "secrets." not in text and "Threat model" in text


def test_pull_request_runs_have_no_secret_and_no_write_permission() -> None:
    for name in ("pr.yml", "pr-barrier.yml"):
        workflow = load(name)
        assert "secrets." not in (WORKFLOWS / name).read_text(encoding="utf-8")
        perms = [workflow["permissions"]] + [
            job.get("permissions", {}) for job in workflow["jobs"].values()
        ]
        assert all(v in ("read", "none") for p in perms for v in p.values()), name
    pr = load("pr.yml")
    uploads = [
        s["with"]["name"]
        for s in steps(pr)
        if s.get("uses", "").startswith("actions/upload-artifact@")
    ]
    assert sorted(uploads) == ["pr-results", "site-preview"]
    assert "Threat model" in (WORKFLOWS / "pr.yml").read_text(encoding="utf-8")


def _shim(tmp_path: Path) -> Path:
    """A bin/ folder whose `litboard` runs this checkout's litboard (as `make install` would)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "litboard"
    shim.write_text(
        f"#!/bin/sh\nPYTHONPATH='{REPO / 'generator'}' exec '{sys.executable}' -m litboard.cli "
        f"\"$@\"\n",
        encoding="utf-8",
    )
    shim.chmod(0o755)
    return bin_dir


def test_a_branch_rewriting_the_makefile_and_pr_yml_still_fails_the_trusted_barrier(
    tmp_path: Path,
) -> None:
    origin = copy_root(DEMO, tmp_path / "origin")
    shutil.copy(REPO / "Makefile", origin / "Makefile")
    (origin / ".github/workflows").mkdir(parents=True)
    shutil.copy(WORKFLOWS / "pr.yml", origin / ".github/workflows/pr.yml")
    git(origin, "init", "-q", "-b", "main")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "base")
    # the attacker's branch: a new system, a forged LLM answer, and the checks rewritten to pass
    git(origin, "checkout", "-qb", "evil")
    add_system(origin)
    forged = origin / "llm-cache" / "ab" / "forged.json"
    forged.parent.mkdir(parents=True)
    forged.write_text('{"answer": "no-error"}\n', encoding="utf-8")
    makefile = (origin / "Makefile").read_text(encoding="utf-8")
    head, rest = makefile.split("\ncheck-pr: install\n", 1)
    (origin / "Makefile").write_text(
        head + "\ncheck-pr:\n\ttrue\n" + rest.split("\n\n", 1)[1], encoding="utf-8"
    )
    pr_yml = (origin / ".github/workflows/pr.yml").read_text(encoding="utf-8")
    (origin / ".github/workflows/pr.yml").write_text(
        pr_yml.replace("make check-pr FORMAT=github", "true"), encoding="utf-8"
    )
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "nothing to see here")
    # the pull request's own recipe now passes: that is why pr.yml proves nothing
    own = subprocess.run(
        ["make", "-s", "check-pr"], cwd=origin, capture_output=True, text=True, timeout=60
    )
    assert own.returncode == 0
    git(origin, "update-ref", "refs/pull/7/head", "evil")  # what GitHub serves for pull request #7
    evil = subprocess.run(
        ["git", "-C", str(origin), "rev-parse", "evil"], capture_output=True, text=True, check=True
    ).stdout.strip()
    git(origin, "checkout", "-q", "main")
    # pr-barrier.yml: a checkout of the base branch, its own Makefile, the pull request fetched as
    # data
    base = tmp_path / "base"
    subprocess.run(
        ["git", "clone", "-q", "--branch", "main", str(origin), str(base)], check=True, timeout=60
    )
    env = {**os.environ, "PR": "7", "BASE_REF": "main", "HEAD_SHA": evil}
    done = subprocess.run(
        ["make", "-s", "-o", "install", "pr-barrier", "FORMAT=human", f"BIN={_shim(tmp_path)}"],
        cwd=base,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode != 0, done.stdout + done.stderr
    assert "Makefile: pull request: is outside the tracks' system folders" in done.stderr
    assert (
        ".github/workflows/pr.yml: pull request: is outside the tracks' system folders"
        in done.stderr
    )
    assert "llm-cache/ab/forged.json: pull request: llm-cache/ holds the answers" in done.stderr
    assert (base / "Makefile").read_bytes() == (REPO / "Makefile").read_bytes()  # never checked out
    assert not (base / "llm-cache").exists() and not (base / "corpus/systems/contrib-mt").exists()
    # an honest pull request passes the same barrier
    git(origin, "checkout", "-qb", "honest")
    add_system(origin)
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "a new system")
    git(origin, "update-ref", "refs/pull/8/head", "honest")
    honest = subprocess.run(
        ["git", "-C", str(origin), "rev-parse", "honest"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    done = subprocess.run(
        ["make", "-s", "-o", "install", "pr-barrier", "FORMAT=human", f"BIN={_shim(tmp_path)}"],
        cwd=base,
        env={**env, "PR": "8", "HEAD_SHA": honest},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "adds corpus/systems/contrib-mt/" in done.stdout


def test_the_barrier_refuses_a_pr_number_that_is_not_a_number(tmp_path: Path) -> None:
    done = subprocess.run(
        ["make", "-s", "-o", "install", "pr-barrier", f"BIN={_shim(tmp_path)}"],
        cwd=REPO,
        env={**os.environ, "PR": "7; touch pwned"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (
        done.returncode == 2
        and "needs PR=<number>" in done.stdout
        and not (REPO / "pwned").exists()
    )


# The artifact's checks, the dry run and the head-commit check:
# tests/tracks/test_pr_comment_trusted.py
