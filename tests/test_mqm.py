"""MQM scores on hand-computed cases, both variants."""

from __future__ import annotations

import pandas as pd
import pytest

from generator.analysis.mqm import mqm_scores

KEYS = dict(campaign="c", system="s", pair="de-en", paragraph="p", annotator="a")


def _errors(rows: list[tuple[str, str, str, bool]]) -> pd.DataFrame:
    return pd.DataFrame([{**KEYS, "start": 0, "end": 1, "category": c, "subcategory": sub,
                          "severity": sev, "non_translation": nt, "comment": ""}
                         for c, sub, sev, nt in rows])


def _score(rows: list[tuple[str, str, str, bool]], variant: str, sentences: int = 4) -> float:
    items = pd.DataFrame([{**KEYS, "sentences": sentences, "n_errors": len(rows)}])
    paragraphs = pd.DataFrame({"paragraph": ["p"], "sentences": [sentences]})
    return float(mqm_scores(items, _errors(rows), paragraphs, {"c": variant})["score"].iloc[0])


ROWS = [("Accuracy", "Mistranslation", "major", False), ("Style", "Awkwardness", "minor", False),
        ("Fluency", "Punctuation", "minor", False), ("Non-translation", "", "major", True)]


def test_paper000_formula() -> None:
    # -(25*1 + 5*1 + 1*2) / 4 sentences = -8.0
    assert _score(ROWS, "paper000") == pytest.approx(-8.0)


def test_wmt_weights_and_cap() -> None:
    # 5 + 1 + 0.1 + 25 = 31.1, capped at 25
    assert _score(ROWS, "wmt") == pytest.approx(-25.0)
    # without the non-translation: 5 + 1 + 0.1 = 6.1 (not divided by sentences)
    assert _score(ROWS[:3], "wmt") == pytest.approx(-6.1)


def test_error_free_translation_scores_zero() -> None:
    items = pd.DataFrame([{**KEYS, "sentences": 3, "n_errors": 0}])
    paragraphs = pd.DataFrame({"paragraph": ["p"], "sentences": [3]})
    result = mqm_scores(items, _errors([]).reindex(columns=list(_errors(ROWS).columns)), paragraphs,
                        {"c": "paper000"})
    assert result["score"].tolist() == [0.0]
