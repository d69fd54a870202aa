"""`litboard serve` rebuilds when a data file changes (issue 33 row 16): it used to watch only
the docs and templates, so an edited judgment or system card never showed until a restart."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from ..conftest import REPO

from ..helpers import FIXTURES, copy_root


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _page(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.read().decode("utf-8")
    except (urllib.error.URLError, OSError):
        return ""


def _wait_for(check, limit: float = 300.0) -> bool:
    """Poll until ``check()`` (a generous limit for a loaded machine; not a speed assertion)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.5)
    return False


def test_serve_rebuilds_when_a_data_file_changes(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "generator"), "LITBOARD_WORKERS": "1"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "litboard.cli",
            "serve",
            "--data",
            str(root),
            "--no-site-cache",
            "--dev-addr",
            f"127.0.0.1:{port}",
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/tiny/systems/mt.html"
    try:
        assert _wait_for(lambda: "MT" in _page(url)), "the server did not come up"
        assert "Renamed Engine" not in _page(url)
        card = root / "corpus/systems/mt/system.yaml"
        card.write_text(
            card.read_text(encoding="utf-8").replace("name: MT", "name: Renamed Engine"),
            encoding="utf-8",
        )
        assert _wait_for(lambda: "Renamed Engine" in _page(url)), "the edit never showed"
        scores = root / "judgments/mqm1/a.jsonl"
        scores.write_text(
            scores.read_text(encoding="utf-8").replace(
                '"annotator": "s1"', '"annotator": "nobody"', 1
            ),
            encoding="utf-8",
        )  # a broken edit: the server keeps going and says why
        edited = card.read_text(encoding="utf-8").replace("Renamed Engine", "Fixed Engine")
        # let the broken build be picked up before the next edit (ordering, not speed)
        time.sleep(1)
        scores.write_text(
            scores.read_text(encoding="utf-8").replace(
                '"annotator": "nobody"', '"annotator": "s1"'
            ),
            encoding="utf-8",
        )
        card.write_text(edited, encoding="utf-8")
        assert _wait_for(lambda: "Fixed Engine" in _page(url)), (
            "the server stopped rebuilding after a bad edit"
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server this test started, and its children
        server.wait(timeout=60)
