"""Browser fixtures: build a site once, serve it on 127.0.0.1, drive Debian's chromium.

Playwright never downloads a browser here: it launches /usr/bin/chromium (installed by
`make test`). Screenshots go to test-artifacts/ (ignored by git).
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path
from typing import Iterator

import pytest

from litboard.pipeline.build import build_site
from litboard.load.datasets import declared_id

from ..conftest import REPO
from ..helpers import DEMO

from ..liteval_site import liteval_site as _build_liteval_site

CHROMIUM = os.environ.get("LITBOARD_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def serve(folder: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = build_site([DEMO], tmp_path_factory.mktemp("demo") / "public").out
    url, server = serve(out)
    yield f"{url}/demo"  # the demo dataset's folder (its leaderboard is its index.html)
    server.shutdown()


@pytest.fixture(scope="session")
def packed_demo_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo data with every reader page packed (``render.core.packed_reader``)."""
    out = build_site(
        [DEMO], tmp_path_factory.mktemp("demo-packed") / "public", reader_pages="packed"
    ).out
    url, server = serve(out)
    yield f"{url}/demo"
    server.shutdown()


@pytest.fixture(scope="session")
def liteval_site(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The LitEval release imported, built (shared with tests/render/test_liteval_pages.py) and
    served."""
    _, folder = _build_liteval_site(liteval_release, tmp_path_factory)
    url, server = serve(folder.parent)
    yield f"{url}/{folder.name}"
    server.shutdown()


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    tab = context.new_page()
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    tab.dialogs = dialogs
    yield tab
    context.close()


def screenshot(tab: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


def _site(
    tmp_path_factory: pytest.TempPathFactory, root: Path, name: str, reader_pages: str | None = None
) -> Iterator[str]:
    out = build_site(
        [root], tmp_path_factory.mktemp(name) / "public", reader_pages=reader_pages
    ).out
    url, server = serve(out)
    yield f"{url}/{declared_id(root)}"
    server.shutdown()


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The hostile fixture (script tags, template syntax, RLO, a 20,000-character line)."""
    yield from _site(tmp_path_factory, REPO / "tests" / "fixtures" / "hostile", "hostile")


@pytest.fixture(scope="session")
def packed_hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The hostile fixture with its reader pages packed."""
    yield from _site(
        tmp_path_factory, REPO / "tests" / "fixtures" / "hostile", "hostile-packed", "packed"
    )


@pytest.fixture(scope="session")
def cjk_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _site(tmp_path_factory, REPO / "tests" / "fixtures" / "cjk", "cjk")


@pytest.fixture()
def no_js_page(browser: object) -> Iterator[object]:
    """A tab with JavaScript disabled."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},  # type: ignore[attr-defined]
        java_script_enabled=False,
    )
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture(scope="session")
def creativity_site(
    creativity_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The Creativity Bias release imported, built (once per session) and served."""
    from ..creativity_site import creativity_site as built

    folder = built(creativity_release, tmp_path_factory).out
    url, server = serve(folder.parent)
    yield f"{url}/{folder.name}"
    server.shutdown()
