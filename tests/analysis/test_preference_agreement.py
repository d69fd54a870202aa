"""Agreement that fits the scheme (issue 44, goal 6): pairwise campaigns get preference agreement
(percent and Cohen's kappa with a CI, n), and severity-free MQM spans never an MSE of zeros."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from litboard.analysis.preference_agreement import (
    kappa,
    preference_agreement,
    severity_free,
    symmetric_kappa,
)

X = [0, 0, 0, 1, 1, 1, 2, 0, 1, 0]
Y = [0, 0, 1, 1, 1, 0, 2, 0, 1, 2]


def _judgments() -> pd.DataFrame:
    """Annotator x sees s1 as A, annotator y sees s2 as A: the labels must not depend on it."""
    rows = []
    for i, (x, y) in enumerate(zip(X, Y)):
        rows.append(("c", "de-en", f"p{i}", "x", "s1", "s2", {0: "a", 1: "b", 2: "tie"}[x]))
        rows.append(("c", "de-en", f"p{i}", "y", "s2", "s1", {0: "b", 1: "a", 2: "tie"}[y]))
    rows.append(("c", "de-en", "p99", "x", "s1", "s2", "a"))  # judged by x only: not compared
    return pd.DataFrame(
        rows, columns=["campaign", "pair", "paragraph", "annotator", "a", "b", "preference"]
    )


def test_hand_computed_percent_and_kappa() -> None:
    # 7 of 10 equal; chance: x uses (5, 4, 1) of the labels, y (4, 4, 2): (20 + 16 + 2) / 100 = 0.38
    # kappa = (0.70 - 0.38) / (1 - 0.38) = 0.32 / 0.62
    table = preference_agreement(_judgments())
    rows = {r["statistic"]: r for r in table.to_dict("records")}
    assert rows["agreement (%)"]["value"] == pytest.approx(70.0)
    assert rows["Cohen kappa (preference)"]["value"] == pytest.approx(0.32 / 0.62, abs=1e-12)
    assert {r["n"] for r in rows.values()} == {10} and {r["annotators"] for r in rows.values()} == {
        "x vs y"
    }
    from sklearn.metrics import cohen_kappa_score

    assert kappa(np.array(X), np.array(Y)) == pytest.approx(cohen_kappa_score(X, Y), abs=1e-12)
    low, high = (float(v) for v in rows["Cohen kappa (preference)"]["ci"].strip("[]").split(", "))
    assert low < 0.32 / 0.62 < high and -1 <= low and high <= 1
    assert preference_agreement(_judgments())["ci"].tolist() == table["ci"].tolist()  # seeded


def test_perfect_and_single_label_agreement() -> None:
    same = pd.DataFrame(
        [("c", "de-en", f"p{i}", who, "s1", "s2", "a") for i in range(4) for who in "xy"],
        columns=["campaign", "pair", "paragraph", "annotator", "a", "b", "preference"],
    )
    rows = {r["statistic"]: r for r in preference_agreement(same).to_dict("records")}
    assert rows["agreement (%)"]["value"] == 100.0
    # both always prefer s1: perfect agreement, kappa 1 whichever system id sorts first (it
    # was undefined, "—", when the preferred system sorted first, issue 57)
    assert rows["Cohen kappa (preference)"]["value"] == pytest.approx(1.0, abs=1e-12)
    assert preference_agreement(same.iloc[0:0]).empty
    ties = same.assign(preference="tie")
    rows = {r["statistic"]: r for r in preference_agreement(ties).to_dict("records")}
    assert np.isnan(rows["Cohen kappa (preference)"]["value"])  # one label only: undefined


def _three(first: str, second: str) -> pd.DataFrame:
    """3 comparisons; x prefers ``first`` each time, y twice and then ``second``."""
    rows = [("c", "de-en", f"p{i}", "x", first, second, "a") for i in range(3)]
    rows += [("c", "de-en", f"p{i}", "y", first, second, "a" if i < 2 else "b") for i in range(3)]
    return pd.DataFrame(
        rows, columns=["campaign", "pair", "paragraph", "annotator", "a", "b", "preference"]
    )


def test_preference_kappa_does_not_depend_on_the_order_of_system_ids() -> None:
    # by hand, each comparison counted both ways: x (1,1,1,0,0,0), y (1,1,0,0,0,1);
    # observed 4/6, chance (3*3 + 3*3) / 36 = 1/2: kappa (2/3 - 1/2) / (1/2) = 1/3
    for first, second in (("new-mt", "anchor"), ("anchor", "new-mt")):
        table = preference_agreement(_three(first, second))
        rows = {r["statistic"]: r for r in table.to_dict("records")}
        assert rows["Cohen kappa (preference)"]["value"] == pytest.approx(1 / 3, abs=1e-12)
        assert rows["agreement (%)"]["value"] == pytest.approx(200 / 3)
    assert symmetric_kappa(np.array([0, 1, 2]), np.array([0, 1, 2])) == pytest.approx(1.0)


def test_severity_free_campaigns() -> None:
    errors = pd.DataFrame(
        {
            "campaign": ["spans", "spans", "mqm", "mqm"],
            "severity": ["unspecified", "unspecified", "minor", "unspecified"],
        }
    )
    assert severity_free(errors) == {"spans"}


def test_pairwise_campaign_gets_preference_and_span_agreement_not_mse(tmp_path: Path) -> None:
    from litboard.analysis import schemes
    from litboard.cli import main
    from litboard.load.datasets import load_all

    from ..campaign.fake_labelstudio import annotate
    from ..helpers import FIXTURES, copy_root

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
                "pairwise",
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "5",
                "--double-share",
                "0.5",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    assert main(["campaign", "export", str(plan), "--data", str(root), "--out", str(project)]) == 0
    (tmp_path / "e.json").write_text(
        json.dumps(annotate(project, [21, 22], prefer=lambda d: len(d["src"]) % 2))
    )
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
    corpus = next(c for c in load_all([root]) if c.dataset_id == "fixture-track")
    spans = {c for c in corpus.mqm["campaign"].unique() if "-spans-" in c}
    assert spans and spans <= severity_free(corpus.mqm_errors)
    assert not set(schemes.agreement_rows(corpus)["campaign"]) & spans
    assert set(schemes.span_agreement(corpus)["campaign"]) & spans
    table = preference_agreement(corpus.pairwise)
    mine = table[table["campaign"] == "fixture-track-pairwise-new-mt-s5"]
    assert set(mine["statistic"]) == {"agreement (%)", "Cohen kappa (preference)"}
    assert (mine["n"] > 0).all() and set(mine["annotators"]) == {"a21 vs a22"}
