"""Shared test fixtures.

``shared_data`` points at ../shared/data (released data from the papers). On a user's
fresh clone it is absent: tests that need it skip with a reason. CI sets
LITBOARD_REQUIRE_SHARED=1, which turns that skip into a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("LITBOARD_SHARED_DATA", REPO.parent / "shared" / "data"))


def _require_shared() -> bool:
    return os.environ.get("LITBOARD_REQUIRE_SHARED", "") not in ("", "0")


def shared_path(name: str) -> Path:
    """Path to one released data set; skip (or fail in CI) when it is absent."""
    path = SHARED_DATA / name
    if not path.is_dir():
        reason = (
            f"{path} is not present: the released data lives in ../shared/data beside the "
            "repository (set LITBOARD_SHARED_DATA to point elsewhere)"
        )
        if _require_shared():
            pytest.fail(reason + " and LITBOARD_REQUIRE_SHARED=1 forbids skipping")
        pytest.skip(reason)
    return path


def shared_paper(number: str) -> Path:
    """The text of one study in ../shared/papers (by its number, e.g. "000"); skip or fail like
    data."""
    folder = SHARED_DATA.parent / "papers"
    found = sorted(folder.glob(f"{number}_*.txt")) if folder.is_dir() else []
    if not found:
        reason = f"paper {number} is not present in {folder} (the studies live in ../shared/papers)"
        if _require_shared():
            pytest.fail(reason + " and LITBOARD_REQUIRE_SHARED=1 forbids skipping")
        pytest.skip(reason)
    return found[0]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


DEMO = REPO / "tests" / "fixtures" / "demo"


@pytest.fixture(scope="session")
def demo_root() -> Path:
    """A frozen copy of the demo data root: goldens never depend on which systems the repository
    holds."""
    return DEMO


@pytest.fixture(scope="session")
def liteval_release() -> Path:
    return shared_path("liteval-public")


@pytest.fixture(scope="session")
def creativity_release() -> Path:
    return shared_path("creativity-bias")


@pytest.fixture(scope="session")
def wmt_release() -> Path:
    return shared_path("wmt-mqm-sample")


@pytest.fixture(scope="session")
def literary_release() -> Path:
    return shared_path("literary-translation")


@pytest.fixture()
def writes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The dataset ids regenerated (written to the site cache) during a build, and the judge-bias
    panel."""
    from litboard.pipeline import site_cache

    seen: list[str] = []
    original = site_cache.write

    def spy(cache: Path, key: str, entry: site_cache.Entry | site_cache.Panel) -> None:
        seen.append(entry.dataset_id if isinstance(entry, site_cache.Entry) else "judge-bias panel")
        original(cache, key, entry)

    monkeypatch.setattr(site_cache, "write", spy)
    return seen


# `make test` runs the suite in two processes (pytest-xdist, --dist loadgroup): each test goes with
# its module, so a module's fixtures are made once; tests that share a session fixture costly to
# make go together too: the browser tests (one Chromium, the built sites of tests/browser/conftest.py)
# and the tests of the session's real Label Studio server (tests/campaign/conftest.py).
SHARED_SESSION = {"labelstudio": "label-studio"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        names = set(getattr(item, "fixturenames", ()))
        group = next((g for f, g in SHARED_SESSION.items() if f in names), None)
        if group is None:
            group = "browser" if module.startswith("tests/browser/") else module
        item.add_marker(pytest.mark.xdist_group(group))
