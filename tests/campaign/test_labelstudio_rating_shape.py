"""RULER ratings in the shape Label Studio 1.23.2's own labelling view exports them.

RATED is the ``result`` of an annotation made in the real UI (headless Chromium clicking 2, 3,
4 and 2 stars on a pushed litboard RULER task, then Submit; printed by the project's JSON
export, issue 44). fake_labelstudio, which plays the annotators in the loop test against the
real server, must answer ``Rating`` tags in the same shape, and the RULER import must read it."""

from __future__ import annotations

from litboard.campaign.labelconfig import config
from litboard.campaign.ruler_import import _ratings
from litboard.campaign.schemes import RULER_CRITERIA

from .fake_labelstudio import annotation_results, controls

RATED = [
    {
        "value": {"rating": 2},
        "id": "nOZgfPgRYK",
        "from_name": "lexical",
        "to_name": "translation",
        "type": "rating",
        "origin": "manual",
    },
    {
        "value": {"rating": 3},
        "id": "ZqtSUrBUVJ",
        "from_name": "honorifics",
        "to_name": "translation",
        "type": "rating",
        "origin": "manual",
    },
    {
        "value": {"rating": 4},
        "id": "ivADnUO3Zo",
        "from_name": "syntax",
        "to_name": "translation",
        "type": "rating",
        "origin": "manual",
    },
    {
        "value": {"rating": 2},
        "id": "mWdPTt9PgS",
        "from_name": "content",
        "to_name": "translation",
        "type": "rating",
        "origin": "manual",
    },
]


def _shape(result: dict) -> tuple:  # type: ignore[type-arg]
    return (
        sorted(result),
        result["from_name"],
        result["to_name"],
        result["type"],
        sorted(result["value"]),
        type(result["value"]["rating"]),
    )


def test_fake_answers_rating_tags_as_the_real_ui_exports_them() -> None:
    ctl = controls(config("ruler", []))
    data = {"src": "Im Fenster brannte ein einziges Licht.", "tgt": "So a single light burned."}
    sent = annotation_results(data, ctl, 1, lambda data: 0)
    assert [_shape(r) for r in sent] == [_shape(r) for r in RATED]
    assert [r["from_name"] for r in RATED] == [c.name for c in RULER_CRITERIA]


def test_ruler_import_reads_the_real_ui_ratings() -> None:
    assert _ratings({"result": RATED}) == {
        "Lexical choice": 2,
        "Proper use of honorifics in dialogues": 3,
        "Syntax and grammar": 4,
        "Content accuracy": 2,
    }
