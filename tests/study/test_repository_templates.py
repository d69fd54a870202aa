"""This repository is one study among others (issue 54, goal 7): its own templates live in the
top-level templates/ folder, given to the plugin through the same ``templates:`` option a study
uses, while litboard's base templates (and nothing of this repository's) ship in the package."""

from __future__ import annotations

from pathlib import Path

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
