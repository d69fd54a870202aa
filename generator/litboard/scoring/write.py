"""Write metric campaigns: campaign.yaml (provenance) and records merged into <pair>.jsonl.

Records are merged by key (system, pair, paragraph, level), sorted, and written atomically,
so reruns give byte-identical files. A campaign made with another judge model, prompt or
temperature (or another sacreBLEU signature for a pair) is never silently mixed: that is
a ``DataError`` naming the campaign and the fix.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Iterable

import yaml

from ..errors import DataError, Problem
from ..importers import write_yaml

PROVENANCE = ("model", "prompt_sha256", "temperature")


def slug(text: str) -> str:
    """A model name as an id part: lower case, [a-z0-9._-] only."""
    out = re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-._")
    return out[:40] or "model"


def campaign_path(root: Path, campaign_id: str) -> Path:
    return root / "judgments" / campaign_id / "campaign.yaml"


def read_campaign(root: Path, campaign_id: str) -> dict[str, Any] | None:
    path = campaign_path(root, campaign_id)
    if not path.is_file():
        return None
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    # someone's human campaign: not ours to write
    if isinstance(data, dict) and data.get("scheme") != "metric":
        raise DataError(
            [
                Problem(
                    str(path),
                    0,
                    "scheme",
                    f"is {data.get('scheme')!r}: this campaign holds "
                    f"judgments litboard score did not write, and {campaign_id!r} is the "
                    "campaign score writes its metric into",
                    "rename that campaign folder",
                )
            ]
        )
    return data if isinstance(data, dict) else None


def check_judge(root: Path, campaign_id: str, wanted: dict[str, Any]) -> None:
    """Refuse to add LLM scores to a campaign made with another model, prompt or temperature."""
    old = read_campaign(root, campaign_id)
    if old is None:
        return
    before, now = old.get("judge", {}), wanted.get("judge", {})
    for name in PROVENANCE:
        if before.get(name) != now.get(name):
            raise DataError(
                [
                    Problem(
                        str(campaign_path(root, campaign_id)),
                        0,
                        f"judge.{name}",
                        f"the campaign was made with {name} {before.get(name)!r}, "
                        f"this run uses {now.get(name)!r}",
                        "keep the campaign's settings, or delete or rename the campaign "
                        "folder to score again from scratch",
                    )
                ]
            )


def check_signature(root: Path, campaign_id: str, signature: str) -> None:
    """Refuse to add scores to a metric campaign made with another model, version or reference
    rule."""
    old = (read_campaign(root, campaign_id) or {}).get("metric", {}).get("signature")
    if old is not None and old != signature:
        raise DataError(
            [
                Problem(
                    str(campaign_path(root, campaign_id)),
                    0,
                    "metric.signature",
                    f"the campaign was scored with {old!r}, this run gives {signature!r}",
                    "delete or rename the campaign folder to rescore every system the same way",
                )
            ]
        )


def pair_signatures(text: str) -> dict[str, str]:
    out = {}
    for part in text.split("; ") if text else []:
        pair, _, sig = part.partition(": ")
        out[pair] = sig
    return out


def merge_signature(root: Path, campaign_id: str, pair: str, signature: str) -> str:
    """The campaign's per-pair signature string with this pair's added (or a DataError)."""
    from ..files.ids import pair_problem

    old = read_campaign(root, campaign_id) or {}
    text = str(old.get("metric", {}).get("signature", "") or "")
    sigs = pair_signatures(text)
    if any(pair_problem(p) for p in sigs):  # one signature for the whole campaign (hand-written)
        raise DataError(
            [
                Problem(
                    str(campaign_path(root, campaign_id)),
                    0,
                    "metric.signature",
                    f"the campaign was scored with {text!r} for every pair; this run gives "
                    f"{signature!r} for {pair}: the two cannot be mixed in one campaign",
                    "score into a new campaign (e.g. `litboard track score`), or delete or rename "
                    "the campaign folder to rescore every system the same way",
                )
            ]
        )
    if pair in sigs and sigs[pair] != signature:
        raise DataError(
            [
                Problem(
                    str(campaign_path(root, campaign_id)),
                    0,
                    "metric.signature",
                    f"{pair} was scored with {sigs[pair]!r}, this run gives {signature!r}",
                    "delete the campaign folder to rescore every system the same way",
                )
            ]
        )
    sigs[pair] = signature
    return "; ".join(f"{p}: {s}" for p, s in sorted(sigs.items()))


def write_campaign(root: Path, campaign_id: str, data: dict[str, Any]) -> None:
    """Write campaign.yaml. An existing card keeps every field it has (description, date, source,
    licence, ...): only the ``metric`` block's signature and the ``judge`` block are taken from
    this run (both were checked against the card first), so hand-written metadata survives."""
    old = read_campaign(root, campaign_id)
    if old is not None:
        merged = dict(old)
        if "metric" in data:
            merged["metric"] = {
                **old.get("metric", {}),
                "signature": data["metric"].get("signature"),
            }
        if "judge" in data:
            merged["judge"] = {**old.get("judge", {}), **data["judge"]}
        data = merged
    write_yaml(campaign_path(root, campaign_id), data)


def _key(record: dict[str, Any]) -> tuple[str, str, str, str]:
    return (
        record["system"],
        record["pair"],
        record.get("level", "segment"),
        record.get("paragraph", ""),
    )


def merge_records(root: Path, campaign_id: str, records: Iterable[dict[str, Any]]) -> list[Path]:
    """Add or replace records (by key) in judgments/<campaign>/<pair>.jsonl; returns files
    written."""
    by_pair: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_pair.setdefault(record["pair"], []).append(record)
    written = []
    for pair, new in sorted(by_pair.items()):
        path = root / "judgments" / campaign_id / f"{pair}.jsonl"
        merged = {_key(r): r for r in _read(path)}
        merged.update({_key(r): r for r in new})
        _atomic_write(
            path, "".join(json.dumps(merged[k], ensure_ascii=False) + "\n" for k in sorted(merged))
        )
        written.append(path)
    return written


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".part")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)
