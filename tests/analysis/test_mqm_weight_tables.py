"""Issue 45: MQM weights declared as data, and the table printed is the one the numbers use."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml

from litboard.analysis import mqm_weights
from litboard.analysis.leaderboard import segment_scores
from litboard.analysis.mqm import error_weights, mqm_scores
from litboard.importers import get
from litboard.load.read import load
from litboard.render.core.dataset_cards import intro
from litboard.render.core.jinja import render

FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "wmt_mqm_variants"
    / "sxs_mqm_generalMT2023_ende.3ratingsPerSegment.tsv"
)
CAMPAIGN = "sxs-mqm-generalmt2023-ende"


def test_the_standard_table_gives_the_wmt_weights() -> None:
    grid = [
        (sev, cat, sub, nt)
        for sev in ("major", "minor", "neutral", "critical", "unspecified")
        for cat, sub, nt in (
            ("Accuracy", "Mistranslation", False),
            ("Fluency", "Punctuation", False),
            ("Non-translation!", "", True),
            ("Style", "", False),
            ("Other", "", True),
        )
    ]
    errors = pd.DataFrame(grid, columns=["severity", "category", "subcategory", "non_translation"])
    assert (
        error_weights(errors, "wmt", mqm_weights.STANDARD).tolist()
        == error_weights(errors, "wmt").tolist()
    )


def test_most_specific_key_wins_and_star_matches_any_severity() -> None:
    table = mqm_weights.rules(mqm_weights.TABLES["wmt2023"])
    w = mqm_weights.weight
    assert w("Major", "Accuracy", "Creative Reinterpretation", False, table) == 0.0
    assert w("minor", "Source issue", "", False, table) == 0.0
    assert w("Major", "Accuracy", "Mistranslation", False, table) == 5.0
    assert w("Minor", "Fluency", "Punctuation", False, table) == 0.1
    assert w("Major", "Non-translation!", "", True, table) == 25.0
    assert w("unspecified", "Accuracy", "", False, table) == 0.0
    assert (
        mqm_weights.text({"Major": 5.0, "Minor/Fluency/Punctuation": 0.1})
        == "Major:5 Minor/Fluency/Punctuation:0.1"
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("w") / "root"
    get("wmt-mqm")(FIXTURE, out)
    return out


def test_the_2023_release_declares_its_table(root: Path) -> None:
    card = yaml.safe_load(
        (root / "judgments" / CAMPAIGN / "campaign.yaml").read_text(encoding="utf-8")
    )
    assert card["mqm"]["weights"] == mqm_weights.TABLES["wmt2023"]
    t = load([root]).tables
    scores = mqm_scores(
        t["mqm"],
        t["mqm_errors"],
        t["paragraphs"],
        {CAMPAIGN: "wmt"},
        weights=mqm_weights.declared({CAMPAIGN: card}),
    )
    got = scores.set_index(["system", "paragraph", "annotator"])["score"].to_dict()
    # seg 22: rater1 Creative Reinterpretation (Major) 0; rater3 Non-translation 25 + Source issue 0
    assert {k[2]: v for k, v in got.items() if k[:2] == ("lan-bridgemt", "doc-b-22")} == {
        "rater1": 0.0,
        "rater2": 0.0,
        "rater3": -25.0,
    }
    # seg 21 of ONLINE-B: rater1 2 minor = 2; rater2 major 5; rater3 minor 1 + punct 0.1 + minor 1
    assert {k[2]: v for k, v in got.items() if k[:2] == ("online-b", "doc-b-21")} == pytest.approx(
        {"rater1": -2.0, "rater2": -5.0, "rater3": -2.1}, abs=1e-12
    )


def _printed(page: str) -> dict[str, float]:
    rows = re.findall(r"<tr><td><code>(.*?)</code></td><td>(.*?)</td></tr>", page)
    return {html.unescape(k): float(v) for k, v in rows}


def _by_hand(root: Path, table: dict[str, float]) -> dict[str, float]:
    """System means from the stored errors with ``table``: per (segment, rater) sums, then means."""
    t = load([root]).tables
    ordered = mqm_weights.rules(table)
    errors = t["mqm_errors"]
    errors = errors.assign(
        w=[
            mqm_weights.weight(
                r.severity, r.category, r.subcategory or "", bool(r.non_translation), ordered
            )
            for r in errors.itertuples()
        ]
    )
    sums = errors.groupby(["system", "paragraph", "annotator"])["w"].sum()
    items = t["mqm"].set_index(["system", "paragraph", "annotator"]).index
    penalty = pd.Series([sums.get(k, 0.0) for k in items], index=items)
    per_translation = penalty.groupby(level=["system", "paragraph"]).mean()
    return (-per_translation.groupby(level="system").mean()).to_dict()


@pytest.mark.parametrize(
    "table",
    [
        mqm_weights.TABLES["wmt2023"],
        {"Major": 10.0, "Minor": 2.0, "*/Source issue": 1.0, "Major/Non-translation": 30.0},
    ],
)
def test_the_printed_table_is_the_one_used_for_the_numbers(
    root: Path, tmp_path: Path, table: dict[str, float]
) -> None:
    import shutil

    copy = tmp_path / "root"
    shutil.copytree(root, copy)
    path = copy / "judgments" / CAMPAIGN / "campaign.yaml"
    card = yaml.safe_load(path.read_text(encoding="utf-8"))
    card["mqm"]["weights"] = table
    path.write_text(yaml.safe_dump(card, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (copy / ".litboard-files").unlink(missing_ok=True)  # the card was edited by hand
    corpus = load([copy])
    page = render("dataset_intro.html.j2", intro=intro(corpus))
    printed = _printed(page)
    assert printed == table and "declared by the campaign" in page
    long, columns = segment_scores(corpus)
    column = next(c for c in columns if c.key == f"mqm:{CAMPAIGN}")
    assert mqm_weights.text(printed) in column.provenance
    mine = long[long["column"] == column.key].groupby(["system", "paragraph"])["score"].mean()
    board = mine.groupby(level="system").mean().to_dict()
    assert board == pytest.approx(_by_hand(copy, printed), abs=1e-12)
