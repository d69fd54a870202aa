"""Every line of the code is at most 100 characters (issue 41): `ruff check --select E501` (the ruff
pinned in requirements/test.txt, configured in pyproject.toml's [tool.ruff]) finds nothing in
generator/, tests/ or bench/. A literal that cannot be wrapped (text inside a multi-line data
string, a word longer than the room) carries `# noqa: E501` on its last line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import REPO

LIMIT = 100


def test_no_line_is_over_100_characters() -> None:
    ruff = Path(sys.executable).parent / "ruff"
    assert ruff.is_file(), f"{ruff} is missing: `make test` installs it from requirements/test.txt"
    done = subprocess.run(
        [
            str(ruff),
            "check",
            "--no-cache",
            "--select",
            "E501",
            "--line-length",
            str(LIMIT),
            "--output-format",
            "concise",
            "generator",
            "tests",
            "bench",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, (
        "lines over 100 characters (wrap them; `ruff format` does most):\n"
        + done.stdout
        + done.stderr
    )
