"""The "Submit a system" page is in the nav, documents every card field, and the template folder is
not data."""

from __future__ import annotations

import json

import yaml

from .conftest import REPO

PAGE = REPO / "site/submit.md"


def test_submit_page_follows_data_format_in_the_nav() -> None:
    config = yaml.safe_load(
        (REPO / "mkdocs.yml").read_text(encoding="utf-8").replace("!!python", "python")
    )
    pages = [next(iter(item.values())) for item in config["nav"]]
    assert pages[pages.index("data-format.md") + 1] == "submit.md"


def test_every_system_card_field_is_documented() -> None:
    schema = json.loads(
        (REPO / "generator/litboard/load/schemas/system.json").read_text(encoding="utf-8")
    )
    text = PAGE.read_text(encoding="utf-8")
    for name in schema["properties"]:
        assert f"`{name}`" in text, name


def test_page_names_the_command_ci_steps_and_badges() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for needle in (
        "make validate",
        "make score-sacrebleu",
        "make site",
        "make summary",
        "site-preview",
        "automatic scores only",
        "LLM-judged",
        "human-evaluated",
        "not scored yet",
    ):
        assert needle in text, needle


def test_template_folder_lives_outside_the_data() -> None:
    folder = REPO / "templates/submission/example-system"
    assert {p.name for p in folder.iterdir()} == {"system.yaml", "de-en.jsonl", "README.md"}
    card = yaml.safe_load((folder / "system.yaml").read_text(encoding="utf-8"))
    assert card["id"] == folder.name
    assert not (REPO / "corpus/systems/example-system").exists()
