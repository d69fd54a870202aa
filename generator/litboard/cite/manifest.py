"""What a release records: data versions, repository commit, signatures, prompt hashes.

Read from the data roots' own cards (``corpus/dataset.yaml`` with its ``source`` block and
``judgments/*/campaign.yaml``), not from the rendered site, so nothing is lost in rendering.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .. import __version__
from ..errors import Problems
from ..load.textfiles import read_yaml
from ..runtime.process import git


def repository_commit(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD") or "unknown"


def _card(path: Path, problems: Problems) -> dict[str, Any]:
    data, _ = read_yaml(path, problems, str(path))
    return data if isinstance(data, dict) else {}


def datasets(roots: Sequence[Path], problems: Problems) -> list[dict[str, Any]]:
    out = []
    for root in roots:
        path = root / "corpus" / "dataset.yaml"
        if not path.is_file():
            problems.add(
                path, 0, "dataset", "missing", "pass --data with a data root (corpus/dataset.yaml)"
            )
            continue
        card = _card(path, problems)
        out.append(
            {
                "id": card.get("id", ""),
                "version": card.get("version", ""),
                "source": card.get("source", {}),
            }
        )
    return out


def campaigns(roots: Sequence[Path], problems: Problems) -> list[dict[str, Any]]:
    out = []
    for root in roots:
        for path in sorted((root / "judgments").glob("*/campaign.yaml")):
            card = _card(path, problems)
            entry: dict[str, Any] = {
                "campaign": card.get("id", path.parent.name),
                "scheme": card.get("scheme", ""),
            }
            metric, judge = card.get("metric") or {}, card.get("judge") or {}
            if metric.get("signature"):
                entry["metric"] = {"name": metric.get("name", ""), "signature": metric["signature"]}
            if judge:
                entry["judge"] = {
                    k: judge[k]
                    for k in ("model", "prompt", "prompt_sha256", "temperature")
                    if k in judge
                }
            if "metric" in entry or "judge" in entry:
                out.append(entry)
    return out


def manifest(version: str, date: str, roots: Sequence[Path], repo: Path) -> dict[str, Any]:
    """The ``release.json`` body (without the leaderboard rows); raises DataError on bad cards."""
    problems = Problems()
    body = {
        "version": version,
        "date": date,
        "litboard": __version__,
        "repository_commit": repository_commit(repo),
        "datasets": datasets(roots, problems),
        "campaigns": campaigns(roots, problems),
    }
    problems.raise_if_any()
    return body
