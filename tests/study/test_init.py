"""`litboard init` and the study a command runs in (``project.find``): no build, milliseconds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from litboard.files import project
from litboard.cli import main
from litboard.errors import DataError
from litboard.study.scaffold import init_study, titled

from ..conftest import REPO


def test_the_repository_is_a_study_of_its_own_data() -> None:
    found = project.find(REPO)
    assert found.config == REPO / "mkdocs.yml" and found.roots == (REPO,)
    assert found.cache == REPO / ".cache"
    assert found.config_file == REPO / "mkdocs.yml" and found.overrides == {}


def test_outside_a_study_the_defaults_are_litboards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    found = project.find(tmp_path)
    assert found.config is None and found.config_file == project.DEFAULT_CONFIG
    assert found.overrides == {"docs_dir": str(project.PAGES)}
    # the user's cache, never the package's folder
    assert found.cache == tmp_path / "xdg" / "litboard"
    with pytest.raises(DataError, match="litboard init DIR"):
        found.data_roots()


@pytest.mark.parametrize(
    "plugins, roots",
    [
        ("[search, {litboard: {roots: [a, b/c]}}]", ["a", "b/c"]),
        ("{search: {}, litboard: {roots: [x]}}", ["x"]),
        ("[search, litboard]", ["."]),
        ("[search]", []),
    ],
)
def test_roots_come_from_the_plugin_in_mkdocs_yml(
    tmp_path: Path, plugins: str, roots: list[str]
) -> None:
    (tmp_path / "mkdocs.yml").write_text(f"site_name: s\nplugins: {plugins}\n", encoding="utf-8")
    assert list(project.find(tmp_path).roots) == [(tmp_path / r).resolve() for r in roots]


def test_a_broken_mkdocs_yml_is_named(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("plugins: [\n", encoding="utf-8")
    with pytest.raises(DataError, match="mkdocs.yml"):
        project.find(tmp_path)


def test_init_writes_a_study_that_validates_from_inside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "my study"), "--title", 'A "quoted"\ntitle']) == 0
    study = tmp_path / "my study"
    config = yaml.safe_load((study / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == 'A "quoted" title' and config["docs_dir"] == "site"
    assert {"litboard": {"roots": ["data"]}} in config["plugins"]
    assert yaml.safe_load(
        (study / "data" / "corpus" / "dataset.yaml").read_text(encoding="utf-8")
    ) == {"id": "my-study", "title": 'A "quoted" title', "version": "1"}
    readme = (study / "README.md").read_text(encoding="utf-8")
    assert (
        readme.startswith('# A "quoted" title\n')
        and "litboard validate" in readme
        and "litboard build" in readme
    )
    assert (study / "site" / "index.md").read_text(encoding="utf-8").count(
        "<!-- litboard:datasets -->"
    ) == 1
    assert not (study / ".github").exists()  # the workflow only with --workflow
    monkeypatch.chdir(study)
    capsys.readouterr()
    assert main(["validate"]) == 0
    assert str(study / "data") in capsys.readouterr().out


def test_init_never_writes_into_a_folder_it_did_not_make(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(DataError, match="exists and is not empty"):
        init_study(tmp_path / "taken")
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]


def test_a_failed_import_leaves_no_folder(tmp_path: Path) -> None:
    with pytest.raises(DataError):
        init_study(tmp_path / "study", source=("labelstudio", [tmp_path / "missing.json"], None))
    assert not (tmp_path / "study").exists()


def test_validate_outside_a_study_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["validate"]) == 1
    assert "litboard init DIR" in capsys.readouterr().err


def test_titled_keeps_the_rest_of_the_configuration() -> None:
    text = titled(project.DEFAULT_CONFIG.read_text(encoding="utf-8"), "Étude: \\ x")
    assert yaml.safe_load(text)["site_name"] == "Étude: \\ x"
    assert (
        text.split("\n", 3)[3]
        == project.DEFAULT_CONFIG.read_text(encoding="utf-8").split("\n", 3)[3]
    )
