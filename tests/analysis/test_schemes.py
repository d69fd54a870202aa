"""Scheme inputs and agreement rows over the demo corpus, against hand cases and scipy."""

from __future__ import annotations

import pandas as pd
import pytest
from scipy.stats import kendalltau

from litboard.analysis import schemes
from litboard.load.read import load


def test_bws_paragraph_scores_hand_case() -> None:
    bws = pd.DataFrame(
        [
            {
                "campaign": "c",
                "pair": "de-en",
                "paragraph": "p",
                "annotator": "x",
                "systems": ("a", "b", "c", "d"),
                "best": "a",
                "worst": "d",
            },
            {
                "campaign": "c",
                "pair": "de-en",
                "paragraph": "p",
                "annotator": "y",
                "systems": ("a", "b", "c", "d"),
                "best": "b",
                "worst": "d",
            },
        ]
    )
    scores = schemes.bws_paragraph_scores(bws).set_index("system")["score"]
    assert scores.to_dict() == {"a": 0.5, "b": 0.5, "c": 0.0, "d": -1.0}


def test_agreement_rows_match_scipy(demo_root) -> None:
    corpus = load([demo_root])
    rows = schemes.agreement_rows(corpus)
    sqm = corpus.sqm[corpus.sqm["pair"] == "de-en"].assign(
        unit=lambda f: f["system"] + "|" + f["paragraph"]
    )
    wide = sqm.pivot_table(index="unit", columns="annotator", values="score").dropna()
    expected = kendalltau(wide.iloc[:, 0], wide.iloc[:, 1], variant="b").statistic
    row = rows[(rows["campaign"] == "sqm") & (rows["statistic"] == "Kendall tau-b")].iloc[0]
    assert row["value"] == pytest.approx(expected)
    assert row["n"] == len(wide)
    assert {"Krippendorff alpha (ordinal)", "Krippendorff alpha (interval)"} <= set(
        rows["statistic"]
    )


def test_span_agreement_present_for_two_annotators(demo_root) -> None:
    spans = schemes.span_agreement(load([demo_root]))
    assert set(spans["statistic"].str.extract(r"\((\w+) match")[0]) == {"span", "label"}
    assert spans["value"].between(-1, 1).all()
