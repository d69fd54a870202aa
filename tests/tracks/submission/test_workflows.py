"""The GitHub workflows parse, run PR code only without secrets, pin actions, and call make
targets."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import REPO

WORKFLOWS = REPO / ".github/workflows"
ALLOWED_TRIGGERS = {"pull_request", "push", "workflow_dispatch", "schedule"}
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@([0-9a-f]{40}|v\d+\.\d+\.\d+)$")
MAKE_STEP = re.compile(r"^make [a-z][a-z0-9-]*( [A-Z_]+=[\w.-]+)*$")


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as True
    return data


def steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def make_targets() -> set[str]:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z0-9-]*):", text, re.M))


ALL = sorted(p.name for p in WORKFLOWS.glob("*.yml"))


def test_the_five_workflows_exist() -> None:
    assert ALL == [
        "llm-score.yml",
        "pages.yml",
        "pr-barrier.yml",
        "pr-comment.yml",
        "pr.yml",
        "release.yml",
    ]


# the two workflows with a privileged trigger, each reviewed in
# tests/tracks/test_workflow_security.py
PRIVILEGED = {"pr-barrier.yml": {"pull_request_target"}, "pr-comment.yml": {"workflow_run"}}


@pytest.mark.parametrize("name", ALL)
def test_triggers_are_safe(name: str) -> None:
    triggers = set(load(name)["on"])
    if name in PRIVILEGED:
        assert triggers == PRIVILEGED[name]
        return
    assert triggers <= ALLOWED_TRIGGERS, triggers
    assert "pull_request_target" not in (WORKFLOWS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ALL)
def test_every_action_is_pinned(name: str) -> None:
    uses = [step["uses"] for step in steps(load(name)) if "uses" in step]
    assert uses
    for ref in uses:
        assert PINNED.match(ref), f"{name}: {ref} is not pinned to a commit SHA or an exact tag"


@pytest.mark.parametrize("name", ALL)
def test_every_run_step_is_a_make_target(name: str) -> None:
    targets = make_targets()
    for step in steps(load(name)):
        if "run" in step:
            command = step["run"].strip()
            assert MAKE_STEP.match(command), f"{name}: {command!r} is not `make <target>`"
            assert command.split()[1] in targets, (
                f"{name}: no Makefile target {command.split()[1]!r}"
            )


@pytest.mark.parametrize("name", ALL)
def test_permissions_default_to_read(name: str) -> None:
    expected = {"contents": "read"}
    # the one write permission of the pull-request flow, on its one job
    if name == "pr-comment.yml":
        expected = {}
        [job] = load(name)["jobs"].values()
        assert job["permissions"] == {
            "contents": "read",
            "actions": "read",
            "pull-requests": "write",
        }
    assert load(name)["permissions"] == expected


def test_pr_workflow_runs_the_pipeline_in_order() -> None:
    workflow = load("pr.yml")
    assert set(workflow["on"]) == {"pull_request", "workflow_dispatch"}

    def order(job: str) -> list[str]:
        return [
            s["run"].split()[1] if "run" in s else s["uses"].split("@")[0]
            for s in workflow["jobs"][job]["steps"]
        ]

    # issue 55 goal 8: a data-only contribution's path is validate -> score -> results
    assert order("check") == [
        "actions/checkout",
        "actions/setup-python",
        "install",
        "pr-changes",
        "check-pr",
        "validate",
        "actions/cache",
        "track-scores",
        "results",
        "actions/upload-artifact",
        "summary",
    ]
    assert order("test") == ["actions/checkout", "actions/setup-python", "install-test", "test"]
    assert order("preview") == [
        "actions/checkout",
        "actions/setup-python",
        "install",
        "actions/cache",
        "public",
        "actions/upload-artifact",
    ]
    assert "FORMAT=github" in (WORKFLOWS / "pr.yml").read_text(encoding="utf-8")
    assert "secrets." not in (WORKFLOWS / "pr.yml").read_text(encoding="utf-8")


def test_the_code_tests_run_only_when_the_pull_request_changes_code() -> None:
    jobs = load("pr.yml")["jobs"]
    [changes] = [s for s in jobs["check"]["steps"] if s.get("run") == "make pr-changes"]
    assert jobs["check"]["outputs"]["code"] == f"${{{{ steps.{changes['id']}.outputs.code }}}}"
    # skipped only on an explicit "false": a failed classification runs the tests
    assert jobs["test"]["if"] == "${{ !cancelled() && needs.check.outputs.code != 'false' }}"
    assert all(
        "make test" not in s.get("run", "") for j in ("check", "preview") for s in jobs[j]["steps"]
    )


def test_the_results_artifact_is_uploaded_even_when_a_check_failed() -> None:
    """pr-comment.yml needs the pull request's number to tell a refused pull request why."""
    steps_ = load("pr.yml")["jobs"]["check"]["steps"]
    results = next(i for i, s in enumerate(steps_) if s.get("run") == "make results")
    upload = steps_[results + 1]
    assert upload["with"]["name"] == "pr-results"
    assert steps_[results]["if"] == upload["if"] == "${{ !cancelled() }}"


def test_pr_scope_check_runs_for_contributions_before_scoring_with_the_base_code() -> None:
    [check] = [s for s in steps(load("pr.yml")) if s.get("run", "").startswith("make check-pr")]
    assert check["run"] == "make check-pr FORMAT=github"
    assert "github.event.pull_request.head.repo.full_name != github.repository" in check["if"]
    recipe = _recipe("check-pr")
    assert "git archive $(BASE) generator" in recipe  # the base branch's checker, not the PR's
    assert 'cd "$$dir"' in recipe and "--repo" in recipe


def test_preview_is_an_artifact_built_from_the_pr_code_and_the_summary_says_so() -> None:
    from litboard.tracks.ci_summary import PREVIEW_NOTE, summary
    from litboard.load.read import load as load_data

    # the preview job's
    upload = next(
        s
        for s in load("pr.yml")["jobs"]["preview"]["steps"]
        if s.get("uses", "").startswith("actions/upload-artifact@")
    )
    assert upload["with"]["name"] == "site-preview" and "never deployed" in upload["name"]
    assert "pages" not in {
        k for job in load("pr.yml")["jobs"].values() for k in job.get("permissions", {})
    }
    assert (
        "built by this pull request's own code" in PREVIEW_NOTE and "never deployed" in PREVIEW_NOTE
    )
    corpus = load_data([REPO / "tests/fixtures/tiny"])
    assert summary(corpus, []).rstrip().endswith(PREVIEW_NOTE)
    assert summary(corpus, ["mt"]).rstrip().endswith(PREVIEW_NOTE)


def _recipe(target: str) -> str:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    body = text[text.index(f"\n{target}:") :].split("\n\n", 1)[0]
    return body


def test_llm_workflow_gives_the_key_to_the_scoring_step_only() -> None:
    workflow = load("llm-score.yml")
    [job] = workflow["jobs"].values()
    assert "secrets." not in str(workflow.get("env", {})) and "secrets." not in str(
        job.get("env", {})
    )
    with_secrets = [s for s in job["steps"] if "secrets." in str(s)]
    assert [s.get("run") for s in with_secrets] == ["make score-llm"]
    assert with_secrets[0]["env"] == {"OPENAI_API_KEY": "${{ secrets.OPENAI_API_KEY }}"}
    # the extra package index serves the COMET step only, which holds no secret
    assert "PIP_EXTRA_INDEX_URL" not in str(job.get("env", {}))
    [comet] = [s for s in job["steps"] if "PIP_EXTRA_INDEX_URL" in s.get("env", {})]
    assert comet["run"] == "make score-comet"


def test_llm_workflow_installs_pinned_hashed_requirements_first() -> None:
    [job] = load("llm-score.yml")["jobs"].values()
    runs = [s["run"] for s in job["steps"] if "run" in s]
    # the site lock, hash-checked (tests/test_lock.py checks the recipe)
    assert runs[0] == "make install"


@pytest.mark.parametrize("name", ALL)
def test_every_workflow_uses_the_python_the_locks_are_compiled_for(name: str) -> None:
    for lock in ("site.txt", "test.txt"):
        text = (REPO / "requirements" / lock).read_text(encoding="utf-8")
        compiled_for = re.search(
            r"autogenerated by pip-compile with Python (\d+\.\d+)", text
        ).group(1)  # type: ignore[union-attr]
        for step in steps(load(name)):
            if step.get("uses", "").startswith("actions/setup-python@"):
                assert step["with"]["python-version"] == compiled_for, f"{name}: {lock}"


def test_pages_workflow_deploys_from_main_only() -> None:
    workflow = load("pages.yml")
    assert workflow["on"]["push"]["branches"] == ["main"] and "pull_request" not in workflow["on"]
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["permissions"] == {
        "pages": "write",
        "id-token": "write",
    }
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def test_pages_workflow_builds_the_public_site_from_the_manifest() -> None:
    """Pages deploys the full site (demo + pinned releases), not only the demo (issue 14)."""
    build = steps(load("pages.yml"))
    runs = [s.get("run", "") for s in build]
    assert "make public" in runs and "make site" not in runs
    cache = next(s for s in build if s.get("uses", "").startswith("actions/cache@"))
    assert "hashFiles('releases.yaml')" in cache["with"]["key"]
    makefile = (WORKFLOWS.parents[1] / "Makefile").read_text(encoding="utf-8")
    assert "build --releases" in makefile.split("\nPUBLIC_BUILD =")[1].split("\n\n")[0]
    assert "$(PUBLIC_BUILD)" in makefile.split("\npublic:")[1].split("\n\n")[0]


def test_llm_workflow_never_runs_for_pull_requests_or_forks() -> None:
    text = (WORKFLOWS / "llm-score.yml").read_text(encoding="utf-8")
    workflow = load("llm-score.yml")
    assert set(workflow["on"]) == {"workflow_dispatch", "schedule"}
    [job] = workflow["jobs"].values()
    assert "vars.LITBOARD_SCORING_REPOSITORY == github.repository" in job["if"]
    assert "!github.event.repository.fork" in job["if"]
    assert "secrets.OPENAI_API_KEY" in text
    inputs = workflow["on"]["workflow_dispatch"]["inputs"]["metrics"]
    assert inputs["type"] == "choice", "no free text from the dispatch form reaches make"
    for other in ("pr.yml", "pages.yml", "pr-barrier.yml", "pr-comment.yml"):
        assert "secrets." not in (WORKFLOWS / other).read_text(encoding="utf-8")


def test_checkout_never_keeps_credentials() -> None:
    for name in ALL:
        for step in steps(load(name)):
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, name


def test_pull_request_template_has_the_checklist() -> None:
    text = (REPO / ".github/pull_request_template.md").read_text(encoding="utf-8")
    assert text.count("- [ ]") >= 6
    for needle in ("corpus/systems/<id>/", "system.yaml", "make validate", "exactly once", "NFC"):
        assert needle in text


def test_pages_workflow_keeps_every_release_and_writes_the_changelog() -> None:
    """Issue 17: a release run freezes the build (make release: release.json + changelog of rank
    moves), keeps it on the releases branch, and every deploy serves all kept releases at /v/
    (issue 30: the build itself lists and serves them, so the releases are checked out first)."""
    workflow = load("pages.yml")
    assert "release" in workflow["on"]["workflow_dispatch"]["inputs"]
    build = steps(workflow)
    freeze = next(s for s in build if "make release " in s.get("run", ""))
    assert "inputs.release" in freeze["if"] and freeze["env"]["VERSION"] == "${{ inputs.release }}"
    makefile = (WORKFLOWS.parents[1] / "Makefile").read_text(encoding="utf-8")
    # the version reaches the shell as data, never as code
    assert 'litboard release "$$VERSION"' in makefile
    push = next(s for s in build if "releases-push" in s.get("run", ""))
    assert push["if"] == freeze["if"] and push["env"]["GITHUB_TOKEN"] == "${{ github.token }}"
    assert "HEAD:refs/heads/releases" in makefile.split("\nreleases-push:")[1].split("\n\n")[0]
    public = next(s for s in build if s.get("run") == "make public")
    # one build or the other
    assert public["if"] == "github.event_name != 'workflow_dispatch' || inputs.release == ''"
    order = [i for i, s in enumerate(build) if "releases-checkout" in s.get("run", "")]
    upload = [
        i
        for i, s in enumerate(build)
        if s.get("uses", "").startswith("actions/upload-pages-artifact")
    ]
    assert order and order[0] < build.index(public) < build.index(freeze) < upload[0]
    # every deploy serves /v/
    assert (
        "--kept-releases $(RELEASES)" in makefile.split("\nPUBLIC_BUILD =")[1].split("\npublic:")[0]
    )
    release = makefile.split("\nrelease:")[1].split("\n\n")[0]
    # built as it, frozen, rebuilt listing it
    assert release.count("$(PUBLIC_BUILD)") == 2 and "freeze" in release
    assert "litboard release" in makefile.split("\nfreeze:")[1].split("\n\n")[0]


def test_a_pull_request_that_adds_one_system_folder_is_data_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    from litboard.tracks.pr_changes import changes_code, main

    assert changes_code(["tracks/creativity-bias/corpus/systems/new-mt/en-nl.jsonl"]) is False
    assert changes_code(["corpus/systems/new-mt/system.yaml"]) is False
    for code in (["generator/litboard/cli.py"], ["corpus/systems/x/a.jsonl", "Makefile"], []):
        assert changes_code(code) is True, code

    def git(*args: str) -> None:
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=tmp_path,
            check=True,
            capture_output=True,
        )

    git("init", "-q", "-b", "main")
    (tmp_path / "README.md").write_text("x\n", encoding="utf-8")
    git("add", "-A")
    git("commit", "-qm", "base")
    git("checkout", "-qb", "pr")
    (tmp_path / "corpus/systems/new-mt").mkdir(parents=True)
    (tmp_path / "corpus/systems/new-mt/system.yaml").write_text("id: new-mt\n", encoding="utf-8")
    git("add", "-A")
    git("commit", "-qm", "pr")
    output = tmp_path / "github-output"
    monkeypatch.setenv("GITHUB_OUTPUT", str(output))
    assert main(["--base", "main", "--repo", str(tmp_path)]) == 0
    assert output.read_text(encoding="utf-8") == "code=false\n"
    assert main(["--base", "no-such-branch", "--repo", str(tmp_path)]) == 0
    assert output.read_text(encoding="utf-8").endswith("code=true\n")


def test_make_check_pr_knows_the_base_branch_s_tracks(tmp_path: Path) -> None:
    """pr.yml's early check runs the base's generator from a temporary folder: it must read the
    base's track declarations there too, or every contribution is 'outside the tracks' system
    folders ()' (issue 55: a data-only contribution's run goes validate -> score -> results)."""
    import shutil
    import subprocess
    import sys

    from ...helpers import DEMO, copy_root
    from ..test_pr_flow import add_system, git

    repo = copy_root(DEMO, tmp_path / "repo")
    for name in ("Makefile", "releases.yaml"):
        shutil.copy(REPO / name, repo / name)
    shutil.copytree(
        REPO / "generator",
        repo / "generator",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"),
    )
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    git(repo, "checkout", "-qb", "contrib")
    add_system(repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a new system")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "python"  # the recipe's PYTHONPATH decides which generator runs
    shim.write_text(f"#!/bin/sh\nexec '{sys.executable}' \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    done = subprocess.run(
        ["make", "-s", "-o", "install", "check-pr", f"BIN={bin_dir}", "BASE=main"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "adds corpus/systems/contrib-mt/ (3 file(s)) and nothing else" in done.stdout
