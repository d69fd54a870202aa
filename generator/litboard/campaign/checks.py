"""Check a Label Studio export against its plan: extra or foreign tasks, items judged twice by
the same person (errors: nothing is written), and what is still missing (a partial import).

An annotation without the scheme's required answer (``answers``) is no judgment: it is taken out
of its task (nothing is imported from it), its item stays pending and ``Progress.unanswered``
names it for the import summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Problems
from .answers import missing_answer


@dataclass
class Progress:
    """Per plan item, the people who judged it; what is pending; notes for the report."""

    judged_by: dict[str, list[str]] = field(default_factory=dict)
    tasks: dict[str, dict[str, Any]] = field(default_factory=dict)  # item -> its task
    notes: list[str] = field(default_factory=list)
    # (item, annotation key, "<task>, annotation K by annotator N: why", stalls the task)
    unanswered: list[tuple[str, str, str, bool]] = field(default_factory=list)
    # item -> where its task is (file:line: task)
    where: dict[str, str] = field(default_factory=dict)

    def complete(self, item: dict[str, Any]) -> bool:
        return len(self.judged_by.get(item["id"], [])) >= len(item["slots"])


def person(annotation: dict[str, Any]) -> str:
    user = annotation.get("completed_by")
    user = user.get("id") if isinstance(user, dict) else user
    return "" if user is None or isinstance(user, (bool, list, dict)) else str(user)


def annotation_key(annotation: dict[str, Any]) -> str:
    """An annotation's identity across exports: its Label Studio id (or, without one, its
    annotator and creation time)."""
    return (
        str(annotation.get("id"))
        if annotation.get("id") is not None
        else f"user {annotation.get('completed_by')} at {annotation.get('created_at')}"
    )


def check_export(
    tasks: list[tuple[str, dict[str, Any]]], plan: dict[str, Any], sha: str
) -> Progress:
    """``tasks``: (where, task) from the export files. DataError for extra/foreign/duplicate
    tasks and repeated judgments; the returned Progress says what is judged."""
    items = {i["id"]: i for i in plan["items"]}
    problems = Problems()
    progress = Progress()
    for where, task in tasks:
        data = given if isinstance(given := task.get("data"), dict) else {}
        item: Any = data.get("item")  # a JSON value; an item of the plan below
        if data.get("plan") != sha[:16]:
            problems.add(
                where,
                0,
                "data.plan",
                f"the task comes from another plan ({data.get('plan')!r}, this plan is {sha[:16]})",
                "import each export with the plan it was exported from",
            )
            continue
        if item not in items:
            problems.add(
                where,
                0,
                "data.item",
                f"extra task: {item!r} is not an item of the plan",
                "remove the task from the project, or plan again",
            )
            continue
        if item in progress.tasks:
            problems.add(
                where,
                0,
                "data.item",
                f"item {item} is in two tasks: {progress.where[item]} and {where}",
                "import each task once (drop one of the two exports, or the task)",
            )
            continue
        progress.where[item] = where
        task = _answered_only(where, str(item), task, plan["scheme"], progress)
        progress.tasks[item] = task
        progress.judged_by[item] = _people(where, task, problems)
    for item in plan["items"]:
        n, want = len(progress.judged_by.get(item["id"], [])), len(item["slots"])
        if n > want:
            progress.notes.append(
                f"item {item['id']}: {n} annotators, the plan asked for {want} (all kept)"
            )
    people = {p for judged in progress.judged_by.values() for p in judged}
    if len(people) > int(plan.get("annotators", len(people))):
        progress.notes.append(
            f"{len(people)} annotators took part; the plan has {plan['annotators']} annotator "
            "slots (all judgments kept)"
        )
    problems.raise_if_any()
    return progress


def _answered_only(
    where: str, item: str, task: dict[str, Any], scheme: str, progress: Progress
) -> dict[str, Any]:
    """The task with only the annotations that are judgments; the others go to ``unanswered``
    (an empty or cancelled one stalls its task: Label Studio counts it as done)."""
    kept = []
    for annotation in task.get("annotations") or []:
        if not isinstance(annotation, dict):
            continue
        cancelled = bool(annotation.get("was_cancelled"))
        why = (
            "cancelled (skipped) in Label Studio"
            if cancelled
            else missing_answer(scheme, annotation)
        )
        if why:
            text = (
                f"{where}, annotation {annotation.get('id', '?')} by annotator "
                f"{person(annotation) or '?'}: {why}"
            )
            stalls = cancelled or not annotation.get("result")
            progress.unanswered.append((item, annotation_key(annotation), text, stalls))
        else:
            kept.append(annotation)
    return dict(task, annotations=kept)


def _people(where: str, task: dict[str, Any], problems: Problems) -> list[str]:
    """The people who completed the task (not cancelled); a repeated person is an error."""
    seen: list[str] = []
    for annotation in task.get("annotations") or []:
        if not isinstance(annotation, dict) or annotation.get("was_cancelled"):
            continue
        who = person(annotation)
        if who and who in seen:
            problems.add(
                where,
                0,
                "annotations.completed_by",
                f"annotator {who} judged this item twice",
                "delete one of the two annotations in Label Studio and export again",
            )
        elif who:
            seen.append(who)
    return seen


def system_progress(plan: dict[str, Any], progress: Progress) -> list[dict[str, Any]]:
    """Per planned system: paragraphs planned, and judged (every item of the system on the
    paragraph has all its planned annotators)."""
    # system -> paragraph -> all judged
    done: dict[str, dict[str, bool]] = {s: {} for s in plan["systems"]}
    for item in plan["items"]:
        complete = progress.complete(item)
        for system in item["systems"]:
            paragraphs = done.setdefault(system, {})
            paragraphs[item["paragraph"]] = paragraphs.get(item["paragraph"], True) and complete
    return [
        {"system": s, "planned": len(done[s]), "judged": sum(done[s].values())}
        for s in plan["systems"]
    ]


def annotator_progress(plan: dict[str, Any], progress: Progress) -> list[dict[str, Any]]:
    """Per annotator (``a<Label Studio user>``, as the attention checks name them): the plan
    items they judged, and how many of those are double-annotated items (planned for more than
    one annotator), in the order of their names."""
    from ..files.ids import slug
    from .batches import planned_slots

    slots = planned_slots(plan)
    per: dict[str, list[int]] = {}
    for item, people in progress.judged_by.items():
        for who in people:
            counts = per.setdefault(slug(f"a{who}"), [0, 0])
            counts[0] += 1
            counts[1] += len(slots.get(str(item), [1])) > 1
    return [
        {"annotator": a, "judged": n, "double": d} for a, (n, d) in sorted(per.items())
    ]


def slot_load(plan: dict[str, Any]) -> dict[str, int]:
    """What the plan asks of each annotator slot: judgments per slot, the most and the fewest
    (Label Studio serves tasks to whoever asks first, so the slots say how the work is meant to
    be shared, not who does it)."""
    load = [0] * max(int(plan.get("annotators", 1)), 1)
    for item in plan["items"]:
        for slot in item["slots"]:
            if 1 <= int(slot) <= len(load):
                load[int(slot) - 1] += 1
    return {"slots": len(load), "most": max(load), "fewest": min(load)}
