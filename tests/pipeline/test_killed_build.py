"""A killed build leaves no process behind (issue 33 row 7): the forked render workers used to
outlive a build killed by SIGKILL, SIGTERM or SIGINT (parent PID 1, blocked forever on a pipe).

The build forks exactly as here: a ``Background`` child per dataset that forks a ``map_ordered``
pool for the reader pages. The workers block; the build is killed; then every process it
forked (each wrote its pid) must be gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..conftest import REPO

SCRIPT = r"""
import os, sys, time
from litboard.runtime import parallel

folder = sys.argv[1]
parallel.MIN_PER_WORKER = 1

def note():
    open(os.path.join(folder, str(os.getpid())), "w").close()

def page(i):
    note()
    time.sleep(3600)  # a render worker blocked forever

def dataset():
    note()
    return parallel.map_ordered(page, 6)

parallel.Background(dataset).result()
"""


def _gone(pid: int) -> bool:
    """No such process, or only a zombie waiting for a reaper (it runs no more)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def _wait_for(check, limit: float = 60.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_a_killed_build_leaves_no_worker(tmp_path: Path, sig: signal.Signals) -> None:
    env = {**os.environ, "LITBOARD_WORKERS": "3", "PYTHONPATH": str(REPO / "generator")}
    build = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # Ctrl-C as at a terminal: a child inherits an ignored SIGINT (some earlier test or the
        # runner may ignore it), and Python then never raises KeyboardInterrupt: the build would
        # rightly not stop, and the test hung for its 120 s
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert _wait_for(lambda: len(list(tmp_path.iterdir())) == 4), "the workers did not start"
        forked = [int(p.name) for p in tmp_path.iterdir()]
        assert build.pid not in forked and all(not _gone(pid) for pid in forked)
        build.send_signal(sig)
        build.wait(timeout=120)
        assert _wait_for(lambda: all(_gone(pid) for pid in forked)), (
            f"left behind: {[pid for pid in forked if not _gone(pid)]}"
        )
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()
        for pid in (int(p.name) for p in tmp_path.iterdir()):
            if not _gone(pid):
                os.kill(pid, signal.SIGKILL)  # only the processes this test started
