"""Golden-file comparison: set LITBOARD_UPDATE_GOLDEN=1 to rewrite, then review the diff like
code."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if os.environ.get("LITBOARD_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"golden file {path} is missing; run with LITBOARD_UPDATE_GOLDEN=1")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), f"golden/{name}", "actual", n=2
            )
        )
        raise AssertionError(f"rendered output differs from golden/{name}:\n{diff[:6000]}")
