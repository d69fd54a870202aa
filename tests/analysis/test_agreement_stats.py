"""Agreement statistics: scipy / sklearn / krippendorff references and hand cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau
from sklearn.metrics import cohen_kappa_score, mean_squared_error

from litboard.analysis.agreement import (
    SCHEME_LEVELS,
    agreement_table,
    bws_kappa,
    character_labels,
    kendall_tau,
    krippendorff_alpha,
    mse,
    reliability_matrix,
    span_kappa,
)
from litboard.errors import DataError

NAN = np.nan
# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C:
# 4 observers x 12 units, missing values; published alpha: nominal .743, ordinal .815,
# interval .849, ratio .797.
KRIPPENDORFF_2011 = pd.DataFrame(
    [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, 3],
        [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NAN],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN],
    ],
    index=list("ABCD"),
)


@pytest.mark.parametrize(
    "level, published",
    [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)],
)
def test_krippendorff_published_example(level: str, published: float) -> None:
    result = krippendorff_alpha(KRIPPENDORFF_2011, level)  # type: ignore[arg-type]
    assert result.value == pytest.approx(published, abs=5e-4)
    assert result.label == f"Krippendorff alpha ({level})"
    assert result.n == 11  # unit 12 has a single value, so it is not pairable


def test_scheme_levels() -> None:
    assert SCHEME_LEVELS["sqm"] == SCHEME_LEVELS["rubric"] == "ordinal"
    assert SCHEME_LEVELS["mqm"] == "interval"


def test_reliability_matrix_from_long_table() -> None:
    long = KRIPPENDORFF_2011.stack().rename("score").reset_index()
    long.columns = ["annotator", "unit", "score"]
    wide = reliability_matrix(long, unit=("unit",))
    assert wide.shape == (4, 12)
    assert krippendorff_alpha(wide, "interval").value == pytest.approx(0.849, abs=5e-4)


def test_kendall_tau_b_equals_scipy_on_liteval_style_data() -> None:
    rng = np.random.default_rng(0)
    a = pd.Series(rng.integers(0, 7, 80).astype(float), index=[f"i{k}" for k in range(80)])
    b = pd.Series((a.to_numpy() + rng.integers(-2, 3, 80)).astype(float), index=a.index)
    b.iloc[3] = NAN
    b = b.iloc[::-1].drop("i7")  # different order, one item missing
    result = kendall_tau(a, b)
    keep = [i for i in a.index if i in b.index and not np.isnan(b[i])]
    expected = kendalltau(a[keep], b[keep], variant="b")
    assert result.label == "Kendall tau-b"
    assert result.n == 78
    assert result.value == pytest.approx(expected.statistic, abs=1e-12)
    assert result.p_value == pytest.approx(expected.pvalue, abs=1e-12)


@pytest.mark.shared
def test_kendall_tau_on_liteval_release(liteval_release) -> None:
    df = pd.read_csv(liteval_release / "metric_df.csv")
    rows = df[df["pair"] == "de-en"].reset_index(drop=True)
    result = kendall_tau(rows["mqm_score"], rows["gemba_all_literary"])
    expected = kendalltau(rows["mqm_score"], rows["gemba_all_literary"], variant="b")
    assert result.n == len(rows)
    assert result.value == pytest.approx(expected.statistic, abs=1e-12)


def test_mse_hand_case_and_sklearn() -> None:
    a = pd.Series([1.0, 2.0, 3.0, NAN], index=list("wxyz"))
    b = pd.Series([2.0, 2.0, 5.0, 1.0], index=list("wxyz"))
    result = mse(a, b)
    assert result.value == pytest.approx((1 + 0 + 4) / 3)
    assert result.value == pytest.approx(mean_squared_error([1, 2, 3], [2, 2, 5]))
    assert (result.label, result.n) == ("MSE", 3)


def _bws(picks: list[tuple[str, str]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "pair": "de-en",
                "paragraph": f"p{i}",
                "systems": ["x", "y", "z"],
                "best": best,
                "worst": worst,
            }
            for i, (best, worst) in enumerate(picks)
        ]
    )


def test_bws_kappa_hand_cases() -> None:
    first, second = _bws([("x", "z"), ("y", "z")]), _bws([("x", "y"), ("y", "z")])
    per_translation = bws_kappa(first, second)
    assert per_translation.value == pytest.approx(0.5)  # po 4/6, pe 1/3
    assert per_translation.n == 6
    per_choice = bws_kappa(first, second, unit="choice")
    assert per_choice.value == pytest.approx(7 / 11)  # po 3/4, pe 5/16
    assert per_choice.value == pytest.approx(
        cohen_kappa_score(["x", "z", "y", "z"], ["x", "y", "y", "z"])
    )


def _spans(rows: list[tuple[str, str, int, int, str]]) -> pd.DataFrame:
    return pd.DataFrame(
        rows, columns=["annotator", "paragraph", "start", "end", "category"]
    ).assign(system="deepl", pair="de-en")


def test_character_labels_overlap_zero_width_and_bounds() -> None:
    spans = _spans(
        [("s1", "p", 3, 6, "Style"), ("s1", "p", 1, 4, "Accuracy"), ("s1", "p", 8, 8, "Accuracy")]
    )
    assert list(character_labels(spans, 9, "span")) == [0, 1, 1, 1, 1, 1, 0, 0, 0]
    labels = character_labels(spans, 9, "label")
    assert list(labels) == [
        "none",
        "Accuracy",
        "Accuracy",
        "Accuracy",
        "Style",
        "Style",
        "none",
        "none",
        "none",
    ]
    with pytest.raises(DataError, match="outside the text"):
        character_labels(spans, 5, "span")


def test_span_kappa_hand_case() -> None:
    spans = _spans(
        [("s1", "p", 0, 4, "Accuracy"), ("s2", "p", 2, 6, "Style"), ("s2", "p", 6, 6, "Accuracy")]
    )
    lengths = pd.DataFrame([{"system": "deepl", "pair": "de-en", "paragraph": "p", "length": 10}])
    span = span_kappa(spans, lengths, ("s1", "s2"), mode="span")
    assert span.value == pytest.approx(1 / 6)  # po .6, pe .52
    assert span.n == 10
    label = span_kappa(spans, lengths, ("s1", "s2"), mode="label")
    assert label.value == pytest.approx(0.0625)  # po .4, pe .36
    assert label.label == "Cohen kappa (label match, characters, pooled)"


def test_span_kappa_pooled_and_mean_over_translations() -> None:
    spans = _spans(
        [
            ("s1", "p", 0, 4, "Accuracy"),
            ("s2", "p", 2, 6, "Accuracy"),
            ("s1", "q", 0, 2, "Fluency"),
            ("s2", "q", 0, 3, "Fluency"),
            ("s1", "r", 1, 2, "Style"),
        ]
    )
    lengths = pd.DataFrame(
        {"system": "deepl", "pair": "de-en", "paragraph": ["p", "q", "r"], "length": [10, 5, 4]}
    )
    a = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0] + [1, 1, 0, 0, 0] + [0, 1, 0, 0])
    b = np.array([0, 0, 1, 1, 1, 1, 0, 0, 0, 0] + [1, 1, 1, 0, 0] + [0, 0, 0, 0])
    pooled = span_kappa(spans, lengths, ("s1", "s2"))
    assert pooled.value == pytest.approx(cohen_kappa_score(a, b))
    assert pooled.n == 19
    mean = span_kappa(spans, lengths, ("s1", "s2"), pooling="mean")
    per = [
        cohen_kappa_score(a[:10], b[:10]),
        cohen_kappa_score(a[10:15], b[10:15]),
        cohen_kappa_score(a[15:], b[15:]),
    ]
    assert mean.value == pytest.approx(np.mean(per))


def test_span_kappa_translation_without_spans_is_error_free() -> None:
    spans = _spans([("s1", "p", 0, 2, "Accuracy"), ("s2", "p", 0, 2, "Accuracy")])
    lengths = pd.DataFrame(
        {"system": "deepl", "pair": "de-en", "paragraph": ["p", "q"], "length": [4, 4]}
    )
    result = span_kappa(spans, lengths, ("s1", "s2"))
    assert result.value == pytest.approx(1.0)
    assert result.n == 8


def test_agreement_table_layout() -> None:
    rng = np.random.default_rng(4)
    rows = []
    for annotator, expertise in [("s1", "student"), ("s2", "student"), ("t1", "professional")]:
        units = range(12) if expertise == "student" else range(6)
        for u in units:
            rows.append(
                {
                    "pair": "de-en",
                    "annotator": annotator,
                    "expertise": expertise,
                    "system": "gpt4o",
                    "paragraph": f"p{u}",
                    "score": float(u + rng.integers(0, 4)),
                }
            )
    scores = pd.DataFrame(rows)
    table = agreement_table(scores)
    assert list(table["comparison"]) == ["S-S", "S-P", "S-P"]
    assert list(zip(table["annotator_1"], table["annotator_2"])) == [
        ("s1", "s2"),
        ("s1", "t1"),
        ("s2", "t1"),
    ]
    s1 = scores[scores.annotator == "s1"].set_index("paragraph")["score"]
    s2 = scores[scores.annotator == "s2"].set_index("paragraph")["score"]
    assert table.loc[0, "value"] == pytest.approx(kendalltau(s1, s2, variant="b").statistic)
    assert list(table["n"]) == [12, 6, 6]
    same = agreement_table(scores, same_segments=True)
    assert same.loc[0, "n"] == 6
    assert same.loc[0, "value"] == pytest.approx(
        kendalltau(s1.iloc[:6], s2.iloc[:6], variant="b").statistic
    )
    assert agreement_table(scores, statistic="mse").loc[0, "statistic"] == "MSE"


@pytest.mark.parametrize("level", ["interval", "ordinal", "nominal", "ratio"])
def test_chunked_alpha_equals_the_package(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Large campaigns sum the coincidence matrix over chunks of units; the result is the
    package's."""
    import krippendorff

    from litboard.analysis import agreement

    rng = np.random.default_rng(12)
    values = rng.integers(0, 7, size=(3, 500)).astype(float)
    values[rng.random(values.shape) < 0.2] = np.nan
    monkeypatch.setattr(agreement, "COINCIDENCE_BYTES", 7 * 7 * 8 * 37)  # chunks of 37 units
    chunked = agreement.krippendorff_alpha(pd.DataFrame(values), level)  # type: ignore[arg-type]
    reference = krippendorff.alpha(reliability_data=values, level_of_measurement=level)
    assert chunked.value == pytest.approx(reference, abs=1e-12)
    # the published example still comes from the package's own code path above the threshold
    assert agreement.krippendorff_alpha(KRIPPENDORFF_2011, level).value == pytest.approx(  # type: ignore[arg-type]
        krippendorff.alpha(
            reliability_data=KRIPPENDORFF_2011.to_numpy(dtype=float), level_of_measurement=level
        ),
        abs=1e-12,
    )


def test_span_kappa_ci_pools_resampled_texts_by_hand() -> None:
    from litboard.analysis.agreement import span_kappa, span_kappa_ci

    # two texts; in t1 the annotators agree on one error span, in t2 they disagree
    lengths = pd.DataFrame(
        {
            "system": ["s", "s"],
            "pair": ["de-en", "de-en"],
            "paragraph": ["p1", "p2"],
            "length": [10, 10],
        }
    )
    spans = pd.DataFrame(
        {
            "annotator": ["a", "b", "a", "b"],
            "system": ["s"] * 4,
            "pair": ["de-en"] * 4,
            "paragraph": ["p1", "p1", "p2", "p2"],
            "start": [0, 0, 0, 5],
            "end": [4, 4, 4, 9],
            "category": ["x"] * 4,
        }
    )
    low, high, texts = span_kappa_ci(
        spans, lengths, ("a", "b"), pd.Series(["t1", "t2"]), resamples=400
    )
    whole = span_kappa(spans, lengths, ("a", "b")).value
    assert texts == 2 and low < whole < high
    assert high == pytest.approx(1.0)  # resamples drawing t1 twice agree perfectly


def test_the_coincidence_matrix_by_products_equals_the_package() -> None:
    """Bit for bit with up to 3 raters a unit (every term a whole or half number), to rounding
    beyond."""
    from krippendorff import krippendorff as kd

    from litboard.analysis.agreement import _coincidences

    rng = np.random.default_rng(3)
    for raters, exact in ((3, True), (7, False)):
        values = rng.integers(0, 9, size=(raters, 400)).astype(float)
        values[rng.random(values.shape) < 0.3] = np.nan
        counts = kd._reliability_data_to_value_counts(values, np.unique(values[~np.isnan(values)]))
        mine, theirs = _coincidences(counts), kd._coincidences(counts)
        if exact:
            assert np.array_equal(mine, theirs)
        else:
            assert np.allclose(mine, theirs, rtol=1e-13, atol=0)
