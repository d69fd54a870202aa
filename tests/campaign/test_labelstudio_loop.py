"""The whole human-evaluation loop against a real Label Studio, for every scheme a campaign plans:
``campaign plan`` -> ``campaign push`` (project, config, overlap, tasks through the REST API) ->
two annotators answer through the API (spans with code-point offsets, choices, rationales,
numbers, in the shape the config defines; fake_labelstudio writes the answers) -> ``campaign
pull`` (the JSON export) -> ``campaign import`` -> build -> the board.

Nothing here is faked on the Label Studio side: the server is the one tests/campaign/conftest.py
starts (skipped without it, a failure in CI)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from litboard.build import build_site
from litboard.campaign.labelstudio_api import LabelStudio, project_tasks
from litboard.cli import main

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotation_results, controls
from .labelstudio_server import Server

TRACK = FIXTURES / "track"
SCHEMES = ("mqm", "esa", "pairwise", "bws")  # TODO(issue 44): ruler, once campaigns plan it


def _push(tmp: Path, server: Server, scheme: str, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, dict[str, Any], int]:
    root = copy_root(TRACK, tmp / "root")
    plan_path = tmp / "plan.yaml"
    assert main(["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en",
                 "--systems", "new-mt", "--scheme", scheme, "--budget", "16", "--paragraphs", "4",
                 "--seed", "5", "--out", str(plan_path)]) == 0
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", server.annotators[0].token)
    capsys.readouterr()
    assert main(["campaign", "push", str(plan_path), "--data", str(root), "--url", server.url]) == 0
    found = re.search(r"project (\d+) created", capsys.readouterr().out)
    assert found
    return root, plan_path, yaml.safe_load(plan_path.read_text(encoding="utf-8")), int(found.group(1))


def _answer(server: Server, pid: int, plan: dict[str, Any]) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Each plan slot's annotator answers its task through the API; what each one sent, by
    (item, annotator slot)."""
    admin = LabelStudio(server.url, server.annotators[0].token)
    ctl = controls(admin.call("GET", f"/api/projects/{pid}/")["label_config"])
    slots = {item["id"]: item["slots"] for item in plan["items"]}
    sent = {}
    for task in project_tasks(admin, pid):
        item = task["data"]["item"]
        assert task["overlap"] == len(slots[item]), "the task's overlap is its item's annotator slots"
        for slot in slots[item]:
            results = annotation_results(task["data"], ctl, slot, lambda data: 1)
            person = LabelStudio(server.url, server.annotators[slot - 1].token)
            person.call("POST", f"/api/tasks/{task['id']}/annotations/", {"result": results})
            sent[(item, slot)] = results
    return sent


def _kept(result: dict[str, Any]) -> tuple[str, str, str, str]:
    return (result["from_name"], result["to_name"], result["type"], json.dumps(result["value"], sort_keys=True))


def _check_export(export: list[dict[str, Any]], sent: dict[tuple[str, int], list[dict[str, Any]]],
                  server: Server) -> None:
    """Every answer comes back exactly as sent, under its annotator's Label Studio user id."""
    ids = {}
    for n, who in enumerate(server.annotators, start=1):
        ids[n] = LabelStudio(server.url, who.token).call("GET", "/api/current-user/whoami")["id"]
    got = {}
    for task in export:
        for annotation in task["annotations"]:
            slot = next(n for n, uid in ids.items() if uid == annotation["completed_by"])
            got[(task["data"]["item"], slot)] = sorted(map(_kept, annotation["result"]))
    assert got == {key: sorted(map(_kept, results)) for key, results in sent.items()}


def _records(root: Path, prefix: str) -> list[dict[str, Any]]:
    out = []
    for folder in sorted((root / "judgments").glob(f"{prefix}*")):
        for path in sorted(folder.glob("*.jsonl")):
            out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return out


@pytest.mark.parametrize("scheme", SCHEMES)
def test_loop_through_labelstudio(scheme: str, labelstudio: Server, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    root, plan_path, plan, pid = _push(tmp_path, labelstudio, scheme, monkeypatch, capsys)
    project = LabelStudio(labelstudio.url, labelstudio.annotators[0].token).call("GET", f"/api/projects/{pid}/")
    assert project["maximum_annotations"] == 2 and project["show_overlap_first"] is True
    assert project["show_annotation_history"] is False and project["task_number"] == len(plan["items"])
    sent = _answer(labelstudio, pid, plan)
    assert len(sent) == sum(len(i["slots"]) for i in plan["items"])

    export_path = tmp_path / "export.json"
    assert main(["campaign", "pull", "--url", labelstudio.url, "--project", str(pid), "--out", str(export_path)]) == 0
    _check_export(json.loads(export_path.read_text(encoding="utf-8")), sent, labelstudio)
    assert labelstudio.annotators[0].token not in capsys.readouterr().out

    assert main(["campaign", "import", str(export_path), "--plan", str(plan_path), "--data", str(root),
                 "--out", str(root)]) == 0
    out = capsys.readouterr().out
    cid = plan["campaign"]
    assert "new-mt: 4 of 4 planned paragraphs judged" in out
    assert f"campaign {cid}: {len(plan['items'])} of {len(plan['items'])} planned items judged (complete)" in out
    _check_records(scheme, root, cid, sent)

    site = build_site([root], tmp_path / "site").out
    page = html.unescape((site / "fixture-track" / "campaigns" / f"{cid}.html").read_text(encoding="utf-8"))
    assert f"{len(plan['items'])} of {len(plan['items'])} planned items judged" in page
    board = html.unescape((site / "fixture-track" / "index.html").read_text(encoding="utf-8"))
    row = re.findall(r'<tr class="lb-row[^"]*" data-system="new-mt".*?</tr>', board, re.S)
    assert row and "(pending" not in row[0]


def _check_records(scheme: str, root: Path, cid: str, sent: dict[tuple[str, int], list[dict[str, Any]]]) -> None:
    """The campaign holds exactly the answers given: hand counts of what the annotators sent."""
    answers = [r for results in sent.values() for r in results]
    spans = sum(r["type"] == "labels" for r in answers)
    records = _records(root, cid)
    people = {r.get("annotator") for r in records}
    assert people <= {"a1", "a2"} and people
    if scheme == "bws":
        assert len(records) == len(sent)
        return
    errors = sum(len(r.get("errors", [])) for r in records)
    assert errors == spans, f"{errors} error spans imported, {spans} sent"
    if scheme == "pairwise":
        assert sum("preference" in r or "winner" in r for r in records) >= len(sent)
    if scheme == "esa":
        assert sorted(r["score"] for r in records if "score" in r) == sorted(
            float(r["value"]["number"]) for r in answers if r["type"] == "number")
