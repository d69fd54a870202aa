"""The GitHub workflows parse, run PR code only without secrets, pin actions, and call make targets."""

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


def test_the_three_workflows_exist() -> None:
    assert ALL == ["llm-score.yml", "pages.yml", "pr.yml"]


@pytest.mark.parametrize("name", ALL)
def test_triggers_are_safe(name: str) -> None:
    triggers = set(load(name)["on"])
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
            assert command.split()[1] in targets, f"{name}: no Makefile target {command.split()[1]!r}"


@pytest.mark.parametrize("name", ALL)
def test_permissions_default_to_read(name: str) -> None:
    assert load(name)["permissions"] == {"contents": "read"}


def test_pr_workflow_runs_the_pipeline_in_order() -> None:
    workflow = load("pr.yml")
    assert set(workflow["on"]) == {"pull_request", "workflow_dispatch"}
    order = [s["run"].split()[1] if "run" in s else s["uses"].split("@")[0] for s in steps(workflow)]
    assert order == ["actions/checkout", "actions/setup-python", "install-test", "validate", "test",
                     "score-sacrebleu", "site", "actions/upload-artifact", "summary"]
    assert "FORMAT=github" in (WORKFLOWS / "pr.yml").read_text(encoding="utf-8")
    assert "secrets." not in (WORKFLOWS / "pr.yml").read_text(encoding="utf-8")


def test_pages_workflow_deploys_from_main_only() -> None:
    workflow = load("pages.yml")
    assert workflow["on"]["push"]["branches"] == ["main"] and "pull_request" not in workflow["on"]
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def test_pages_workflow_builds_the_public_site_from_the_manifest() -> None:
    """Pages deploys the full site (demo + pinned releases), not only the demo (issue 14)."""
    build = steps(load("pages.yml"))
    runs = [s.get("run", "") for s in build]
    assert "make public" in runs and "make site" not in runs
    cache = next(s for s in build if s.get("uses", "").startswith("actions/cache@"))
    assert "hashFiles('releases.yaml')" in cache["with"]["key"]
    makefile = (WORKFLOWS.parents[1] / "Makefile").read_text(encoding="utf-8")
    assert "build --releases" in makefile.split("\npublic:")[1].split("\n\n")[0]


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
    for other in ("pr.yml", "pages.yml"):
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
