"""COMET is optional: a clear error without the extra; XCOMET spans are checked against the text."""

from __future__ import annotations

import importlib.util

import pytest

from generator.errors import DataError
from generator.scoring import comet_metric
from generator.scoring.base import Segment


@pytest.mark.skipif(importlib.util.find_spec("comet") is not None, reason="unbabel-comet is installed")
def test_missing_extra_is_a_clear_error() -> None:
    seg = Segment("mt", "de-en", "p1", "Hello.", source="Hallo.", references=("Hi.",))
    with pytest.raises(DataError, match=r"pip install 'litboard\[comet\]'"):
        comet_metric.score([seg], "Unbabel/XCOMET-XL")


def test_xcomet_spans_become_metric_spans() -> None:
    spans = comet_metric.to_spans([{"text": "sea", "start": 4, "end": 7, "severity": "major", "confidence": 0.5},
                                   {"text": "x", "start": 5, "end": 99, "severity": "minor"},
                                   {"text": "y", "start": 0, "end": 1, "severity": "weird"}], "The sea.")
    assert spans == [{"start": 4, "end": 7, "category": "Other", "severity": "major", "comment": "confidence 0.500"}]
