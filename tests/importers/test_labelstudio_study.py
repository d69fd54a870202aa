"""A pairwise + span study in 3 Label Studio exports, imported with one command and one mapping."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from litboard.cli import main
from litboard.errors import DataError
from litboard.importers import get
from litboard.load.read import load, validate

from .ls_study import study_files

EXAMPLES = Path(__file__).resolve().parents[2] / "generator" / "litboard" / "importers" / "examples"
MAPPING = EXAMPLES / "pairwise_spans.yaml"


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any, Path]:
    tmp = tmp_path_factory.mktemp("study")
    folder = tmp / "exports"
    study_files(folder)
    out = tmp / "root"
    return out, get("labelstudio")([folder], out, mapping=MAPPING), folder


def test_one_command_imports_the_folder_and_the_summary_matches_the_hand_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "exports"
    study_files(folder)
    code = main(
        [
            "import",
            "labelstudio",
            str(folder),
            "--mapping",
            str(MAPPING),
            "--out",
            str(tmp_path / "r"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    # 6 pairwise + 12 MQM records; the only skip is the span whose offsets select other text
    assert (
        out.splitlines()[-1]
        == "18 records imported, 1 skipped: 1 span offsets not matching value.text"
    )
    assert main(["validate", "--data", str(tmp_path / "r")]) == 0
    # --strict: the same import exits 1 because one span was skipped
    assert (
        main(
            [
                "import",
                "labelstudio",
                str(folder / "*.json"),
                "--mapping",
                str(MAPPING),
                "--out",
                str(tmp_path / "s"),
                "--strict",
            ]
        )
        == 1
    )


def test_nothing_else_is_dropped(study: tuple[Path, Any, Path]) -> None:
    out, report, _ = study
    assert validate([out]).items == []
    assert len(report.skipped) == 1 and "span 'e5'" in report.skipped[0]
    assert "only this span was skipped" in report.skipped[0]
    assert (
        report.read["tasks"] == 6 and report.read["annotations"] == 6 and report.read["spans"] == 7
    )
    assert report.read["spans without severity (stored as unspecified)"] == 6
    assert (
        report.read[
            "spans whose value.text differs from the offsets' text in whitespace only "
            "(offsets kept)"
        ]
        == 1
    )
    assert report.read["annotations credited to data.annotator"] == 2
    t = load([out]).tables
    assert len(t["pairwise"]) == 6 and len(t["mqm"]) == 12 and len(t["mqm_errors"]) == 6
    assert set(t["mqm_errors"]["severity"]) == {"unspecified"}
    # the annotation with the bad span keeps its preference and its other span
    kept = t["mqm_errors"].merge(t["translations"][["system", "pair", "paragraph", "text"]])
    spans = sorted(
        (r.pair, r.system, r.annotator, r.text[r.start : r.end], r.category)
        for r in kept.itertuples()
    )
    assert spans == [
        ("en-de", "gpt4-para", "a5", "dunkel und", "Accuracy"),  # comparison para-vs-sent
        ("en-de", "gpt4-para", "a5", "dunkel und", "Accuracy"),  # the same, para-vs-human
        ("en-de", "gpt4-sent", "a5", "Die Nacht war dunkel,", "Style"),  # whitespace drift
        ("en-de", "gpt4-sent", "a5", "hat gebellt", "Fluency"),
        ("en-de", "gpt4-sent", "a5", "verließ ohne", "Accuracy"),  # trailing-space translation
        ("en-zh", "gpt4-sent", "zh-ann-1", "并且", "Fluency"),
    ]  # shared account, real id


def test_pairs_annotators_and_comparisons_come_from_the_data(study: tuple[Path, Any, Path]) -> None:
    corpus = load([study[0]])
    t = corpus.tables
    assert sorted(set(zip(t["pairwise"]["pair"], t["pairwise"]["annotator"]))) == [
        ("en-de", "a5"),
        ("en-de", "a6"),
        ("en-zh", "zh-ann-1"),
        ("en-zh", "zh-ann-2"),
    ]
    assert sorted(set(t["mqm"]["campaign"])) == [
        "lit-pairwise-mqm-gpt4-para-vs-gpt4-sent",
        "lit-pairwise-mqm-gpt4-para-vs-human",
    ]
    assert corpus.systems["gpt4-para"]["name"] == "GPT-4 (paragraph level)"
    texts = t["translations"].set_index(["system", "pair", "paragraph"])["text"]
    assert texts["gpt4-sent", "en-de", "p2"].rstrip() == "Sie verließ ohne Wort."


def test_a_missing_merged_part_skips_only_that_translation(tmp_path: Path) -> None:
    from . import ls_export as ls
    from .ls_study import SYSTEMS, better, merged, span

    a, b = "Er kam.", "Er ist gekommen."
    shown = merged(a, "Er kam an.")  # b is not in the merged text
    data = {
        "source": "He came.",
        "paragraph_id": "q1",
        "text_a": a,
        "system_a": SYSTEMS["para"],
        "text_b": b,
        "system_b": SYSTEMS["sent"],
        "merged": shown,
    }
    src = ls.write(
        tmp_path / "e.json",
        [
            ls.task(
                1,
                data,
                [ls.annotation(1, 5, [better("A"), span("x1", shown, "kam", "Style/Awkward")])],
            )
        ],
    )
    report = get("labelstudio")(src, tmp_path / "root", mapping=MAPPING)
    assert report.reasons == {"translation missing from the merged text": 1}
    t = load([tmp_path / "root"]).tables
    assert len(t["pairwise"]) == 1 and t["mqm"]["system"].tolist() == ["gpt4-para"]
    assert t["mqm_errors"]["system"].tolist() == ["gpt4-para"]


def test_a_systems_card_for_a_slugged_id_names_the_fix(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    study_files(folder)
    data = yaml.safe_load(MAPPING.read_text(encoding="utf-8"))
    data["systems"] = {"gpt4_para": {"name": "GPT-4"}}
    mapping = tmp_path / "m.yaml"
    mapping.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        get("labelstudio")([folder], tmp_path / "root", mapping=mapping)
    assert "systems.gpt4_para" in str(caught.value) and "key the card by 'gpt4-para'" in str(
        caught.value
    )
    assert not (tmp_path / "root").exists()


def test_default_severity_is_stated_on_the_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    study_files(folder)
    data = yaml.safe_load(MAPPING.read_text(encoding="utf-8"))
    data["mqm"]["default_severity"] = "major"
    mapping = tmp_path / "m.yaml"
    mapping.write_text(yaml.safe_dump(data), encoding="utf-8")
    report = get("labelstudio")([folder], tmp_path / "root", mapping=mapping)
    corpus = load([tmp_path / "root"])
    assert {
        c["mqm"]["default_severity"] for c in corpus.campaigns.values() if c["scheme"] == "mqm"
    } == {"major"}
    assert set(corpus.tables["mqm_errors"]["severity"]) == {"major"}
    assert any("default_severity 'major'" in n for n in report.notes)
    from litboard.analysis.leaderboard import segment_scores

    mqm_columns = [c for c in segment_scores(corpus)[1] if c.key.startswith("mqm:")]
    assert len(mqm_columns) == 2 and all(
        "severities not given by annotators were set to major by the importer" in c.provenance
        for c in mqm_columns
    )  # the board states the invented severity


def test_two_imports_under_different_namespaces(tmp_path: Path) -> None:
    """Must-show 2: the same exports twice, each its own dataset id; prefixed ids never collide."""
    folder = tmp_path / "exports"
    study_files(folder)
    assert (
        main(
            [
                "import",
                "labelstudio",
                str(folder),
                "--mapping",
                str(MAPPING),
                "--out",
                str(tmp_path / "one"),
                "--namespace",
                "study-one",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "import",
                "labelstudio",
                str(folder),
                "--mapping",
                str(MAPPING),
                "--out",
                str(tmp_path / "two"),
                "--namespace",
                "study-two",
                "--prefix-ids",
            ]
        )
        == 0
    )
    one, two = load([tmp_path / "one"]), load([tmp_path / "two"])
    assert one.datasets[0]["id"] == "study-one" and two.datasets[0]["id"] == "study-two"
    assert set(two.tables["systems"]["system"]) == {
        "study-two-gpt4-para",
        "study-two-gpt4-sent",
        "study-two-human",
    }
    assert set(two.tables["pairwise"]["a"]) <= set(two.tables["systems"]["system"])
    assert all(p.startswith("study-two-") for p in two.tables["paragraphs"]["paragraph"])
    ids = {
        name: set(one.tables[name][col]) & set(two.tables[name][col])
        for name, col in (
            ("systems", "system"),
            ("paragraphs", "paragraph"),
            ("works", "work"),
            ("campaigns", "campaign"),
        )
    }
    assert ids == {"systems": set(), "paragraphs": set(), "works": set(), "campaigns": set()}
    assert validate([tmp_path / "one"]).items == [] and validate([tmp_path / "two"]).items == []
    # with ids prefixed, both roots load together without a duplicate, and build each and together
    assert validate([tmp_path / "one", tmp_path / "two"]).items == []
    from litboard.pipeline.build import build_site

    for roots, name in (
        ([tmp_path / "one"], "s1"),
        ([tmp_path / "two"], "s2"),
        ([tmp_path / "one", tmp_path / "two"], "both"),
    ):
        site = build_site(roots, tmp_path / name).out
        assert len(list(site.rglob("pairwise-errors/index.html"))) >= 1
    both = "".join(
        p.read_text(encoding="utf-8")
        for p in (tmp_path / "both").rglob("pairwise-errors/index.html")
    )
    assert "study-two-gpt4-para" in both and "systems/gpt4-para.html" in both


def test_help_and_docs_list_the_same_keys() -> None:
    """Must-show 3: `litboard import FORMAT --help` and generator/litboard/pages/importers.md list
    the same keys."""
    import re
    import subprocess
    import sys

    from litboard.importers.core.mapping import MAPPINGS

    page = (
        Path(__file__).resolve().parents[2] / "generator" / "litboard" / "pages" / "importers.md"
    ).read_text(encoding="utf-8")
    for name in MAPPINGS:
        done = subprocess.run(
            [sys.executable, "-m", "litboard.cli", "import", name, "--help"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=Path(__file__).resolve().parents[2],
        )
        assert done.returncode == 0
        helped = re.findall(
            r"^  (\S+) \(", done.stdout.split("mapping keys")[1].split("\n\n")[0], re.M
        )
        section = page.split(f"### {name} mapping keys")[1].split("\n#")[0]
        documented = re.findall(r"^\| `([^`]+)` \|", section, re.M)
        assert helped == documented and helped, name
        assert "example mapping" in done.stdout and "what is skipped, and why" in done.stdout
