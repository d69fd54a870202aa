"""Changelog classification and release manifest on hand-made cases."""

from __future__ import annotations

from pathlib import Path

import yaml

from litboard.cite.changelog import compare
from litboard.cite.manifest import campaigns, datasets
from litboard.errors import Problems

from ..helpers import FIXTURES, copy_root


def board(*rows: tuple[str, int | None, float | None, int | None]) -> dict:
    return {
        "measure": "M",
        "rows": [
            {"system": s, "name": s.upper(), "rank": r, "score": v, "cluster": c}
            for s, r, v, c in rows
        ],
    }


def test_moves_removed_systems_and_missing_clusters() -> None:
    old = {
        "b.csv": board(("a", 1, 9.0, 1), ("b", 2, 8.0, 1), ("c", 3, 5.0, 2), ("gone", 4, 1.0, 3))
    }
    new = {"b.csv": board(("b", 1, 9.5, 1), ("a", 2, 9.0, 1), ("c", 3, 5.5, None))}
    log = compare("1", old, "2", new).as_dict()["boards"][0]
    assert [r["system"] for r in log["removed"]] == ["gone"] and log["added"] == []
    moves = {m["system"]: m for m in log["moves"]}
    assert moves["b"]["kind"] == "noise" and moves["b"]["swapped"] == ["a"]  # both in c1 now
    assert moves["a"]["kind"] == "noise" and moves["a"]["delta"] == 0  # moved, same score
    assert moves["c"]["kind"] == "" and moves["c"]["delta"] == 0.5  # score changed, rank did not


def test_a_swap_with_an_unclustered_system_is_unknown_and_tables_may_appear() -> None:
    old = {"x.csv": board(("a", 1, 2.0, None), ("b", 2, 1.0, None))}
    new = {
        "x.csv": board(("b", 1, 3.0, None), ("a", 2, 2.0, None)),
        "y.csv": board(("z", 1, 1.0, 1)),
    }
    boards = compare("1", old, "2", new).boards
    assert [b.table for b in boards] == ["x.csv", "y.csv"]
    assert {m.system: m.kind for m in boards[0].moves} == {"a": "unknown", "b": "unknown"}
    assert [r["system"] for r in boards[1].added] == ["z"]


def test_manifest_records_source_blocks_signatures_and_prompt_hashes(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    card = root / "corpus" / "dataset.yaml"
    source = {
        "url": "https://example.org/r",
        "commit": "abc123",
        "files": [{"path": "a.csv", "sha256": "0" * 64}],
    }
    card.write_text(
        yaml.safe_dump({**yaml.safe_load(card.read_text()), "source": source}), encoding="utf-8"
    )
    judge = root / "judgments" / "gemba"
    judge.mkdir()
    (judge / "campaign.yaml").write_text(
        yaml.safe_dump(
            {
                "id": "gemba",
                "scheme": "mqm",
                "judge": {
                    "model": "m-1",
                    "prompt": "gemba v2",
                    "prompt_sha256": "f" * 64,
                    "temperature": 0,
                },
            }
        )
    )
    metric = root / "judgments" / "chrf"
    metric.mkdir()
    (metric / "campaign.yaml").write_text(
        yaml.safe_dump(
            {
                "id": "chrf",
                "scheme": "metric",
                "metric": {
                    "name": "chrF",
                    "higher_is_better": True,
                    "signature": "nrefs:1|case:mixed|version:2.6.0",
                },
            }
        )
    )
    problems = Problems()
    assert datasets([root], problems) == [{"id": "tiny", "version": "1", "source": source}]
    assert campaigns([root], problems) == [
        {
            "campaign": "chrf",
            "scheme": "metric",
            "metric": {"name": "chrF", "signature": "nrefs:1|case:mixed|version:2.6.0"},
        },
        {
            "campaign": "gemba",
            "scheme": "mqm",
            "judge": {
                "model": "m-1",
                "prompt": "gemba v2",
                "prompt_sha256": "f" * 64,
                "temperature": 0,
            },
        },
    ]
    assert not problems
