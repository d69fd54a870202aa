"""A board repeats its scheme's caveat from the paper (issue 56 goal 4): every quote and figure
of ``board_caveats.CAVEATS`` is in the paper's text, and a caveat applies only to its dataset's
column (never by which systems a dataset holds)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from litboard.analysis.board_caveats import CAVEATS, board_caveats
from litboard.analysis.leaderboard import Column

from ..conftest import shared_paper


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("caveat", CAVEATS, ids=lambda c: f"{c.dataset}-{c.measure}")
def test_quote_and_figures_are_the_papers(caveat) -> None:  # type: ignore[no-untyped-def]
    number = caveat.paper.split()[-1]
    paper = _flat(shared_paper(number).read_text(encoding="utf-8"))
    assert _flat(caveat.quote) in paper
    # every figure the caveat's text gives is printed in the paper (Sec. 4.2 and Table 3)
    for figure in re.findall(r"~?\d+(?:\.\d+)?%", caveat.text):
        assert figure in paper.replace(" %", "%"), figure
    assert "4.2 Adequacy" in paper and caveat.where.startswith("Sec. 4.2")


def _analysis(*keys: str) -> SimpleNamespace:
    columns = [Column(k, k, "c", True, "p") for k in keys]
    return SimpleNamespace(columns=columns, preferences=[])


def test_a_caveat_applies_to_its_dataset_and_column_only() -> None:
    caveat = CAVEATS[0]
    assert board_caveats(caveat.dataset, _analysis(caveat.measure, "metric:x")) == {  # type: ignore[arg-type]
        caveat.measure: [caveat]
    }
    assert board_caveats("another-study", _analysis(caveat.measure)) == {}  # type: ignore[arg-type]
    assert board_caveats(caveat.dataset, _analysis("metric:x")) == {}  # type: ignore[arg-type]
