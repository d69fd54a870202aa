"""Issue 43 goal 6 in the results comment: each measure's agreement with the track's human
rankings, derived by the trusted job from the agreeing and compared system pairs (never read)."""

from __future__ import annotations

import copy
from typing import Any

from litboard.tracks.pr_render import problems, render

from .test_pr_comment_trusted import HONEST


def _doc(agreement: list[dict[str, Any]]) -> dict[str, Any]:
    doc = copy.deepcopy(HONEST)
    doc["agreement"] = agreement
    return doc


def test_the_agreement_is_pooled_over_the_track_s_pairs_as_counts_without_an_interval() -> None:
    doc = _doc(
        [
            {"pair": "de-en", "measure": "bleu", "agree": 2, "pairs": 3},
            {"pair": "en-zh", "measure": "bleu", "agree": 2, "pairs": 2},
            {"pair": "de-en", "measure": "ter", "agree": 0, "pairs": 0},
        ]
    )
    assert problems(doc) == []
    body = render(doc, "Contributed MT", None)
    # 4 of 5 system pairs (2 + 2 of 3 + 2): counts only, system pairs are not independent units
    assert "| BLEU | 2 | 5 | 80% (4 of 5 system pairs) |" in body
    assert "80% (4 of 5 system pairs) [" not in body  # no interval after the counts
    assert "| TER | 1 | 0 | — (no system pair both order yet) |" in body


def test_a_track_without_human_rankings_says_so_instead_of_an_empty_table() -> None:
    body = render(_doc([]), "Contributed MT", None)
    assert "no pair of this track has a human ranking of its systems yet" in body
    assert "LLM judges: pending" in body


def test_forged_agreement_counts_are_refused() -> None:
    assert problems(_doc([{"pair": "de-en", "measure": "bleu", "agree": 4, "pairs": 3}]))
    assert problems(_doc([{"pair": "de-fr", "measure": "bleu", "agree": 1, "pairs": 3}]))
    assert problems(
        _doc([{"pair": "de-en", "measure": "bleu", "agree": 1, "pairs": 3, "note": "@org"}])
    )
    assert problems(_doc([{"pair": "de-en", "measure": "comet", "agree": 1, "pairs": 3}]))
