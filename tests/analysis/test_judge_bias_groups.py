"""Judge bias (issue 56 goal 3): a compared group whose comparison equals an earlier one's is
merged into it (named, not repeated), and a dataset without judge-bias rows says why."""

from __future__ import annotations

from types import SimpleNamespace

import pandas as pd

from litboard.analysis import judge_bias as jb
from litboard.analysis import judge_bias_rows as rows


def _corpus(top: list[str]) -> SimpleNamespace:
    systems = pd.DataFrame(
        {
            "system": ["ht", "m1", "m2"],
            "is_human": [True, False, False],
            "modality": ["HT", "MT", "MT"],
        }
    )
    return SimpleNamespace(tables={"systems": systems}, datasets=[{"adequacy": {"top": top}}])


def _scores(m2: list[float]) -> pd.DataFrame:
    """ht, m1 and m2 on items x, y (pair a); higher is better."""
    values = {"ht": [3.0, 1.0], "m1": [2.0, 2.0], "m2": m2}
    return pd.DataFrame(
        [
            {"measure": "q", "system": s, "pair": "a", "item": i, "score": v}
            for s, row in values.items()
            for i, v in zip(["x", "y"], row)
        ]
    )


MEASURE = jb.Measure("q", "Quality", "human", True, "q")


def test_a_group_with_the_same_outcome_is_merged_and_named() -> None:
    # m2 never beats the human translation where m1 does not: top (m1) = all machines (m1, m2)
    kept = rows._distinct_groups(_corpus(["m1"]), _scores([0.0, 0.0]), {"ht"}, MEASURE)
    assert [(g.label, same) for g, same, _ in kept] == [("top systems", "all machine systems")]
    assert kept[0][2]["above"].tolist() == [1.0, 0.0]


def test_a_group_with_another_outcome_is_kept() -> None:
    # m2 beats the human translation on x: all machines differ from the top system m1
    kept = rows._distinct_groups(_corpus(["m1"]), _scores([4.0, 0.0]), {"ht"}, MEASURE)
    assert [(g.label, same) for g, same, _ in kept] == [
        ("top systems", ""),
        ("all machine systems", ""),
    ]
    assert [k[2]["above"].tolist() for k in kept] == [[1.0, 0.0], [0.0, 0.0]]


def test_literary_translation_absence_is_explained() -> None:
    """LiteraryTranslation's human translation is shown, never judged: its error spans and
    pairwise preferences compare machine systems only (checked on the release in
    tests/render/test_judge_bias_page.py); here the rule on a hand-made corpus."""
    systems = pd.DataFrame({"system": ["human", "para", "sent"], "is_human": [True, False, False]})
    pairwise = pd.DataFrame({"a": ["para"], "b": ["sent"]})
    long = pd.DataFrame(
        {
            "column": ["e", "e"],
            "system": ["para", "sent"],
            "pair": ["de-en"] * 2,
            "paragraph": ["p1"] * 2,
            "score": [1.0, 2.0],
        }
    )
    column = SimpleNamespace(
        key="e",
        label="Errors",
        group="human",
        higher_is_better=False,
        provenance="e",
        campaign="e",
    )
    metric_scores = pd.DataFrame(columns=["work", "level", "campaign", "system", "pair", "score"])
    corpus = SimpleNamespace(
        tables={"systems": systems, "pairwise": pairwise},
        campaigns={},
        metric_scores=metric_scores,
        data_version=lambda: "v",
    )
    analysis = SimpleNamespace(columns=[column], long=long)
    reason = rows.absence(corpus, analysis)  # type: ignore[arg-type]
    assert reason.startswith("its human translation is never judged")
    assert "1 measure and pairwise preferences compare machine translations" in reason
    judged = SimpleNamespace(columns=[column], long=long.assign(system=["human", "sent"]))
    assert rows.absence(corpus, judged) == ""  # type: ignore[arg-type]
    machines = {"systems": systems.assign(is_human=False)}
    no_human = SimpleNamespace(**{**vars(corpus), "tables": machines})
    assert "no human translation" in rows.absence(no_human, analysis)  # type: ignore[arg-type]
