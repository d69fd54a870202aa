"""The build request (issue 54, goal 4): ``build_site`` hands the mkdocs plugin object a frozen
``BuildRequest`` and reads the result back from its ``BuildContext``, with no LITBOARD_*
variable set on the way; a plain ``mkdocs build`` makes the request from the plugin's options."""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from litboard.errors import DataError
from litboard.pipeline import mkdocs_plugin
from litboard.pipeline.build import build_site
from litboard.pipeline.request import BuildContext, BuildRequest

from ..helpers import FIXTURES

TINY = FIXTURES / "tiny"


def _watch(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the plugin's generate call sees: its arguments and the LITBOARD_* environment."""
    seen: list[dict[str, Any]] = []
    real = mkdocs_plugin.generate

    def watched(*args: Any, **kwargs: Any) -> Any:
        names = {k for k in os.environ if k.startswith("LITBOARD_")}
        seen.append({"args": args, "environment": names})
        return real(*args, **kwargs)

    monkeypatch.setattr(mkdocs_plugin, "generate", watched)
    return seen


def _litboard_environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k.startswith("LITBOARD_")}


def _no_litboard_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [k for k in os.environ if k.startswith("LITBOARD_")]:
        if name not in ("LITBOARD_REQUIRE_SHARED", "LITBOARD_WORKERS"):
            monkeypatch.delenv(name)


def test_build_site_hands_the_plugin_its_request_not_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_litboard_environment(monkeypatch)
    before = _litboard_environment()
    seen = _watch(monkeypatch)
    cache = tmp_path / "cache"
    build_site([TINY], tmp_path / "out", cache=cache, cache_size="5MB", reader_pages="plain")
    assert len(seen) == 1
    roots, _templates, given_cache, size, mode = seen[0]["args"]
    assert roots == [TINY.resolve()] and given_cache == cache.resolve()
    assert (size, mode) == (5 * 1000**2, "plain")
    assert seen[0]["environment"] <= {"LITBOARD_REQUIRE_SHARED", "LITBOARD_WORKERS"}
    assert _litboard_environment() == before  # nothing set for good either


def test_a_data_error_comes_back_from_the_context_as_is(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="--reader-pages: 'zip'"):
        build_site([TINY], tmp_path / "out", reader_pages="zip")
    assert not (tmp_path / "out").exists()


def test_the_request_is_frozen_and_serve_gets_its_documented_overrides(tmp_path: Path) -> None:
    request = BuildRequest((tmp_path,), tmp_path / "cache", "2GB", "packed")
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.roots = ()  # type: ignore[misc]
    assert request.environment() == {
        "LITBOARD_DATA": str(tmp_path),
        "LITBOARD_SITE_CACHE": str(tmp_path / "cache"),
        "LITBOARD_SITE_CACHE_SIZE": "2GB",
        "LITBOARD_READER_PAGES": "packed",
    }
    for name in request.environment():
        assert name in mkdocs_plugin.__doc__, f"{name} is not documented on the plugin"


def test_the_context_releases_the_render_caches_after_the_build(tmp_path: Path) -> None:
    from litboard.render.core import charts, jinja

    context = BuildContext(BuildRequest((TINY,), tmp_path / "cache"))
    with context.caches():
        assert charts._cache == [tmp_path / "cache/charts"]
        assert jinja._bytecode == [tmp_path / "cache/jinja"]
    assert charts._cache == [] and jinja._bytecode == []


def test_plain_mkdocs_build_makes_the_request_from_the_plugin_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    _no_litboard_environment(monkeypatch)
    study = tmp_path / "study"
    shutil.copytree(TINY, study / "data")
    (study / "site").mkdir()
    (study / "site/index.md").write_text("# Home\n", encoding="utf-8")
    (study / "mkdocs.yml").write_text(
        "site_name: s\ndocs_dir: site\nuse_directory_urls: false\n"
        'plugins:\n  - litboard:\n      roots: ["data"]\n      reader_pages: plain\n',
        encoding="utf-8",
    )
    seen = _watch(monkeypatch)
    config = load_config(str(study / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    build(config)
    roots, _templates, cache, _size, mode = seen[0]["args"]
    assert roots == [(study / "data").resolve()] and cache is None and mode == "plain"
    assert (tmp_path / "site/tiny/index.html").is_file()
    plugin = config.plugins["litboard"]
    assert plugin.context is not None and plugin.context.request.roots == tuple(roots)
