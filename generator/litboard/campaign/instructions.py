"""The project instructions a campaign pushes to Label Studio (its ``expert_instruction``,
shown to every annotator before and beside the tasks, in the free edition too): the question the
scheme asks, and for error spans each category of the task and each severity it offers with the
weight the board's MQM score gives it (declared here once; paper 000 and WMT's scorer both count
a critical error as a major one, which the instructions say). The text is a view model rendered
by ``templates/labelstudio/instructions.html.j2`` (autoescaped: category names come from the
track)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Sequence

from .labelconfig import SEVERITY_CHOICES
from .schemes import RULER_CRITERIA, RULER_SCALE

# severity offered -> (points of the board's MQM score, what it means)
SEVERITIES: dict[str, tuple[float, str]] = {
    "Minor": (1.0, "the meaning is kept but the text is worse (style, fluency, a small slip)"),
    "Major": (5.0, "the meaning changes, or a reader would be misled or stopped"),
    "Critical": (
        5.0,
        "a major error that makes the paragraph unusable; scored as Major (5 points): paper 000's "
        "MQM and WMT's scorer have no separate critical weight",
    ),
}
NON_TRANSLATION = 25.0  # paper 000: a non-translation weighs 25 whatever its severity

QUESTIONS = {
    "mqm": "Mark every error in the translation, give each its category and its severity, then "
    "confirm that every error is marked (also when there is none).",
    "esa": "Mark every error span as minor or major, then score the whole translation from 0 (no "
    "meaning kept) to 100 (perfect).",
    "pairwise": "Which translation of the source paragraph is better? Choose one, or a tie when "
    "neither is better, and say why in a sentence.",
    "bws": "Which translation of the source paragraph is the best, and which the worst?",
    "ruler": f"Rate the translation on each of the four criteria, from {RULER_SCALE[0]} (poor) to "
    f"{RULER_SCALE[1]} (excellent).",
}


@dataclass(frozen=True)
class Item:
    name: str
    text: str


@dataclass(frozen=True)
class Instructions:
    campaign: str
    question: str
    categories: list[str]
    severities: list[Item]
    criteria: list[Item]


def blind_name(plan: dict[str, Any]) -> str:
    """The name annotators see for the campaign: the first 8 hex digits of the sha256 of its id.
    A default campaign id names the new system (``track-scheme-system-sSEED``), and the project's
    title, description and instructions are shown to every annotator, so none of them carries the
    id; ``campaign push`` prints which campaign the digest stands for."""
    return hashlib.sha256(str(plan["campaign"]).encode("utf-8")).hexdigest()[:8]


def _points(value: float) -> str:
    return f"{value:g} point{'' if value == 1 else 's'}"


def instructions(plan: dict[str, Any], labels: Sequence[Any]) -> Instructions:
    """What the annotators of ``plan`` are told (``labels``: the task's error labels)."""
    scheme = plan["scheme"]
    spans = scheme in ("mqm", "esa", "pairwise")
    offered = SEVERITY_CHOICES if scheme == "mqm" else ("Minor", "Major") if spans else ()
    severities = [
        Item(f"{name} ({_points(SEVERITIES[name][0])})", SEVERITIES[name][1]) for name in offered
    ]
    categories = [str(label.value) for label in labels] if spans else []
    if any("non-translation" in c.lower() for c in categories):
        severities.append(
            Item(
                f"Non-translation ({_points(NON_TRANSLATION)})",
                "the paragraph is not translated, whatever the severity",
            )
        )
    criteria = [Item(c.title, c.help) for c in RULER_CRITERIA] if scheme == "ruler" else []
    return Instructions(blind_name(plan), QUESTIONS[scheme], categories, severities, criteria)


def instruction_html(plan: dict[str, Any], labels: Sequence[Any]) -> str:
    """The instructions as the HTML Label Studio shows."""
    from ..render.core.jinja import environment

    template = environment().get_template("labelstudio/instructions.html.j2")
    return template.render(view=instructions(plan, labels)).strip()
