"""Krippendorff's alpha is undefined (0/0) when every rating has the same value: NaN with the
pairable units counted, never the ``krippendorff`` package's ValueError (a campaign whose error
spans carry no severity gives every translation MQM 0, e.g. a LiteraryTranslation-style plan)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from litboard.analysis.agreement import krippendorff_alpha


def test_one_value_gives_nan_not_an_error() -> None:
    data = pd.DataFrame([[0.0, 0.0, np.nan], [0.0, 0.0, 0.0]])
    result = krippendorff_alpha(data, "interval")
    assert math.isnan(result.value) and result.n == 2


def test_two_values_still_computed() -> None:
    # hand-computed: units (1,1), (2,2), (1,2): interval alpha = 1 - D_o/D_e = 1 - (2/6)/(2*9/(6*5))
    # = 4/9
    data = pd.DataFrame([[1.0, 2.0, 1.0], [1.0, 2.0, 2.0]])
    assert abs(krippendorff_alpha(data, "interval").value - 4 / 9) < 1e-12
