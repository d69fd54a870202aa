"""Issue 45: every release of google/wmt-mqm-human-evaluation read as published.

Fixtures (tests/fixtures/wmt_mqm_variants/, a few rows each, built from the repository's and
the MQM Viewer's format descriptions): one file per variant, with HOTW-test rows alone and
beside real errors, a trailing-space span, an NFD row, a real text mismatch, an unnamed
metadata column and three raters per segment.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from litboard.errors import DataError
from litboard.importers import get
from litboard.importers.core.mapping_tables import WMT_VARIANTS
from litboard.importers.formats.wmt_rows import canonical, is_control, moved, norm, shift
from litboard.importers.formats.wmt_variants import NAMES, VARIANTS, detect
from litboard.load.read import load, validate

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "wmt_mqm_variants"
FILES = {
    "mqm_newstest2020_ende.tsv": "newstest2020",
    "mqm_newstest2020_ende.source-errors.tsv": "newstest2020",
    "mqm_ted_zhen.tsv": "newstest2021",
    "mqm_generalMT2022_zhen.tsv": "generalMT2022",
    "mqm_generalMT2023_ende.tsv": "generalMT2023",
    "sxs_mqm_generalMT2023_ende.3ratingsPerSegment.tsv": "generalMT2023",
    "mqm_generalMT2024_ende.tsv": "generalMT2024",
}
SXS = "sxs_mqm_generalMT2023_ende.3ratingsPerSegment.tsv"


def _import(tmp_path: Path, name: str, text: str | None = None) -> tuple[Path, object]:
    src = HERE / name
    if text is not None:
        src = tmp_path / name
        tmp_path.mkdir(parents=True, exist_ok=True)
        src.write_text(text, encoding="utf-8")
    out = tmp_path / "root"
    return out, get("wmt-mqm")(src, out)


def test_the_mapping_offers_every_variant() -> None:
    assert WMT_VARIANTS == NAMES and [v.year for v in VARIANTS] == [2020, 2021, 2022, 2023, 2024]


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_variant_imports_as_published(name: str, tmp_path: Path) -> None:
    out, report = _import(tmp_path, name)
    assert validate([out]).items == []
    assert f"{name}:1: read as variant {FILES[name]} " in "\n".join(report.notes)  # type: ignore[attr-defined]


def test_detection_by_header_any_order_and_case() -> None:
    header = [
        "Severity",
        "category",
        "target",
        "source",
        "rater",
        "globalSegId",
        "docSegId",
        "doc",
        "system",
        "",
    ]
    layout = detect(header, Path("ratings_ende.tsv"))
    assert layout.variant.name == "generalMT2023" and "names no release" in layout.how
    assert layout.columns["doc_id"] == 6 and layout.columns["seg_id"] == 5 and layout.needed() == 9
    assert detect(header, Path("mqm_generalMT2024_ende.tsv")).variant.name == "generalMT2024"
    plain = [
        "system",
        "doc",
        "doc_id",
        "seg_id",
        "rater",
        "source",
        "target",
        "category",
        "severity",
    ]
    assert detect(plain, Path("mqm-ted_zhen.tsv")).variant.name == "newstest2021"
    assert "names no release" in detect(plain, Path("mqm_uncorrected_ende.tsv")).how
    assert detect(header, Path("x.tsv"), "generalMT2024").variant.name == "generalMT2024"
    with pytest.raises(DataError, match="does not have this file's columns"):
        detect(header, Path("x.tsv"), "newstest2020")
    with pytest.raises(DataError, match="missing columns: doc_id, seg_id"):
        detect(
            ["system", "doc", "rater", "source", "target", "category", "severity"], Path("x.tsv")
        )


def test_an_unnamed_metadata_column_is_kept_not_refused(tmp_path: Path) -> None:
    out, report = _import(tmp_path, SXS)
    assert report.skipped == [] and report.read["rows with metadata cells (kept)"] == 14  # type: ignore[attr-defined]
    t = load([out]).tables
    comments = set(t["mqm_errors"]["comment"].dropna())
    assert "full stop" in comments  # the rater's note in the metadata cell
    assert not any("injected" in c for c in comments)  # the control row's note went with it


def test_source_errors_row_with_8_fields_is_skipped_with_its_line(tmp_path: Path) -> None:
    _, report = _import(tmp_path, "mqm_newstest2020_ende.source-errors.tsv")
    assert [s.split(":", 2)[1:] for s in report.skipped] == [
        [  # type: ignore[attr-defined]
            "3",
            " fields: has 8 fields, the header 9; the row was skipped (fix: one tab between cells, "
            "no tab inside a cell)",
        ]
    ]


def test_three_raters_per_segment(tmp_path: Path) -> None:
    t = load([_import(tmp_path, SXS)[0]]).tables
    per = t["mqm"].groupby(["system", "paragraph"])["annotator"].nunique().to_dict()
    assert per == {
        ("lan-bridgemt", "doc-b-21"): 3,
        ("lan-bridgemt", "doc-b-22"): 3,
        ("online-b", "doc-b-21"): 3,
    }


def test_attention_checks_are_removed_alone(tmp_path: Path) -> None:
    out, report = _import(tmp_path, "mqm_generalMT2022_zhen.tsv")
    assert report.read["attention-check rows removed (HOTW-test)"] == 2  # type: ignore[attr-defined]
    assert report.skipped == []  # type: ignore[attr-defined]
    t = load([out]).tables
    items = t["mqm"].set_index(["system", "paragraph"])["n_errors"].to_dict()
    # sysA: HOTW beside a real error: the error stays; sysB: HOTW beside the tool's No-error row
    assert items == {("sysa", "doc1-1"): 1, ("sysb", "doc1-1"): 0, ("sysa", "doc1-2"): 0}
    assert set(t["mqm_errors"]["category"]) == {"Accuracy"}
    assert (
        t["translations"].set_index(["system", "paragraph"])["text"][("sysb", "doc1-1")]
        == "It is cold."
    )
    assert any(
        n.startswith("attention checks removed: 2 HOTW-test rows (sysa 1, sysb 1)")
        for n in report.notes
    )  # type: ignore[attr-defined]


def test_a_rating_of_controls_only_is_skipped_and_counted(tmp_path: Path) -> None:
    text = (HERE / "mqm_generalMT2022_zhen.tsv").read_text(encoding="utf-8")
    text = "\n".join(
        line for line in text.split("\n") if "No-error\tNo-error" not in line or "sysB" not in line
    )
    _, report = _import(tmp_path, "mqm_generalMT2022_zhen.tsv", text)
    assert report.reasons == {"record of attention checks only": 1}  # type: ignore[attr-defined]
    assert any(
        n.startswith(
            "skipped ratings, system sysb: 1 of 1 (100.0 %) - more than 1% of its ratings: FLAGGED"
        )
        for n in report.notes
    )  # type: ignore[attr-defined]


def test_matching_rule_units() -> None:
    assert norm(" Die Mäuse liefen. ") == norm("Die Ma\u0308use liefen.") == "Die Mäuse liefen."
    # majority, then smallest
    assert canonical(["b ", "a", "b"]) == "b" and canonical(["b", "a"]) == "a"
    assert shift("  ab ", "ab") == -2 and shift("ab", "ab") == 0 and shift("ac", "ab") is None
    assert moved(4, 7, -2, 3) == (2, 3)
    assert is_control("Found", "HOTW-test") and is_control("Missed", "hotw-test")
    assert not is_control("Accuracy/Mistranslation", "Major")


def test_trailing_space_nfd_and_a_real_mismatch(tmp_path: Path) -> None:
    out, report = _import(tmp_path, SXS)
    t = load([out]).tables
    errors = t["mqm_errors"].merge(t["translations"][["system", "paragraph", "text"]])
    b = errors[errors["system"] == "online-b"]
    got = sorted((r.annotator, r.subcategory, r.text[r.start : r.end]) for r in b.itertuples())
    assert got == sorted(
        [
            ("rater1", "Grammar", "liefen."),  # the row ended with the tool's trailing space
            ("rater1", "Spelling", "Mäuse"),
            ("rater2", "Mistranslation", "Mäuse"),  # the row was NFD
            ("rater3", "Unnatural or awkward", "Die"),
            ("rater3", "Punctuation", "."),
            ("rater3", "Mistranslation", ""),
        ]
    )  # another text: kept, unlocated
    lost = b[b["subcategory"] == "Mistranslation"].set_index("annotator")["comment"]
    assert str(lost["rater3"]).startswith(
        "span located: no (its row's target differs from the segment's"
    )
    assert t["translations"].set_index("system")["text"]["online-b"] == "Die Mäuse liefen."
    assert report.read["span located: no"] == 1  # type: ignore[attr-defined]


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        # these name the input file
        if p.is_file() and p.name not in ("dataset.yaml", ".litboard-files")
    }


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_file_order_permutation_changes_nothing(name: str, tmp_path: Path) -> None:
    lines = (HERE / name).read_text(encoding="utf-8").split("\n")
    header, rows = lines[0], [line for line in lines[1:] if line]
    first, _ = _import(tmp_path / "a", name)
    for seed in (1, 2, 3):
        shuffled = rows[:]
        random.Random(seed).shuffle(shuffled)
        other, _ = _import(tmp_path / f"s{seed}", name, "\n".join([header, *shuffled]) + "\n")
        assert _tree(other) == _tree(first)
