"""Agreement of a plan's annotators with earlier campaigns on anchor items: hand-computed cases."""

from __future__ import annotations

import math

import pandas as pd

from litboard.analysis.anchor_agreement import majority, pairwise_agreement, score_agreement


def _pw(rows: list[tuple[str, str, str, str]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["paragraph", "a", "b", "preference"])


def test_majority_orients_pairs_and_splits_to_tie() -> None:
    got = majority(
        _pw(
            [
                ("p1", "x", "y", "a"),
                ("p1", "y", "x", "a"),  # x wins once, y once: tie
                ("p2", "y", "x", "b"),
                ("p3", "x", "y", "tie"),
            ]
        )
    )
    assert got.to_dict() == {
        ("p1", "x", "y"): "tie",
        ("p2", "x", "y"): "first",
        ("p3", "x", "y"): "tie",
    }


def test_kappa_by_hand() -> None:
    # new: first, second, tie, first; old: first, second, first, first
    # p_o = 3/4; p_e = (2/4)(3/4) + (1/4)(1/4) = 7/16; kappa = (3/4 - 7/16) / (1 - 7/16) = 5/9
    new = _pw(
        [
            ("p1", "x", "y", "a"),
            ("p2", "x", "y", "b"),
            ("p3", "x", "y", "tie"),
            ("p4", "y", "x", "b"),
        ]
    )
    old = _pw(
        [("p1", "x", "y", "a"), ("p2", "y", "x", "a"), ("p3", "x", "y", "a"), ("p4", "x", "y", "a")]
    )
    (row,) = pairwise_agreement(new, old, "earlier", 200, 1, 0.05)
    assert abs(row["value"] - 5 / 9) < 1e-12 and row["items"] == 4 and row["earlier"] == "earlier"
    assert row["ci_low"] <= row["ci_high"]


def test_tau_and_alpha_by_hand() -> None:
    index = pd.MultiIndex.from_tuples([("s", "p1"), ("s", "p2"), ("s", "p3")])
    new, old = pd.Series([1.0, 2.0, 3.0], index=index), pd.Series([1.0, 3.0, 2.0], index=index)
    tau, alpha = score_agreement(new, old, "e", 200, 1, 0.05)
    assert abs(tau["value"] - 1 / 3) < 1e-12  # 2 concordant, 1 discordant pair of 3
    # interval alpha: D_o = 2*(1)/6 ... units (1,1),(2,3),(3,2): D_o = (0+2+2)/6 = 2/3;
    # pooled values 1,1,2,3,3,2: D_e = sum_{c,k} n_c n_k (c-k)^2 / (n(n-1)) = 48/30 = 1.6; alpha = 1
    # - (2/3)/1.6
    assert abs(alpha["value"] - (1 - (2 / 3) / 1.6)) < 1e-12
    assert not math.isnan(tau["ci_low"]) and tau["items"] == 3


def test_fewer_than_two_shared_items_give_nothing() -> None:
    index = pd.MultiIndex.from_tuples([("s", "p1")])
    assert (
        score_agreement(
            pd.Series([1.0], index=index), pd.Series([2.0], index=index), "e", 10, 1, 0.05
        )
        == []
    )


def test_the_plan_page_shows_the_anchor_agreement_records(tmp_path) -> None:
    """Issue 54: the analysis computes the anchor agreement (``Results.plans``), each figure a
    record; the plan's page and its CSV show those numbers."""
    import csv
    import io

    from litboard.analysis.boards import analyse
    from litboard.analysis.tables import results_of
    from litboard.load.datasets import load_all
    from litboard.render.core.jinja import DEFAULT_TEMPLATES
    from litboard.render.schemes import campaign_pages

    from .fake_labelstudio import annotate
    from .test_roundtrip import _import, _plan_and_export

    root, plan, project = _plan_and_export(tmp_path)
    assert _import(root, plan, annotate(project, [21, 22, 23]), tmp_path / "e.json") == 0
    corpus = next(c for c in load_all([root]) if c.dataset_id == "fixture-track")
    results = results_of(analyse(corpus))
    [found] = results.plans
    assert found.state.campaign == "fixture-track-mqm-new-mt-s5"
    records = {
        (r.subject, r.statistic): r
        for r in results.table
        if r.definition == "campaign.anchor_agreement"
    }
    assert len(records) == len(found.rows) == 2  # tau-b and alpha against mqm-pro
    files = campaign_pages.build(corpus, analyse(corpus), DEFAULT_TEMPLATES).files
    shown = list(csv.DictReader(io.StringIO(files[f"campaigns/{found.state.campaign}"
                                                  "-agreement.csv"])))  # fmt: skip
    for row in shown:
        record = records[(f"against {row['earlier']}", row["statistic"])]
        assert record.n == int(row["items"]) and record.measure == found.state.campaign
        assert math.isclose(float(row["value"]), float(record.value), rel_tol=1e-9)
        assert record.interval is not None and record.interval.level == 0.95
        assert math.isclose(float(row["ci_low"]), record.interval.low, rel_tol=1e-9)
        assert math.isclose(float(row["ci_high"]), record.interval.high, rel_tol=1e-9)
