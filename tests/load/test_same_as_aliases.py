"""A system that truly is the same in two datasets is linked by an explicit alias (same_as),
never merged by accident (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from litboard.pipeline.build import build_site
from litboard.load.datasets import load_all
from litboard.errors import DataError

from ..helpers import FIXTURES, copy_root


def second_dataset(tmp_path: Path, same_as: list[str]) -> Path:
    root = copy_root(FIXTURES / "tiny", tmp_path / "tiny2")
    card = root / "corpus" / "dataset.yaml"
    data = yaml.safe_load(card.read_text(encoding="utf-8")) | {"id": "tiny2", "title": "Tiny two"}
    card.write_text(yaml.safe_dump(data), encoding="utf-8")
    system = root / "corpus" / "systems" / "mt" / "system.yaml"
    data = yaml.safe_load(system.read_text(encoding="utf-8")) | {"same_as": same_as}
    system.write_text(yaml.safe_dump(data), encoding="utf-8")
    return root


def test_alias_links_the_system_pages_and_keeps_both(tmp_path: Path) -> None:
    other = second_dataset(tmp_path, ["tiny/mt"])
    out = build_site([FIXTURES / "tiny", other], tmp_path / "public").out
    page = (out / "tiny2" / "systems" / "mt.html").read_text(encoding="utf-8")
    assert 'href="../../tiny/systems/mt.html"' in page and "never merged" in page
    assert (out / "tiny" / "systems" / "mt.html").is_file()  # both systems keep their own pages


def test_alias_to_a_missing_system_is_an_error(tmp_path: Path) -> None:
    other = second_dataset(tmp_path, ["tiny/nope"])
    with pytest.raises(DataError) as caught:
        load_all([FIXTURES / "tiny", other])
    problem = next(p for p in caught.value.problems if p.field == "same_as")
    assert (
        problem.file.endswith("corpus/systems/mt/system.yaml")
        and "no system 'nope'" in problem.message
    )
    assert "ht" in problem.fix and "mt" in problem.fix


def test_alias_to_a_dataset_not_in_the_build_is_dropped(tmp_path: Path) -> None:
    other = second_dataset(tmp_path, ["liteval/gpt4o"])
    [corpus] = load_all([other])
    assert corpus.systems["mt"]["_same_as"] == []


def test_alias_must_name_dataset_and_system(tmp_path: Path) -> None:
    other = second_dataset(tmp_path, ["just-an-id"])
    with pytest.raises(DataError) as caught:
        load_all([other])
    assert any("same_as" in p.field for p in caught.value.problems)


def test_validate_checks_links_as_build_does(tmp_path: Path) -> None:
    """Issue 33 row 14: `validate` accepted a dangling same_as that `build` then refused."""
    from litboard.load.datasets import validate_all

    other = second_dataset(tmp_path, ["tiny/nope"])
    found = [p for p in validate_all([FIXTURES / "tiny", other]).items if p.field == "same_as"]
    assert len(found) == 1 and found[0].file.endswith("corpus/systems/mt/system.yaml")
    assert (
        "no system 'nope'" in found[0].message and "(fix: use one of: ht, mt" in found[0].format()
    )
    assert not [
        p
        for p in validate_all(
            [FIXTURES / "tiny", second_dataset(tmp_path / "b", ["tiny/mt"])]
        ).items
    ]
