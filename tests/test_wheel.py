"""Must-show 1 (issue 25): litboard as an installed tool, outside its repository.

The wheel is built from a copy of the sources (setuptools' PEP 517 backend), installed with pip
into a new virtual environment in a temporary folder, and only that installation is used:
``litboard init study --from-import labelstudio ...``, ``litboard validate``, ``litboard build``
run there with the repository off every path. The dependencies come from the test's own
environment through a path line (no download, no index); its editable litboard does not,
because .pth files of that folder are not run, and the test checks which litboard answered.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO
from .importers.ls_study import study_files

VENV_BIN = "Scripts" if os.name == "nt" else "bin"
BASE_PAGES = (
    "methodology.html",
    "scoring.html",
    "data-format.html",
    "importers.html",
    "cite.html",
    "study.html",
    "data-api.html",
)


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, f"{args} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def _wheel(tmp: Path) -> Path:
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(
        REPO / "generator", src / "generator", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    code = (
        "import sys; from setuptools.build_meta import build_wheel; print(build_wheel(sys.argv[1]))"
    )
    done = _run([sys.executable, "-c", code, str(tmp / "dist")], src, dict(os.environ))
    return tmp / "dist" / done.stdout.strip().splitlines()[-1]


def _venv(tmp: Path, wheel: Path) -> tuple[Path, dict[str, str]]:
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, dict(os.environ))
    python = venv / VENV_BIN / "python"
    purelib = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            tmp,
            dict(os.environ),
        ).stdout.strip()
    )
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (purelib / "_litboard_test_deps.pth").write_text(
        "".join(f"{p}\n" for p in deps), encoding="utf-8"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    env.update(
        PATH=f"{venv / VENV_BIN}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(tmp / "home"),
        XDG_CACHE_HOME=str(tmp / "home" / "cache"),
        PIP_NO_INDEX="1",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            str(wheel),
        ],
        tmp,
        env,
    )
    return venv, env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    tmp = tmp_path_factory.mktemp("wheel")
    assert REPO not in tmp.parents
    venv, env = _venv(tmp, _wheel(tmp))
    return venv, env, tmp


def test_the_wheel_installs_litboard_and_no_generator(
    installed: tuple[Path, dict[str, str], Path],
) -> None:
    venv, env, tmp = installed
    shown = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / VENV_BIN / "python"),
            "show",
            "-f",
            "litboard",
        ],
        tmp,
        env,
    ).stdout
    files = [line.strip() for line in shown.split("Files:", 1)[1].splitlines() if line.strip()]
    tops = {f.split("/")[0] for f in files if not f.startswith("..")}
    assert tops == {"litboard", "litboard-0.1.0.dist-info"}, tops  # no top-level `generator`
    for shipped in (
        "litboard/templates/page.md.j2",
        "litboard/templates/assets/litboard.css",
        "litboard/pages/methodology.md",
        "litboard/study/mkdocs.yml",
        "litboard/load/schemas/mqm.json",
        "litboard/importers/examples/pairwise_spans.yaml",
    ):
        assert shipped in files
    where = _run(
        ["python", "-c", "import litboard; print(litboard.__file__)"], tmp, env
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(venv.resolve()), where
    missing = subprocess.run(
        ["python", "-c", "import generator"], cwd=tmp, env=env, capture_output=True, check=False
    )
    assert missing.returncode != 0


def test_init_validate_build_outside_the_repository(
    installed: tuple[Path, dict[str, str], Path],
) -> None:
    venv, env, tmp = installed
    package = Path(
        _run(["python", "-c", "import litboard; print(litboard.__file__)"], tmp, env).stdout.strip()
    ).parent
    before = sorted(package.rglob("*"))
    exports = study_files(tmp / "exports")
    mapping = package / "importers" / "examples" / "pairwise_spans.yaml"  # shipped in the wheel
    _run(
        [
            "litboard",
            "init",
            "study",
            "--from-import",
            "labelstudio",
            *map(str, exports),
            "--mapping",
            str(mapping),
            "--workflow",
            "--title",
            "Our study",
        ],
        tmp,
        env,
    )
    study = tmp / "study"
    assert (study / ".github" / "workflows" / "pages.yml").is_file()
    # the study overrides what it wants: a base page, one template asset, and adds a page
    (study / "site" / "methodology.md").write_text(
        "# Our method\n\nWe asked twice.\n", encoding="utf-8"
    )
    (study / "site" / "notes.md").write_text("# Notes\n\nOnly in this study.\n", encoding="utf-8")
    (study / "tpl" / "assets").mkdir(parents=True)
    (study / "tpl" / "assets" / "home.css").write_text("/* ours */\n", encoding="utf-8")
    config = (study / "mkdocs.yml").read_text(encoding="utf-8")
    (study / "mkdocs.yml").write_text(
        config.replace('roots: ["data"]', 'roots: ["data"]\n      templates: tpl'), encoding="utf-8"
    )
    assert "no problems found" in _run(["litboard", "validate"], study, env).stdout
    _run(["litboard", "build"], study, env)
    public = study / "public"
    home = (public / "index.html").read_text(encoding="utf-8")
    # the study's dataset card
    assert "Our study" in home and 'href="lit-pairwise/index.html"' in home
    assert (public / "lit-pairwise" / "index.html").is_file()  # the study's own pages
    assert (public / "notes.html").is_file()
    for name in BASE_PAGES:  # litboard's base pages, from the wheel
        assert (public / name).is_file(), name
    # the data API: the study's records with their schema and index (issue 54)
    index = json.loads((public / "api" / "index.json").read_text(encoding="utf-8"))
    assert "lit-pairwise" in [d["dataset"] for d in index["datasets"]]
    assert "We asked twice." in (public / "methodology.html").read_text(encoding="utf-8")
    assert (public / "assets" / "litboard" / "home.css").read_text(
        encoding="utf-8"
    ) == "/* ours */\n"
    assert (public / "assets" / "litboard" / "litboard.css").read_bytes() == (
        package / "templates" / "assets" / "litboard.css"
    ).read_bytes()
    assert (study / ".cache" / "site").is_dir()  # the study's own cache ...
    # ... and nothing written beside the installed package
    assert sorted(package.rglob("*")) == before
