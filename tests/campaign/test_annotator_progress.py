"""Progress per annotator (issue 57, goal 5): every import says, per Label Studio account, how many
of the plan's items it judged and how many of those are double-annotated; the campaign card keeps
it and the campaign page shows it beside what the plan asks of each annotator slot. Attention
checks are not judgments and do not count."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
import yaml

from litboard.cli import main
from litboard.pipeline.build import build_site

from ..helpers import FIXTURES, annotator_rows, copy_root
from .fake_labelstudio import annotate

TRACK = FIXTURES / "track"
CID = "fixture-track-mqm-new-mt-s5"


def test_each_account_counted_by_hand_in_report_card_and_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan_path, project = tmp_path / "plan.yaml", tmp_path / "project"
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", "mqm", "--budget", "16", "--paragraphs", "4"]
    assert main([*args, "--seed", "5", "--double-share", "0.5", "--out", str(plan_path)]) == 0
    plan = yaml.safe_load(plan_path.read_text(encoding="utf-8"))
    export_args = ["campaign", "export", str(plan_path), "--data", str(root)]
    assert main([*export_args, "--out", str(project)]) == 0
    slots = {i["id"]: len(i["slots"]) for i in plan["items"]}
    assert 1 in slots.values() and 2 in slots.values()  # both kinds of item are in the plan
    # three accounts in turn; two items left undone (a partial import counts what is judged)
    undone = {plan["items"][0]["id"], plan["items"][-1]["id"]}
    export = annotate(project, [31, 32, 33], undone=undone)
    expected: dict[str, list[int]] = {}
    for task in export:  # by hand: plan items only (the attention checks are not in `slots`)
        item = task["data"]["item"]
        for annotation in task["annotations"] if item in slots else []:
            got = expected.setdefault(f"a{annotation['completed_by']}", [0, 0])
            got[0] += 1
            got[1] += slots[item] > 1
    assert len(expected) == 3 and all(n > d for n, d in expected.values())
    (tmp_path / "export.json").write_text(json.dumps(export), encoding="utf-8")
    capsys.readouterr()
    import_args = ["campaign", "import", str(tmp_path / "export.json"), "--plan", str(plan_path)]
    assert main([*import_args, "--data", str(root), "--out", str(root)]) == 0
    out = capsys.readouterr().out
    for who, (n, d) in expected.items():
        assert f"annotator {who}: {n} items judged ({d} of them double-annotated)" in out, out
    card = yaml.safe_load((root / "judgments" / CID / "campaign.yaml").read_text())["plan"]
    assert {a["annotator"]: [a["judged"], a["double"]] for a in card["annotators"]} == expected
    per_slot = [sum(s == k for i in plan["items"] for s in i["slots"]) for k in (1, 2)]
    assert card["slot_load"] == {"slots": 2, "most": max(per_slot), "fewest": min(per_slot)}
    page = build_site([root], tmp_path / "site").out / "fixture-track" / "campaigns"
    text = html.unescape((page / f"{CID}.html").read_text(encoding="utf-8"))
    assert "Progress per annotator" in text and "among 2 annotator slots" in text
    shown = annotator_rows(text, "lb-annotators")
    assert shown == {a: [a, str(n), str(d)] for a, (n, d) in expected.items()}
