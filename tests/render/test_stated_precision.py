"""Numbers leave the analysis at a stated precision (issue 31): 12 significant digits in every
HTML attribute, inline JSON, chart spec and CSV/JSON/LaTeX download, so a last-bit difference
between machines or library versions never changes a byte of the site."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from litboard.analysis.rounding import SIGNIFICANT_DIGITS, ZERO_BELOW, stated, stated_tree
from litboard.model import Corpus
from litboard.pipeline import site
from litboard.render.core.jinja import environment
from litboard.render.core.pages import csv_text

from ..conftest import REPO

# The report: the same Bradley-Terry strength on two machines.
TWO_MACHINES = [
    (0.29674229205757663, 0.2967422920575766, "0.296742292058"),
    (0.5255590186727229, 0.5255590186727231, "0.525559018673"),
]


@pytest.mark.parametrize(("one", "other", "written"), TWO_MACHINES)
def test_the_reported_last_digit_noise_is_gone(one: float, other: float, written: str) -> None:
    assert one != other and repr(stated(one)) == repr(stated(other)) == written


def test_stated_keeps_twelve_significant_digits_and_nothing_else() -> None:
    assert SIGNIFICANT_DIGITS == 12
    assert repr(stated(2 / 3)) == "0.666666666667" and repr(stated(-14 / 3)) == "-4.66666666667"
    assert repr(stated(0.1 + 0.2)) == "0.3" and repr(stated(5.0)) == "5.0"
    assert repr(stated(1234567.891234567)) == "1234567.89123" and stated(3e-9) == 3e-9
    for value in (1 / 3, 21.25, 1e6 / 7, -0.125, 48.20046666666667):
        assert (
            stated(np.nextafter(value, math.inf))
            == stated(value)
            == stated(np.nextafter(value, -math.inf))
        )
    assert stated(float(np.float64(0.7))) == 0.7 and stated(True) == 1.0


def test_stated_writes_zero_for_noise_around_zero() -> None:
    assert ZERO_BELOW == 1e-12
    for noise in (-0.0, 5e-324, -1.1102230246251565e-16, 5.5 - (2.75 + 2.75 + 1e-15), 9.9e-13):
        assert repr(stated(noise)) == "0.0"
    assert stated(1e-12) == 1e-12 and stated(-2e-12) == -2e-12


def test_stated_keeps_missing_and_infinite() -> None:
    assert (
        math.isnan(stated(math.nan))
        and stated(math.inf) == math.inf
        and stated(-math.inf) == -math.inf
    )


def test_stated_tree_reaches_every_float_and_nothing_else() -> None:
    tree = {
        "a": [0.29674229205757663, 1, "0.29674229205757663", True, None],
        "b": {"c": (2 / 3, np.float64(1 / 3))},
    }
    assert stated_tree(tree) == {
        "a": [0.296742292058, 1, "0.29674229205757663", True, None],
        "b": {"c": [0.666666666667, 0.333333333333]},
    }


def test_templates_print_every_float_at_the_stated_precision() -> None:
    env = environment()
    page = env.from_string(
        '<td data-value="{{ x }}" style="left: {{ y }}%">{{ n }}</td>'
        "<script>{{ data|tojson }}</script>"
    )
    html = page.render(x=0.29674229205757663, y=100 / 3, n=7, data={"v": [2 / 3, -0.0, "t"]})
    assert html == (
        '<td data-value="0.296742292058" style="left: 33.3333333333%">7</td>'
        '<script>{"v": [0.666666666667, 0.0, "t"]}</script>'
    )


def test_csv_downloads_write_numbers_at_the_stated_precision() -> None:
    frame = pd.DataFrame(
        {
            "system": ["a", "b", "c"],
            "score": [0.29674229205757663, -0.0, math.nan],
            "mixed": [2 / 3, "=cmd", math.nan],
            "n": [3, 4, 5],
        }
    )
    assert csv_text(frame) == (
        "system,score,mixed,n\na,0.296742292058,0.666666666667,3\nb,0,'=cmd,4\nc,,,5\n"
    )


def _nudged(corpora: list[Corpus]) -> int:
    """Every float of every loaded table moved by one ULP (towards +inf: order and ties kept);
    returns how many values moved."""
    moved = 0
    for corpus in corpora:
        for name, frame in corpus.tables.items():
            out = frame.copy()
            for position in range(out.shape[1]):
                column = out.iloc[:, position]
                if pd.api.types.is_float_dtype(column.dtype):
                    values = column.to_numpy()
                    out.isetitem(position, np.nextafter(values, np.inf))
                    moved += int(np.isfinite(values).sum())
            corpus.tables[name] = out
    return moved


def _build(roots: list[Path]) -> dict[str, object]:
    return dict(site.generate(roots).files)


def test_the_demo_site_is_byte_identical_when_every_input_float_moves_by_one_ulp(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Must-show 2 of issue 31: the analysis runs on inputs one ULP off (as another machine's
    arithmetic would leave them), and every page and download comes out byte-identical."""
    plain = _build([REPO])
    moved: list[int] = []
    real = site.load_all

    def load_nudged(*args: object, **kwargs: object) -> list[Corpus]:
        corpora = real(*args, **kwargs)  # type: ignore[arg-type]
        moved.append(_nudged(corpora))
        return corpora

    monkeypatch.setattr(site, "load_all", load_nudged)
    nudged = _build([REPO])
    assert moved and moved[0] > 100, "the perturbation moved nothing"
    assert len(plain) > 100 and sorted(nudged) == sorted(plain)
    assert any(p.endswith(".csv") for p in plain) and any(p.endswith(".json") for p in plain)
    differ = [path for path in sorted(plain) if plain[path] != nudged[path]]
    assert not differ, f"{len(differ)} files changed with the last bit of the inputs: {differ[:10]}"


def test_the_unrounded_analysis_does_move_with_the_last_bit() -> None:
    """The site's invariance is the rounding's doing: the raw means do change."""
    scores = np.array([4.0, 5.0, 4.0, 6.0, 5.5, 4.25, 3.1]) / 3
    moved = np.nextafter(scores, np.inf)
    assert scores.mean() != moved.mean() and stated(scores.mean()) == stated(moved.mean())
    assert json.dumps(stated_tree([scores.mean()])) == json.dumps(stated_tree([moved.mean()]))
