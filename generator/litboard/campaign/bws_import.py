"""BWS exports: the Label Studio importer has no best-worst block, so the two choices of each
annotation ("TRANSLATION k" for best and worst) are read here, with the importer's annotator ids
('a' + the Label Studio user id). An annotation without both choices, or with the same
translation as best and worst, is skipped and counted."""

from __future__ import annotations

import json
from typing import Any

from ..files.ids import slug
from .checks import Progress, person
from .labelconfig import shown


def _choice(annotation: dict[str, Any], control: str) -> str:
    for result in annotation.get("result") or []:
        if isinstance(result, dict) and result.get("from_name") == control:
            got = (result.get("value") or {}).get("choices")
            if isinstance(got, list) and len(got) == 1 and isinstance(got[0], str):
                return got[0]
    return ""


def bws_campaign(
    plan: dict[str, Any], progress: Progress, expertise: str
) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """(campaign card, {file name: JSONL text}, report lines) of a BWS plan's export."""
    items = {i["id"]: i for i in plan["items"]}
    records, people, skipped = [], set(), 0
    for item_id, task in sorted(progress.tasks.items()):
        item = items[item_id]
        labels = {shown(n): system for n, system in enumerate(item["systems"], start=1)}
        for annotation in task.get("annotations") or []:
            if (
                not isinstance(annotation, dict)
                or annotation.get("was_cancelled")
                or not person(annotation)
            ):
                continue
            best, worst = (
                labels.get(_choice(annotation, "best")),
                labels.get(_choice(annotation, "worst")),
            )
            if best is None or worst is None or best == worst:
                skipped += 1
                continue
            who = slug(f"a{person(annotation)}")
            people.add(who)
            records.append(
                {
                    "pair": plan["pair"],
                    "paragraph": item["paragraph"],
                    "annotator": who,
                    "systems": list(item["systems"]),
                    "best": best,
                    "worst": worst,
                }
            )
    card = {
        "id": plan["campaign"],
        "title": f"Best-worst scaling ({plan['campaign']})",
        "scheme": "bws",
        "source": "Label Studio export",
        "annotators": [{"id": p, "expertise": expertise} for p in sorted(people)],
    }
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    lines = [
        f"read: {len(records)} best-worst judgments"
        + (
            f", {skipped} annotations without a usable best and worst choice (skipped)"
            if skipped
            else ""
        )
    ]
    return card, {"judgments.jsonl": text}, lines
