"""Issue 47: a study's card says what was imported (counts, author, date from the data), and
`init` refuses bad targets and formats with file/field/fix instead of a traceback."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml

from litboard.cli import main
from litboard.errors import DataError
from litboard.files.project import PACKAGE
from litboard.study.card import counts, data_date
from litboard.study.scaffold import init_study

from ..conftest import REPO
from ..importers.ls_study import study_files

MAPPING = PACKAGE / "importers" / "examples" / "pairwise_spans.yaml"
MAY_2019 = time.mktime((2019, 5, 1, 12, 0, 0, 0, 0, -1))


def _exports(tmp: Path) -> list[Path]:
    files = study_files(tmp / "exports")
    for f in files:
        os.utime(f, (MAY_2019, MAY_2019))
    return files


def test_the_card_counts_what_was_imported_and_is_dated_by_the_exports(tmp_path: Path) -> None:
    files = _exports(tmp_path)
    done = init_study(tmp_path / "s", "S", ("labelstudio", files, MAPPING), author="Ada Lovelace")
    card = yaml.safe_load((tmp_path / "s" / "data" / "corpus" / "dataset.yaml").read_text("utf-8"))
    assert done.report is not None
    # the exports hold 3 paragraphs, en-de (two files) and en-zh, 18 records imported (the report)
    assert card["description"] == (
        "Imported by `litboard init` from 3 exports (labelstudio): 2 language "
        "pairs (en-de, en-zh), 3 systems, 3 source paragraphs and 18 judgment "
        "records in 3 campaigns."
    )
    assert "18 records imported" in done.report.format()
    assert "author = {Ada Lovelace}" in card["citation"]
    assert "year = {2019}" in card["citation"] and "date = {2019-05-01}" in card["citation"]
    assert "track" not in card


def test_an_explicit_date_wins_and_a_bad_one_is_named(tmp_path: Path) -> None:
    assert data_date([], "2021-03-04") == "2021-03-04"
    with pytest.raises(DataError, match="YYYY-MM-DD"):
        data_date([], "March 2021")


def test_counts_of_an_empty_root(tmp_path: Path) -> None:
    found = counts(tmp_path)
    assert (found.pairs, found.systems, found.paragraphs, found.judgments) == ((), 0, 0, 0)


@pytest.mark.parametrize(
    "make, expected",
    [
        (
            lambda t: (t / "link").symlink_to(t / "nowhere") or t / "link",
            "symbolic link to nothing",
        ),
        (lambda t: PACKAGE / "study" / "x47", "inside litboard's own package"),
        (lambda t: REPO / "corpus" / "works" / "x47", "corpus/"),
    ],
)
def test_init_refuses_targets_with_field_and_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make, expected: str
) -> None:  # type: ignore[no-untyped-def]
    target = make(tmp_path)
    assert main(["init", str(target)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "DIR" in err and not (PACKAGE / "study" / "x47").exists()
    assert not (REPO / "corpus" / "works" / "x47").exists()


def test_an_unknown_format_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", str(tmp_path / "s"), "--from-import", "nosuchformat", "x.json"]) == 1
    err = capsys.readouterr().err
    assert "'nosuchformat' is not an import format" in err and "labelstudio" in err
    assert not (tmp_path / "s").exists()
