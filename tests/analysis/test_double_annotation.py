"""Issue 29 goal 3: agreement of a campaign with its second annotation does not depend on which
annotation is called first. Krippendorff's α (interval) is pinned to a hand computation and to
Krippendorff (2011, "Computing Krippendorff's Alpha-Reliability", the 4 coders x 12 units example:
nominal .743, ordinal .815, interval .849, ratio .797); swapping the two annotations of any
translations leaves it unchanged, while Kendall's τ moves."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from litboard.analysis import agreement as ag
from litboard.analysis.double_annotation import declared_pairs, double_annotation_rows

NAN = float("nan")


def test_interval_alpha_by_hand() -> None:
    # units (1, 2), (3, 3), (5, 4): D_o = (2·1 + 0 + 2·1) / 6 = 2/3; the six values 1,2,3,3,4,5 have
    # sum of squared deviations 10, so D_e = 2·6·10 / (6·5) = 4; α = 1 − (2/3) / 4 = 5/6
    result = ag.krippendorff_alpha(pd.DataFrame([[1, 3, 5], [2, 3, 4]]), "interval")
    assert result.value == pytest.approx(5 / 6, abs=1e-12) and result.n == 3


@pytest.mark.parametrize(
    "level, printed",
    [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)],
)
def test_krippendorff_2011_worked_example(level: ag.Level, printed: float) -> None:
    data = pd.DataFrame(
        [
            [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN],
            [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, 3],
            [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NAN],
            [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN],
        ]
    )
    result = ag.krippendorff_alpha(data, level)
    # unit 12 has one value: not pairable
    assert round(result.value, 3) == printed and result.n == 11


def _scores(first: list[float], second: list[float]) -> pd.DataFrame:
    rows = [
        {
            "campaign": c,
            "system": f"s{i % 3}",
            "pair": "de-en",
            "paragraph": f"p{i // 3}",
            "score": v,
        }
        for c, values in (("one", first), ("two", second))
        for i, v in enumerate(values)
    ]
    return pd.DataFrame(rows)


CAMPAIGNS = pd.DataFrame(
    {
        "campaign": ["one", "two", "other"],
        "scheme": ["score"] * 3,
        "second_annotation_of": ["", "one", ""],
    }
)


def test_swapping_annotations_moves_tau_but_not_alpha() -> None:
    first, second = [1.0, 3.0, 5.0, 2.0, 8.0, 4.0], [2.0, 3.0, 4.0, 6.0, 7.0, 1.0]
    plain = double_annotation_rows(_scores(first, second), CAMPAIGNS).set_index("statistic")[
        "value"
    ]
    swapped_first, swapped_second = list(first), list(second)
    for i in (0, 3):  # the two annotations of translations 0 and 3 trade places
        swapped_first[i], swapped_second[i] = second[i], first[i]
    swapped = double_annotation_rows(_scores(swapped_first, swapped_second), CAMPAIGNS).set_index(
        "statistic"
    )["value"]
    alpha = "Krippendorff alpha (interval), order-free"
    tau = "Kendall tau-b, depends on which annotation is first"
    assert plain[alpha] == swapped[alpha]
    expected = 1 - np.mean([(a - b) ** 2 for a, b in zip(first, second)]) / (
        2 * np.var(first + second) * 12 / 11
    )  # 1 − D_o / D_e with D_o = mean squared difference
    assert plain[alpha] == pytest.approx(expected, abs=1e-12)
    assert plain[tau] != pytest.approx(swapped[tau])


def test_rows_only_for_declared_pairs() -> None:
    assert declared_pairs(CAMPAIGNS) == [("one", "two")]
    rows = double_annotation_rows(_scores([1, 2, 3], [1, 3, 2]), CAMPAIGNS)
    assert set(rows["campaign"]) == {"two vs one"} and set(rows["n"]) == {3}
    assert double_annotation_rows(
        _scores([1, 2, 3], [1, 3, 2]), CAMPAIGNS.assign(second_annotation_of="")
    ).empty


@pytest.mark.parametrize("value", ["no-such-campaign", "released-scores", "sqm"])
def test_second_annotation_of_must_name_another_campaign_of_its_scheme(
    demo_root, tmp_path, value: str
) -> None:
    from litboard.load.read import validate

    from ..helpers import copy_root

    root = copy_root(demo_root, tmp_path / "root")
    card = root / "judgments" / "released-scores" / "campaign.yaml"
    card.write_text(
        card.read_text(encoding="utf-8") + f"second_annotation_of: {value}\n", encoding="utf-8"
    )
    problems = [p for p in validate([root]).items if p.field == "second_annotation_of"]
    assert (
        len(problems) == 1
        and value in problems[0].message
        and "campaign.yaml" in str(problems[0].file)
    )
    assert problems[0].fix.startswith("name the campaign")


def test_demo_declares_no_second_annotation(demo_root) -> None:
    from litboard.load.read import load, validate

    assert validate([demo_root]).items == []
    assert declared_pairs(load([demo_root]).tables["campaigns"]) == []
