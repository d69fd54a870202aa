"""Build Label Studio JSON exports in tests (no stored copies): tasks, annotations, results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def span(
    rid: str,
    to_name: str,
    text: str,
    part: str,
    labels: list[str],
    *,
    start: int | None = None,
    from_name: str = "errors",
) -> dict[str, Any]:
    """A ``labels`` result selecting ``part`` in ``text`` (first occurrence unless ``start``)."""
    at = text.index(part) if start is None else start
    return {
        "id": rid,
        "from_name": from_name,
        "to_name": to_name,
        "type": "labels",
        "origin": "manual",
        "value": {"start": at, "end": at + len(part), "text": part, "labels": labels},
    }


def region_choice(rid: str, from_name: str, to_name: str, choice: str) -> dict[str, Any]:
    """A per-region Choices result attached to span ``rid`` (same id, as Label Studio does)."""
    return {
        "id": rid,
        "from_name": from_name,
        "to_name": to_name,
        "type": "choices",
        "value": {"choices": [choice]},
    }


def region_text(rid: str, from_name: str, to_name: str, text: str) -> dict[str, Any]:
    return {
        "id": rid,
        "from_name": from_name,
        "to_name": to_name,
        "type": "textarea",
        "value": {"text": [text]},
    }


def choice(from_name: str, to_name: str, value: str) -> dict[str, Any]:
    return {
        "id": f"c-{from_name}",
        "from_name": from_name,
        "to_name": to_name,
        "type": "choices",
        "value": {"choices": [value]},
    }


def rating(from_name: str, to_name: str, value: int) -> dict[str, Any]:
    return {
        "id": f"r-{from_name}",
        "from_name": from_name,
        "to_name": to_name,
        "type": "rating",
        "value": {"rating": value},
    }


def annotation(
    aid: int, user: int | dict[str, Any], results: list[dict[str, Any]], cancelled: bool = False
) -> dict[str, Any]:
    return {
        "id": aid,
        "completed_by": user,
        "result": results,
        "was_cancelled": cancelled,
        "ground_truth": False,
        "lead_time": 12.5,
        "task": 0,
    }


def task(tid: int, data: dict[str, Any], annotations: list[dict[str, Any]]) -> dict[str, Any]:
    for a in annotations:
        a["task"] = tid
    return {"id": tid, "data": data, "annotations": annotations, "predictions": [], "project": 7}


def write(path: Path, tasks: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps(tasks, ensure_ascii=False, indent=1), encoding="utf-8")
    return path
