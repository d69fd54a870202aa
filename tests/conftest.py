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


# `make test` runs the suite in two processes (pytest-xdist, --dist loadgroup): each test goes
# with its module, so a module's fixtures are made once. Tests that share something costly made once
# per process go together too: a session fixture (the browser tests' Chromium and built sites,
# tests/browser/conftest.py; the real Label Studio server, tests/campaign/conftest.py) or a site
# built once per process and kept (tests/combined_site.py, liteval_site.py, creativity_site.py:
# a module that calls one is grouped by the first it calls, in this order).
SHARED_FIXTURES = {"labelstudio": "label-studio"}
SHARED_BUILDS = {
    "combined_site(": "combined-site",
    "liteval_site(": "liteval-site",
    "creativity_site(": "creativity-site",
}


def _group(item: pytest.Item, sources: dict[str, str]) -> str:
    module = item.nodeid.split("::", 1)[0]
    names = set(getattr(item, "fixturenames", ()))
    for fixture, group in SHARED_FIXTURES.items():
        if fixture in names:
            return group
    if module not in sources:
        path = Path(str(item.path))
        sources[module] = path.read_text(encoding="utf-8") if path.suffix == ".py" else ""
    builds = [group for call, group in SHARED_BUILDS.items() if call in sources[module]]
    if builds[:1] == ["combined-site"] or not module.startswith("tests/browser/"):
        return builds[0] if builds else module
    return "browser"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook, which reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    sources: dict[str, str] = {}
    for item in items:
        item.add_marker(pytest.mark.xdist_group(_group(item, sources)))
