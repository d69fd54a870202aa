"""The chart cache (core.charts.use_cache): a cached drawing is the drawing vl-convert makes, a
second build of the same spec does not start vl-convert, a changed spec is drawn afresh, a
cache folder that cannot be written costs speed, never the build, and old drawings are pruned."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from litboard.errors import DataError
from litboard.render.core import cache_files, charts


def _chart(values: list[int]):  # type: ignore[no-untyped-def]
    import altair as alt
    import pandas as pd

    return (
        alt.Chart(pd.DataFrame({"x": ["a", "b", "c"], "y": values})).mark_bar().encode(x="x", y="y")
    )


@pytest.fixture()
def no_cache():  # type: ignore[no-untyped-def]
    yield
    charts.use_cache(None)


def test_cached_drawings_equal_fresh_ones_and_skip_vl_convert(
    tmp_path: Path, no_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    charts.use_cache(None)
    _, fresh = charts.chart_files("f", "c", "C", _chart([1, 2, 3]))
    charts.use_cache(tmp_path)
    _, first = charts.chart_files("f", "c", "C", _chart([1, 2, 3]))
    assert first == fresh
    assert len(list((tmp_path / "charts").iterdir())) == 2  # the SVG and the PNG

    import vl_convert

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("vl-convert drew a chart the cache holds")

    monkeypatch.setattr(vl_convert, "vegalite_to_svg", refuse)
    monkeypatch.setattr(vl_convert, "vegalite_to_png", refuse)
    _, again = charts.chart_files("f", "c", "C", _chart([1, 2, 3]))
    assert again == fresh
    with pytest.raises(AssertionError, match="cache holds"):  # another spec is drawn afresh
        charts.chart_files("f", "c", "C", _chart([3, 2, 1]))


def test_a_cache_folder_that_cannot_be_written_still_builds_the_chart(
    tmp_path: Path, no_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    charts.use_cache(tmp_path)
    monkeypatch.setattr(charts.os, "replace", full_disk)
    _, files = charts.chart_files("f", "c", "C", _chart([1, 2, 3]))
    assert str(files["f/c.svg"]).startswith("<svg")
    assert list((tmp_path / "charts").iterdir()) == []  # no temporary file left behind


def test_the_cache_keeps_the_newest_drawings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_cache: None
) -> None:
    folder = tmp_path / "charts"
    folder.mkdir()
    names = [f"{i:064x}.svg" for i in range(6)]
    for i, name in enumerate(names):
        path = folder / name
        path.write_text("x")
        os.utime(path, (i, i))
    (folder / "mine.svg").write_text("the user's")  # not a name litboard gives: never pruned
    os.utime(folder / "mine.svg", (0, 0))
    monkeypatch.setattr(charts, "KEEP", 4)
    with pytest.raises(DataError, match="charts/mine.svg"):
        cache_files.claim(tmp_path)  # not litboard's cache: refused
    (tmp_path / cache_files.MARKER).write_text("")
    charts.use_cache(tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == sorted(names[2:] + ["mine.svg"])
