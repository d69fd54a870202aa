"""Mapping files: declared once, validated with file/line/key, and every key documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from litboard.errors import DataError
from litboard.importers.core.mapping import (
    CsvMapping,
    LabelStudioMapping,
    MAPPINGS,
    WmtMapping,
    load_mapping,
    mapping_keys,
)

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "generator" / "litboard" / "pages" / "importers.md"
EXAMPLES = REPO / "generator" / "litboard" / "importers" / "examples"


def _key_table(page: str, importer: str) -> set[str]:
    """Backticked keys in the first column of the table under '### <importer> mapping keys'."""
    heading = f"### {importer} mapping keys"
    assert heading in page, f"generator/litboard/pages/importers.md has no '{heading}' section"
    body = page.split(heading, 1)[1].split("\n#", 1)[0]
    keys = set()
    for line in body.splitlines():
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            keys.update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return keys


@pytest.mark.parametrize("importer", sorted(MAPPINGS))
def test_every_mapping_key_is_documented(importer: str) -> None:
    documented = _key_table(PAGE.read_text(encoding="utf-8"), importer)
    keys = {k.path for k in mapping_keys(MAPPINGS[importer])}
    assert not keys - documented, (
        f"undocumented {importer} mapping keys: {sorted(keys - documented)}"
    )
    assert not documented - keys, f"documented keys that do not exist: {sorted(documented - keys)}"


def test_every_key_has_help_text() -> None:
    for cls in MAPPINGS.values():
        assert all(k.help for k in mapping_keys(cls))


@pytest.mark.parametrize(
    "name,cls",
    [
        ("mqm", LabelStudioMapping),
        ("pairwise", LabelStudioMapping),
        ("sqm", LabelStudioMapping),
        ("csv", CsvMapping),
    ],
)
def test_examples_are_valid(name: str, cls: type) -> None:
    assert load_mapping(EXAMPLES / f"{name}.yaml", cls) is not None


def test_examples_are_packaged() -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"importers/examples/*.yaml"' in pyproject


def test_problems_name_file_line_and_key(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(
        "pair: en-zh\n"
        "annotators: {expertise: student}\n"
        "task:\n"
        "  source: src\n"
        "  colour: blue\n"
        "translations:\n"
        "  - {name: mt, field: tgt}\n"
        "pairwise: {from_name: p, a: mt, b: mt, choices: {Yes: a, No: b}}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        load_mapping(path, LabelStudioMapping)
    found = {(p.line, p.field) for p in caught.value.problems}
    assert found == {
        (5, "task.colour"),
        (7, "translations.0.system"),
        (8, "pairwise.b"),
        (8, "pairwise.choices.True"),
        (8, "pairwise.choices.False"),
    }
    assert all(p.file == str(path) and p.fix for p in caught.value.problems)


def test_types_and_choices_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(
        "pair: english\ndocuments: {genre: saga}\nsystems: {x: {kind: robot}}\n"
        "annotators: {ids: {7: 'Bad Id'}}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        load_mapping(path, WmtMapping)
    fields = sorted(p.field for p in caught.value.problems)
    assert fields == ["annotators.ids", "documents.genre", "pair", "systems.x.kind"]


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="does not exist"):
        load_mapping(tmp_path / "nope.yaml", CsvMapping)


@pytest.mark.parametrize("importer", sorted(MAPPINGS))
def test_key_tables_are_the_declared_ones(importer: str) -> None:
    """The tables carry the declared types, defaults and help (regenerate with markdown_table)."""
    from litboard.importers.core.mapping import markdown_table

    assert markdown_table(MAPPINGS[importer]) in PAGE.read_text(encoding="utf-8"), (
        f"the '{importer} mapping keys' table is out of date: replace it by the output of "
        f"litboard.importers.core.mapping.markdown_table(MAPPINGS[{importer!r}])"
    )
