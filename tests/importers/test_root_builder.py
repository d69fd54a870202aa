"""RootBuilder: what it writes always passes the loader (size limit, ids, several pairs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.load import textfiles
from litboard.errors import DataError
from litboard.importers import ImportReport
from litboard.importers.core.root_builder import RootBuilder, namespaced, split_records
from litboard.load.read import load, validate


def _builder(n: int) -> RootBuilder:
    b = RootBuilder("en-de")
    b.work(
        "w",
        {
            "title": "W",
            "source_lang": "en",
            "genre": "novel",
            "era": "classic",
            "rights": {"status": "public-domain", "note": "test"},
        },
    )
    b.system("s", None)
    b.campaign("c", {"title": "C", "scheme": "sqm", "scale": {"min": 0, "max": 6}})
    for i in range(n):
        pid = b.paragraph("w", f"Sentence {i}.", f"p{i}")
        assert pid is not None
        b.translation("s", pid, f"Satz {i}.")
        b.record(
            "c",
            {"system": "s", "pair": "en-de", "paragraph": pid, "annotator": "r1", "score": 3},
            "student",
        )
    return b


def test_large_judgment_files_are_split_and_still_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textfiles, "MAX_FILE_BYTES", 2000)
    report = ImportReport()
    _builder(30).write(tmp_path / "root", {"id": "d", "title": "D", "version": "v1"}, report)
    files = sorted(p.name for p in (tmp_path / "root" / "judgments" / "c").glob("*.jsonl"))
    assert len(files) > 1 and files[0] == "c-001.jsonl"
    assert all(
        p.stat().st_size <= 2000 for p in (tmp_path / "root" / "judgments" / "c").glob("*.jsonl")
    )
    assert validate([tmp_path / "root"]).items == []
    assert len(load([tmp_path / "root"]).tables["sqm"]) == 30 and report.written["c records"] == 30


def test_a_corpus_file_over_the_limit_is_an_error_before_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textfiles, "MAX_FILE_BYTES", 200)
    with pytest.raises(DataError, match="over the loader's 200-byte limit"):
        _builder(40).write(
            tmp_path / "root", {"id": "d", "title": "D", "version": "v1"}, ImportReport()
        )
    assert not (tmp_path / "root" / "corpus").exists()


def test_split_keeps_one_file_when_small() -> None:
    assert [name for name, _ in split_records("c", [{"a": 1}])] == ["c.jsonl"]


def test_namespaced_ids_stay_within_the_limit() -> None:
    assert namespaced("ns", "x") == "ns-x"
    long = namespaced("a" * 40, "b" * 70)
    assert len(long) <= 80 and long.startswith("a" * 40)
    assert long != namespaced("a" * 40, "b" * 69 + "c")  # the digest keeps them apart


def test_a_root_the_loader_rejects_is_never_left_behind(tmp_path: Path) -> None:
    builder = _builder(2)
    builder.records["c"].append(
        {"system": "s", "pair": "en-de", "paragraph": "nowhere", "annotator": "r2", "score": 3}
    )  # a judgment of a paragraph that does not exist
    with pytest.raises(DataError, match="the importer produced data the loader rejects"):
        builder.write(tmp_path / "root", {"id": "d", "title": "D", "version": "v1"}, ImportReport())
    assert list(tmp_path.iterdir()) == []  # neither the root nor its staging folder
