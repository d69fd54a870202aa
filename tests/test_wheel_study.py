"""Issue 47 must-show 1: a stranger's study, built by litboard installed from the wheel in a fresh
venv outside the checkout, has 0 broken internal links, 0 mkdocs warnings, no text of this
repository's tracks (no "Open track", no Submit page or link) and a citation dated by its data."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from .importers.ls_study import study_files
from .linkcheck import broken_links
from .test_wheel import _run, _venv, _wheel

MAY_2019 = time.mktime((2019, 5, 1, 12, 0, 0, 0, 0, -1))
TRACK_TEXT = (
    "Open track",
    "Submit a system",
    "submit.html",
    "human-evaluation.html",
    "track literary-translation",
    "Run a human evaluation",
)


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    tmp = tmp_path_factory.mktemp("wheel-study")
    venv, env = _venv(tmp, _wheel(tmp))
    package = Path(
        _run(["python", "-c", "import litboard; print(litboard.__file__)"], tmp, env).stdout.strip()
    ).parent
    assert package.resolve().is_relative_to(venv.resolve())
    exports = study_files(tmp / "exports")
    for f in exports:
        os.utime(f, (MAY_2019, MAY_2019))
    mapping = package / "importers" / "examples" / "pairwise_spans.yaml"
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
            "--author",
            "Ada Lovelace",
        ],
        tmp,
        env,
    )
    built = _run(["litboard", "build"], tmp / "study", env)
    return tmp / "study", built.stdout + built.stderr


def test_no_broken_link_and_no_mkdocs_warning(study: tuple[Path, str]) -> None:
    folder, log = study
    assert broken_links(folder / "public") == []
    assert not re.search(r"WARNING|warning", log), log


def test_no_text_of_this_repositorys_tracks(study: tuple[Path, str]) -> None:
    folder, _ = study
    public = folder / "public"
    assert not (public / "submit.html").exists() and not (public / "human-evaluation.html").exists()
    for page in public.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        found = [t for t in TRACK_TEXT if t in text]
        assert not found, f"{page.relative_to(public)}: {found}"


def test_the_citation_is_dated_by_the_data(study: tuple[Path, str]) -> None:
    folder, _ = study
    board = (folder / "public" / "lit-pairwise" / "index.html").read_text(encoding="utf-8")
    assert "author = {Ada Lovelace}" in board and "year = {2019}" in board  # the exports' date
    assert "1970" not in board
    assert "2 language pairs (en-de, en-zh)" in board  # the description counts the import
