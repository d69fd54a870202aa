"""Blind by construction (issue 44, goal 5): the exported tasks carry the texts under data keys
Label Studio renders as text (with the key 'source' its labelling view showed the whole task
JSON, other annotators' work included), nothing but the texts and the plan ids, and the
project file carries the overlap and blindness settings Label Studio needs."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from litboard.cli import main

from ..helpers import FIXTURES

TRACK = FIXTURES / "track"
# keys the labelling view shows: a real Label Studio 1.23.2 rendered 'src', and dumped the task
# JSON for 'source' (issue 44)
SHOWN = {"src", "tgt", "tgt_a", "tgt_b", "merged", "tgt_1", "tgt_2", "tgt_3", "tgt_4"}
SHOWN |= {"context_before", "context_after"}  # the neighbouring source paragraphs (issue 57)
IDS = {"item", "plan", "annotations_wanted", "slot"}  # slot: a per-annotator project's task


@pytest.mark.parametrize("scheme", ["mqm", "esa", "pairwise", "bws", "ruler"])
def test_tasks_hold_only_shown_texts_and_ids(tmp_path: Path, scheme: str) -> None:
    plan = tmp_path / "plan.yaml"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(TRACK),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                scheme,
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "3",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    project = tmp_path / "ls"
    assert main(["campaign", "export", str(plan), "--data", str(TRACK), "--out", str(project)]) == 0
    tasks = json.loads((project / "tasks.json").read_text(encoding="utf-8"))
    for task in tasks:
        assert set(task) == {"data"}  # no annotations, predictions, drafts or meta of anyone
        assert set(task["data"]) <= SHOWN | IDS and "source" not in task["data"]
    shown = {
        t.get("value", "")[1:]
        for t in ET.fromstring((project / "config.xml").read_text()).iter("Text")
    }
    assert shown <= SHOWN and "src" in shown
    assert all(key in tasks[0]["data"] for key in shown)
    settings = json.loads((project / "project.json").read_text(encoding="utf-8"))
    items = yaml.safe_load(plan.read_text())["items"]
    most = max(len(i["slots"]) for i in items)
    assert settings["maximum_annotations"] == most
    # every task asks for `most` annotations by hand (push then sets each task's own overlap)
    assert settings["overlap_cohort_percentage"] == 100
    assert settings["show_overlap_first"] is True and settings["show_annotation_history"] is False
    assert (
        settings["enable_empty_annotation"] is False
        and settings["show_collab_predictions"] is False
    )


@pytest.mark.parametrize("scheme", ["mqm", "pairwise", "ruler"])
def test_nothing_an_annotator_sees_names_a_system(tmp_path: Path, scheme: str) -> None:
    """The default campaign id names the new system (``track-scheme-system-sSEED``); the project
    title, description and instructions, which every annotator sees, carry its digest instead,
    and no text of the project (tasks, config, settings) names any system of the track."""
    from litboard.campaign.instructions import blind_name

    plan = tmp_path / "plan.yaml"
    args = ["campaign", "plan", "fixture-track", "--data", str(TRACK), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", scheme, "--budget", "16", "--paragraphs", "4"]
    assert main([*args, "--seed", "3", "--out", str(plan)]) == 0
    loaded = yaml.safe_load(plan.read_text(encoding="utf-8"))
    assert "new-mt" in loaded["campaign"]  # the id does name it: the project must not show it
    project = tmp_path / "ls"
    assert main(["campaign", "export", str(plan), "--data", str(TRACK), "--out", str(project)]) == 0
    settings = json.loads((project / "project.json").read_text(encoding="utf-8"))
    digest = blind_name(loaded)
    assert len(digest) == 8 and digest in settings["title"] and digest in settings["description"]
    assert digest in settings["expert_instruction"] and len(settings["title"]) <= 50
    systems = {
        s for item in loaded["items"] for s in item["systems"]
    } | {"new-mt", loaded["campaign"]}
    for name in ("project.json", "config.xml", "tasks.json"):
        text = (project / name).read_text(encoding="utf-8")
        assert not [s for s in systems if s in text], name
    batches = tmp_path / "batches"  # one project per annotator slot: the same holds for each
    export = ["campaign", "export", str(plan), "--data", str(TRACK), "--per-annotator"]
    assert main([*export, "--out", str(batches)]) == 0
    shown = sorted(batches.glob("slot-*/*"))
    assert len(shown) == 3 * int(loaded["annotators"])
    for path in shown:
        text = path.read_text(encoding="utf-8")
        assert not [s for s in systems if s in text], path
