"""Issue 59 goal 5: the Agreement page states label κ's rule for overlapping spans."""

from __future__ import annotations

import numpy as np
import pandas as pd

from litboard.analysis.agreement import SPAN_RULE, character_labels
from litboard.analysis.boards import analyse
from litboard.analysis.tables import results_of
from litboard.load.read import load
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.render.schemes.agreement_page import _agreement_page

from ..conftest import REPO


def test_the_rule_stated_is_the_rule_computed() -> None:
    spans = pd.DataFrame(
        {"start": [2, 0, 4, 5], "end": [6, 4, 4, 7], "category": ["Style", "Accuracy", "O", "F"]}
    )
    labels = character_labels(spans, 8, "label")
    # 0-1 Accuracy only; 2-3 Accuracy starts first; 4 Style; 5 Style starts before F; the
    # zero-width omission at 4 marks nothing
    assert list(labels) == ["Accuracy"] * 4 + ["Style"] * 2 + ["F", "none"]
    tie = pd.DataFrame({"start": [1, 1], "end": [3, 2], "category": ["A", "B"]})
    assert list(character_labels(tie, 3, "label")) == ["none", "A", "A"]  # listed first wins
    assert np.array_equal(character_labels(spans, 8, "span"), [1, 1, 1, 1, 1, 1, 1, 0])
    assert "starts first" in SPAN_RULE and "listed first" in SPAN_RULE


def test_the_agreement_page_states_it_beside_the_span_kappas() -> None:
    corpus = load([REPO])
    tables = results_of(analyse(corpus)).agreement  # the analysis computes, the page formats
    page = _agreement_page(corpus, tables, DEFAULT_TEMPLATES)["agreement/index.md"]
    assert "Error spans (character-level Cohen kappa)" in page
    assert "takes the category of the span that starts first" in page
