"""Pending is pending (issue 44, goal 7): a system whose plan is incomplete is badged "human
evaluation: k of n planned paragraphs judged (pending)", the partial campaign shows no board
column (so no CI), and the system is in no pooled ranking; once complete, it is."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from litboard.analysis.leaderboard import segment_scores
from litboard.analysis.campaign_status import pending_campaigns, progress_text
from litboard.cli import main
from litboard.load.datasets import load_all
from litboard.render.core.badges import provenance_badge

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotate


def _corpus(root: Path):  # type: ignore[no-untyped-def]
    return next(c for c in load_all([root]) if c.dataset_id == "fixture-track")


def test_partial_plan_shows_pending_and_nothing_else(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "track", tmp_path / "root")
    plan, project = tmp_path / "plan.yaml", tmp_path / "project"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(root),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                "mqm",
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "5",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    assert main(["campaign", "export", str(plan), "--data", str(root), "--out", str(project)]) == 0
    items = yaml.safe_load(plan.read_text())["items"]
    last = next(i["id"] for i in items if "new-mt" in i["systems"])

    def run(export: list) -> None:
        (tmp_path / "e.json").write_text(json.dumps(export), encoding="utf-8")
        assert (
            main(
                [
                    "campaign",
                    "import",
                    str(tmp_path / "e.json"),
                    "--plan",
                    str(plan),
                    "--data",
                    str(root),
                    "--out",
                    str(root),
                ]
            )
            == 0
        )

    run(annotate(project, [21, 22], {last}))
    corpus = _corpus(root)
    cid = "fixture-track-mqm-new-mt-s5"
    assert cid in pending_campaigns(corpus)
    long, columns = segment_scores(corpus)
    assert not [c for c in columns if c.campaign == cid]
    assert not long[long["system"] == "new-mt"]["column"].str.startswith("mqm:").any()
    badge = provenance_badge(corpus, "new-mt")
    assert badge == "human evaluation: 3 of 4 planned paragraphs judged (pending)"
    assert progress_text(corpus, "de-en")["new-mt"] == badge

    run(annotate(project, [21, 22]))
    corpus = _corpus(root)
    long, columns = segment_scores(corpus)
    assert [c for c in columns if c.campaign == cid] and not pending_campaigns(corpus)
    assert provenance_badge(corpus, "new-mt").startswith("human-evaluated: MQM")
    ranked = {c.key for c in columns if c.campaign == "mqm-pro"}
    assert not long[(long["system"] == "new-mt") & long["column"].isin(ranked)].empty  # pooled now
