"""Plans: byte-identical for a seed, comparisons where rank intervals overlap, anchors, cost,
errors; the exported labelling configs parse as XML and every label maps to a typology category
through the importer mapping."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
import yaml

from litboard.campaign.build_plan import make_plan
from litboard.campaign.export import mapping, tsv
from litboard.campaign.labelconfig import config
from litboard.campaign.labels import Typology, error_labels, esa_labels
from litboard.campaign.plan import PlanRequest, overlap, rank_pairs
from litboard.campaign.planfile import dump, read_plan
from litboard.cli import main
from litboard.load.datasets import load_all
from litboard.errors import DataError
from litboard.importers.core.mapping import LabelStudioMapping, load_mapping
from litboard.typology import allowed_categories

from ..helpers import FIXTURES

TRACK = FIXTURES / "track"


@pytest.fixture(scope="module")
def corpus():  # type: ignore[no-untyped-def]
    return load_all([TRACK])[0]


def _request(
    scheme: str = "pairwise", seed: int = 1, budget: int = 12, **kw: object
) -> PlanRequest:
    return PlanRequest(
        "fixture-track", "de-en", ("new-mt",), scheme, budget, seed, paragraphs=4, **kw
    )  # type: ignore[arg-type]


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    outs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.yaml"
        assert (
            main(
                [
                    "campaign",
                    "plan",
                    "fixture-track",
                    "--data",
                    str(TRACK),
                    "--pair",
                    "de-en",
                    "--systems",
                    "new-mt",
                    "--scheme",
                    "pairwise",
                    "--budget",
                    "16",
                    "--paragraphs",
                    "4",
                    "--seed",
                    "9",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert read_plan(tmp_path / "a.yaml")["seed"] == 9


def test_another_seed_another_draw(corpus) -> None:  # type: ignore[no-untyped-def]
    plans = {dump(make_plan(corpus, _request(seed=s, budget=16))) for s in range(6)}
    assert len(plans) > 1  # paragraphs, sides or tie-breaks differ


def test_anchors_human_and_top_machine(corpus) -> None:  # type: ignore[no-untyped-def]
    plan = make_plan(corpus, _request(calibration=0))  # no room at budget 12: see test_calibration
    # fixture ranking (MQM, mqm-pro): published-ht first, llm-a and llm-b tied second, nmt-c last
    assert [a["system"] for a in plan["anchors"]] == ["published-ht", "llm-a"]
    required = [c["systems"] for c in plan["comparisons"][:2]]
    assert all("new-mt" in c for c in required)
    assert plan["cost"] == {
        "minutes_per_item": 29.0,
        "minutes_from": "default for pairwise (site/human-evaluation.md)",
        "items": 12,
        "annotations": 14,
        "minutes": 406.0,
        "hours": 6.8,
    }


def test_overlap_by_hand() -> None:
    assert overlap((1, 2), (2, 3)) == 1
    assert overlap((1, 3), (2, 4)) == 2
    assert overlap((1, 1), (4, 4)) == 0


def test_pairs_ranked_by_overlap() -> None:
    iv = {"a": (1, 1), "b": (2, 4), "c": (2, 3), "d": (5, 5), "e": (4, 5)}
    ranked = rank_pairs(iv, (), set(), np.random.default_rng(0))
    overlaps = [o for _, _, o, _ in ranked]
    assert overlaps == sorted(overlaps, reverse=True)
    assert {ranked[0][0], ranked[0][1]} == {"b", "c"} and ranked[0][2] == 2
    assert all(o == 0 for a, b, o, _ in ranked if {a, b} & {"a"})  # 'a' is separated from everyone


def test_planned_comparisons_concentrate_on_overlapping_intervals(corpus) -> None:  # type: ignore[no-untyped-def]
    """Beyond the required new-vs-anchor pairs, every chosen pair overlaps at least as much as
    every pair left out; nmt-c, separated from the others (rank 4, interval 4-4), is only
    planned when nothing overlapping is left."""
    plan = make_plan(corpus, _request(budget=16))
    iv = {s: tuple(v) for s, v in plan["ranking"]["intervals"].items()}
    chosen = {frozenset(c["systems"]) for c in plan["comparisons"]}
    required = {frozenset(("new-mt", a["system"])) for a in plan["anchors"]}
    extra = chosen - required
    assert extra
    left = [frozenset((a, b)) for a in iv for b in iv if a < b and frozenset((a, b)) not in chosen]
    assert min(overlap(*(iv[s] for s in p)) for p in extra) >= max(
        overlap(*(iv[s] for s in p)) for p in left
    )
    assert all("nmt-c" not in p for p in extra)
    assert all(
        c["shared_ranks"] == overlap(*(iv[s] for s in c["systems"])) for c in plan["comparisons"]
    )


def test_double_share_and_slots(corpus) -> None:  # type: ignore[no-untyped-def]
    plan = make_plan(corpus, _request("mqm", budget=16, double_share=0.25))
    doubled = [i for i in plan["items"] if len(i["slots"]) == 2]
    assert len(doubled) == 4 and all(i["slots"][0] != i["slots"][1] for i in doubled)
    assert plan["cost"]["annotations"] == 20 and plan["cost"]["minutes"] == 400.0


@pytest.mark.parametrize(
    ("request_", "needle"),
    [
        (
            PlanRequest("fixture-track", "de-en", ("new-mt",), "pairwise", 4, 1, paragraphs=4),
            "raise --budget to 8",
        ),
        (PlanRequest("fixture-track", "en-zh", ("new-mt",), "mqm", 40, 1), "not a language pair"),
        (
            PlanRequest("fixture-track", "de-en", ("nobody",), "mqm", 40, 1),
            "'nobody' is not a system",
        ),
        (
            PlanRequest("fixture-track", "de-en", ("new-mt",), "mqm", 400, 1, paragraphs=40),
            "share only 8",
        ),
    ],
)
def test_bad_requests_name_the_fix(corpus, request_: PlanRequest, needle: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DataError) as info:
        make_plan(corpus, request_)
    assert needle in info.value.problems[0].format() and "fix:" in info.value.problems[0].format()


def test_plan_file_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plan.yaml"
    out.write_text("mine\n")
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(TRACK),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                "mqm",
                "--budget",
                "40",
                "--seed",
                "1",
                "--out",
                str(out),
            ]
        )
        == 1
    )
    assert out.read_text() == "mine\n" and "exists already" in capsys.readouterr().err


TYPOLOGIES = [
    Typology("paper000", (), ""),
    Typology("wmt", (), ""),
    Typology("custom", ("MISTRANSLATION", "GRAMMAR", "FORMAT"), "x"),
]


@pytest.mark.parametrize("scheme", ["mqm", "esa", "pairwise"])
@pytest.mark.parametrize("typology", TYPOLOGIES, ids=lambda t: t.name)
def test_config_labels_map_to_typology(tmp_path: Path, scheme: str, typology: Typology) -> None:
    labels = esa_labels(typology) if scheme == "esa" else error_labels(typology)
    root = ET.fromstring(config(scheme, labels))
    shown = [label.get("value") for label in root.iter("Label")]
    assert shown and len(shown) == len(set(shown))
    plan = {"campaign": "c", "scheme": scheme, "pair": "de-en"}
    path = tmp_path / "mapping.yaml"
    path.write_text(yaml.safe_dump(mapping(plan, typology)), encoding="utf-8")
    m = load_mapping(path, LabelStudioMapping)  # the importer's own validation
    assert m.mqm is not None and not m.mqm.label_is_category
    allowed = allowed_categories(typology.name, list(typology.categories))
    for value in shown:
        target = m.mqm.labels[value]
        assert target.category in allowed and target.subcategory in allowed[target.category], value
    tags = {e.get("name") for e in root.iter() if e.get("name")}
    controls = (
        {m.mqm.from_name}
        | ({m.pairwise.from_name, m.pairwise.comment_from} if m.pairwise else set())
        | (set(m.sqm.ratings) if m.sqm else set())
        | {n for n in (m.mqm.severity_from, m.mqm.comment_from) if n}
    )
    assert controls <= tags
    if typology.name == "paper000" and scheme == "mqm":
        assert (
            "Fluency/Punctuation/Spelling" in shown
            and m.mqm.labels["Non-translation"].non_translation
        )


def test_bws_config_and_tsv() -> None:
    root = ET.fromstring(config("bws", [], 4))
    assert [c.get("name") for c in root.iter("Choices")] == ["best", "worst"]
    names = [t.get("name") for t in root.iter("Text")]  # the source, 4 translations, context
    assert names == ["context_before", "source", "context_after"] + [
        f"text_{n}" for n in range(1, 5)
    ]
    text = tsv([{"data": {"item": "t0001", "plan": "ab", "source": "a\tb\nc", "text_1": "x"}}])
    assert text.splitlines()[0] == "item\tplan\tsource\ttext_1" and '"a\tb\nc"' in text


def test_export_is_blind_and_shuffled(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(TRACK),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                "pairwise",
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "4",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    assert (
        main(["campaign", "export", str(plan), "--data", str(TRACK), "--out", str(tmp_path / "ls")])
        == 0
    )
    text = (tmp_path / "ls" / "tasks.json").read_text(encoding="utf-8")
    for system in ("new-mt", "published-ht", "llm-a", "llm-b", "nmt-c"):
        assert system not in text
    order = [t["data"]["item"] for t in json.loads(text)]
    read = read_plan(plan)  # every item once, and the attention checks (never first)
    expected = [i["id"] for i in read["items"] + read["attention"]]
    assert sorted(order) == sorted(expected) and order != sorted(order)
    assert read["attention"] and order[0] not in {c["id"] for c in read["attention"]}
    assert (
        main(
            [
                "campaign",
                "export",
                str(plan),
                "--data",
                str(TRACK),
                "--format",
                "tsv",
                "--out",
                str(tmp_path / "tsv"),
            ]
        )
        == 0
    )
    import csv

    with open(tmp_path / "tsv" / "tasks.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert len(rows) == 16 + len(read["attention"]) and "merged" not in rows[0]
    assert rows[0]["tgt_a"] and rows[0]["tgt_b"]
