"""Attention checks, as WMT's BAD items: a copy of a planned translation with one injected error,
mixed into an annotator's tasks and scored on import; never a judgment of any system.

- plan time (``plan_checks``): per annotator slot, ``ATTENTION_PER_ANNOTATOR`` checks drawn from
  the plan's seed (its own stream: the rest of the plan is unchanged), each naming the plan item it
  copies, the system whose paragraph is degraded, the injection (``swap`` two adjacent words,
  ``delete`` two words, ``replace`` three words by the opening words of another planned paragraph)
  and the word where it starts; the texts come from the track at export (``degrade``);
- export (``export.check_data``): the task shows the item's source and context and the degraded text
  (pairwise: the same system's paragraph intact on one side, degraded on the other);
- import (``score``): an annotation passes when it marks an error span overlapping the injected
  one (MQM, ESA) or prefers the intact side (pairwise). The results go to the campaign card's
  plan block (``attention``, per annotator) for the campaign page; the check tasks are kept out
  of the judgments, so no ranking or agreement figure counts them.

BWS and RULER plans get no checks: a BWS tuple's worst pick and a RULER rating of one degraded
copy say nothing without the same annotator's answer on the intact text (``NOT_OFFERED``).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

ATTENTION_PER_ANNOTATOR = 1
KINDS = ("swap", "delete", "replace")
SCORED = ("mqm", "esa", "pairwise")
NOT_OFFERED = (
    "no attention checks for {scheme}: a degraded copy's {what} says nothing without the same "
    "annotator's answer on the intact text"
)
MIN_WORDS = 8  # room for the injection away from the paragraph's first and last words
WORD = re.compile(r"\S+")


def is_check(plan: dict[str, Any], item: Any) -> bool:
    return item in {c["id"] for c in plan.get("attention") or []}


def plan_checks(
    plan: dict[str, Any], translations: dict[tuple[str, str], str], per_annotator: int
) -> list[dict[str, Any]]:
    """The plan's checks: ``per_annotator`` for each annotator slot, on items whose degraded
    paragraph has at least ``MIN_WORDS`` words; [] for schemes no check is offered for."""
    if plan["scheme"] not in SCORED or per_annotator < 1:
        return []
    rng = np.random.default_rng([int(plan["seed"]), 2])
    items = [i for i in plan["items"] if _long_enough(i, translations)]
    checks: list[dict[str, Any]] = []
    for slot in range(1, int(plan["annotators"]) + 1):
        for _ in range(per_annotator):
            if not items:
                return checks
            item = items[int(rng.integers(len(items)))]
            side = int(rng.integers(len(item["systems"])))
            system = item["systems"][side]
            words = len(WORD.findall(translations[(system, item["paragraph"])]))
            donors = [p for p in plan["paragraphs"] if p != item["paragraph"]]
            check = {
                # the items' own sequence: Label Studio's Data Manager shows the ids
                "id": f"t{len(plan['items']) + len(checks) + 1:04d}",
                "item": item["id"],
                "system": system,
                "side": side,
                "kind": KINDS[int(rng.integers(len(KINDS)))],
                "word": int(rng.integers(1, words - 4)),
                "donor": donors[int(rng.integers(len(donors)))] if donors else item["paragraph"],
                "slots": [slot],
            }
            checks.append(check)
    return checks


def _long_enough(item: dict[str, Any], translations: dict[tuple[str, str], str]) -> bool:
    return all(
        len(WORD.findall(translations.get((s, item["paragraph"]), ""))) >= MIN_WORDS
        for s in item["systems"]
    )


def degrade(text: str, kind: str, word: int, donor: str) -> tuple[str, tuple[int, int]]:
    """``text`` with the injected error and the (start, end) code-point span it occupies (for a
    deletion: the words either side of the gap)."""
    spans = [m.span() for m in WORD.finditer(text)]
    if kind == "swap":
        (s1, e1), (s2, e2) = spans[word], spans[word + 1]
        new = text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:]
        return new, (s1, e2)  # the same length: the two words and the gap between them
    if kind == "delete":
        start, end = spans[word][0], spans[word + 2][0]
        new = text[:start] + text[end:]
        before = spans[word - 1][0]
        after = start + (spans[word + 2][1] - spans[word + 2][0])
        return new, (before, after)
    inserted = " ".join(WORD.findall(donor)[:3]) or "…"
    start, end = spans[word][0], spans[word + 2][1]
    return text[:start] + inserted + text[end:], (start, start + len(inserted))


def check_text(
    check: dict[str, Any], item: dict[str, Any], translations: dict[tuple[str, str], str]
) -> tuple[str, tuple[int, int]]:
    """The degraded paragraph of ``check`` and its injected span."""
    original = translations[(check["system"], item["paragraph"])]
    donor = translations.get((check["system"], check["donor"]), "")
    return degrade(original, check["kind"], int(check["word"]), donor)


def pseudo_item(check: dict[str, Any], item: dict[str, Any], scheme: str) -> dict[str, Any]:
    """The check as a plan item (for ``export.task_data``): pairwise shows the check's system on
    both sides."""
    systems = [check["system"]] * (2 if scheme == "pairwise" else 1)
    return {"id": check["id"], "paragraph": item["paragraph"], "systems": systems, "slots": [1]}


def passed(
    check: dict[str, Any], annotation: dict[str, Any], scheme: str, span: tuple[int, int]
) -> bool:
    """Whether ``annotation`` caught the injected error: a marked error span on the translation
    overlapping it (MQM, ESA), or the intact side chosen (pairwise)."""
    results = [r for r in annotation.get("result") or [] if isinstance(r, dict)]
    if scheme == "pairwise":
        from .labelconfig import PAIR_CHOICES

        intact = PAIR_CHOICES[1 - int(check["side"])]
        chosen = [
            c
            for r in results
            if r.get("from_name") == "better" and isinstance(r.get("value"), dict)
            for c in r["value"].get("choices") or []
        ]
        return chosen == [intact]
    for r in results:
        raw = r.get("value")
        value: dict[str, Any] = raw if isinstance(raw, dict) else {}
        start, end = value.get("start"), value.get("end")
        if r.get("from_name") == "errors" and isinstance(start, int) and isinstance(end, int):
            if start < span[1] and span[0] < end:
                return True
    return False


def score(
    plan: dict[str, Any],
    tasks: dict[str, dict[str, Any]],
    translations: dict[tuple[str, str], str],
) -> tuple[list[dict[str, Any]], list[str]]:
    """Per annotator (``a<Label Studio user>``): checks answered and passed, and one report line
    per answered check. ``tasks``: check id -> its task (only the annotations that are
    judgments under the scheme)."""
    from ..files.ids import slug
    from .checks import person

    items = {i["id"]: i for i in plan["items"]}
    per: dict[str, list[int]] = {}
    lines = []
    for check in plan.get("attention") or []:
        task = tasks.get(check["id"])
        if task is None:
            continue
        _, span = check_text(check, items[check["item"]], translations)
        for annotation in task.get("annotations") or []:
            who = slug(f"a{person(annotation)}")
            ok = passed(check, annotation, plan["scheme"], span)
            counts = per.setdefault(who, [0, 0])
            counts[0] += 1
            counts[1] += ok
            verdict = "caught the injected error" if ok else "MISSED the injected error"
            lines.append(
                f"attention check {check['id']} ({check['kind']} in a copy of {check['item']}): "
                f"annotator {who} {verdict}"
            )
    rows = [{"annotator": a, "checks": n, "passed": k} for a, (n, k) in sorted(per.items())]
    return rows, lines


def mixed(plan: dict[str, Any], tasks: list[Any], checks: list[Any]) -> list[Any]:
    """``checks`` inserted among ``tasks`` at places drawn from the plan's seed (never first:
    an annotator meets a real task before any check)."""
    rng = np.random.default_rng([int(plan["seed"]), 3])
    out = list(tasks)
    for check in checks:
        out.insert(int(rng.integers(1, len(out) + 1)) if out else 0, check)
    return out
