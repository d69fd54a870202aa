"""MQM scores never invent a severity: unspecified errors weigh 0 and are counted."""

from __future__ import annotations

import pandas as pd

from litboard.analysis.mqm import mqm_scores

KEY = {"campaign": "c", "system": "s", "pair": "en-de", "paragraph": "p", "annotator": "a"}


def test_unspecified_severity_is_counted_not_weighted() -> None:
    items = pd.DataFrame([{**KEY, "sentences": 2}])
    errors = pd.DataFrame(
        [
            {**KEY, "category": c, "subcategory": "", "severity": s, "non_translation": nt}
            for c, s, nt in [
                ("Accuracy", "minor", False),
                ("Accuracy", "unspecified", False),
                ("Fluency", "major", False),
                ("Style", "unspecified", False),
                ("Non-translation", "unspecified", True),
            ]
        ]
    )
    paragraphs = pd.DataFrame({"paragraph": ["p"], "sentences": [2]})
    row = mqm_scores(items, errors, paragraphs, {"c": "paper000"}).iloc[0]
    # hand: (1 minor + 5 major + 25 non-translation, whatever its severity) / 2 sentences
    assert row["score"] == -15.5
    assert (row["minor"], row["major"], row["non_translation"], row["unspecified"]) == (1, 1, 1, 2)
    specified = errors[errors["category"] != "Non-translation"]
    wmt = mqm_scores(items, specified, paragraphs, {"c": "wmt"}).iloc[0]
    assert wmt["score"] == -6.0 and wmt["unspecified"] == 2  # 1 minor + 5 major, per segment
