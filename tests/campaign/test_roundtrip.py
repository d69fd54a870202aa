"""Plan -> Label Studio export -> annotated export (fake_labelstudio) -> import -> build, on the
fixture track: the board says what is pending, and a complete plan puts the system in the
human ranking with a CI and a rank interval."""

from __future__ import annotations

import csv
import html
import json
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml

from litboard.pipeline.build import build_site
from litboard.cli import main
from litboard.errors import DataError

from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotate

TRACK = FIXTURES / "track"


def _plan_and_export(tmp: Path, scheme: str = "mqm") -> tuple[Path, Path, Path]:
    root = copy_root(TRACK, tmp / "root")
    plan, project = tmp / "plan.yaml", tmp / "project"
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
                scheme,
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
    return root, plan, project


def _import(root: Path, plan: Path, export: list, out: Path) -> int:
    out.write_text(json.dumps(export), encoding="utf-8")
    return main(
        [
            "campaign",
            "import",
            str(out),
            "--plan",
            str(plan),
            "--data",
            str(root),
            "--out",
            str(root),
        ]
    )


def _new_mt_row(site: Path) -> str:
    page = (site / "fixture-track" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr class="lb-row[^"]*" data-system="new-mt".*?</tr>', page, re.S)
    assert rows, "new-mt has no row on the board"
    return rows[0]


def _ranked(site: Path) -> str:
    page = (site / "fixture-track" / "index.html").read_text(encoding="utf-8")
    return page.split('<tbody class="lb-ranked">')[1].split("</tbody>")[0]


def test_partial_then_complete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, plan, project = _plan_and_export(tmp_path)
    items = yaml.safe_load(plan.read_text())["items"]
    last = next(i["id"] for i in items if "new-mt" in i["systems"])
    assert _import(root, plan, annotate(project, [21, 22], {last}), tmp_path / "partial.json") == 0
    out = capsys.readouterr().out
    assert "new-mt: 3 of 4 planned paragraphs judged" in out and "(partial)" in out
    card = yaml.safe_load(
        (root / "judgments" / "fixture-track-mqm-new-mt-s5" / "campaign.yaml").read_text()
    )
    assert card["plan"]["complete"] is False and card["plan"]["judged"] == len(items) - 1
    site = build_site([root], tmp_path / "site1").out
    row = _new_mt_row(site)
    assert "human evaluation: 3 of 4 planned paragraphs judged (pending" in html.unescape(row)
    assert 'data-system="new-mt"' not in _ranked(site)

    assert _import(root, plan, annotate(project, [21, 22, 23]), tmp_path / "full.json") == 0
    out = capsys.readouterr().out
    assert "new-mt: 4 of 4 planned paragraphs judged" in out
    assert (
        "note: 3 annotators took part; the plan has 2 annotator slots (all judgments kept)" in out
    )
    site = build_site([root], tmp_path / "site2").out
    ranked = _ranked(site)
    assert 'data-system="new-mt"' in ranked
    row = _new_mt_row(site)
    primary = re.search(r'data-col="mqm:mqm-pro" data-value="([^"]+)">(.*?)</td>', row, re.S)
    assert primary and float(primary.group(1)) <= 0
    # complete: the interval is shown, in the board's small-n form (4 paragraphs: the range of
    # the values, labelled so, no 95% CI; issue 59: no bootstrap spread under a "range" caption)
    assert "range of 4 paragraphs [" in primary.group(2) and "n = 4" in primary.group(2)
    assert 'data-lb-units="4"' in primary.group(2) and "95% CI" not in primary.group(2)
    assert "4 of 4 planned paragraphs judged" in html.unescape(row) and "(pending" not in row
    page = html.unescape(
        (site / "fixture-track" / "campaigns" / "fixture-track-mqm-new-mt-s5.html").read_text()
    )
    assert f"{len(items)} of {len(items)} planned items judged" in page and "complete" in page
    with open(
        site / "fixture-track" / "campaigns" / "fixture-track-mqm-new-mt-s5-agreement.csv"
    ) as f:
        rows = list(csv.DictReader(f))
    # the anchors (published-ht, llm-a) on the plan's paragraphs were judged in mqm-pro
    # (gm-01..gm-06)
    assert {r["statistic"] for r in rows if r["earlier"] == "mqm-pro"} == {
        "Kendall tau-b",
        "Krippendorff alpha (interval)",
    }
    assert all(int(r["items"]) >= 2 and float(r["ci_low"]) <= float(r["ci_high"]) for r in rows)


def test_import_refuses_extra_foreign_and_repeated(tmp_path: Path) -> None:
    from litboard.campaign.checks import check_export
    from litboard.campaign.planfile import read_plan, sha256

    root, plan_path, project = _plan_and_export(tmp_path)
    plan, sha = read_plan(plan_path), sha256(plan_path)
    export = annotate(project, [21, 22])
    extra = json.loads(json.dumps(export[0]))
    extra["data"]["item"] = "t9999"
    foreign = json.loads(json.dumps(export[1]))
    foreign["data"]["plan"] = "0" * 16
    twice = json.loads(json.dumps(export[2]))
    twice["annotations"].append(dict(twice["annotations"][0], id=99999))
    tasks = [(f"task {n}", t) for n, t in enumerate([extra, foreign, twice] + export[3:])]
    with pytest.raises(DataError) as info:
        check_export(tasks, plan, sha)
    text = "\n".join(p.format() for p in info.value.problems)
    assert "extra task: 't9999' is not an item of the plan" in text
    assert "comes from another plan" in text
    assert (
        "annotator 21 judged this item twice" in text
        or "annotator 22 judged this item twice" in text
    )
    assert not list((root / "judgments").glob("fixture-track-mqm-*"))


def test_import_refuses_edited_texts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, plan, project = _plan_and_export(tmp_path)
    export = annotate(project, [21, 22])
    export[0]["data"]["tgt"] += " (edited)"
    assert _import(root, plan, export, tmp_path / "e.json") == 1
    err = capsys.readouterr().err
    assert (
        f"e.json:" in err
        and f"(item {export[0]['data']['item']}): data.tgt: differs from the text the export wrote"
        in err
    )
    assert not list((root / "judgments").glob("fixture-track-mqm-*"))


def test_import_never_replaces_a_foreign_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, plan, project = _plan_and_export(tmp_path)
    folder = root / "judgments" / "fixture-track-mqm-new-mt-s5"
    folder.mkdir()
    (folder / "campaign.yaml").write_text(
        "id: fixture-track-mqm-new-mt-s5\ntitle: hand-made\nscheme: mqm\n"
        "annotators: [{id: h1, expertise: student}]\n"
    )
    assert _import(root, plan, annotate(project, [21, 22]), tmp_path / "e.json") == 1
    assert "was not written by an import of this plan" in capsys.readouterr().err
    assert (
        (folder / "campaign.yaml")
        .read_text()
        .startswith("id: fixture-track-mqm-new-mt-s5\ntitle: hand-made")
    )


@pytest.mark.parametrize("scheme", ["esa", "pairwise", "bws", "ruler"])
def test_other_schemes_import_and_validate(tmp_path: Path, scheme: str) -> None:
    from litboard.load.datasets import validate_all

    root, plan, project = _plan_and_export(tmp_path, scheme)
    assert (
        _import(root, plan, annotate(project, [31, 32], prefer=lambda d: 1), tmp_path / "e.json")
        == 0
    )
    assert not validate_all([root]).items
    cid = f"fixture-track-{scheme}-new-mt-s5"
    card = yaml.safe_load((root / "judgments" / cid / "campaign.yaml").read_text())
    assert card["plan"]["complete"] is True
    assert (
        card["scheme"]
        == {"esa": "sqm", "pairwise": "pairwise", "bws": "bws", "ruler": "ruler"}[scheme]
    )
    if scheme == "ruler":  # four criteria of paper 004 on 1-5, one record per annotation
        lines = [
            json.loads(x)
            for x in (root / "judgments" / cid / "judgments.jsonl").read_text().splitlines()
        ]
        items = yaml.safe_load(plan.read_text())["items"]
        assert len(lines) == sum(len(i["slots"]) for i in items) and card["criteria"] == list(
            lines[0]["scores"]
        )
        assert (
            all(1 <= v <= 5 for r in lines for v in r["scores"].values())
            and len(card["criteria"]) == 4
        )
        return
    # fake annotators pick TRANSLATION 2 as best and TRANSLATION 3 (-1 - 1) as worst
    if scheme == "bws":
        plan_items = {i["id"]: i for i in yaml.safe_load(plan.read_text())["items"]}
        lines = [
            json.loads(x)
            for x in (root / "judgments" / cid / "judgments.jsonl").read_text().splitlines()
        ]
        assert len(lines) == sum(len(i["slots"]) for i in plan_items.values())
        assert all(r["best"] == r["systems"][1] and r["worst"] == r["systems"][-2] for r in lines)
        return
    if scheme == "pairwise":  # the plan's comparisons that pw-pro also judged give a kappa
        from litboard.analysis.anchor_agreement import anchor_agreement
        from litboard.analysis.campaign_status import plans
        from litboard.load.datasets import load_all

        corpus = load_all([root])[0]
        plan_ = yaml.safe_load(plan.read_text())
        assert plan_["calibration"]["shared"] >= 4  # calibration always planned (issue 44)
        rows = anchor_agreement(corpus, plans(corpus)[0], pd.DataFrame(), [], 100, 1)
        assert rows and all(r["earlier"] == "pw-pro" and r["items"] >= 2 for r in rows)
    spans = [p for p in (root / "judgments").iterdir() if p.name.startswith(f"{cid}-spans")]
    assert spans and all(
        yaml.safe_load((p / "campaign.yaml").read_text())["plan"]["campaign"] == cid for p in spans
    )


def test_a_complete_bws_plan_ranks_its_system_in_a_bws_column(tmp_path: Path) -> None:
    """Issue 57 goal 1, BWS: the complete plan's campaign is a board column (pending plans show
    none, as every scheme: ``drop_pending``) whose value for each system is the pooled counting
    score (times best − times worst) / times shown of the imported judgments, counted here by
    hand; the board ranks by it from its *Rank by* menu."""
    root, plan, project = _plan_and_export(tmp_path, "bws")
    cid = "fixture-track-bws-new-mt-s5"
    export = annotate(project, [31, 32], prefer=lambda d: 1)
    assert _import(root, plan, export, tmp_path / "complete.json") == 0
    lines = [
        json.loads(x)
        for x in (root / "judgments" / cid / "judgments.jsonl").read_text().splitlines()
    ]
    counts: dict[str, list[int]] = {}
    for line in lines:  # by hand: best +1, worst -1, shown once per tuple
        for system in set(line["systems"]):
            got = counts.setdefault(system, [0, 0])
            got[0] += (system == line["best"]) - (system == line["worst"])
            got[1] += 1
    assert "new-mt" in counts and len(counts) >= 3
    site = build_site([root], tmp_path / "site").out
    page = (site / "fixture-track" / "index.html").read_text(encoding="utf-8")
    assert f'<option value="bws:{cid}">' in page  # the Rank by menu offers it
    for system, (net, shown) in counts.items():
        row = re.search(rf'<tr class="lb-row[^"]*" data-system="{system}".*?</tr>', page, re.S)
        assert row, system
        cell = re.search(rf'data-col="bws:{cid}" data-value="([^"]+)">(.*?)</td>', row.group(0))
        assert cell and abs(float(cell.group(1)) - net / shown) < 1e-9, (system, net, shown)
        assert "n = 4" in cell.group(2), cell.group(2)  # its interval: 4 paragraphs, a range
