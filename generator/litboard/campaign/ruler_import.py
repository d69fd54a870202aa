"""RULER exports (paper 004): the Label Studio importer has no rubric block, so each
annotation's four ``Rating`` results (``schemes.RULER_CRITERIA``, 1-5 stars) are read here into
the ``ruler`` scheme (scores keyed by the criterion's title, as the campaign card lists them),
with the importer's annotator ids ('a' + the Label Studio user id). ``checks`` already dropped
annotations without every rating; a rating off the 1-5 scale skips its annotation (counted)."""

from __future__ import annotations

import json
from typing import Any

from ..files.ids import slug
from .checks import Progress, person
from .schemes import RULER_CRITERIA, RULER_SCALE


def _ratings(annotation: dict[str, Any]) -> dict[str, int] | None:
    """Criterion title -> rating, or None when one is missing or off the scale."""
    found: dict[str, int] = {}
    for result in annotation.get("result") or []:
        value = result.get("value") if isinstance(result, dict) else None
        rating = value.get("rating") if isinstance(value, dict) else None
        for criterion in RULER_CRITERIA:
            if (
                result.get("from_name") == criterion.name
                and isinstance(rating, (int, float))
                and not isinstance(rating, bool)
                and rating == int(rating)
                and RULER_SCALE[0] <= rating <= RULER_SCALE[1]
            ):
                found[criterion.title] = int(rating)
    return found if len(found) == len(RULER_CRITERIA) else None


def ruler_campaign(
    plan: dict[str, Any], progress: Progress, expertise: str
) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """(campaign card, {file name: JSONL text}, report lines) of a RULER plan's export."""
    items = {i["id"]: i for i in plan["items"]}
    records, people, skipped = [], set(), 0
    for item_id, task in sorted(progress.tasks.items()):
        item = items[item_id]
        for annotation in task.get("annotations") or []:
            scores = (
                _ratings(annotation)
                if isinstance(annotation, dict) and person(annotation)
                else None
            )
            if scores is None:
                skipped += 1
                continue
            who = slug(f"a{person(annotation)}")
            people.add(who)
            records.append(
                {
                    "system": item["systems"][0],
                    "pair": plan["pair"],
                    "paragraph": item["paragraph"],
                    "annotator": who,
                    "scores": scores,
                }
            )
    card = {
        "id": plan["campaign"],
        "title": f"RULER rubric ratings ({plan['campaign']})",
        "scheme": "ruler",
        "source": "Label Studio export",
        "guideline": "paper 004 (RULER), Appendix C rubric",
        "annotators": [{"id": p, "expertise": expertise} for p in sorted(people)],
        "criteria": [c.title for c in RULER_CRITERIA],
        "scale": {"min": RULER_SCALE[0], "max": RULER_SCALE[1]},
    }
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    lines = [
        f"read: {len(records)} RULER ratings"
        + (f", {skipped} annotations with a rating off the 1-5 scale (skipped)" if skipped else "")
    ]
    return card, {"judgments.jsonl": text}, lines
