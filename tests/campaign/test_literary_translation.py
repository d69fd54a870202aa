"""Must-show 1 of issue 28 on the LiteraryTranslation track: a submitted system (synthetic, made
here) is planned pairwise against the anchors (the published human translation and PARA, the
top system), exported to Label Studio, annotated by ``fake_labelstudio`` with one task left
undone, imported and built: the board says "9 of 10 planned paragraphs judged (pending)"; after
the last task the system is in the Bradley-Terry human ranking of the track with its CI."""

from __future__ import annotations

import csv
import html
import json
import re
from pathlib import Path

import pytest
import yaml

from litboard.pipeline.build import build_site
from litboard.cli import main
from litboard.importers import get

from ..tracks.contribution import spliced, write_contribution
from .fake_labelstudio import annotate

PAIR = "de-en"


@pytest.fixture(scope="module")
def roots(literary_release: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The imported release, and a track root holding a submission ``new-mt`` of the de-en
    paragraphs made as the open-tracks tests make theirs (tests/tracks/contribution.py)."""
    from litboard.load.datasets import load_all
    from litboard.load.track_decl import get as track

    base = tmp_path_factory.mktemp("lt")
    release = base / "release"
    get("literary-translation")(literary_release, release)
    root = base / "tracks" / "literary-translation"
    (root / "corpus").mkdir(parents=True)
    (root / "corpus" / "track.yaml").write_text("track: literary-translation\n", encoding="utf-8")
    outputs = spliced(load_all([release])[0], track("literary-translation"), PAIR)
    write_contribution(
        root / "corpus" / "systems" / "new-mt",
        "new-mt",
        "New MT (synthetic submission)",
        {PAIR: outputs},
    )
    return release, root


def _board_row(site: Path, system: str) -> str:
    page = (site / "literary-translation" / "index.html").read_text(encoding="utf-8")
    board = page.split(f'id="pair-{PAIR}"')[1].split("</section>")[0]
    found = re.findall(rf'<tr class="lb-row[^"]*" data-system="{system}".*?</tr>', board, re.S)
    assert found, f"{system} is not on the {PAIR} board"
    return html.unescape(found[0])


def _bt_rows(site: Path) -> dict[str, dict[str, str]]:
    with open(
        site / "literary-translation" / "schemes" / f"bt-preference-{PAIR}.csv", encoding="utf-8"
    ) as f:
        return {r["system"]: r for r in csv.DictReader(f)}


def _overall_bt(site: Path) -> dict[str, dict[str, str]]:
    with open(
        site / "literary-translation" / "pairwise-errors" / "bradley-terry.csv", encoding="utf-8"
    ) as f:
        return {r["system"]: r for r in csv.DictReader(f)}


def test_literary_translation_round_trip(
    roots: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release, track = roots
    data = ["--data", str(release), "--data", str(track)]
    plan, project = tmp_path / "plan.yaml", tmp_path / "project"
    assert (
        main(
            [
                "campaign",
                "plan",
                "literary-translation",
                *data,
                "--pair",
                PAIR,
                "--systems",
                "new-mt",
                "--scheme",
                "pairwise",
                "--budget",
                "34",
                "--paragraphs",
                "10",
                "--seed",
                "2026",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    planned = yaml.safe_load(plan.read_text())
    assert [a["system"] for a in planned["anchors"]][:2] == ["human", "para"]
    assert {frozenset(c["systems"]) for c in planned["comparisons"]} >= {
        frozenset(("new-mt", "human")),
        frozenset(("new-mt", "para")),
    }
    assert main(["campaign", "export", str(plan), *data, "--out", str(project)]) == 0
    undone = next(i["id"] for i in planned["items"] if "new-mt" in i["systems"])
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(annotate(project, [7, 8], {undone})), encoding="utf-8")
    # the campaign goes into the track root
    args = ["--plan", str(plan), *data, "--out", str(track)]
    assert main(["campaign", "import", str(partial), *args]) == 0
    assert "new-mt: 9 of 10 planned paragraphs judged" in capsys.readouterr().out
    site = build_site([release, track], tmp_path / "site1").out
    assert "human evaluation: 9 of 10 planned paragraphs judged (pending" in _board_row(
        site, "new-mt"
    )
    assert "new-mt" not in _bt_rows(site)
    assert "new-mt" not in _overall_bt(site)  # i26's ranking over all pairs: no partial plan in it

    full = tmp_path / "full.json"
    full.write_text(json.dumps(annotate(project, [7, 8])), encoding="utf-8")
    assert main(["campaign", "import", str(full), *args]) == 0
    assert (
        "campaign literary-translation-pairwise-new-mt-s2026: 34 of 34 planned items judged "
        "(complete)" in capsys.readouterr().out
    )
    site = build_site([release, track], tmp_path / "site2").out
    row = _board_row(site, "new-mt")
    assert "10 of 10 planned paragraphs judged" in row and "(pending" not in row
    bt = _bt_rows(site)
    assert {"new-mt", "human", "para", "sent", "para-sent", "gtr"} <= set(bt)
    assert (
        track / "judgments" / "literary-translation-pairwise-new-mt-s2026" / "campaign.yaml"
    ).is_file()
    assert main(["validate", *data]) == 0  # the submission and the campaign pass every check
    low, mid, high = (float(bt["new-mt"][k]) for k in ("ci_low", "strength", "ci_high"))
    assert 0 < low <= mid <= high < 1
    overall = _overall_bt(site)
    assert (
        float(overall["new-mt"]["ci_low"])
        <= float(overall["new-mt"]["strength"])
        <= float(overall["new-mt"]["ci_high"])
    )
    schemes = (site / "literary-translation" / "schemes" / "index.html").read_text(encoding="utf-8")
    assert (
        f"Pairwise preferences, preference ({PAIR}), with the human-evaluation plan "
        "literary-translation-pairwise-new-mt-s2026" in html.unescape(schemes)
    )
