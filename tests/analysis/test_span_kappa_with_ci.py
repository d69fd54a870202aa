"""span_kappa_with_ci: one count of the characters gives what span_kappa (pooled) and span_kappa_ci
give separately, on every annotator pair of the WMT sample and of a hand-made case."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pandas as pd
import pytest

from litboard.analysis import agreement as ag


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def check(spans: pd.DataFrame, lengths: pd.DataFrame, pair: tuple[str, str], texts: pd.Series):
    for mode in ("span", "label"):
        both, ci = ag.span_kappa_with_ci(spans, lengths, pair, texts, mode=mode)
        alone = ag.span_kappa(spans, lengths, pair, mode=mode)
        assert (both.label, both.n) == (alone.label, alone.n)
        assert same(both.value, alone.value)
        separate = ag.span_kappa_ci(spans, lengths, pair, texts, mode=mode)
        assert ci[2] == separate[2] and same(ci[0], separate[0]) and same(ci[1], separate[1])


def test_hand_made_case() -> None:
    lengths = pd.DataFrame(
        {
            "system": ["s", "s", "t"],
            "pair": "en-de",
            "paragraph": ["p1", "p2", "p1"],
            "length": [10, 6, 8],
        }
    )
    spans = pd.DataFrame(
        {
            "annotator": ["a", "b", "a", "b", "b"],
            "system": ["s", "s", "s", "t", "t"],
            "pair": "en-de",
            "paragraph": ["p1", "p1", "p2", "p1", "p1"],
            "start": [0, 2, 1, 3, 5],
            "end": [4, 4, 6, 5, 5],
            "category": ["accuracy", "fluency", "style", "accuracy", "style"],
        }
    )
    texts = lengths["system"] + "|w"
    check(spans, lengths, ("a", "b"), texts)
    # by hand (span mode): p1/s: a marks 0-4, b 2-4 -> 2 both, 2 a only, 6 neither; p2/s: a marks
    # 1-6, b none -> 5 a only, 1 neither; p1/t: b marks 3-5 -> 2 b only, 6 neither
    # observed agreement (2 + 13) / 24; chance (9/24)(4/24) + (15/24)(20/24)
    po, pe = 15 / 24, (9 / 24) * (4 / 24) + (15 / 24) * (20 / 24)
    got, _ = ag.span_kappa_with_ci(spans, lengths, ("a", "b"), texts, mode="span")
    assert got.n == 24 and got.value == pytest.approx((po - pe) / (1 - pe), abs=1e-12)


def test_random_cases_with_three_annotators() -> None:
    """Overlapping, zero-width and unmarked spans over 60 translations of 12 texts, every pair."""
    rng = random.Random(7)
    keys = [(f"s{i % 5}", "en-de", f"p{i}") for i in range(60)]
    lengths = pd.DataFrame(keys, columns=["system", "pair", "paragraph"]).assign(
        length=[rng.randint(0, 40) for _ in keys]
    )
    rows = []
    for (system, pair, paragraph), n in zip(keys, lengths["length"]):
        for annotator in "abc":
            for _ in range(rng.randint(0, 3)):
                start = rng.randint(0, n)
                end = min(n, start + rng.choice([0, 1, 3, 9]))
                category = rng.choice(["accuracy", "fluency", "style"])
                rows.append((annotator, system, pair, paragraph, start, end, category))
    spans = pd.DataFrame(
        rows, columns=["annotator", "system", "pair", "paragraph", "start", "end", "category"]
    )
    texts = lengths["system"] + "|" + (lengths.index % 12).astype(str)
    for pair in combinations("abc", 2):
        check(spans, lengths, pair, texts)
