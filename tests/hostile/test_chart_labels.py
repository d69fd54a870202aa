"""Chart labels reach vl-convert without the characters that abort it (exit 134) or break SVG."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..conftest import REPO
from litboard.render.core.charts import plain_text

BAD = ["\x00", "\x01", "\x07", "\x1b[31m", "\u2028", "\u2029", "\x85", "\ud800"]
CHART = """
import altair as alt, pandas as pd, sys
from litboard.render.core.charts import chart_files
name = {name}
chart = alt.Chart(pd.DataFrame({{"system": [name, "ok"], "v": [1, 2]}})).mark_bar().encode(x="system", y="v")
view, files = chart_files("c", "chart", name, chart.properties(title=name))
assert files["c/chart.svg"].startswith("<svg") and files["c/chart.png"][:4] == b"\\x89PNG"
"""  # noqa: E501


def test_plain_text_replaces_every_unsafe_character_and_keeps_the_rest() -> None:
    spec = {
        "title": "a\x01b",
        "data": {"values": [{"s": "x\u2028y", "n": -1.5}]},
        "k\x1b": ["\ud800", "é\t漢\n"],
    }
    assert plain_text(spec) == {
        "title": "a\ufffdb",
        "data": {"values": [{"s": "x\ufffdy", "n": -1.5}]},
        "k\ufffd": ["\ufffd", "é\t漢\n"],
    }


@pytest.mark.parametrize("char", BAD, ids=[f"U+{ord(c[0]):04X}" for c in BAD])
def test_chart_with_a_hostile_label_renders(char: str) -> None:
    # in a child process: vl-convert aborts the whole process on these characters
    done = subprocess.run(
        [sys.executable, "-c", CHART.format(name=json.dumps(f"sys {char} tem"))],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        env={**os.environ, "PYTHONPATH": str(REPO / "generator")},
    )
    assert done.returncode == 0, done.stderr[-2000:]
