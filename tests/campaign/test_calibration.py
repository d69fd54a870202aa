"""Calibration always planned (issue 44, goal 8): every plan shares at least --calibration items
with the earlier campaigns (for the new annotators' agreement with them), or is refused with the
budget it needs; the issue's plan shared none and nothing said so."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.campaign.build_plan import make_plan
from litboard.campaign.calibration import judged_units
from litboard.campaign.plan import PlanRequest
from litboard.errors import DataError
from litboard.load.datasets import load_all

from ..helpers import FIXTURES


@pytest.fixture(scope="module")
def corpus():  # type: ignore[no-untyped-def]
    return next(c for c in load_all([FIXTURES / "track"]) if c.dataset_id == "fixture-track")


def _plan(corpus, scheme: str, budget: int, **kw: object) -> dict:  # type: ignore[no-untyped-def]
    return make_plan(
        corpus,
        PlanRequest("fixture-track", "de-en", ("new-mt",), scheme, budget, 1, paragraphs=4, **kw),
    )  # type: ignore[arg-type]


@pytest.mark.parametrize("scheme", ["pairwise", "mqm", "esa", "ruler"])
def test_every_plan_shares_calibration_items(corpus, scheme: str) -> None:  # type: ignore[no-untyped-def]
    plan = _plan(corpus, scheme, 16)
    earlier = plan["calibration"]["campaigns"]
    assert earlier == (["pw-pro"] if scheme == "pairwise" else ["mqm-pro"])
    units = judged_units(corpus, scheme, "de-en", earlier)
    key = (
        (lambda i: (i["paragraph"], *sorted(i["systems"])))
        if scheme == "pairwise"
        else (lambda i: (i["paragraph"], i["systems"][0]))
    )
    shared = [i for i in plan["items"] if key(i) in units]
    assert len(shared) >= 4 and plan["calibration"]["shared"] == len(shared)
    assert len(plan["items"]) <= 16 and plan["cost"]["items"] == len(plan["items"])
    assert [i["id"] for i in plan["items"]] == [
        f"t{n:04d}" for n in range(1, len(plan["items"]) + 1)
    ]
    for item in plan["items"]:
        assert (
            set(item["systems"]) <= set(plan["systems"]) and item["paragraph"] in plan["paragraphs"]
        )


def test_refused_with_the_budget_it_needs(corpus) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DataError) as info:
        _plan(corpus, "pairwise", 12, calibration=4)
    text = info.value.problems[0].format()
    assert "--budget" in text and "raise --budget to 16" in text and "pw-pro" in text
    assert _plan(corpus, "pairwise", 16, calibration=4)["calibration"]["shared"] >= 4


def test_too_few_earlier_judgments_say_how_many(corpus) -> None:  # type: ignore[no-untyped-def]
    units = judged_units(corpus, "pairwise", "de-en", ["pw-pro"])
    with pytest.raises(DataError) as info:
        _plan(corpus, "pairwise", 400, calibration=len(units) + 1)
    assert f"lower --calibration to {len(units)}" in info.value.problems[0].format()
