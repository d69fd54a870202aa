"""Issue 45, one file, one answer: ``import csv`` (a tab mapping) and ``import wmt-mqm`` give
the same judgments for the same WMT file, over every variant fixture and under row permutations.

Compared: per (system, source, translation, annotator), the errors with their place, label,
severity, side and non-translation flag. Not compared: ids (the csv mapping names its own
paragraph column) and free-text comments (wmt-mqm adds notes such as 'no span marked')."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from litboard.analysis import mqm_weights
from litboard.importers import get
from litboard.load.read import load

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "wmt_mqm_variants"
FILES = sorted(p.name for p in HERE.glob("*.tsv"))


def _mapping(path: Path, name: str) -> Path:
    marot = "generalMT2023" in name or "generalMT2024" in name
    pair = {"ende": "en-de", "zhen": "zh-en"}[next(t for t in ("ende", "zhen") if t in name)]
    comment = "\n  comment: comment" if name == "mqm_ted_zhen.tsv" else ""
    if marot:  # the mapping declares the weights the release defines (wmt-mqm knows them)
        comment += "\n  weights: " + json.dumps(mqm_weights.TABLES["wmt2023"])
    path.write_text(
        f"""pair: {pair}
delimiter: tab
annotators: {{expertise: professional}}
columns:
  source: source
  translation: target
  system: system
  work: doc
  paragraph: {'globalSegId' if marot else 'seg_id'}
  annotator: rater
errors:
  category: category
  severity: severity
  variant: wmt{comment}
""",
        encoding="utf-8",
    )
    return path


def _judgments(root: Path) -> dict[Any, Any]:
    corpus = load([root])
    t = corpus.tables
    texts = t["paragraphs"].set_index("paragraph")["text"]
    translations = t["translations"].set_index(["system", "paragraph"])["text"]
    out: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
    for r in t["mqm"].itertuples():
        out[(r.system, texts[r.paragraph], translations[(r.system, r.paragraph)], r.annotator)] = []
    for e in t["mqm_errors"].itertuples():
        key = (e.system, texts[e.paragraph], translations[(e.system, e.paragraph)], e.annotator)
        side = e.side if isinstance(e.side, str) and e.side else "target"
        out[key].append(
            (
                e.start,
                e.end,
                e.category,
                e.subcategory or "",
                e.severity,
                side,
                _int(e.source_start),
                _int(e.source_end),
                bool(e.non_translation),
            )
        )
    weights = [(c.get("mqm") or {}).get("weights") for c in corpus.campaigns.values()]
    return {"weights": weights, **{k: sorted(v) for k, v in out.items()}}


def _int(value: Any) -> int:
    return -1 if value != value or value is None else int(value)


def _both(tmp_path: Path, name: str, text: str) -> tuple[dict[Any, Any], dict[Any, Any]]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    get("wmt-mqm")(src, tmp_path / "wmt")
    get("csv")(src, tmp_path / "csv", mapping=_mapping(tmp_path / "map.yaml", name))
    return _judgments(tmp_path / "wmt"), _judgments(tmp_path / "csv")


@pytest.mark.parametrize("name", FILES)
def test_csv_and_wmt_mqm_agree_on_every_variant(name: str, tmp_path: Path) -> None:
    text = (HERE / name).read_text(encoding="utf-8")
    wmt, csv = _both(tmp_path / "as-published", name, text)
    assert wmt and csv == wmt
    header, *rows = [line for line in text.split("\n") if line]
    for seed in (1, 2):
        random.Random(seed).shuffle(rows)
        shuffled = _both(tmp_path / f"s{seed}", name, "\n".join([header, *rows]) + "\n")
        assert shuffled == (wmt, wmt)


def test_a_header_longer_than_its_rows_is_read_by_both(tmp_path: Path) -> None:
    """A header with a trailing tab (11 fields) over rows of 10 cells: no row is refused."""
    name = "mqm_generalMT2023_ende.tsv"
    header, *rows = [line for line in (HERE / name).read_text(encoding="utf-8").split("\n") if line]
    wmt, csv = _both(tmp_path, name, "\n".join([header + "\t", *rows]) + "\n")
    assert csv == wmt and len(wmt) == 1 + 3  # the weights, and 3 ratings
