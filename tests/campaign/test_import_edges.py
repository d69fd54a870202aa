"""`campaign import` on the edges a real Label Studio campaign has (issue 44, goals 3, 4 and 10):
nothing invented (an annotation without the scheme's answer is no judgment), nothing lost (a
re-import merges by annotation id; only --replace drops), no file it did not write touched, and
messages that name the user's export files."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from litboard.cli import main

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotate

TRACK = FIXTURES / "track"
CID = "fixture-track-{scheme}-new-mt-s5"


def _setup(tmp: Path, scheme: str) -> tuple[Path, Path, Path]:
    root = copy_root(TRACK, tmp / "root")
    plan, project = tmp / "plan.yaml", tmp / "project"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(root),
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
                "5",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    assert main(["campaign", "export", str(plan), "--data", str(root), "--out", str(project)]) == 0
    return root, plan, project


def _import(root: Path, plan: Path, export: list, out: Path, *extra: str) -> int:
    out.write_text(json.dumps(export), encoding="utf-8")
    return main(
        [
            "campaign",
            "import",
            str(out),
            "--plan",
            str(plan),
            "--data",
            str(root),
            "--out",
            str(root),
            *extra,
        ]
    )


def _card(root: Path, scheme: str) -> dict:
    path = root / "judgments" / CID.format(scheme=scheme) / "campaign.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["plan"]


def _records(root: Path, cid: str) -> list[dict]:
    return [
        json.loads(line)
        for path in sorted((root / "judgments" / cid).glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


def _spans_records(root: Path, scheme: str) -> list[dict]:
    cid = CID.format(scheme=scheme)
    return [
        r
        for folder in sorted((root / "judgments").glob(f"{cid}-spans*"))
        for r in _records(root, folder.name)
    ]


def _drop(result: list, control: str) -> list:
    return [r for r in result if r.get("from_name") != control]


def test_empty_dict_and_unanswered_results_are_not_judgments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    export = annotate(project, [21, 22])
    empty, as_dict, no_pref = (
        export[0]["annotations"][0],
        export[1]["annotations"][0],
        export[2]["annotations"][0],
    )
    empty["result"] = []
    as_dict["result"] = {"from_name": "better", "value": {"choices": ["TRANSLATION 1"]}}
    no_pref["result"] = _drop(no_pref["result"], "better")
    assert _import(root, plan, export, tmp_path / "mine.json") == 0
    out = capsys.readouterr().out
    for annotation, why in (
        (empty, "its result is empty"),
        (as_dict, "its result is a dict, not a list"),
        (no_pref, "no answer for better"),
    ):
        assert (
            f"annotation {annotation['id']} by annotator {annotation['completed_by']}: {why}"
        ) in out
    assert f"{tmp_path / 'mine.json'}:" in out
    assert f"not a judgment (item {export[0]['data']['item']} stays pending)" in out
    card = _card(root, "pairwise")
    items = len(yaml.safe_load(plan.read_text())["items"])
    assert card["complete"] is False and card["judged"] == items - 3
    assert f"{items - 3} of {items} planned items judged (partial)" in out
    # nothing was imported from them: no preference, no error-free span record
    prefs = _records(root, CID.format(scheme="pairwise"))
    # (nor from the attention checks: copies with an injected error, never judgments)
    checks = {c["id"] for c in yaml.safe_load(plan.read_text())["attention"]}
    assert checks and any(t["data"]["item"] in checks for t in export)
    judged = [t for t in export if t["data"]["item"] not in checks]
    assert len(prefs) == sum(len(t["annotations"]) for t in judged) - 3
    items_by_id = {i["id"]: i for i in yaml.safe_load(plan.read_text())["items"]}
    for task, annotation in zip(export[:3], (empty, as_dict, no_pref)):
        item = items_by_id[task["data"]["item"]]
        for folder in (root / "judgments").glob(f"{CID.format(scheme='pairwise')}-spans*"):
            if all(s in folder.name.split("-spans-")[1] for s in item["systems"]):
                assert not [
                    r
                    for r in _records(root, folder.name)
                    if r["paragraph"] == item["paragraph"]
                    and r["annotator"] == f"a{annotation['completed_by']}"
                ]


def test_mqm_empty_result_is_pending_but_a_confirmed_error_free_one_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "mqm")
    export = annotate(project, [21, 22])
    export[0]["annotations"][0]["result"] = []
    confirmed = export[1]["annotations"][0]
    confirmed["result"] = [r for r in confirmed["result"] if r.get("from_name") == "done"]
    assert confirmed["result"], "the MQM config asks to confirm that every error is marked"
    assert _import(root, plan, export, tmp_path / "e.json") == 0
    out = capsys.readouterr().out
    assert "its result is empty" in out and "neither an error span" not in out
    assert _card(root, "mqm")["complete"] is False
    records = _records(root, CID.format(scheme="mqm"))
    assert any(r["errors"] == [] for r in records)  # the confirmed error-free translation


def test_older_partial_export_never_drops_judgments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    full = annotate(project, [21, 22])
    assert _import(root, plan, full, tmp_path / "full.json") == 0
    capsys.readouterr()
    prefs, spans = _records(root, CID.format(scheme="pairwise")), _spans_records(root, "pairwise")
    undone = {t["data"]["item"] for t in full[:5]}
    partial = [
        dict(t, annotations=[] if t["data"]["item"] in undone else t["annotations"]) for t in full
    ]
    assert _import(root, plan, partial, tmp_path / "partial.json") == 0
    out = capsys.readouterr().out
    assert _card(root, "pairwise")["complete"] is True
    assert (
        _records(root, CID.format(scheme="pairwise")) == prefs
        and _spans_records(root, "pairwise") == spans
    )
    total = sum(len(t["annotations"]) for t in full)
    assert f"annotations: 0 added, 0 changed, {total} kept, 0 removed" in out

    assert _import(root, plan, partial, tmp_path / "partial.json", "--replace") == 0
    out = capsys.readouterr().out
    removed = sum(len(t["annotations"]) for t in full[:5])
    assert f"annotations: 0 added, 0 changed, {total - removed} kept, {removed} removed" in out
    for item in undone:
        assert f"item {item}: 0 added, 0 changed, 0 kept, " in out
    assert _card(root, "pairwise")["complete"] is False
    assert len(_records(root, CID.format(scheme="pairwise"))) == len(prefs) - removed
    kept_spans = _spans_records(root, "pairwise")
    assert len(kept_spans) < len(spans) and all(r in spans for r in kept_spans)


def test_newest_updated_at_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    first = annotate(project, [21, 22])
    for task in first:
        for a in task["annotations"]:
            a["updated_at"] = "2026-11-24T12:00:00Z"
    assert _import(root, plan, first, tmp_path / "a.json") == 0
    capsys.readouterr()
    second = copy.deepcopy(first)
    newer, older = second[0]["annotations"][0], second[1]["annotations"][0]
    for annotation, stamp in ((newer, "2026-11-25T09:00:00Z"), (older, "2026-11-23T09:00:00Z")):
        annotation["updated_at"] = stamp
        for r in annotation["result"]:
            if r["from_name"] == "better":
                r["value"]["choices"] = [
                    "TRANSLATION 2"
                    if r["value"]["choices"] == ["TRANSLATION 1"]
                    else "TRANSLATION 1"
                ]
    second[2]["annotations"].append(
        dict(copy.deepcopy(second[2]["annotations"][0]), id=777, completed_by=29)
    )
    assert _import(root, plan, second, tmp_path / "b.json") == 0
    out = capsys.readouterr().out
    assert f"item {second[0]['data']['item']}: 0 added, 1 changed" in out
    assert f"item {second[2]['data']['item']}: 1 added, 0 changed" in out
    # the older edit is ignored: nothing happened
    assert f"item {second[1]['data']['item']}:" not in out
    state = json.loads(
        (root / "judgments" / CID.format(scheme="pairwise") / "labelstudio-import.json").read_text()
    )
    kept = {a["id"]: a for t in state["tasks"].values() for a in t["annotations"]}
    assert (
        kept[newer["id"]] == newer
        and kept[older["id"]] == first[1]["annotations"][0]
        and 777 in kept
    )


def test_reimport_touches_no_file_it_did_not_write(tmp_path: Path) -> None:
    """The texts come from a second copy of the track (--data), so that the written root may hold
    files its loader would reject; the import still must not delete them."""
    root, plan, project = _setup(tmp_path, "pairwise")
    data = copy_root(TRACK, tmp_path / "data")
    cid = CID.format(scheme="pairwise")
    full = annotate(project, [21, 22])

    def run(export: list, *extra: str) -> int:
        (tmp_path / "e.json").write_text(json.dumps(export), encoding="utf-8")
        return main(
            [
                "campaign",
                "import",
                str(tmp_path / "e.json"),
                "--plan",
                str(plan),
                "--data",
                str(data),
                "--out",
                str(root),
                *extra,
            ]
        )

    assert run(full) == 0
    folder = root / "judgments" / cid
    (folder / "NOTES.md").write_text("my notes\n")
    (folder / "figs").mkdir()
    (folder / "figs" / "plot.svg").write_text("<svg/>\n")
    stage = root / "judgments" / f".{cid}.importing"
    stage.mkdir()
    (stage / "mine.txt").write_text("mine\n")
    assert run([dict(t, annotations=[]) for t in full[:3]] + full[3:], "--replace") == 0
    assert (folder / "NOTES.md").read_text() == "my notes\n"
    assert (folder / "figs" / "plot.svg").read_text() == "<svg/>\n"
    assert (stage / "mine.txt").read_text() == "mine\n"
    assert not [
        p for p in (root / "judgments").iterdir() if p.name.startswith(f".{cid}.importing-")
    ]
    assert _card(root, "pairwise")["complete"] is False


def test_an_edited_imported_file_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "mqm")
    assert _import(root, plan, annotate(project, [21, 22]), tmp_path / "a.json") == 0
    data = next((root / "judgments" / CID.format(scheme="mqm")).glob("*.jsonl"))
    data.write_text(data.read_text() + "\n")
    capsys.readouterr()
    assert _import(root, plan, annotate(project, [21, 22]), tmp_path / "a.json") == 1
    assert "was written by an earlier import and edited since" in capsys.readouterr().err
    assert data.read_text().endswith("\n\n")


def test_two_tasks_of_one_item_name_both_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "mqm")
    export = annotate(project, [21, 22])
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.write_text(json.dumps(export), encoding="utf-8")
    two.write_text(json.dumps(export[:1]), encoding="utf-8")
    assert (
        main(
            [
                "campaign",
                "import",
                str(one),
                str(two),
                "--plan",
                str(plan),
                "--data",
                str(root),
                "--out",
                str(root),
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    item = export[0]["data"]["item"]
    assert f"item {item} is in two tasks: {one}:" in err and f" and {two}:" in err


def test_importer_messages_name_the_users_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "mqm")
    export = annotate(project, [21, 22])
    span = next(r for r in export[0]["annotations"][0]["result"] if r["from_name"] == "errors")
    span["value"]["labels"] = ["No such label"]
    assert _import(root, plan, export, tmp_path / "mine.json") == 0
    out = capsys.readouterr().out
    assert (
        "No such label" in out
        and f"{tmp_path / 'mine.json'}:" in out
        and "litboard-campaign-" not in out
    )
