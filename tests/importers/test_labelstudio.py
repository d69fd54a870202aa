"""Label Studio import: round trip of spans, scores and choices on exports built here."""

from __future__ import annotations

import re

import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from litboard.load.datasets import declared_id
import yaml

from litboard.analysis.mqm import mqm_scores
from litboard.analysis.pairwise import win_matrix
from litboard.errors import DataError
from litboard.importers import IMPORTERS, get
from litboard.load.read import load, validate

from . import ls_export as ls

EXAMPLES = Path(__file__).resolve().parents[2] / "generator" / "litboard" / "importers" / "examples"
T1 = "整个爱尔兰都在下雪，雪花飘落。"
T2 = "他的灵魂慢慢地昏厥了。"


def bare(skipped: list[str]) -> list[str]:
    """Skipped items without their '<file>:<line>: ' prefix (every skip names its file and line)."""
    assert all(re.match(r"^.+\.json:\d+: task ", s) for s in skipped), skipped
    return [re.sub(r"^.+?\.json:\d+: ", "", s) for s in skipped]


def _mapping(tmp_path: Path, example: str, **changes: Any) -> Path:
    data = yaml.safe_load((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8"))
    for dotted, value in changes.items():
        node = data
        *parents, last = dotted.split("__")
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    path = tmp_path / f"{example}-mapping.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _mqm_tasks() -> list[dict[str, Any]]:
    """en-zh MQM export: overlapping spans, an omission, two annotators, one malformed item."""

    def severity(rid: str, value: str) -> dict[str, Any]:
        return ls.region_choice(rid, "severity", "translation", value)

    omission = {
        "id": "r3",
        "from_name": "errors",
        "to_name": "translation",
        "type": "labels",
        "value": {
            "start": T1.index("。"),
            "end": T1.index("。"),
            "text": "",
            "labels": ["Accuracy/Omission"],
        },
    }
    t1 = ls.task(
        1,
        {
            "source": "The snow was general all over Ireland.",
            "translation": T1,
            "system": "gpt-4o",
            "paragraph_id": "dead-1",
            "sentences": 1,
        },
        [
            ls.annotation(
                101,
                11,
                [
                    ls.span("r1", "translation", T1, "整个爱尔兰", ["Accuracy/Mistranslation"]),
                    severity("r1", "Major"),
                    ls.region_text("r1", "comment", "translation", "too literal"),
                    ls.span("r2", "translation", T1, "爱尔兰都在", ["Style/Awkwardness"]),
                    severity("r2", "Minor"),
                    omission,
                    severity("r3", "Major"),
                ],
            ),
            ls.annotation(
                102,
                {"id": 12, "email": "b@example.org"},
                [
                    ls.span("q1", "translation", T1, "下雪", ["Fluency/Grammar"]),
                    severity("q1", "Minor"),
                ],
            ),
        ],
    )
    # offsets select 他的
    bad = ls.span("x1", "translation", T2, "灵魂", ["Accuracy/Mistranslation"], start=0)
    t2 = ls.task(
        2,
        {
            "source": "His soul swooned slowly.",
            "translation": T2,
            "system": "human",
            "paragraph_id": "dead-2",
            "sentences": 1,
        },
        [ls.annotation(103, 11, []), ls.annotation(104, 12, [bad, severity("x1", "Major")])],
    )
    t3 = ls.task(
        3,
        {
            "source": "Snow.",
            "translation": "雪。",
            "system": "gpt-4o",
            "paragraph_id": "dead-3",
            "sentences": 1,
        },
        [ls.annotation(105, 11, [], cancelled=True)],
    )
    t4 = ls.task(
        4,
        {"source": "Missing.", "system": "gpt-4o", "paragraph_id": "dead-4", "sentences": 1},
        [ls.annotation(106, 11, [])],
    )
    t5 = ls.task(
        5,
        {
            "source": "Thus it was.",
            "translation": "Thus it was.",
            "system": "human",
            "paragraph_id": "dead-5",
            "sentences": 1,
        },
        [
            ls.annotation(
                107,
                11,
                [
                    ls.span(
                        "n1", "translation", "Thus it was.", "Thus it was.", ["Non-translation"]
                    ),
                    severity("n1", "Major"),
                ],
            )
        ],
    )
    return [t1, t2, t3, t4, t5]


@pytest.fixture()
def mqm_root(tmp_path: Path) -> tuple[Path, Any]:
    src = ls.write(tmp_path / "export.json", _mqm_tasks())
    out = tmp_path / "root"
    return out, get("labelstudio")(src, out, mapping=EXAMPLES / "mqm.yaml")


def test_registered() -> None:
    assert {IMPORTERS[k] for k in ("labelstudio", "wmt-mqm", "csv")} == {
        "formats.labelstudio",
        "formats.wmt_mqm",
        "formats.csv_table",
    }


def test_mqm_round_trip(mqm_root: tuple[Path, Any]) -> None:
    out, report = mqm_root
    assert validate([out]).items == []
    corpus = load([out])
    errors = corpus.tables["mqm_errors"].merge(
        corpus.tables["translations"][["system", "paragraph", "text"]]
    )
    got = sorted(
        (r.annotator, r.paragraph, r.text[r.start : r.end], r.category, r.subcategory, r.severity)
        for r in errors.itertuples()
    )
    assert got == sorted(
        [
            ("a11", "dead-1", "整个爱尔兰", "Accuracy", "Mistranslation", "major"),
            ("a11", "dead-1", "爱尔兰都在", "Style", "Awkwardness", "minor"),  # overlaps the first
            ("a11", "dead-1", "", "Accuracy", "Omission", "major"),  # zero-width omission
            ("a12", "dead-1", "下雪", "Fluency", "Grammar", "minor"),  # second annotator
            # offsets wrong: span located: no
            ("a12", "dead-2", "", "Accuracy", "Mistranslation", "major"),
            ("a11", "dead-5", "Thus it was.", "Non-translation", "", "major"),
        ]
    )
    omission = errors[errors["subcategory"] == "Omission"].iloc[0]
    assert omission["start"] == omission["end"] == T1.index("。")
    assert errors.loc[
        (errors["subcategory"] == "Mistranslation") & (errors["paragraph"] == "dead-1"), "comment"
    ].tolist() == ["too literal"]
    assert errors["non_translation"].tolist().count(True) == 1
    # the error-free annotation is a record with no errors; the span whose offsets do not select
    # its text keeps its error without a location (issue 26), so a12's judgment of dead-2 has it
    items = corpus.tables["mqm"].set_index(["paragraph", "annotator"])["n_errors"].to_dict()
    assert items == {
        ("dead-1", "a11"): 3,
        ("dead-1", "a12"): 1,
        ("dead-2", "a11"): 0,
        ("dead-2", "a12"): 1,
        ("dead-5", "a11"): 1,
    }
    unlocated = errors[errors["paragraph"] == "dead-2"].iloc[0]
    assert unlocated["start"] == unlocated["end"] == 0
    assert unlocated["comment"].startswith(
        "span located: no (offsets 0-2 (codepoints) select '他的'"
    )
    assert report.read["span located: no"] == 1
    assert set(corpus.tables["annotators"]["annotator"]) == {"a11", "a12"}
    assert (
        report.read["spans"] == 6 and report.read["tasks"] == 5 and report.read["annotations"] == 7
    )


def test_mqm_scores_of_the_import(mqm_root: tuple[Path, Any]) -> None:
    corpus = load([mqm_root[0]])
    t = corpus.tables
    scores = mqm_scores(t["mqm"], t["mqm_errors"], t["paragraphs"], {"student-mqm-mqm": "paper000"})
    got = scores.set_index(["paragraph", "annotator"])["score"].to_dict()
    # paper 000: -(25 NT + 5 major + 1 minor) / sentences, one sentence each (hand-computed)
    assert got == {
        ("dead-1", "a11"): -11.0,
        ("dead-1", "a12"): -1.0,
        ("dead-2", "a11"): 0.0,
        # dead-2: a major error, unlocated
        ("dead-2", "a12"): -5.0,
        ("dead-5", "a11"): -25.0,
    }


def test_malformed_items_are_reported_with_ids(mqm_root: tuple[Path, Any]) -> None:
    skipped = bare(mqm_root[1].skipped)
    assert any(
        ".json:" in n
        and "task 2, annotation 104: span 'x1': offsets 0-2 (codepoints) select '他的'" in n
        and "value.text is '灵魂'" in n
        and n.endswith("(span located: no)")
        for n in mqm_root[1].notes
    )
    assert any(s.startswith("task 3, annotation 105: cancelled") for s in skipped)
    assert any(s.startswith("task 4: data field 'translation' is missing") for s in skipped)
    assert len(skipped) == 2
    assert "b@example.org" not in "".join(
        p.read_text(encoding="utf-8") for p in mqm_root[0].rglob("*.*")
    )


def test_campaign_and_corpus_cards(mqm_root: tuple[Path, Any]) -> None:
    out = mqm_root[0]
    campaign = yaml.safe_load((out / "judgments" / "student-mqm-mqm" / "campaign.yaml").read_text())
    assert campaign["mqm"] == {"variant": "paper000", "typology": "paper000"}
    assert campaign["annotators"] == [
        {"id": "a11", "expertise": "student"},
        {"id": "a12", "expertise": "student"},
    ]
    work = yaml.safe_load((out / "corpus" / "works" / "the-dead" / "work.yaml").read_text())
    assert work["rights"]["status"] == "public-domain" and work["source_lang"] == "en"
    system = yaml.safe_load((out / "corpus" / "systems" / "gpt-4o" / "system.yaml").read_text())
    assert system["name"] == "GPT-4o"
    dataset = yaml.safe_load((out / "corpus" / "dataset.yaml").read_text())
    assert dataset["version"].startswith("sha256-")


def test_utf16_offsets_are_converted_only_when_declared(tmp_path: Path) -> None:
    text = "我很高兴🙂，谢谢你。"
    result = ls.span(
        "e1", "translation", text, "谢谢", ["Accuracy/Mistranslation"], start=text.index("谢谢") + 1
    )
    tasks = [
        ls.task(
            9,
            {
                "source": "I am glad, thanks.",
                "translation": text,
                "system": "gpt-4o",
                "paragraph_id": "p9",
                "sentences": 1,
            },
            [
                ls.annotation(
                    1, 5, [result, ls.region_choice("e1", "severity", "translation", "Minor")]
                )
            ],
        )
    ]
    src = ls.write(tmp_path / "export.json", tasks)
    report = get("labelstudio")(src, tmp_path / "cp", mapping=EXAMPLES / "mqm.yaml")
    assert report.skipped == [] and report.read["span located: no"] == 1  # kept, without a location
    assert (
        "task 9, annotation 1: span 'e1'" in report.notes[0]
        and "set 'offsets: utf16' in the mapping" in report.notes[0]
    )
    report = get("labelstudio")(
        src, tmp_path / "u16", mapping=_mapping(tmp_path, "mqm", offsets="utf16")
    )
    assert report.skipped == []
    error = load([tmp_path / "u16"]).tables["mqm_errors"].iloc[0]
    assert (error["start"], error["end"]) == (6, 8) and text[6:8] == "谢谢"


def test_non_nfc_text_is_normalised_and_offsets_follow(tmp_path: Path) -> None:
    text = unicodedata.normalize("NFD", "Le café crème était froid.")
    tasks = [
        ls.task(
            1,
            {
                "source": "The coffee was cold.",
                "translation": text,
                "system": "gpt-4o",
                "paragraph_id": "p1",
                "sentences": 1,
            },
            [
                ls.annotation(
                    1,
                    5,
                    [
                        ls.span(
                            "e",
                            "translation",
                            text,
                            unicodedata.normalize("NFD", "crème"),
                            ["Accuracy/Mistranslation"],
                        ),
                        ls.region_choice("e", "severity", "translation", "Minor"),
                    ],
                )
            ],
        )
    ]
    src = ls.write(tmp_path / "export.json", tasks)
    get("labelstudio")(src, tmp_path / "root", mapping=_mapping(tmp_path, "mqm", pair="en-fr"))
    t = load([tmp_path / "root"]).tables
    stored, error = t["translations"]["text"].iloc[0], t["mqm_errors"].iloc[0]
    assert (
        stored == unicodedata.normalize("NFC", text)
        and stored[error["start"] : error["end"]] == "crème"
    )


def _ab_task(
    tid: int,
    source: str,
    sys_a: str,
    text_a: str,
    sys_b: str,
    text_b: str,
    votes: list[tuple[int, str, list[dict[str, Any]]]],
) -> dict[str, Any]:
    data = {
        "source": source,
        "text_a": text_a,
        "system_a": sys_a,
        "text_b": text_b,
        "system_b": sys_b,
    }
    return ls.task(
        tid,
        data,
        [
            ls.annotation(tid * 10 + i, user, [ls.choice("preference", "source", vote), *spans])
            for i, (user, vote, spans) in enumerate(votes)
        ],
    )


def _pairwise_tasks() -> list[dict[str, Any]]:
    s1, s2, s3 = (
        "Jemand musste Josef K. verleumdet haben.",
        "Er wurde verhaftet.",
        "Das war seltsam.",
    )
    x1, y1 = "Someone must have slandered Josef K.", "Somebody must have defamed Josef K."
    y2, z2 = "He was arrested.", "He became arrested."
    z3, x3 = "That was strange.", "That was odd."
    return [
        _ab_task(
            1,
            s1,
            "x",
            x1,
            "y",
            y1,
            [
                (
                    1,
                    "A is better",
                    [ls.span("e1", "text_b", y1, "defamed", ["Accuracy/Mistranslation", "Minor"])],
                ),
                (2, "B is better", []),
            ],
        ),
        _ab_task(
            2,
            s2,
            "y",
            y2,
            "z",
            z2,
            [
                (
                    1,
                    "A is better",
                    [ls.span("e2", "text_b", z2, "became arrested", ["Fluency/Grammar", "Major"])],
                ),
                (
                    2,
                    "A is better",
                    [ls.span("e3", "text_b", z2, "became", ["Fluency/Grammar", "Major"])],
                ),
            ],
        ),
        _ab_task(3, s3, "z", z3, "x", x3, [(1, "Equal", []), (2, "B is better", [])]),
    ]


def test_pairwise_project_gives_preferences_and_spans_on_both_texts(tmp_path: Path) -> None:
    src = ls.write(tmp_path / "export.json", _pairwise_tasks())
    report = get("labelstudio")(src, tmp_path / "root", mapping=EXAMPLES / "pairwise.yaml")
    assert report.skipped == []
    corpus = load([tmp_path / "root"])
    pairwise = corpus.tables["pairwise"]
    assert len(pairwise) == 6 and set(pairwise["campaign"]) == {"ab-study-pairwise"}
    rates = win_matrix(pairwise)
    # hand count (ties half): x-y 1:1, y-z 2:0, x-z 1 win + 1 tie for x
    assert rates.loc["x", "y"] == 0.5 and rates.loc["y", "z"] == 1.0 and rates.loc["x", "z"] == 0.75
    mqm = corpus.tables["mqm"]
    assert len(mqm) == 12  # 6 annotations x 2 translations, error-free ones included
    errors = corpus.tables["mqm_errors"].merge(
        corpus.tables["translations"][["system", "paragraph", "text"]]
    )
    got = sorted(
        (r.system, r.annotator, r.text[r.start : r.end], r.category, r.severity)
        for r in errors.itertuples()
    )
    assert got == [
        ("y", "a1", "defamed", "Accuracy", "minor"),
        ("z", "a1", "became arrested", "Fluency", "major"),
        ("z", "a2", "became", "Fluency", "major"),
    ]
    campaign = corpus.campaigns["ab-study-mqm"]
    assert campaign["mqm"]["categories"] == ["Accuracy/Mistranslation", "Fluency/Grammar"]


def test_merged_display_spans_are_assigned_to_their_translation(tmp_path: Path) -> None:
    a, b = "他走了。", "他离开了。"
    display = f"A: {a}\n\nB: {b}"
    data = {
        "source": "He left.",
        "text_a": a,
        "system_a": "x",
        "text_b": b,
        "system_b": "y",
        "display": display,
    }
    inside_b = {
        "id": "m1",
        "from_name": "errors",
        "to_name": "display",
        "type": "labels",
        "value": {
            "start": display.index("离开"),
            "end": display.index("离开") + 2,
            "text": "离开",
            "labels": ["Style/Awkward", "Minor"],
        },
    }
    across = {
        "id": "m2",
        "from_name": "errors",
        "to_name": "display",
        "type": "labels",
        "value": {
            "start": display.index("了。"),
            "end": display.index("B:") + 1,
            "text": display[display.index("了。") : display.index("B:") + 1],
            "labels": ["Major", "Other"],
        },
    }
    tasks = [
        ls.task(
            1,
            data,
            [
                ls.annotation(1, 3, [ls.choice("preference", "source", "A is better"), inside_b]),
                ls.annotation(2, 4, [ls.choice("preference", "source", "Equal"), across]),
            ],
        )
    ]
    src = ls.write(tmp_path / "export.json", tasks)
    mapping = _mapping(
        tmp_path, "pairwise", pair="en-zh", merged=[{"to_name": "display", "parts": ["a", "b"]}]
    )
    report = get("labelstudio")(src, tmp_path / "root", mapping=mapping)
    assert len(report.skipped) == 1 and bare(report.skipped)[0].startswith(
        "task 1, annotation 2: span 'm2'"
    )
    assert "is not inside one translation" in report.skipped[0]
    error = load([tmp_path / "root"]).tables["mqm_errors"].iloc[0]
    assert (error["system"], error["start"], error["end"]) == ("y", 1, 3) and b[1:3] == "离开"


def test_same_translation_judged_twice_by_one_annotator_keeps_the_first(tmp_path: Path) -> None:
    s, x, y, z = "Er schlief.", "He slept.", "He was asleep.", "He sleeps."
    tasks = [
        _ab_task(1, s, "x", x, "y", y, [(1, "A is better", [])]),
        _ab_task(2, s, "x", x, "z", z, [(1, "A is better", [])]),
    ]
    report = get("labelstudio")(
        ls.write(tmp_path / "e.json", tasks), tmp_path / "root", mapping=EXAMPLES / "pairwise.yaml"
    )
    assert bare(report.skipped) == [
        "task 2, annotation 20: a1 already has a mqm judgment of this item in another "
        "task; the first was kept (set mqm.per_comparison: true to keep one MQM campaign "
        "per comparison)"
    ]
    corpus = load([tmp_path / "root"])
    assert len(corpus.tables["pairwise"]) == 2 and len(corpus.tables["mqm"]) == 3


def test_sqm_project(tmp_path: Path) -> None:
    tasks = [
        ls.task(
            i,
            {"src": f"Sentence {i}.", "tgt": f"Satz {i}.", "system": "deepl"},
            [
                ls.annotation(i * 10, 1, [ls.rating("quality", "tgt", score)]),
                ls.annotation(i * 10 + 1, 2, [ls.rating("quality", "tgt", other)]),
            ],
        )
        for i, score, other in [(1, 5, 4), (2, 6, 9)]
    ]
    report = get("labelstudio")(
        ls.write(tmp_path / "e.json", tasks), tmp_path / "root", mapping=EXAMPLES / "sqm.yaml"
    )
    assert bare(report.skipped) == [
        "task 2, annotation 21: 'quality' score 9 is outside the scale 0-6; "
        "the annotation was skipped"
    ]
    sqm = load([tmp_path / "root"]).tables["sqm"]
    assert sorted(zip(sqm["annotator"], sqm["score"])) == [("a1", 5.0), ("a1", 6.0), ("a2", 4.0)]


def test_no_mapping_or_bad_export_is_a_data_error(tmp_path: Path) -> None:
    src = ls.write(tmp_path / "export.json", [{"id": 1, "text": "x", "label": "y"}])
    with pytest.raises(DataError, match="--mapping"):
        get("labelstudio")(src, tmp_path / "a")
    with pytest.raises(DataError, match="JSON-MIN"):
        get("labelstudio")(src, tmp_path / "b", mapping=EXAMPLES / "mqm.yaml")


def test_output_folder_must_be_new(tmp_path: Path, mqm_root: tuple[Path, Any]) -> None:
    src = ls.write(tmp_path / "export2.json", _mqm_tasks())
    with pytest.raises(DataError, match="exists and is not empty"):
        get("labelstudio")(src, mqm_root[0], mapping=EXAMPLES / "mqm.yaml")


def test_cli_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from litboard.cli import main

    src = ls.write(tmp_path / "export.json", _pairwise_tasks())
    code = main(
        [
            "import",
            "labelstudio",
            str(src),
            "--mapping",
            str(EXAMPLES / "pairwise.yaml"),
            "--out",
            str(tmp_path / "root"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "3 tasks" in out and "6 annotations" in out and "skipped: 0" in out
    assert main(["validate", "--data", str(tmp_path / "root")]) == 0
    shutil.rmtree(tmp_path / "root")
    assert main(["import", "labelstudio", str(src), "--out", str(tmp_path / "root")]) == 1


def test_site_from_an_imported_pairwise_project(tmp_path: Path) -> None:
    """Must-show 3: preference rates per system pair and the error spans in the reader."""
    from litboard.pipeline.build import build_site

    get("labelstudio")(
        ls.write(tmp_path / "export.json", _pairwise_tasks()),
        tmp_path / "root",
        mapping=EXAMPLES / "pairwise.yaml",
    )
    site = build_site([tmp_path / "root"], tmp_path / "site").out
    site = site / declared_id(tmp_path / "root")
    assert (
        "Pairwise preferences, ab-study-pairwise (de-en)"
        in (site / "schemes" / "index.html").read_text()
    )
    wins = (site / "schemes" / "bt-ab-study-pairwise-de-en-wins.csv").read_text().split()
    assert wins == ["system,x,y,z", "x,,0.5,0.75", "y,0.5,,1", "z,0.25,0,"]  # hand count, see above
    errors = load([tmp_path / "root"]).tables["mqm_errors"]
    for paragraph, group in errors.groupby("paragraph"):
        page = (site / "paragraphs" / f"{paragraph}.html").read_text()
        for annotator in group["annotator"]:
            assert f'data-toggle="ab-study-mqm:{annotator}"' in page
    pages = "".join(p.read_text() for p in (site / "paragraphs").glob("der-process-*.html"))
    assert ">defamed</mark>" in pages and ">became</mark>" in pages
