"""Batches for named annotators (issue 57, goal 5): `campaign export|push --per-annotator` makes one
Label Studio project per annotator slot with exactly the tasks planned for that slot, each wanting
one annotation; the projects' exports imported together give the campaign one project would, and
a task given twice to a slot, or to a slot its item was not planned for, stops the import with
nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from litboard.cli import main

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotate

TRACK = FIXTURES / "track"
CID = "fixture-track-mqm-new-mt-s5"


def _plan_and_export(root: Path, tmp: Path) -> tuple[Path, dict, Path]:
    plan_path, project = tmp / "plan.yaml", tmp / "project"
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", "mqm", "--budget", "16", "--paragraphs", "4"]
    assert main([*args, "--seed", "5", "--double-share", "0.5", "--out", str(plan_path)]) == 0
    args = ["campaign", "export", str(plan_path), "--data", str(root), "--out", str(project)]
    assert main([*args, "--per-annotator"]) == 0
    return plan_path, yaml.safe_load(plan_path.read_text(encoding="utf-8")), project


def _import(root: Path, plan: Path, exports: list[Path]) -> int:
    args = ["campaign", "import", *map(str, exports), "--plan", str(plan), "--data", str(root)]
    return main([*args, "--out", str(root)])


def test_each_slot_gets_its_own_items_and_the_exports_import_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan_path, plan, project = _plan_and_export(root, tmp_path)
    assert sorted(p.name for p in project.iterdir()) == ["mapping.yaml", "slot-1", "slot-2"]
    planned = plan["items"] + plan["attention"]
    exports = []
    for slot, annotator in ((1, 41), (2, 42)):
        folder = project / f"slot-{slot}"
        assert sorted(p.name for p in folder.iterdir()) == [
            "config.xml",
            "project.json",
            "tasks.json",
        ]
        tasks = json.loads((folder / "tasks.json").read_text(encoding="utf-8"))
        # by hand: exactly the items and checks planned for the slot, one annotation each
        assert sorted(t["data"]["item"] for t in tasks) == sorted(
            i["id"] for i in planned if slot in i["slots"]
        )
        assert {(t["data"]["slot"], t["data"]["annotations_wanted"]) for t in tasks} == {(slot, 1)}
        settings = json.loads((folder / "project.json").read_text(encoding="utf-8"))
        assert settings["maximum_annotations"] == 1 and settings["title"].endswith(f"slot {slot}")
        assert "new-mt" not in settings["title"] + settings["description"]
        export = annotate(folder, [annotator])
        for task in export:  # each task id unique across the two projects, as Label Studio's
            task["id"] += 1000 * slot
        exports.append(tmp_path / f"export-{slot}.json")
        exports[-1].write_text(json.dumps(export), encoding="utf-8")
    capsys.readouterr()
    assert _import(root, plan_path, exports) == 0
    out = capsys.readouterr().out
    n = len(plan["items"])
    assert f"campaign {CID}: {n} of {n} planned items judged (complete)" in out, out
    card = yaml.safe_load((root / "judgments" / CID / "campaign.yaml").read_text())["plan"]
    assert card["complete"] is True
    per_slot = {
        f"a{40 + k}": sum(k in i["slots"] for i in plan["items"]) for k in (1, 2)
    }  # one account per slot: its count is the slot's load
    assert {a["annotator"]: a["judged"] for a in card["annotators"]} == per_slot
    assert {a["annotator"]: a["checks"] for a in card["attention"]} == {"a41": 1, "a42": 1}
    records = [
        json.loads(line)
        for path in sorted((root / "judgments" / CID).glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    assert len(records) == sum(len(i["slots"]) for i in plan["items"])


@pytest.mark.parametrize("fault", ["twice", "foreign slot", "other plan"])
def test_a_slot_task_out_of_place_stops_the_import(
    tmp_path: Path, fault: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan_path, plan, project = _plan_and_export(root, tmp_path)
    export = annotate(project / "slot-1", [41])
    single = next(i["id"] for i in plan["items"] if i["slots"] == [1])
    task = next(t for t in export if t["data"]["item"] == single)
    if fault == "twice":
        copy = json.loads(json.dumps(task))
        copy["id"] += 500
        copy["annotations"][0] |= {"id": 9999, "completed_by": 43}
        export.append(copy)
        said = f"item {single} of annotator slot 1 is in two tasks"
    elif fault == "foreign slot":
        task["data"]["slot"] = 2
        said = f"item {single} is planned for annotator slot(s) 1, not 2"
    else:  # a slot task of another plan is refused as such, whatever its slot
        task["data"] |= {"slot": 2, "plan": "0" * 16}
        said = "the task comes from another plan"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    capsys.readouterr()
    assert _import(root, plan_path, [path]) == 1
    assert said in capsys.readouterr().err
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before  # nothing written
