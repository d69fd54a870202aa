"""What makes a Label Studio annotation a judgment under each scheme (declared once).

An annotation is a judgment only when it holds the scheme's required answer: MQM an error span
or the "every error is marked" confirmation; ESA the 0-100 score; pairwise the preference; BWS
the best and the worst; RULER a rating per criterion. Anything else (an empty ``result``, a
``result`` that is no list, a result without the answer) is not a judgment: the item stays
pending and the import summary names the task and the annotator.
"""

from __future__ import annotations

from typing import Any

from .schemes import RULER_CRITERIA

MQM_DONE = "done"  # the whole-task confirmation control of the MQM interface
MQM_DONE_CHOICE = "Every error is marked (none, if there is none)"

# scheme -> (controls that must each hold an answer, controls of which one suffices)
REQUIRED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "mqm": ((), ("errors", MQM_DONE)),
    "esa": (("score",), ()),
    "pairwise": (("better",), ()),
    "bws": (("best", "worst"), ()),
    "ruler": (tuple(c.name for c in RULER_CRITERIA), ()),
}


def _answered(result: dict[str, Any]) -> bool:
    """A result holds an answer: a span with labels, a choice, a number or a rating."""
    value = result.get("value")
    if not isinstance(value, dict):
        return False
    for key in ("labels", "choices"):
        got = value.get(key)
        if isinstance(got, list) and got:
            return True
    for key in ("number", "rating"):
        got = value.get(key)
        if isinstance(got, (int, float)) and not isinstance(got, bool):
            return True
    return False


def missing_answer(scheme: str, annotation: dict[str, Any]) -> str:
    """'' when ``annotation`` is a judgment under ``scheme``, else what it lacks."""
    results = annotation.get("result")
    if not isinstance(results, list):
        return f"its result is a {type(results).__name__}, not a list"
    if not results:
        return "its result is empty"
    given = {str(r.get("from_name")) for r in results if isinstance(r, dict) and _answered(r)}
    every, one_of = REQUIRED[scheme]
    lacking = [c for c in every if c not in given]
    if lacking:
        return "no answer for " + ", ".join(lacking)
    if one_of and not given & set(one_of):
        return "neither an error span nor the confirmation that every error is marked"
    return ""
