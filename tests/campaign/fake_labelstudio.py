"""Play the annotators: turn an exported Label Studio project (config.xml + tasks.json) into the
JSON export Label Studio would give after people annotated it.

Reads the labelling config to know the controls; per task, as many annotations as
``data.annotations_wanted`` (annotator ids from ``--annotators`` in turn, as Label Studio's
``completed_by`` integers), each with a ``result`` list: error spans (offsets into the text the
span's Text tag shows, ``value.text`` the selected characters, a label of the config; a
per-region severity with the span's result id), the choices, a rationale, a 0-100 number, star
ratings. ``--undone ITEM`` leaves those plan items without annotations (a partial export).

    python tests/campaign/fake_labelstudio.py PROJECT_DIR OUT.json [--undone t0003] [--prefer 1]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable

Prefer = Callable[[dict[str, Any]], int]  # task data -> index of the choice to take


def controls(config: str) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(config)
    out: dict[str, list[ET.Element]] = {}
    for tag in ("Labels", "Choices", "TextArea", "Number", "Text", "Rating"):
        out[tag] = list(root.iter(tag))
    return out


def _spans(text: str, to_name: str, labels: ET.Element, n: int) -> list[tuple[int, int, str]]:
    """``n`` word spans of ``text`` (never a 'TRANSLATION k' header word): (start, end, label)."""
    values = [c.get("value", "") for c in labels.iter("Label")]
    words = [m for m in re.finditer(r"\w{3,}", text) if m.group() not in ("TRANSLATION",)]
    picked = [words[(k * 7 + 2) % len(words)] for k in range(n)] if words else []
    return [
        (m.start(), m.end(), values[(m.start() + k) % len(values)]) for k, m in enumerate(picked)
    ]


def _result(rid: str, c: ET.Element, kind: str, value: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": rid,
        "from_name": c.get("name"),
        "to_name": c.get("toName"),
        "type": kind,
        "origin": "manual",
        "value": value,
    }


def annotation_results(
    data: dict[str, Any], ctl: dict[str, list[ET.Element]], who: int, prefer: Prefer
) -> list[dict[str, Any]]:
    fields = {t.get("name"): t.get("value", "").lstrip("$") for t in ctl["Text"]}
    results: list[dict[str, Any]] = []
    for labels in ctl["Labels"]:
        text = data[fields[labels.get("toName")]]
        for k, (start, end, label) in enumerate(
            _spans(text, labels.get("toName"), labels, 2 + who % 2)
        ):
            rid = f"r{who}-{k}"
            results.append(
                _result(
                    rid,
                    labels,
                    "labels",
                    {"start": start, "end": end, "text": text[start:end], "labels": [label]},
                )
            )
            for region in [c for c in ctl["Choices"] if c.get("perRegion") == "true"]:
                options = [o.get("value") for o in region.iter("Choice")]
                results.append(
                    _result(
                        rid,
                        region,
                        "choices",
                        {
                            "start": start,
                            "end": end,
                            "text": text[start:end],
                            "choices": [options[k % len(options)]],
                        },
                    )
                )
    for choices in [c for c in ctl["Choices"] if c.get("perRegion") != "true"]:
        options = [o.get("value") for o in choices.iter("Choice")]
        pick = prefer(data) if choices.get("name") != "worst" else -1 - prefer(data)
        results.append(
            _result(
                f"c{who}-{choices.get('name')}",
                choices,
                "choices",
                {"choices": [options[pick % len(options)]]},
            )
        )
    for area in [c for c in ctl["TextArea"] if c.get("perRegion") != "true"]:
        results.append(
            _result(
                f"t{who}",
                area,
                "textarea",
                {"text": [f"Annotator {who}: the chosen translation keeps the tone."]},
            )
        )
    for number in ctl["Number"]:
        results.append(_result(f"n{who}", number, "number", {"number": 60 + 10 * prefer(data)}))
    # 1..maxRating, by annotator, criterion and preference
    for k, rating in enumerate(ctl["Rating"]):
        stars = 1 + (who + k + prefer(data)) % int(rating.get("maxRating", "5"))
        results.append(_result(f"s{who}-{k}", rating, "rating", {"rating": stars}))
    return results


def annotate(
    project: Path,
    annotators: list[int],
    undone: set[str] = frozenset(),  # type: ignore[assignment]
    prefer: Prefer = lambda data: 0,
) -> list[dict[str, Any]]:
    ctl = controls((project / "config.xml").read_text(encoding="utf-8"))
    tasks = json.loads((project / "tasks.json").read_text(encoding="utf-8"))
    export, turn, ann_id = [], 0, 5000
    for number, task in enumerate(tasks, start=1):
        data = task["data"]
        annotations = []
        for _ in range(0 if data["item"] in undone else int(data["annotations_wanted"])):
            who = annotators[turn % len(annotators)]
            turn += 1
            ann_id += 1
            annotations.append(
                {
                    "id": ann_id,
                    "completed_by": who,
                    "was_cancelled": False,
                    "ground_truth": False,
                    "lead_time": 600.0 + number,
                    "created_at": f"2026-11-24T10:{number % 60:02d}:00.000000Z",
                    "result": annotation_results(data, ctl, who, prefer),
                    "task": number,
                }
            )
        export.append(
            {
                "id": number,
                "data": data,
                "annotations": annotations,
                "predictions": [],
                "drafts": [],
                "file_upload": "tasks.json",
            }
        )
    return export


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--annotators", type=int, nargs="+", default=[11, 12])
    parser.add_argument("--undone", nargs="*", default=[])
    parser.add_argument(
        "--prefer", type=int, default=0, help="index of the choice every annotator takes"
    )
    args = parser.parse_args(argv)
    export = annotate(args.project, args.annotators, set(args.undone), lambda data: args.prefer)
    args.out.write_text(json.dumps(export, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
