"""PublishedIndex (render/creativity/published.py): published numbers found by their cell,
an unordered pair found in either order, every status shown by text."""

from __future__ import annotations

import pandas as pd

from litboard.render.creativity.published import PublishedIndex, paper_text
from litboard.reported import engine


def _compared(*rows: dict) -> pd.DataFrame:
    base = {
        "source": "paper 003 Table 12",
        "measure": "posthoc-rank-sum",
        "decimals": 2,
        "reason": "",
        "note": "",
    }
    return pd.DataFrame([{**base, **r} for r in rows])


def test_an_unordered_pair_is_found_in_either_order_with_every_record() -> None:
    compared = _compared(
        {"keys": {"first": "thriller", "second": "poem"}, "value": 0.04, "status": engine.AGREES},
        {
            "keys": {"first": "poem", "second": "thriller"},
            "value": 0.26,
            "status": engine.DISAGREES,
            "reason": "paper typo",
            "note": "Reason: paper typo. Labelled twice.",
        },
    )
    index = PublishedIndex(compared, ["posthoc-rank-sum"], unordered=("first", "second"))
    found = index.all("posthoc-rank-sum", first="poem", second="thriller")
    assert paper_text(found) == "0.04 ✓; 0.26 ✗ paper typo"
    assert found[1].note == "Labelled twice."  # the engine's "Reason: ..." prefix is not repeated
    assert (
        found[1].flag("CS, poem–thriller")
        == "CS, poem–thriller: Table 12 prints 0.26 (paper typo). Labelled twice."
    )
    assert index.all("posthoc-rank-sum", first="poem", second="short story") == []
    assert (
        PublishedIndex(compared, ["posthoc-rank-sum"])
        .all("posthoc-rank-sum", first="poem", second="thriller")[0]
        .printed
        == "0.26"
    )


def test_other_measures_are_left_out_and_an_illegible_cell_says_so() -> None:
    compared = _compared(
        {
            "measure": "kruskal",
            "keys": {"first": "a", "second": "b"},
            "value": 1.0,
            "status": engine.AGREES,
        },
        {
            "measure": "adequacy",
            "keys": {"pair": "de-en"},
            "value": float("nan"),
            "status": engine.ILLEGIBLE,
            "decimals": 1,
        },
    )
    assert PublishedIndex(compared, ["posthoc-rank-sum"]).by_cell == {}
    index = PublishedIndex(compared, ["adequacy"])
    assert paper_text(index.all("adequacy", pair="de-en")) == "not legible"
