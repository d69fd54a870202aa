"""Leaderboard rows with cluster ids, read back from the site's own JSON downloads.

Each ``leaderboard-PAIR.json`` (written beside ``leaderboard-PAIR.csv`` by ``downloads``) is
one ranking; its primary measure is the first column that has a ``cluster`` column.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PATTERN = "leaderboard-*.json"


def _primary(columns: list[str]) -> str | None:
    for name in columns:
        if name.endswith(" cluster"):
            return name[: -len(" cluster")]
    return None


def board_rows(document: dict[str, Any]) -> dict[str, Any]:
    measure = _primary(document.get("columns", []))
    rows = []
    for row in document.get("rows", []):
        entry = {"system": row.get("system"), "name": row.get("name"), "rank": row.get("rank")}
        if measure is not None:
            entry.update(
                score=row.get(measure),
                ci_low=row.get(f"{measure} ci_low"),
                ci_high=row.get(f"{measure} ci_high"),
                cluster=row.get(f"{measure} cluster"),
            )
        rows.append(entry)
    return {"measure": measure, "rows": rows}


def _documents(site: Path) -> list[tuple[Path, dict[str, Any]]]:
    return [
        (path, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(site.rglob(PATTERN))
        if not any(part.startswith(".") for part in path.relative_to(site).parts)
    ]


def site_packages(site: Path) -> dict[str, str]:
    """The package versions the site's numbers were computed with, as its leaderboard downloads'
    provenance records them (the environment of the build, not of the release command);
    the installed ones when the site has no leaderboard."""
    from .provenance import installed, union_packages

    found = [
        tuple(doc.get("provenance", {}).get("packages", {}).items()) for _, doc in _documents(site)
    ]
    return dict(union_packages(found) if any(found) else installed())


def site_boards(site: Path) -> dict[str, Any]:
    """{table path relative to the site: {measure, rows}} for every leaderboard in ``site``."""
    return {
        path.relative_to(site).with_suffix(".csv").as_posix(): board_rows(document)
        for path, document in _documents(site)
    }
