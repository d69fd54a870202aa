"""The Automatic scores page documents every metric and every `litboard score` option, with its
default."""

from __future__ import annotations

import re
from pathlib import Path

from litboard.scoring.api import metric_names
from litboard.scoring.settings import describe

PAGE = Path(__file__).resolve().parents[2] / "generator" / "litboard" / "pages" / "scoring.md"


def _rows(text: str) -> dict[str, list[str]]:
    """Backticked names in the first cell of each table body row -> the row's cells (headers
    skipped)."""
    out = {}
    lines = text.splitlines()
    for line, after in zip(lines, lines[1:] + [""]):
        if line.startswith("| `") and not after.startswith("| ---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for name in re.findall(r"`([^`]+)`", cells[0]):
                out[name] = cells
    return out


def test_every_metric_is_documented() -> None:
    rows = _rows(PAGE.read_text(encoding="utf-8"))
    assert set(metric_names()) <= set(rows), set(metric_names()) - set(rows)
    assert {name for name in rows if not name.startswith("--")} <= set(metric_names())


def test_every_option_is_documented_with_its_default() -> None:
    rows = _rows(PAGE.read_text(encoding="utf-8"))
    options = {
        "--" + name.replace("_", "-"): default
        for name, _, default in describe()
        if not isinstance(default, dict)
    }
    documented = {name for name in rows if name.startswith("--")}
    assert documented == set(options)
    for name, default in options.items():
        shown = rows[name][1].strip("`")
        assert shown == ("none" if default is None else str(default)), (name, shown, default)
