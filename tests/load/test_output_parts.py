"""A system's outputs split into numbered parts (de-en.jsonl, de-en.2.jsonl, ...): the loader reads
them as one file, refuses ambiguous part names, and the importers split by themselves."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pandas as pd
import pytest

from litboard.load import textfiles
from litboard.files.ids import output_file, output_name
from litboard.importers import get
from litboard.load.read import load, validate

from ..helpers import FIXTURES, copy_root

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _split(path: Path, sizes: list[int]) -> list[Path]:
    """Rewrite ``path`` (``<pair>.jsonl``) as parts holding ``sizes`` lines each."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert sum(sizes) == len(lines)
    pair = path.name[: -len(".jsonl")]
    written, start = [], 0
    for part, size in enumerate(sizes, start=1):
        target = path.with_name(output_name(pair, part))
        target.write_text("".join(lines[start : start + size]), encoding="utf-8")
        written.append(target)
        start += size
    return written


@pytest.mark.parametrize(
    "name, expected",
    [
        ("de-en.jsonl", ("de-en", 1, None)),
        ("de-en.2.jsonl", ("de-en", 2, None)),
        ("deu-eng.12.jsonl", ("deu-eng", 12, None)),
    ],
)
def test_output_file_names(name: str, expected: tuple[str, int, None]) -> None:
    assert output_file(name) == expected
    assert output_name(expected[0], expected[1]) == name


@pytest.mark.parametrize(
    "name",
    [
        "de-en.1.jsonl",
        "de-en.02.jsonl",
        "de-en.x.jsonl",
        "de-en.2.3.jsonl",
        "de-en..jsonl",
        "de-en.-2.jsonl",
    ],
)
def test_ambiguous_part_names_are_refused(name: str) -> None:
    pair, part, why = output_file(name)
    assert pair == "de-en" and part == 0
    assert why is not None and "is not a part number" in why and "de-en.2.jsonl" in why


def test_a_bad_pair_is_named_as_before() -> None:
    assert output_file("german.jsonl")[2] == "'german' is not a language pair like 'de-en'"
    assert output_file("De-en.2.jsonl")[2] == "'De-en.2' is not a language pair like 'de-en'"


def _relative(tables: dict[str, pd.DataFrame], root: Path) -> dict[str, pd.DataFrame]:
    """Tables with file and root paths relative to ``root`` (two copies of a root compare equal)."""
    out = {}
    for name, frame in tables.items():
        frame = frame.copy()
        for column in ("file", "root"):
            if column in frame.columns:
                frame[column] = frame[column].map(lambda v: str(v).replace(str(root), "<root>"))
        out[name] = frame
    return out


def test_a_split_root_loads_like_the_whole_one(tmp_path: Path) -> None:
    whole_root = copy_root(FIXTURES / "tiny", tmp_path / "whole")
    whole = _relative(load([whole_root]).tables, whole_root)
    root = copy_root(FIXTURES / "tiny", tmp_path / "split")
    parts = _split(root / "corpus" / "systems" / "mt" / "de-en.jsonl", [1, 1])
    assert [p.name for p in parts] == ["de-en.jsonl", "de-en.2.jsonl"]
    assert validate([root]).items == []
    split = _relative(load([root]).tables, root)
    assert set(split) == set(whole)
    for name in whole:
        if name != "translations":
            pd.testing.assert_frame_equal(split[name], whole[name], obj=name)
    keys = ["system", "pair", "paragraph", "text", "snippet", "restricted", "length"]
    pd.testing.assert_frame_equal(split["translations"][keys], whole["translations"][keys])
    mt = split["translations"][split["translations"]["system"] == "mt"]
    assert list(zip(mt["file"], mt["line"])) == [
        ("<root>/corpus/systems/mt/de-en.jsonl", 1),
        ("<root>/corpus/systems/mt/de-en.2.jsonl", 1),
    ]


def _problems(root: Path) -> list[tuple[str, str, str, str]]:
    return [(Path(p.file).name, p.field, p.message, p.fix) for p in validate([root]).items]


def test_a_missing_part_and_a_bad_part_name_are_named(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    folder = root / "corpus" / "systems" / "mt"
    first, second = _split(folder / "de-en.jsonl", [1, 1])
    second.rename(folder / "de-en.3.jsonl")
    (folder / "de-en.01.jsonl").write_text("", encoding="utf-8")
    problems = _problems(root)
    assert (
        "de-en.2.jsonl",
        "file",
        "is missing: the de-en outputs continue in part 3",
        "number the parts de-en.jsonl, de-en.2.jsonl, ... without gaps",
    ) in problems
    bad = [p for p in problems if p[0] == "de-en.01.jsonl"]
    assert bad and bad[0][1] == "file name" and "'01' is not a part number" in bad[0][2]


def test_a_paragraph_translated_in_two_parts_is_a_duplicate(tmp_path: Path) -> None:
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    path = root / "corpus" / "systems" / "mt" / "de-en.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    (path.with_name("de-en.2.jsonl")).write_text(lines[0], encoding="utf-8")
    duplicates = [p for p in _problems(root) if "translated twice" in p[2]]
    assert len(duplicates) == 1
    assert duplicates[0][0] == "de-en.2.jsonl"
    assert duplicates[0][2].endswith(f"is translated twice (also in {path})")


def _write_tsv(path: Path, segments: int) -> Path:
    spec = importlib.util.spec_from_file_location("make_synthetic", BENCH / "make_synthetic.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    lines = ["\t".join(module.HEADER), *("\t".join(r) for r in module.rows(segments, 3, 0.2))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_an_import_past_the_size_limit_splits_system_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The importer writes only roots its own validator accepts, whatever their size."""
    segments = 40
    src = _write_tsv(tmp_path / "mqm_synthetic_ende.tsv", segments)
    limit = 7_000  # a work (20 paragraphs) fits; 40 outputs of ~230 bytes need two parts
    monkeypatch.setattr(textfiles, "MAX_FILE_BYTES", limit)
    get("wmt-mqm")(src, tmp_path / "root")
    folder = tmp_path / "root" / "corpus" / "systems" / "system01"
    names = sorted(p.name for p in folder.glob("*.jsonl"))
    assert names[:2] == ["en-de.2.jsonl", "en-de.jsonl"] and len(names) >= 2
    assert all(p.stat().st_size <= limit for p in (tmp_path / "root").rglob("*.jsonl"))
    assert validate([tmp_path / "root"]).items == []
    translations = load([tmp_path / "root"]).translations
    assert len(translations) == segments * 15
    per_system = translations.groupby("system")["paragraph"].nunique()
    assert per_system.eq(segments).all() and len(per_system) == 15
