"""Issue 47 goal 3 / must-show 2: release.yml builds on a version tag, checks, then publishes with
PyPI trusted publishing (id-token only in the publish job); its build and smoke-test steps (make
dist, make dist-smoke) run here, on a copy of the sources, with no network: the fresh venv gets
the test environment's packages through a path line instead of the site lock (make dist-venv
downloads them), and twine's check (make dist-twine, a download too) is replaced by the metadata
checks it makes (name, version, a Markdown long description)."""

from __future__ import annotations

import email
import os
import shutil
import sys
import tarfile
import zipfile
from pathlib import Path

import yaml

from .conftest import REPO
from .test_wheel import _run, _venv

WORKFLOW = REPO / ".github" / "workflows" / "release.yml"


def _load() -> dict:  # type: ignore[type-arg]
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads `on` as True
    return data


def _runs(job: dict) -> list[str]:  # type: ignore[type-arg]
    return [s["run"] for s in job["steps"] if "run" in s]


def test_tag_trigger_build_check_publish_and_id_token_only_in_publish() -> None:
    flow = _load()
    assert flow["on"] == {"push": {"tags": ["v*"]}}
    assert flow["permissions"] == {"contents": "read"}
    jobs = flow["jobs"]
    assert list(jobs) == ["build", "check", "publish"]
    assert "needs" not in jobs["build"] and jobs["check"]["needs"] == "build"
    assert jobs["publish"]["needs"] == "check"
    with_token = [
        n for n, j in jobs.items() if (j.get("permissions") or {}).get("id-token") == "write"
    ]
    assert with_token == ["publish"] and jobs["publish"]["permissions"] == {"id-token": "write"}
    assert _runs(jobs["build"]) == ["make install", "make dist"]
    assert _runs(jobs["check"]) == ["make dist-twine", "make dist-venv", "make dist-smoke"]
    assert any(
        s.get("uses", "").startswith("pypa/gh-action-pypi-publish@")
        for s in jobs["publish"]["steps"]
    )
    assert not _runs(jobs["publish"])  # publish runs no code of ours, only the pinned action
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "twine check --strict dist/*" in makefile.split("\ndist-twine:")[1].split("\n\n")[0]
    assert (
        "--require-hashes --no-deps -r $(SITE_LOCK)"
        in makefile.split("\ndist-venv:")[1].split("\n\n")[0]
    )


def _make(target: str, cwd: Path, env: dict[str, str], *assign: str) -> None:
    _run(["make", "--no-print-directory", target, *assign], cwd, env)


def test_the_build_and_smoke_steps_run(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "Makefile"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(
        REPO / "generator", src / "generator", ignore=shutil.ignore_patterns("__pycache__")
    )
    env = {k: v for k, v in os.environ.items() if k != "RUNNER_TEMP"}
    _make("dist", src, env, f"BIN={Path(sys.executable).parent}")
    made = sorted(p.name for p in (src / "dist").iterdir())
    assert [n.endswith(".tar.gz") for n in made].count(True) == 1 and any(
        n.endswith(".whl") for n in made
    )
    wheel = next((src / "dist").glob("*.whl"))
    with zipfile.ZipFile(wheel) as z:
        meta = email.message_from_string(
            z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
        )
    assert (
        meta["Name"] == "litboard"
        and meta["Version"]
        and meta["Description-Content-Type"] == "text/markdown"
    )
    assert "litboard init" in meta.get_payload()  # the README is the long description
    with tarfile.open(next((src / "dist").glob("*.tar.gz"))) as tar:
        assert any(n.endswith("/PKG-INFO") for n in tar.getnames())
    venv, venv_env = _venv(tmp_path, wheel)
    _make("dist-smoke", src, venv_env, f"DIST_VENV={venv}", f"SMOKE={tmp_path / 'smoke'}")
    assert (tmp_path / "smoke" / "smoke" / "public" / "index.html").is_file()
    assert REPO not in (tmp_path / "smoke").resolve().parents
