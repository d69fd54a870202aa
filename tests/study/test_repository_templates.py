"""This repository is one study among others (issue 54, goal 7): its own templates live in the
top-level templates/ folder, given to the plugin through the same ``templates:`` option a study
uses, while litboard's base templates (and nothing of this repository's) ship in the package."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from litboard.files.project import TEMPLATES

from ..conftest import REPO


def _plugin_options() -> dict:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "litboard" in plugin:
            return plugin["litboard"]
    raise AssertionError("mkdocs.yml has no litboard plugin")


def test_the_repository_names_its_templates_folder_in_the_plugin_options() -> None:
    folder = REPO / _plugin_options()["templates"]
    assert folder == REPO / "templates" and folder.is_dir()
    assert (folder / "submission/example-system/system.yaml").is_file()


def test_the_package_holds_only_litboards_base_templates() -> None:
    assert TEMPLATES == REPO / "generator/litboard/templates"
    assert not (TEMPLATES / "submission").exists(), "the contributors' folder is this repository's"


def test_the_repository_folder_is_searched_before_the_base_templates() -> None:
    from litboard.render.core.jinja import search_path, template_file

    folder: Path = REPO / _plugin_options()["templates"]
    assert search_path(folder) == [folder, TEMPLATES]
    # the repository's folder is searched first; what it does not override comes from litboard
    assert template_file(folder, "page.md.j2") == TEMPLATES / "page.md.j2"


def test_the_public_home_page_is_the_repositorys_template_and_the_base_one_stays() -> None:
    # issue 56 goal 8: the public leaderboard's home page lives in templates/ (given by the
    # templates: option), litboard's base home page for a study in the package
    from litboard.files.project import PAGES
    from litboard.pipeline.mkdocs_plugin import HOME
    from litboard.pipeline.site import DATASETS_MARKER, FINDING_MARKER

    folder: Path = REPO / _plugin_options()["templates"]
    docs = REPO / yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))["docs_dir"]
    assert not (docs / HOME).exists(), "a docs_dir home page would win over the template"
    for home in (folder / HOME, PAGES / HOME):
        lines = home.read_text(encoding="utf-8").splitlines()
        assert FINDING_MARKER in lines and DATASETS_MARKER in lines, home
    assert (folder / HOME).read_text(encoding="utf-8") != (PAGES / HOME).read_text(encoding="utf-8")


def _files(tmp_path: Path, docs_home: bool, template_home: bool) -> tuple[object, Path, dict]:
    from mkdocs.structure.files import File, Files

    docs, templates = tmp_path / "site", tmp_path / "templates"
    docs.mkdir()
    templates.mkdir()
    config = {"site_dir": str(tmp_path / "public"), "use_directory_urls": False}
    found = []
    if docs_home:
        (docs / "index.md").write_text("# Mine\n", encoding="utf-8")
        found.append(File("index.md", str(docs), config["site_dir"], False))
    if template_home:
        (templates / "index.md").write_text("# Template\n", encoding="utf-8")
    return Files(found), templates, config


@pytest.mark.parametrize(
    ("docs_home", "template_home", "source"),
    [(True, True, "site"), (False, True, "templates"), (False, False, "pages")],
)
def test_the_home_page_comes_from_the_docs_dir_else_the_templates_else_litboard(
    tmp_path: Path, docs_home: bool, template_home: bool, source: str
) -> None:
    from litboard.files.project import PAGES
    from litboard.pipeline.mkdocs_plugin import add_base_pages, add_home_page

    files, templates, config = _files(tmp_path, docs_home, template_home)
    add_home_page(files, config, templates)  # type: ignore[arg-type]
    add_base_pages(files, config)  # type: ignore[arg-type]
    home = files.get_file_from_path("index.md")  # type: ignore[attr-defined]
    expected = {"site": tmp_path / "site", "templates": templates, "pages": PAGES}[source]
    assert home is not None and Path(home.abs_src_path) == expected / "index.md"


def test_litboards_own_templates_folder_gives_no_home_page(tmp_path: Path) -> None:
    from litboard.pipeline.mkdocs_plugin import add_home_page

    files, _, config = _files(tmp_path, False, False)
    add_home_page(files, config, TEMPLATES)  # type: ignore[arg-type]
    assert files.get_file_from_path("index.md") is None  # type: ignore[attr-defined]
