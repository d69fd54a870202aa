"""MQM scores on hand-computed cases, both variants."""

from __future__ import annotations

import pandas as pd
import pytest

from litboard.analysis.mqm import mqm_scores

KEYS = dict(campaign="c", system="s", pair="de-en", paragraph="p", annotator="a")


def _errors(rows: list[tuple[str, str, str, bool]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                **KEYS,
                "start": 0,
                "end": 1,
                "category": c,
                "subcategory": sub,
                "severity": sev,
                "non_translation": nt,
                "comment": "",
            }
            for c, sub, sev, nt in rows
        ]
    )


def _score(rows: list[tuple[str, str, str, bool]], variant: str, sentences: int = 4) -> float:
    items = pd.DataFrame([{**KEYS, "sentences": sentences, "n_errors": len(rows)}])
    paragraphs = pd.DataFrame({"paragraph": ["p"], "sentences": [sentences]})
    return float(mqm_scores(items, _errors(rows), paragraphs, {"c": variant})["score"].iloc[0])


ROWS = [
    ("Accuracy", "Mistranslation", "major", False),
    ("Style", "Awkwardness", "minor", False),
    ("Fluency", "Punctuation", "minor", False),
    ("Non-translation", "", "major", True),
]


def test_paper000_formula() -> None:
    # -(25*1 + 5*1 + 1*2) / 4 sentences = -8.0
    assert _score(ROWS, "paper000") == pytest.approx(-8.0)


def test_wmt_weights_without_cap() -> None:
    # 5 + 1 + 0.1 + 25 = 31.1: mt-metrics-eval's score_mqm.py sums the weights, no per-segment cap
    assert _score(ROWS, "wmt") == pytest.approx(-31.1)
    # without the non-translation: 5 + 1 + 0.1 = 6.1 (not divided by sentences)
    assert _score(ROWS[:3], "wmt") == pytest.approx(-6.1)


def test_error_free_translation_scores_zero() -> None:
    items = pd.DataFrame([{**KEYS, "sentences": 3, "n_errors": 0}])
    paragraphs = pd.DataFrame({"paragraph": ["p"], "sentences": [3]})
    result = mqm_scores(
        items,
        _errors([]).reindex(columns=list(_errors(ROWS).columns)),
        paragraphs,
        {"c": "paper000"},
    )
    assert result["score"].tolist() == [0.0]


def test_wmt_minor_non_translation_weighs_one() -> None:
    # score_mqm.py: 'Major/Non-translation!:25' matches Major only; a Minor one falls back to
    # 'Minor:1'
    assert _score([("Non-translation", "", "minor", True)], "wmt") == pytest.approx(-1.0)
    assert _score([("Non-translation!", "", "minor", False)], "wmt") == pytest.approx(-1.0)
    # paper 000 gives a non-translation 25 whatever its severity: -25 / 4 sentences
    assert _score([("Non-translation", "", "minor", True)], "paper000") == pytest.approx(-6.25)


def test_wmt_major_non_translation_plus_a_minor_error() -> None:
    # 25 + 1 = 26 (no cap), and the Google spelling 'Non-translation!' is recognised
    rows = [("Non-translation!", "", "major", False), ("Fluency", "Grammar", "minor", False)]
    assert _score(rows, "wmt") == pytest.approx(-26.0)
    counts = mqm_scores(
        pd.DataFrame([{**KEYS, "sentences": 4, "n_errors": 2}]),
        _errors(rows),
        pd.DataFrame({"paragraph": ["p"], "sentences": [4]}),
        {"c": "wmt"},
    ).iloc[0]
    assert (counts["non_translation"], counts["major"], counts["minor"]) == (1, 0, 1)


def test_variant_signature_names_the_weights() -> None:
    from litboard.analysis.mqm import variant_signature

    assert "cap=none" in variant_signature(
        "wmt"
    ) and "Major/Non-translation:25" in variant_signature("wmt")
    with pytest.raises(ValueError):
        variant_signature("other")
