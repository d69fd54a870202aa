"""A build interrupted between starting a ``Background`` child and asking for its result exits at
once and takes the child with it (a SIGINT under load once landed there, and Python's exit then
waited for the blocked child forever)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..conftest import REPO

SCRIPT = r"""
import os, sys, time
from litboard.runtime import parallel

def blocked():
    open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
    time.sleep(3600)

job = parallel.Background(blocked)
while not os.listdir(sys.argv[1]):
    time.sleep(0.05)
raise KeyboardInterrupt  # before job.result(): nothing kills the child but the exit hook
"""


def test_an_exception_before_result_kills_the_child(tmp_path: Path) -> None:
    env = {**os.environ, "LITBOARD_WORKERS": "2", "PYTHONPATH": str(REPO / "generator")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "KeyboardInterrupt" in done.stderr
    (child,) = [int(p.name) for p in tmp_path.iterdir()]
    try:
        state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        state = "gone"
    assert state in ("gone", "Z", "X")
