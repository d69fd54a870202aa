"""Merge a new Label Studio export into what earlier imports of the same plan kept.

The main campaign folder keeps ``labelstudio-import.json`` (``STATE``): per plan item, the task
data and every annotation imported so far (as Label Studio exported it), and the files the
import wrote (the manifest ``import_write`` removes by). A re-import merges by annotation id:
an annotation the new export has replaces the kept one when its ``updated_at`` is newer (or
equal and its content differs: "changed"), as does a new annotation of the same annotator on the
same item (the old one was deleted in Label Studio); one the new export lacks is kept, unless
``--replace`` drops what the new export lacks ("removed"). ``Merge.lines`` says, per item,
what was added, changed, kept and removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem

STATE = "labelstudio-import.json"
KINDS = ("added", "changed", "kept", "removed")
Task = dict[str, Any]


@dataclass
class Merge:
    tasks: list[tuple[str, Task]] = field(default_factory=list)  # (where, task) to check and import
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # item -> kind -> n
    first: bool = True  # no earlier import: every annotation is added, no line per item

    def lines(self) -> list[str]:
        total = {k: sum(c.get(k, 0) for c in self.counts.values()) for k in KINDS}
        out = [f"annotations: {', '.join(f'{total[k]} {k}' for k in KINDS)}"]
        for item, c in [] if self.first else sorted(self.counts.items()):
            if any(c.get(k) for k in ("added", "changed", "removed")):
                out.append(f"item {item}: " + ", ".join(f"{c.get(k, 0)} {k}" for k in KINDS))
        return out


def read_state(folder: Path, sha: str) -> dict[str, Any]:
    """The kept state of an earlier import of the plan ``sha`` into ``folder`` (empty if none)."""
    path = folder / STATE
    if not path.is_file():
        return {"tasks": {}, "written": {}}
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
    return (
        str(annotation.get("id"))
        if annotation.get("id") is not None
        else f"user {annotation.get('completed_by')} at {annotation.get('created_at')}"
    )


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
        out.tasks.append((where, _merged_task(item, task, old, replace, out)))
    for item in sorted(set(kept) - seen):
        old_annotations = kept[item].get("annotations") or []
        counts = out.counts.setdefault(item, {})
        if replace:
            counts["removed"] = len(old_annotations)
            continue
        counts["kept"] = len(old_annotations)
        out.tasks.append((f"{where_kept}: item {item} (kept from an earlier import)", kept[item]))
    return out


def _merged_task(item: str, task: Task, old: Task | None, replace: bool, out: Merge) -> Task:
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
        elif before is None:
            kind, chosen = "added", annotation
        elif _newer(annotation, before):
            kind, chosen = "changed", annotation
        else:
            kind, chosen = "kept", before
        counts[kind] = counts.get(kind, 0) + 1
        merged.append(chosen)
    if replace:
        counts["removed"] = counts.get("removed", 0) + len(by_id)
    else:
        counts["kept"] = counts.get("kept", 0) + len(by_id)
        merged += by_id.values()
    others = [a for a in task.get("annotations") or [] if not isinstance(a, dict)]
    return dict(task, annotations=merged + others)
