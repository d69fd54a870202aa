"""`litboard score` never rewrites hand-written campaign metadata and refuses to mix signatures
(issue 27, goal 8; site/scoring.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from litboard.cli import main

from ..helpers import DEMO, copy_root
from .test_pr_flow import add_system


def test_rescoring_the_hand_written_chrf_campaign_stops_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_root(DEMO, tmp_path / "demo")
    add_system(root)  # a new system: chrF has something to score
    before = {p: p.read_bytes() for p in sorted((root / "judgments/chrf").iterdir())}
    assert main(["score", "--data", str(root), "--metric", "chrf"]) == 1
    err = capsys.readouterr().err
    assert (
        "judgments/chrf/campaign.yaml: metric.signature: the campaign was scored with 'nrefs:1|"
        in err
    )
    assert "cannot be mixed in one campaign" in err and "litboard track score" in err
    assert {p: p.read_bytes() for p in sorted((root / "judgments/chrf").iterdir())} == before


def test_a_new_pair_keeps_the_hand_written_fields(tmp_path: Path) -> None:
    root = copy_root(DEMO, tmp_path / "demo")
    assert main(["score", "--data", str(root), "--metric", "bleu", "--pairs", "de-en"]) == 0
    card_path = root / "judgments/bleu/campaign.yaml"
    card = yaml.safe_load(card_path.read_text(encoding="utf-8"))
    card.update(
        description="Written by hand.", date="2026-11", licence="CC-BY-4.0", source="a note"
    )
    card_path.write_text(yaml.safe_dump(card, sort_keys=False), encoding="utf-8")
    assert main(["score", "--data", str(root), "--metric", "bleu", "--pairs", "en-zh"]) == 0
    after = yaml.safe_load(card_path.read_text(encoding="utf-8"))
    assert {k: after[k] for k in ("description", "date", "licence", "source")} == {
        "description": "Written by hand.",
        "date": "2026-11",
        "licence": "CC-BY-4.0",
        "source": "a note",
    }
    signatures = after["metric"]["signature"].split("; ")
    assert [s.split(": ")[0] for s in signatures] == ["de-en", "en-zh"]
    assert "tok:zh" in signatures[1] and "tok:13a" in signatures[0]
