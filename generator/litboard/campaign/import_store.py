"""Merge a new Label Studio export into what earlier imports of the same plan kept.

The main campaign folder keeps ``labelstudio-import.json`` (``STATE``): per plan item, the task
data and every annotation imported so far (as Label Studio exported it), and the files the
import wrote (the manifest ``import_write`` removes by). A re-import merges by annotation id:
an annotation the new export has replaces the kept one when its ``updated_at`` is newer (or
equal and its content differs: "changed"), as does a new annotation of the same annotator on the
same item (the old one was deleted in Label Studio); one the new export lacks is kept, unless
``--replace`` drops what the new export lacks ("removed"). ``Merge.lines`` says, per item,
what was added, changed, kept and removed.

An import is written in steps (``import_write``); its new state goes first to ``PENDING`` beside
``STATE``, and becomes ``STATE`` once every file is in place. A ``PENDING`` left by an
interrupted import is that import's state: the next import reads it (its tasks, and the files
either state lists, with either state's digest, as the import's own) and so completes it; a
build refuses the folder until then.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem

STATE = "labelstudio-import.json"
PENDING = "labelstudio-import.pending.json"  # the state of an import that is being written
KINDS = ("added", "changed", "kept", "removed")
Task = dict[str, Any]


@dataclass
class Merge:
    tasks: list[tuple[str, Task]] = field(default_factory=list)  # (where, task) to check and import
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # item -> kind -> n
    first: bool = True  # no earlier import: every annotation is added, no line per item
    # per item, what Label Studio lost since the earlier import (deleted or replaced
    # annotations, deleted tasks) and what the import did about it
    events: list[str] = field(default_factory=list)
    fresh: set[tuple[str, str]] = field(default_factory=set)  # (item, annotation) new or changed

    def lines(self) -> list[str]:
        total = {k: sum(c.get(k, 0) for c in self.counts.values()) for k in KINDS}
        out = [f"annotations: {', '.join(f'{total[k]} {k}' for k in KINDS)}"]
        for item, c in [] if self.first else sorted(self.counts.items()):
            if any(c.get(k) for k in ("added", "changed", "removed")):
                out.append(f"item {item}: " + ", ".join(f"{c.get(k, 0)} {k}" for k in KINDS))
        return out + self.events


def read_state(folder: Path, sha: str) -> dict[str, Any]:
    """The kept state of an earlier import of the plan ``sha`` into ``folder`` (empty if none).
    After an interrupted import, its pending state, with the previous state's file digests
    under ``before`` (a file it had not replaced yet still has them)."""
    pending = _read(folder / PENDING, sha)
    state = _read(folder / STATE, sha)
    if pending is None:
        return state or {"tasks": {}, "written": {}}
    return dict(pending, before=(state or {}).get("written") or {})


def own_folders(judgments: Path, campaign: str) -> set[str]:
    """The campaign folders imports of the plan of ``campaign`` wrote (by their state files):
    the import rewrites them, so it does not read them as part of the track."""
    found = {campaign}
    for name in (STATE, PENDING):
        try:
            state = json.loads((judgments / campaign / name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if isinstance(state, dict) and isinstance(state.get("written"), dict):
            found |= {str(rel).split("/")[0] for rel in state["written"]}
    return found


def _read(path: Path, sha: str) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DataError(
            [
                Problem(
                    str(path),
                    0,
                    "file",
                    f"is not the JSON an import wrote ({error})",
                    "restore it from version control (it keeps the imported annotations)",
                )
            ]
        )
    if not isinstance(state, dict) or state.get("plan_sha256") != sha:
        raise DataError(
            [
                Problem(
                    str(path),
                    0,
                    "plan_sha256",
                    "was written by an import of another plan",
                    "import into the root and campaign of that plan",
                )
            ]
        )
    return state


def state_text(sha: str, tasks: dict[str, Task], written: dict[str, str]) -> str:
    """The state as JSON with one line per written file and per task (diffable, and written by
    the C encoder: an indented dump is several times slower)."""

    def line(key: str, value: Any) -> str:
        return f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"

    files = ",\n".join(line(k, written[k]) for k in sorted(written))
    items = ",\n".join(line(k, tasks[k]) for k in sorted(tasks))
    return (
        f'{{"plan_sha256": {json.dumps(sha)},\n"written": {{\n{files}\n}},\n'
        f'"tasks": {{\n{items}\n}}}}\n'
    )


def _key(annotation: dict[str, Any]) -> str:
    from .checks import annotation_key

    return annotation_key(annotation)


def _person(annotation: dict[str, Any]) -> str:
    from .checks import person

    return person(annotation)


def _newer(new: dict[str, Any], old: dict[str, Any]) -> bool:
    stamp = [str(a.get("updated_at") or a.get("created_at") or "") for a in (new, old)]
    return stamp[0] > stamp[1] or (stamp[0] == stamp[1] and new != old)


def merge(
    kept: dict[str, Task], fresh: list[tuple[str, Task]], replace: bool, where_kept: str
) -> Merge:
    """``fresh`` (where, task) from the new exports merged into the ``kept`` tasks by item."""
    out = Merge(first=not kept)
    seen: set[str] = set()
    for where, task in fresh:
        data = given if isinstance(given := task.get("data"), dict) else {}
        item = str(data.get("item"))
        old = kept.get(item) if item not in seen else None
        seen.add(item)
        out.tasks.append((where, _merged_task(item, where, task, old, replace, out)))
    for item in sorted(set(kept) - seen):
        old_annotations = kept[item].get("annotations") or []
        counts = out.counts.setdefault(item, {})
        counts["removed" if replace else "kept"] = len(old_annotations)
        done = "removed (--replace)" if replace else _KEPT
        out.events.append(
            f"item {item}: its task is not in this export (deleted in Label Studio?): its "
            f"{len(old_annotations)} annotation(s) from an earlier import {done}"
        )
        if not replace:
            where = f"{where_kept}: item {item} (kept from an earlier import)"
            out.tasks.append((where, kept[item]))
    return out


_KEPT = "kept (import with --replace to drop what the export lacks)"


def _merged_task(
    item: str, where: str, task: Task, old: Task | None, replace: bool, out: Merge
) -> Task:
    counts = out.counts.setdefault(item, {})
    new = [a for a in task.get("annotations") or [] if isinstance(a, dict)]
    by_id = {_key(a): a for a in (old or {}).get("annotations") or [] if isinstance(a, dict)}
    merged = []
    for annotation in new:
        before = by_id.pop(_key(annotation), None)
        who = _person(annotation)
        redone = [k for k, a in by_id.items() if before is None and who and _person(a) == who]
        # the annotator's earlier annotation was deleted in Label Studio, this one replaces it
        if redone:
            kind, chosen = "changed", annotation
            for k in redone:
                del by_id[k]
                out.events.append(
                    f"{where} (item {item}): annotation {k} of annotator {who} was deleted in "
                    f"Label Studio and replaced by annotation {_key(annotation)}: the new one "
                    "is imported"
                )
        elif before is None:
            kind, chosen = "added", annotation
        elif _newer(annotation, before):
            kind, chosen = "changed", annotation
        else:
            kind, chosen = "kept", before
        if kind != "kept":
            out.fresh.add((item, _key(annotation)))
        counts[kind] = counts.get(kind, 0) + 1
        merged.append(chosen)
    for k, gone in sorted(by_id.items()):
        done = "removed (--replace)" if replace else _KEPT
        out.events.append(
            f"{where} (item {item}): annotation {k} of annotator {_person(gone) or '?'} is not "
            f"in this export (deleted in Label Studio?): {done}"
        )
    if replace:
        counts["removed"] = counts.get("removed", 0) + len(by_id)
    else:
        counts["kept"] = counts.get("kept", 0) + len(by_id)
        merged += by_id.values()
    others = [a for a in task.get("annotations") or [] if not isinstance(a, dict)]
    return dict(task, annotations=merged + others)
