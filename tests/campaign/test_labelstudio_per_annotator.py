"""`campaign push --per-annotator --names` against the real Label Studio (issue 57, goal 5): one
project per annotator slot, each holding exactly that slot's tasks with an overlap of one and the
annotator's name in its description; each annotator answers only their own project through the
API, and the two projects' pulled exports import together as one complete campaign whose
per-annotator progress is the plan's slot load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from litboard.campaign.labelstudio_api import LabelStudio, project_tasks
from litboard.cli import main

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotation_results, controls
from .labelstudio_server import Server

CID = "fixture-track-mqm-new-mt-s8"


def test_one_project_per_slot_imports_as_one_campaign(
    tmp_path: Path,
    labelstudio: Server,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    server = labelstudio
    root = copy_root(FIXTURES / "track", tmp_path / "root")
    plan_path = tmp_path / "plan.yaml"
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", "mqm", "--budget", "16", "--paragraphs", "4"]
    assert main([*args, "--seed", "8", "--double-share", "0.5", "--out", str(plan_path)]) == 0
    plan = yaml.safe_load(plan_path.read_text(encoding="utf-8"))
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", server.annotators[0].token)
    capsys.readouterr()
    push = ["campaign", "push", str(plan_path), "--data", str(root), "--url", server.url]
    assert main([*push, "--per-annotator", "--names", "Ada Lovelace", "Bo <b>"]) == 0
    out = capsys.readouterr().out
    found = dict(
        (int(slot), int(pid))
        for pid, slot in re.findall(r"project (\d+) for annotator slot (\d+)", out)
    )
    assert sorted(found) == [1, 2], out
    admin = LabelStudio(server.url, server.annotators[0].token)
    planned = plan["items"] + plan["attention"]
    exports = []
    for slot, name in ((1, "Ada Lovelace"), (2, "Bo <b>")):
        pid = found[slot]
        project = admin.call("GET", f"/api/projects/{pid}/")
        assert project["title"].endswith(f"slot {slot}") and "new-mt" not in project["title"]
        assert project["description"].endswith(f"for {name}")
        tasks = project_tasks(admin, pid)
        assert sorted(t["data"]["item"] for t in tasks) == sorted(
            i["id"] for i in planned if slot in i["slots"]
        )
        assert {t["overlap"] for t in tasks} == {1}
        ctl = controls(project["label_config"])
        person = LabelStudio(server.url, server.annotators[slot - 1].token)
        for task in tasks:
            results = annotation_results(task["data"], ctl, slot, lambda data: 1)
            person.call("POST", f"/api/tasks/{task['id']}/annotations/", {"result": results})
        exports.append(tmp_path / f"export-{slot}.json")
        pull = ["campaign", "pull", "--url", server.url, "--project", str(pid)]
        assert main([*pull, "--out", str(exports[-1])]) == 0
    capsys.readouterr()
    args = ["campaign", "import", *map(str, exports), "--plan", str(plan_path)]
    assert main([*args, "--data", str(root), "--out", str(root)]) == 0
    n = len(plan["items"])
    assert f"{n} of {n} planned items judged (complete)" in capsys.readouterr().out
    card = yaml.safe_load((root / "judgments" / CID / "campaign.yaml").read_text())["plan"]
    ids = [
        LabelStudio(server.url, who.token).call("GET", "/api/current-user/whoami")["id"]
        for who in server.annotators
    ]
    assert {a["annotator"]: a["judged"] for a in card["annotators"]} == {
        f"a{ids[k - 1]}": sum(k in i["slots"] for i in plan["items"]) for k in (1, 2)
    }
