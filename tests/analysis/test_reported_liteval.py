"""Paper 000's typed numbers and the reported-vs-reproduced join."""

from __future__ import annotations

import pandas as pd

from generator.analysis import reported_liteval as rl


def test_typed_numbers() -> None:
    table = rl.reported()
    assert len(table) == 57 and list(table.columns) == rl.COLUMNS
    mqm = table[(table["source"] == "paper 000 Table 3") & (table["measure"] == "student-mqm")]
    top = mqm[mqm["scenario"] == "top"].set_index("pair")["value"].to_dict()
    assert top == {"de-en": 60.0, "en-de": 35.0, "de-zh": 30.0, "en-zh": 45.8, "mean": 42.7}
    assert (table["decimals"] == 1).all()
    assert table[table["source"] == "paper 000 Table 14"]["note"].str.len().gt(0).sum() == 10
    assert [r.rank for r in sorted(rl.TABLE_7, key=lambda r: r.mqm, reverse=True)] == [1, 2, 3, 4, 5, 6, 7,
                                                                                        8, 9, 10]


def test_round_half_up() -> None:
    assert rl.round_half_up(21.25, 1) == 21.3          # Python's round() would give 21.2
    assert rl.round_half_up(21.249999999999996, 1) == 21.3
    assert rl.round_half_up(45.833333, 1) == 45.8
    assert rl.round_half_up(-1.25, 1) == -1.3


def test_compare_flags_beyond_tolerance() -> None:
    reported = pd.DataFrame([{"source": "T", "scenario": "top", "measure": "m", "pair": "de-en",
                              "value": 42.7, "decimals": 1, "note": ""},
                             {"source": "T", "scenario": "top", "measure": "m", "pair": "en-de",
                              "value": 5.4, "decimals": 1, "note": ""}])
    reproduced = pd.DataFrame([{"scenario": "top", "measure": "m", "pair": "de-en", "value": 42.708333},
                               {"scenario": "top", "measure": "m", "pair": "en-de", "value": 7.083333}])
    out = rl.compare(reported, reproduced).set_index("pair")
    assert out.loc["de-en", "reproduced_rounded"] == 42.7 and not out.loc["de-en", "disagrees"]
    assert out.loc["en-de", "difference"] == 1.7 and out.loc["en-de", "disagrees"]


def test_compare_ranking_flags_rank_and_mean() -> None:
    ranking = pd.DataFrame({"pair": "all", "system": ["human", "gpt4o"], "mean": [-1.26, -1.5],
                            "n": [2, 2], "rank": [1, 2]})
    rows = (rl.RankedSystem("Human", "human", "-", -1.3, 1), rl.RankedSystem("GPT-4o", "gpt4o", ">200", -1.7, 2))
    out = rl.compare_ranking(ranking, rows).set_index("system")
    assert not out.loc["human", "disagrees"]
    assert out.loc["gpt4o", "disagrees"] and out.loc["gpt4o", "mean_difference"] == 0.2
