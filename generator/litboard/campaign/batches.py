"""Batches of tasks for named annotators (issue 57, goal 5): Label Studio's free edition assigns no
task to anyone (it serves each task to whoever asks first), so ``campaign export|push
--per-annotator`` makes one project per annotator slot of the plan, holding the tasks of the items
(and attention checks) planned for that slot, each asking for one annotation. A task of such a
project carries its slot (``data.slot``); ``join`` puts the slot tasks of one item back together
on import, so a per-annotator campaign imports as one project would, and the usual checks apply to
the joined task. An item given twice to one slot, or to a slot it was not planned for, stops the
import with both places named."""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Problem, Problems

SLOT = "slot"  # task data key: the annotator slot of a per-annotator project
Where = str
Task = dict[str, Any]


def check_names(names: list[str], plan: dict[str, Any], per_annotator: bool) -> list[str]:
    """``push --names``: one printable name per annotator slot, only with ``--per-annotator``."""
    slots = int(plan["annotators"])
    why = ""
    if names and not per_annotator:
        why = "--names needs --per-annotator (one project per annotator slot)"
    elif names and len(names) != slots:
        why = f"{len(names)} names for the plan's {slots} annotator slots"
    elif any(not n.strip() or not n.isprintable() or len(n) > 60 for n in names):
        why = "a name is empty, longer than 60 characters or holds control characters"
    if why:
        raise DataError(
            [Problem("campaign push", 0, "--names", why, f"give {slots} names, one per slot")]
        )
    return [n.strip() for n in names]


def planned_slots(plan: dict[str, Any]) -> dict[str, list[int]]:
    """Item (or attention check) id -> its annotator slots."""
    return {
        str(i["id"]): [int(s) for s in i["slots"]]
        for i in plan["items"] + list(plan.get("attention") or [])
    }


def split(plan: dict[str, Any], tasks: list[Task]) -> dict[int, list[Task]]:
    """Slot -> its project's tasks (in the order of ``tasks``): a task per slot of its item, with
    the slot and one annotation wanted."""
    slots = planned_slots(plan)
    out: dict[int, list[Task]] = {k: [] for k in range(1, int(plan["annotators"]) + 1)}
    for task in tasks:
        for slot in slots[str(task["data"]["item"])]:
            data = dict(task["data"], annotations_wanted=1)
            data[SLOT] = slot
            out.setdefault(slot, []).append(dict(task, data=data))
    return {k: v for k, v in out.items() if v}


def join(
    plan: dict[str, Any], sha: str, tasks: list[tuple[Where, Task]]
) -> list[tuple[Where, Task]]:
    """The slot tasks of each item as one task (annotations of every slot, the item's own
    ``annotations_wanted``), at the place of its first; other tasks as they are (one of another
    plan, ``sha``, or of no item of this one: ``checks.check_export`` refuses it). DataError for
    a slot that is not one of the item's or a slot given twice."""
    slots = planned_slots(plan)
    problems = Problems()
    first: dict[str, int] = {}  # item -> index in out of its joined task
    seen: dict[tuple[str, int], Where] = {}
    out: list[tuple[Where, Task]] = []
    for where, task in tasks:
        data = task.get("data")
        if not isinstance(data, dict) or SLOT not in data:
            out.append((where, task))
            continue
        item, slot = str(data.get("item")), data[SLOT]
        if item not in slots or data.get("plan") != sha[:16]:
            out.append((where, task))  # not this plan's item: check_export says so
            continue
        if not isinstance(slot, int) or isinstance(slot, bool) or slot not in slots[item]:
            problems.add(
                where,
                0,
                "data.slot",
                f"item {item} is planned for annotator slot(s) "
                f"{', '.join(map(str, slots[item]))}, not {slot!r}",
                "import the exports of the projects this plan's push or export made",
            )
            continue
        if (item, slot) in seen:
            problems.add(
                where,
                0,
                "data.slot",
                f"item {item} of annotator slot {slot} is in two tasks: {seen[item, slot]} and "
                f"{where}",
                "import each slot project's export once",
            )
            continue
        seen[item, slot] = where
        annotations = list(task.get("annotations") or [])
        if item not in first:
            joined = {k: v for k, v in data.items() if k != SLOT}
            joined["annotations_wanted"] = len(slots[item])
            first[item] = len(out)
            out.append((where, dict(task, data=joined, annotations=annotations)))
        else:
            at, (was, kept) = first[item], out[first[item]]
            both = list(kept.get("annotations") or []) + annotations
            out[at] = (f"{was} + {where}", dict(kept, annotations=both))
    problems.raise_if_any()
    return out
