"""The session's real Label Studio (tests/campaign/labelstudio_server.py), started on first use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .labelstudio_server import Server, start, stop


@pytest.fixture(scope="session")
def labelstudio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server, process = start(tmp_path_factory.mktemp("label-studio"))
    try:
        yield server
    finally:
        stop(process)
