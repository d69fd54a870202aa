"""Attention checks (issue 57, goal 5), as WMT's BAD items: a copy of a planned translation with an
injected error, drawn at plan time from the seed, mixed into the tasks, scored on import per
annotator, shown on the campaign page and never a judgment of any system."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
import yaml

from litboard.campaign.attention import check_text, degrade
from litboard.campaign.export import texts
from litboard.cli import main
from litboard.load.datasets import load_all
from litboard.pipeline.build import build_site

from ..helpers import FIXTURES, annotator_rows, copy_root
from .fake_labelstudio import annotate

TRACK = FIXTURES / "track"
CID = "fixture-track-{scheme}-new-mt-s5"


def test_injections_and_their_spans_by_hand() -> None:
    text = "one two three four five six seven eight"
    assert degrade(text, "swap", 2, "") == ("one two four three five six seven eight", (8, 18))
    # words 2 and 3 deleted: the span covers the words either side of the gap ("two five")
    new, span = degrade(text, "delete", 2, "")
    assert new == "one two five six seven eight" and new[span[0] : span[1]] == "two five"
    new, span = degrade(text, "replace", 1, "alpha beta gamma delta")
    assert new == "one alpha beta gamma five six seven eight"
    assert new[span[0] : span[1]] == "alpha beta gamma"


def _plan(root: Path, out: Path, scheme: str, *extra: str) -> dict:
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", scheme, "--budget", "16", "--paragraphs", "4"]
    assert main(args + ["--seed", "5", "--out", str(out), *extra]) == 0
    return yaml.safe_load(out.read_text(encoding="utf-8"))


def _import(root: Path, plan: Path, export: list, out: Path) -> int:
    out.write_text(json.dumps(export), encoding="utf-8")
    args = ["campaign", "import", str(out), "--plan", str(plan), "--data", str(root)]
    return main(args + ["--out", str(root)])


def test_checks_are_planned_from_the_seed_and_leave_the_plan_alone(tmp_path: Path) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan = _plan(root, tmp_path / "plan.yaml", "mqm")
    without = _plan(root, tmp_path / "plain.yaml", "mqm", "--attention", "0")
    again = _plan(root, tmp_path / "again.yaml", "mqm")
    assert plan == again  # same seed, same checks
    assert without["attention"] == [] and {k: v for k, v in plan.items() if k != "attention"} == {
        k: v for k, v in without.items() if k != "attention"
    }
    checks = plan["attention"]
    assert [c["slots"] for c in checks] == [[1], [2]]  # one per annotator slot
    # ids continue the items' sequence: nothing in Label Studio's Data Manager gives them away
    n = len(plan["items"])
    assert [c["id"] for c in checks] == [f"t{n + 1:04d}", f"t{n + 2:04d}"]
    items = {i["id"]: i for i in plan["items"]}
    assert all(c["system"] in items[c["item"]]["systems"] for c in checks)


def test_no_checks_for_ruler_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    capsys.readouterr()
    assert _plan(root, tmp_path / "plan.yaml", "ruler")["attention"] == []
    assert "no attention checks for ruler" in capsys.readouterr().out


def _export(root: Path, tmp: Path, scheme: str) -> tuple[Path, dict, Path]:
    plan_path, project = tmp / "plan.yaml", tmp / "project"
    plan = _plan(root, plan_path, scheme)
    args = ["campaign", "export", str(plan_path), "--data", str(root), "--out", str(project)]
    assert main(args) == 0
    return plan_path, plan, project


def test_mqm_checks_are_scored_per_annotator_and_never_judgments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan_path, plan, project = _export(root, tmp_path, "mqm")
    tasks = json.loads((project / "tasks.json").read_text(encoding="utf-8"))
    checks = {c["id"]: c for c in plan["attention"]}
    shown = [t["data"] for t in tasks if t["data"]["item"] in checks]
    assert len(shown) == 2 and tasks[0]["data"]["item"] not in checks
    assert len(tasks) == len(plan["items"]) + 2
    for data in shown:  # blind, with the item's source and context, and the degraded text
        assert "system" not in data and "new-mt" not in json.dumps(data)
        original = next(
            t["data"] for t in tasks if t["data"]["item"] == checks[data["item"]]["item"]
        )
        assert data["src"] == original["src"] and data["context_before"]
        assert data["tgt"] != original["tgt"]
    export = annotate(project, [11, 12])
    span_result = next(
        r for t in export for a in t["annotations"] for r in a["result"] if r["type"] == "labels"
    )
    translations = texts(load_all([root])[0], plan)[1]
    items = {i["id"]: i for i in plan["items"]}
    expected: dict[str, list[int]] = {}
    first_id = plan["attention"][0]["id"]
    for task in export:  # the first check's first annotator marks the injected span, the rest
        check = checks.get(task["data"]["item"])  # mark only the paragraph's last character
        if check is None:
            continue
        degraded, (start, end) = check_text(check, items[check["item"]], translations)
        assert degraded == task["data"]["tgt"]
        for n, annotation in enumerate(task["annotations"]):
            spans = [r for r in annotation["result"] if r["type"] == "labels"]
            if not spans:
                spans = [json.loads(json.dumps(span_result))]
                annotation["result"].append(spans[0])
            ok = check["id"] == first_id and n == 0
            at = (start, end) if ok else (len(degraded) - 1, len(degraded))
            for r in spans:
                r["value"] |= {"start": at[0], "end": at[1], "text": degraded[at[0] : at[1]]}
            got = expected.setdefault(f"a{annotation['completed_by']}", [0, 0])
            got[0] += 1
            got[1] += ok
    caught, first = first_id, next(t for t in export if t["data"]["item"] == first_id)
    catcher = f"a{first['annotations'][0]['completed_by']}"
    capsys.readouterr()
    assert _import(root, plan_path, export, tmp_path / "export.json") == 0
    out = capsys.readouterr().out
    assert f"attention check {caught} (" in out
    assert f"annotator {catcher} caught the injected error" in out
    card = yaml.safe_load(
        (root / "judgments" / CID.format(scheme="mqm") / "campaign.yaml").read_text()
    )["plan"]
    assert card["attention_checks"] == 2 and sum(v[1] for v in expected.values()) == 1
    rows = {r["annotator"]: r for r in card["attention"]}
    assert {a: [r["checks"], r["passed"]] for a, r in rows.items()} == expected
    # the checks are no judgments: every MQM record is of a plan item's paragraph and system
    records = [
        json.loads(line)
        for path in sorted((root / "judgments" / CID.format(scheme="mqm")).glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    planned = {(i["paragraph"], i["systems"][0]) for i in plan["items"]}
    judged = sum(len(t["annotations"]) for t in export if t["data"]["item"] not in checks)
    assert len(records) == judged and {(r["paragraph"], r["system"]) for r in records} <= planned
    page = build_site([root], tmp_path / "site").out / "fixture-track" / "campaigns"
    text = html.unescape((page / f"{CID.format(scheme='mqm')}.html").read_text(encoding="utf-8"))
    assert "Attention checks per annotator" in text and "2 attention checks were mixed" in text
    assert annotator_rows(text, "lb-attention") == {
        a: [a, str(r["checks"]), f"{r['passed']} of {r['checks']}"] for a, r in rows.items()
    }


def test_pairwise_check_is_caught_by_preferring_the_intact_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan_path, plan, project = _export(root, tmp_path, "pairwise")
    checks = {c["id"]: c for c in plan["attention"]}
    # every annotator takes TRANSLATION 1: caught exactly where the degraded copy is side 2
    export = annotate(project, [21, 22], prefer=lambda data: 0)
    tasks = {t["data"]["item"]: t for t in export}
    for cid, check in checks.items():
        data = tasks[cid]["data"]
        sides = (data["tgt_a"], data["tgt_b"])
        assert sides[0] != sides[1] and "TRANSLATION 1" in data["merged"]
    capsys.readouterr()
    assert _import(root, plan_path, export, tmp_path / "export.json") == 0
    card = yaml.safe_load(
        (root / "judgments" / CID.format(scheme="pairwise") / "campaign.yaml").read_text()
    )["plan"]
    expected: dict[str, list[int]] = {}
    for cid, check in checks.items():
        for a in tasks[cid]["annotations"]:
            got = expected.setdefault(f"a{a['completed_by']}", [0, 0])
            got[0] += 1
            got[1] += check["side"] == 1
    assert {r["annotator"]: [r["checks"], r["passed"]] for r in card["attention"]} == expected
