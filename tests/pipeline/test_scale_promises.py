"""Scale promises that need no timing: bounded system pages, importer output the loader
accepts, a search index without numbers or provenance. Data from bench/make_synthetic.py."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from litboard.pipeline.build import build_site
from litboard.load import textfiles
from litboard.importers import get
from litboard.importers.core.root_builder import split_records
from litboard.load.read import load
from litboard.render.site_pages import generated_pages
from litboard.render.boards.system_views import SHOWN_ROWS
from litboard.analysis.boards import analyse

from ..helpers import FIXTURES

BENCH = Path(__file__).resolve().parents[2] / "bench"
PAGE_LIMIT = 500 * 1024


def _synthetic():
    spec = importlib.util.spec_from_file_location("make_synthetic", BENCH / "make_synthetic.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def _write_tsv(path: Path, segments: int) -> Path:
    module = _synthetic()
    lines = ["\t".join(module.HEADER), *("\t".join(r) for r in module.rows(segments, 3, 0.2))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def large_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("large")
    src = _write_tsv(folder / "mqm_synthetic_ende.tsv", 2 * SHOWN_ROWS + 30)
    get("wmt-mqm")(src, folder / "root")
    return folder / "root"


def test_synthetic_set_is_deterministic_and_shaped() -> None:
    module = _synthetic()
    rows = module.rows(40, 3, 0.2)
    assert rows == module.rows(40, 3, 0.2)
    items = {(r[0], r[3], r[4]) for r in rows}
    assert len(items) == 40 * 15 * 3
    flagged = {(r[0], r[3], r[4]) for r in rows if r[7] != "No-error"}
    assert 0.1 < len(flagged) / len(items) < 0.3
    words = [len(r[6].replace("<v>", "").replace("</v>", "").split()) for r in rows]
    assert 20 < sum(words) / len(words) < 40


def test_system_pages_show_a_bounded_table_and_the_csv_has_every_row(large_root: Path) -> None:
    corpus = load([large_root])
    files = generated_pages(corpus, analyse(corpus))
    segments = 2 * SHOWN_ROWS + 30
    page = str(files["systems/system01.md"])
    assert len(page.encode()) < PAGE_LIMIT
    assert page.count('<tr><td><a href="../paragraphs/') == SHOWN_ROWS
    assert f"the first {SHOWN_ROWS} of {segments} paragraphs" in page
    table = pd.read_csv(io.StringIO(str(files["systems/system01-en-de.csv"])))
    assert len(table) == segments
    assert max(len(str(v).encode()) for k, v in files.items() if k.endswith(".md")) < PAGE_LIMIT


def test_import_splits_a_judgments_file_over_the_loader_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _write_tsv(tmp_path / "mqm_synthetic_ende.tsv", 12)
    # the loader's limit, read by the root builder
    monkeypatch.setattr(textfiles, "MAX_FILE_BYTES", 20_000)
    get("wmt-mqm")(src, tmp_path / "root")
    parts = sorted((tmp_path / "root" / "judgments").glob("*/*.jsonl"))
    assert len(parts) > 1
    assert [p.name for p in parts][:2] == [
        "mqm-synthetic-ende-001.jsonl",
        "mqm-synthetic-ende-002.jsonl",
    ]
    assert all(p.stat().st_size <= 20_000 for p in parts)
    records = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in parts)
    assert records == 12 * 15 * 3
    assert len(load([tmp_path / "root"]).mqm) == records


def test_split_keeps_a_small_file_whole() -> None:
    records = [{"a": 1}, {"a": 2}]
    assert split_records("c", records) == [("c.jsonl", ['{"a": 1}\n', '{"a": 2}\n'])]


@pytest.fixture(scope="module")
def tiny_index(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, str]]:
    out = build_site([FIXTURES / "tiny"], tmp_path_factory.mktemp("site") / "out").out
    return json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_search_index_has_titles_systems_works_but_no_provenance(
    tiny_index: list[dict[str, str]],
) -> None:
    # hand-written docs (site/*.md and the base pages) may quote example hashes; the home page's
    # leaderboard may not
    # prose with example commands ('VERSION=2026.11')
    from litboard.cite.kept import PAGE as RELEASES_PAGE

    # the base pages litboard ships (data format, methodology, ...)
    from litboard.files.project import PAGES

    written = [*(BENCH.parent / "site").glob("*.md"), *PAGES.glob("*.md"), Path(RELEASES_PAGE)]
    docs = {p.stem + ".html" for p in written} - {"index.html"}
    generated = [e for e in tiny_index if e["location"].split("#")[0] not in docs]
    text = "\n".join(e["title"] + " " + e["text"] for e in generated)
    locations = {e["location"].split("#")[0] for e in tiny_index}
    # in the dataset folder
    assert {"tiny/systems/ht.html", "tiny/systems/mt.html", "tiny/works/w1.html"} <= locations
    assert "Verwandlung" in text and "kindnmt" in text.replace(" ", "")
    assert not any(e["location"].startswith("paragraphs/p") for e in tiny_index)  # reader pages
    assert not re.search(r"\b[0-9a-f]{12,}\b", text)  # hashes
    assert not re.search(r"nrefs:|version:\d|\|tok:", text)  # sacreBLEU signatures
    assert "data tiny" not in text and "paper000" not in text  # provenance lines
    assert not re.search(r"\b\d+\.\d\d\b", text)  # scores
