"""site/human-evaluation.md is executed: its ```bash blocks run in order in bash, with the first
block's variables set to a copy of the fixture track and ``litboard`` calling this checkout; the
Label Studio step (a ```console block, run by people) is played by fake_labelstudio."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from ..helpers import FIXTURES, copy_root

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "site" / "human-evaluation.md"
FAKE = Path(__file__).with_name("fake_labelstudio.py")


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)


def _fixture_values(first: str, root: Path) -> str:
    values = {
        "TRACK": "fixture-track",
        "PAIR": "de-en",
        "SYSTEM": "new-mt",
        "DATA": f'"--data {root}"',
        "ROOT": str(root),
    }
    for name, value in values.items():
        first, n = re.subn(rf"^{name}=.*$", f"{name}={value}", first, flags=re.M)
        assert n == 1, f"the page's first bash block no longer sets {name}"
    return first.replace("--paragraphs 10", "--paragraphs 4")  # the fixture has 8 paragraphs


def test_page_is_in_the_nav() -> None:
    assert "human-evaluation.md" in (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def test_page_commands_run(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "track", tmp_path / "track")
    code = blocks("bash")
    assert len(code) == 3 and all("litboard campaign" in c for c in code)
    script = [
        f'litboard() {{ PYTHONPATH={REPO / "generator"} "{sys.executable}" -m litboard.cli "$@"; '
        f'}}',
        "set -euo pipefail",
        _fixture_values(code[0], root),
        code[1],
        f'"{sys.executable}" {FAKE} labelstudio/$SYSTEM labelstudio/$SYSTEM-export.json',
        code[2],
    ]
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr
    assert "new-mt: 4 of 4 planned paragraphs judged" in done.stdout
    assert {"config.xml", "tasks.json", "mapping.yaml"} <= {
        p.name for p in (tmp_path / "labelstudio/new-mt").iterdir()
    }
    card = root / "judgments" / "fixture-track-pairwise-new-mt-s1" / "campaign.yaml"
    assert yaml.safe_load(card.read_text())["plan"]["complete"] is True
    assert shutil.which("bash")
