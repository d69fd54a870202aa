"""`campaign import` hides no change and wedges on nothing (issue 57, goals 2-4): a deletion,
a replacement, an empty and a cancelled annotation are each reported once per item, with the
export's own line and, for a task Label Studio now counts as done, what to do there; a user's
``figs/`` folder in a campaign folder is left alone by import, validate and build; an import
interrupted at any of its writes leaves the previous state readable or is completed by the
next run."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from litboard.cli import main
from litboard.load import load
from litboard.errors import DataError

from .fake_labelstudio import annotate
from .test_import_edges import CID, _setup

PLAN_CID = CID.format(scheme="pairwise")


def _pulled(export: list[dict[str, Any]]) -> str:
    """The export as `campaign pull` writes it: one task per line."""
    return "[\n" + ",\n".join(json.dumps(t) for t in export) + "\n]\n"


def _run(root: Path, plan: Path, export: list[dict[str, Any]], path: Path, *extra: str) -> int:
    path.write_text(_pulled(export), encoding="utf-8")
    args = ["campaign", "import", str(path), "--plan", str(plan), "--data", str(root)]
    return main(args + ["--out", str(root), *extra])


def _line_of(export: list[dict[str, Any]], index: int) -> int:
    return index + 2  # line 1 is "["


def test_deleted_replaced_empty_and_cancelled_annotations_are_each_reported_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    export = annotate(project, [21, 22])
    first = tmp_path / "first.json"
    assert _run(root, plan, export, first) == 0
    capsys.readouterr()

    later = copy.deepcopy(export)
    deleted = later[0]["annotations"].pop(0)  # deleted in Label Studio
    replaced = later[1]["annotations"][0]  # deleted and redone by the same annotator
    old_id, replaced["id"] = replaced["id"], 9001
    empty = dict(later[2]["annotations"][0], id=9002, result=[], completed_by=23)
    later[2]["annotations"].append(empty)  # sent through the API: the task is "done"
    cancelled = dict(later[3]["annotations"][0], id=9003, was_cancelled=True, completed_by=24)
    later[3]["annotations"].append(cancelled)
    second = tmp_path / "second.json"
    assert _run(root, plan, later, second) == 0
    out = capsys.readouterr().out
    item = [t["data"]["item"] for t in later]
    at = [f"{second}:{_line_of(later, i)}: task {later[i]['id']} (item {item[i]})" for i in (0, 1)]
    assert (
        f"{at[0]}: annotation {deleted['id']} of annotator {deleted['completed_by']} is not in "
        "this export (deleted in Label Studio?): kept (import with --replace" in out
    )
    assert (
        f"{at[1]}: annotation {old_id} of annotator {replaced['completed_by']} was deleted in "
        "Label Studio and replaced by annotation 9001: the new one is imported" in out
    )
    stalled = "Label Studio counts it as done and will not serve the task again: delete this"
    for index, annotation, why in ((2, empty, "its result is empty"), (3, cancelled, "cancelled")):
        line = next(x for x in out.splitlines() if f"annotation {annotation['id']} by" in x)
        assert line.startswith(f"not a judgment (item {item[index]} judged by others): ")
        assert f"{second}:{_line_of(later, index)}: task {later[index]['id']}" in line
        assert why in line and stalled in line
    assert out.count("annotation 9002 by") == 1 and out.count("annotation 9003 by") == 1

    # the next import (same annotations) says nothing again about the empty and cancelled
    third = tmp_path / "third.json"
    assert _run(root, plan, later, third) == 0
    out = capsys.readouterr().out
    assert "annotation 9002" not in out and "annotation 9003" not in out
    assert "not a judgment" not in out
    # the deletion is still true of this export, so it is still said (once)
    assert out.count(f"annotation {deleted['id']} of annotator") == 1

    # --replace drops the deleted annotation, and says so
    assert _run(root, plan, later, tmp_path / "fourth.json", "--replace") == 0
    out = capsys.readouterr().out
    assert f"annotation {deleted['id']} of annotator {deleted['completed_by']}" in out
    assert "removed (--replace)" in out


def test_a_deleted_task_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    export = annotate(project, [21, 22])
    assert _run(root, plan, export, tmp_path / "a.json") == 0
    capsys.readouterr()
    assert _run(root, plan, export[1:], tmp_path / "b.json") == 0
    out = capsys.readouterr().out
    n = len(export[0]["annotations"])
    assert (
        f"item {export[0]['data']['item']}: its task is not in this export (deleted in Label "
        f"Studio?): its {n} annotation(s) from an earlier import kept" in out
    )


def test_a_users_folder_in_a_campaign_folder_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    export = annotate(project, [21, 22], undone={"t0001"})
    assert _run(root, plan, export, tmp_path / "a.json") == 0
    folder = root / "judgments" / PLAN_CID
    figs = folder / "figs"
    figs.mkdir()
    (figs / "plot.svg").write_text("<svg/>", encoding="utf-8")
    (folder / "agreement.csv").write_text("a,b\n", encoding="utf-8")
    assert main(["validate", "--data", str(root)]) == 0
    assert load([root]).campaigns[PLAN_CID]["plan"]["complete"] is False
    assert _run(root, plan, annotate(project, [21, 22]), tmp_path / "b.json") == 0
    assert main(["build", "--data", str(root), "--out", str(tmp_path / "site")]) == 0
    assert (figs / "plot.svg").read_text(encoding="utf-8") == "<svg/>"
    assert (folder / "agreement.csv").read_text(encoding="utf-8") == "a,b\n"
    assert "is not a litboard data file" not in capsys.readouterr().err


class Interrupted(BaseException):
    """Stands for a signal arriving at one write of the import."""


def _snapshot(root: Path) -> dict[str, bytes]:
    judgments = root / "judgments"
    return {
        p.relative_to(judgments).as_posix(): p.read_bytes()
        for p in sorted(judgments.rglob("*"))
        if p.is_file()
    }


WRITES: list[tuple[Any, str]] = [
    (os, "replace"),
    (Path, "write_bytes"),
    (Path, "write_text"),
    (Path, "unlink"),
    (Path, "rmdir"),
    (Path, "mkdir"),
]


def _interrupt_at(
    monkeypatch: pytest.MonkeyPatch, at: int, killed: bool, root: Path
) -> Callable[[], int]:
    """Make the ``at``-th write under ``root`` raise (``killed``: the import's own clean-up does
    not run either, as under SIGKILL); the count of writes so far."""
    count = [0]

    def wrap(owner: Any, name: str) -> None:
        real = getattr(owner, name)

        def write(*args: Any, **kwargs: Any) -> Any:
            if any(str(a).startswith(str(root)) for a in args[:1]):
                count[0] += 1
                if count[0] == at:
                    raise Interrupted(f"write {at}: {name}")
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, write)

    for owner, name in WRITES:
        wrap(owner, name)
    if killed:
        monkeypatch.setattr(shutil, "rmtree", lambda *a, **k: None)
    return lambda: count[0]


@pytest.mark.parametrize("killed", [False, True], ids=["signal", "kill"])
def test_an_import_interrupted_at_every_write_is_completed_by_the_next(
    killed: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _setup(tmp_path, "pairwise")
    partial = annotate(project, [21, 22], undone={"t0001", "t0002"})
    full = annotate(project, [21, 22])
    full[3]["annotations"][0]["id"] = 7777  # a replaced annotation: a stale record goes
    assert _run(root, plan, partial, tmp_path / "a.json") == 0
    base = tmp_path / "base"
    shutil.copytree(root, base)
    # what an uninterrupted second import writes
    assert _run(root, plan, full, tmp_path / "b.json") == 0
    done = _snapshot(root)
    before = _snapshot(base)
    assert done != before
    at, writes = 1, None
    while writes is None or at <= writes:
        shutil.rmtree(root)
        shutil.copytree(base, root)
        export = tmp_path / "b.json"
        export.write_text(_pulled(full), encoding="utf-8")
        with pytest.MonkeyPatch.context() as patch:
            count = _interrupt_at(patch, at, killed, root)
            args = ["campaign", "import", str(export), "--plan", str(plan), "--data", str(root)]
            try:
                main(args + ["--out", str(root)])
                writes = count()  # no write left to interrupt: all were tried
            except Interrupted:
                pass
        now = _snapshot(root)
        if writes is None and now != before:  # the previous state stands, or a build says
            with pytest.raises(DataError, match="run the same `litboard campaign import` again"):
                load([root])
        assert _run(root, plan, full, export) == 0, f"interrupted at write {at}"
        assert _snapshot(root) == done, f"interrupted at write {at}"
        at += 1
    capsys.readouterr()
    assert writes and writes >= 10  # every staged file, the state, each move, the stale record
