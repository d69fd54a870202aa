"""bench/make_synthetic_easy.py (issue 42, goal 3): the easier second set has the statistics its
docstring states, measured by bench/mqm_stats.py on a small set, is the same for a seed, and
``litboard import wmt-mqm`` imports it. No timing here: ``bench_scale.py --mode easy`` times it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from litboard.cli import main as cli

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _module(name: str):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(sys.modules[name])  # type: ignore[union-attr]
    return sys.modules[name]


@pytest.fixture(scope="module")
def easy_tsv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("easy") / "mqm_synthetic_ende.tsv"
    _module("make_synthetic_easy").write(path, segments=60, seed=20)
    return path


def test_easy_set_has_the_stated_statistics(easy_tsv: Path) -> None:
    stats = _module("mqm_stats").measure(easy_tsv)
    assert stats["segments"] == 60 and stats["systems"] == 15
    assert stats["items"] == 60 * 15 * 3
    assert stats["raters per translation"] == 3.0
    assert stats["errors per item"] == pytest.approx(0.4, abs=0.06)
    assert stats["max errors per item"] <= 3
    assert stats["target chars"] == pytest.approx(150, abs=15)
    assert stats["span chars"] == pytest.approx(11, abs=2)


def test_easy_set_is_lighter_than_the_standard_set(tmp_path: Path) -> None:
    standard = tmp_path / "standard" / "mqm_synthetic_ende.tsv"
    standard.parent.mkdir()
    hard = _module("make_synthetic")
    lines = ["\t".join(hard.HEADER), *("\t".join(r) for r in hard.rows(60, 20))]
    standard.write_text("\n".join(lines) + "\n", encoding="utf-8")
    easy = tmp_path / "easy" / "mqm_synthetic_ende.tsv"
    _module("make_synthetic_easy").write(easy, segments=60, seed=20)
    measure = _module("mqm_stats").measure
    light, heavy = measure(easy), measure(standard)
    for key in ("errors per item", "target chars", "span chars"):
        assert light[key] < heavy[key], key


def test_easy_set_is_the_same_for_a_seed(tmp_path: Path) -> None:
    generator = _module("make_synthetic_easy")
    assert generator.rows(5, seed=7) == generator.rows(5, seed=7)
    assert generator.rows(5, seed=7) != generator.rows(5, seed=8)


def test_easy_set_imports_with_litboard_import_wmt_mqm(easy_tsv: Path, tmp_path: Path) -> None:
    root = tmp_path / "root"
    assert cli(["import", "wmt-mqm", str(easy_tsv), "--out", str(root)]) == 0
    systems = {p.name for p in (root / "corpus" / "systems").iterdir() if p.is_dir()}
    assert len(systems) == 15
    assert list((root / "judgments").rglob("*.*"))
