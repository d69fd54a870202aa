"""Must-show 1 (pages): error counts by category and the summed preference rate of the study."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from litboard.analysis import pairwise_spans as ps
from litboard.importers import get
from litboard.load.read import load

from ..golden import check_golden
from .ls_study import study_files

MAPPING = (
    Path(__file__).resolve().parents[2]
    / "generator"
    / "litboard"
    / "importers"
    / "examples"
    / "pairwise_spans.yaml"
)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("pe")
    study_files(tmp / "exports")
    get("labelstudio")([tmp / "exports"], tmp / "root", mapping=MAPPING)
    return tmp / "root"


def test_error_counts_by_hand(root: Path) -> None:
    t = load([root]).tables
    counts = ps.error_counts(t["mqm_errors"], items=t["mqm"]).set_index("system")
    # hand count (see ls_study): para: 2 accuracy (p1, once per comparison); sent: accuracy p2,
    # fluency p1 en-de + p1 en-zh, style p1 (the drift span); human: none marked
    assert counts.to_dict("index") == {
        "gpt4-para": {"Accuracy": 2, "Fluency": 0, "Style": 0, "total": 2},
        "gpt4-sent": {"Accuracy": 1, "Fluency": 2, "Style": 1, "total": 4},
        "human": {"Accuracy": 0, "Fluency": 0, "Style": 0, "total": 0},
    }  # judged, no error marked
    assert list(ps.error_counts(t["mqm_errors"]).set_index("system").index) == [
        "gpt4-para",
        "gpt4-sent",
    ]
    groups = ps.error_counts(t["mqm_errors"], t["annotators"], by_group=True)
    assert set(groups["expertise"]) == {"professional"} and groups["total"].sum() == 6


def test_preference_rates_by_hand(root: Path) -> None:
    t = load([root]).tables
    focal = {"lit-pairwise-pairwise": "gpt4-para"}  # stated with GPT-4 (paragraph) first
    pooled = ps.preference_rates(t["pairwise"], focal=focal).set_index(["first", "second"])
    # para vs sent: para preferred in 101, 102 (B = para), 301; sent in 302 -> 3/4
    row = pooled.loc[("gpt4-para", "gpt4-sent")]
    assert (row["judgments"], row["first_wins"], row["second_wins"], row["ties"], row["rate"]) == (
        4,
        3,
        1,
        0,
        0.75,
    )
    # para vs human: human preferred in 201, tie in 202 -> para 0.25
    row = pooled.loc[("gpt4-para", "human")]
    assert (row["judgments"], row["first_wins"], row["second_wins"], row["ties"], row["rate"]) == (
        2,
        0,
        1,
        1,
        0.25,
    )
    by_pair = ps.preference_rates(t["pairwise"], per_pair=True, focal=focal).set_index(
        ["pair", "first", "second"]
    )["rate"]
    assert by_pair.to_dict() == {
        ("en-de", "gpt4-para", "gpt4-sent"): 1.0,
        ("en-de", "gpt4-para", "human"): 0.25,
        ("en-zh", "gpt4-para", "gpt4-sent"): 0.5,
    }


def test_bootstrap_ci_against_a_direct_loop() -> None:
    values = np.array([1.0, 1.0, 0.5, 0.0, 1.0, 0.0, 1.0])
    low, high = ps.bootstrap_ci(values, n_resamples=200, seed=7)
    rng = np.random.default_rng(7)
    draws = rng.integers(0, len(values), size=(200, len(values)))
    means = [values[row].mean() for row in draws]  # the same draws, averaged one by one
    assert (low, high) == pytest.approx(
        (np.quantile(means, 0.025), np.quantile(means, 0.975)), abs=1e-12
    )
    assert ps.bootstrap_ci(np.ones(5)) == (1.0, 1.0)  # unanimous: no uncertainty left


def test_rates_orient_each_comparison_once() -> None:
    """Without a focal system a comparison keeps the direction of its first judgment (A first),
    never the alphabetical one; a declared focal system always comes first (issue 26)."""
    frame = pd.DataFrame(
        {
            "campaign": ["c", "c", "c"],
            "pair": ["en-de"] * 3,
            "a": ["y", "x", "x"],
            "b": ["x", "y", "y"],
            "preference": ["a", "a", "b"],
        }
    )
    row = ps.preference_rates(frame).iloc[0]
    assert (row["first"], row["second"], row["first_wins"], row["second_wins"]) == ("y", "x", 2, 1)
    row = ps.preference_rates(frame, focal={"c": "x"}).iloc[0]
    assert (row["first"], row["second"], row["first_wins"], row["second_wins"]) == ("x", "y", 1, 2)
    row = ps.preference_rates(frame, focal={"other": "x"}).iloc[0]
    assert row["first"] == "y"  # another campaign's focal system does not apply


def test_the_site_shows_the_tables(root: Path, tmp_path: Path) -> None:
    from litboard.pipeline.build import build_site

    site = build_site([root], tmp_path / "site").out
    pages = list(site.rglob("pairwise-errors/index.html"))
    assert len(pages) == 1
    html = pages[0].read_text(encoding="utf-8")
    assert "Error spans by category per system" in html and "all language pairs summed" in html
    # no span has a severity: error counts, never a board of MQM zeros (issue 26)
    assert "Error counts, no severities in this release" in html
    # wherever the board is
    board = "".join(p.read_text(encoding="utf-8") for p in site.rglob("index.html"))
    assert (
        "Errors per 100 words" in board and "error counts, no severities in this release" in board
    )
    start = html.index("<h2 id=\"errors\"")
    end = html.index("</p>", html.index("preferences-by-pair.csv", start)) + len("</p>")
    check_golden("pairwise_spans/page.html", html[start:end])
    csv = (pages[0].parent / "preferences.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0] == ",".join(ps.RATE_COLUMNS)
    assert csv[1].startswith("all,gpt4-para,gpt4-sent,4,3,1,0,0.75,")


@pytest.mark.parametrize("k,n", [(129, 180), (120, 180), (150, 180), (0, 7), (7, 7), (3, 10)])
def test_wilson_interval_is_scipys(k: int, n: int) -> None:
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert ps.wilson_ci(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_statement_says_it_the_way_the_paper_does() -> None:
    row = {
        "first": "para",
        "second": "sent",
        "judgments": 180,
        "first_wins": 129,
        "second_wins": 51,
        "ties": 0,
        "rate": 129 / 180,
        "ci_low": ps.wilson_ci(129, 180)[0],
        "ci_high": ps.wilson_ci(129, 180)[1],
    }
    assert (
        ps.statement(row, {"para": "PARA", "sent": "SENT"})
        == "PARA preferred over SENT: 129/180, 71.7 % [95% CI 64.7–77.7 %]"
    )
