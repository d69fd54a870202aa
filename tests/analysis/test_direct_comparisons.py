"""The pooled Bradley-Terry ranking says which pairs were compared directly (issue 44, goal 7)."""

from __future__ import annotations

import pandas as pd

from litboard.analysis.direct_comparisons import direct_opponents


def test_direct_opponents() -> None:
    # the case: the human translation met only the new system, never PARA
    frame = pd.DataFrame(
        {"a": ["new", "para", "sent", "new"], "b": ["human", "sent", "new", "para"]}
    )
    met = direct_opponents(frame)
    assert met["human"] == ["new"] and "human" not in met["para"]
    assert met["new"] == ["human", "para", "sent"] and met["para"] == ["new", "sent"]
