"""A real Label Studio for the loop tests: started once per session from its own venv.

``make labelstudio`` (a step of ``make test``) installs Label Studio from
requirements/labelstudio.txt into ``.venv-labelstudio/`` (LITBOARD_LABELSTUDIO names another
``label-studio`` executable). The server runs on a free loopback port with a throwaway data
folder (sqlite); ``label-studio init`` creates the first annotator, an admin, with a known
legacy API token (the organisation is created with legacy tokens enabled), and ``label-studio
start`` creates the second annotator before it serves. Without the venv the tests skip with the
reason; in CI (``LITBOARD_REQUIRE_SHARED=1`` or ``CI=true``) that skip is a failure.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXECUTABLE = Path(
    os.environ.get("LITBOARD_LABELSTUDIO", REPO / ".venv-labelstudio" / "bin" / "label-studio")
)
STARTUP = 600.0  # seconds: the first start applies every migration to a new sqlite file


@dataclass(frozen=True)
class Annotator:
    email: str
    password: str
    token: str


@dataclass(frozen=True)
class Server:
    url: str
    annotators: tuple[Annotator, Annotator]
    log: Path


def _required() -> bool:
    return (
        os.environ.get("LITBOARD_REQUIRE_SHARED", "") not in ("", "0")
        or os.environ.get("CI", "").lower() == "true"
    )


def executable() -> Path:
    """The label-studio command; skip (or fail in CI) when it is not installed."""
    if not EXECUTABLE.is_file():
        reason = (
            f"Label Studio is not installed at {EXECUTABLE}: run `make labelstudio` (part of "
            "`make test`), or set LITBOARD_LABELSTUDIO to a label-studio executable"
        )
        if _required():
            pytest.fail(reason + "; CI (LITBOARD_REQUIRE_SHARED=1 or CI=true) forbids skipping")
        pytest.skip(reason)
    return EXECUTABLE


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _annotator(n: int) -> Annotator:
    return Annotator(f"annotator{n}@litboard.test", secrets.token_hex(8), secrets.token_hex(20))


def _user_args(who: Annotator) -> list[str]:
    return ["--username", who.email, "--password", who.password, "--user-token", who.token]


def _wait(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Label Studio stopped (exit {process.returncode}); its log: {log}")
        try:
            with urllib.request.urlopen(url + "/health", timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(1)
    pytest.fail(f"Label Studio did not answer {url}/health within {STARTUP:g} s; its log: {log}")


def start(data: Path) -> tuple[Server, subprocess.Popen[bytes]]:
    """Initialise a data folder, start the server on a free port and wait for its health check."""
    label_studio = str(executable())
    env = {
        **os.environ,
        "LABEL_STUDIO_BASE_DATA_DIR": str(data),
        "DJANGO_DB": "sqlite",
        "LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK": "true",
        "SENTRY_DSN": "",
        "FRONTEND_SENTRY_DSN": "",
    }
    for key in ("LABEL_STUDIO_USERNAME", "LABEL_STUDIO_PASSWORD", "LABEL_STUDIO_USER_TOKEN"):
        env.pop(key, None)
    first, second = _annotator(1), _annotator(2)
    log = data / "label-studio.log"
    with open(log, "ab") as out:
        init = [label_studio, "init", "--quiet", "--no-browser", "--enable-legacy-api-token"]
        subprocess.run(
            init + _user_args(first), env=env, stdout=out, stderr=subprocess.STDOUT, check=True
        )
        port = free_port()
        serve = [
            label_studio,
            "start",
            "--no-browser",
            "--internal-host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        process = subprocess.Popen(
            serve + _user_args(second),
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(f"http://127.0.0.1:{port}", (first, second), log)
    try:
        _wait(server.url, process, log)
    except BaseException:
        stop(process)
        raise
    return server, process


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server and the workers it started (its own process group)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
