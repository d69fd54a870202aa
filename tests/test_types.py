"""The type checker (issue 54): mypy, pinned in the test lock and configured in pyproject.toml,
finds no error in generator/litboard, with no module exempt and every ``# type: ignore`` naming
its code (an unused one is an error too), so `make test` fails on a type error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib

from .conftest import REPO


def _config() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_mypy_finds_no_error_in_the_package() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "generator")}
    done = subprocess.run(
        [sys.executable, "-m", "mypy"],  # files, cache and strictness from pyproject.toml
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, (
        done.stdout
        + done.stderr
        + "\nfix the types; a new third-party package without types or stubs (import-untyped) "
        "goes into pyproject.toml's [[tool.mypy.overrides]] module list"
    )
    assert done.stdout.startswith("Success: no issues found"), done.stdout


def test_no_module_of_litboard_is_exempt_from_the_checker() -> None:
    config = _config()
    assert config["files"] == ["generator/litboard"]
    assert config["warn_unused_ignores"] is True
    assert "ignore-without-code" in config["enable_error_code"]
    blanket = {"ignore_errors", "ignore_missing_imports", "follow_imports", "disable_error_code"}
    assert not blanket & set(config), "a setting that silences errors for every module"
    for override in config.get("overrides", []):
        modules = override["module"]
        assert not any(m == "litboard" or m.startswith("litboard.") for m in modules), modules
        # only third-party packages without types, and only their missing stubs
        assert set(override) == {"module", "ignore_missing_imports"}, override
    for path in (REPO / "generator/litboard").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"#\s*(mypy|type)\s*:\s*(ignore-errors|ignore\s*$)", text, re.M), (
            f"{path}: a module-wide or code-less ignore"
        )
