"""The Data format page documents every schema field, and the demo data root shows every part of
it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from litboard.load import schemas
from litboard.load.read import load

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "tests" / "fixtures" / "demo"
PAGE = REPO / "generator" / "litboard" / "pages" / "data-format.md"
JUDGMENT_TABLES = (
    "mqm",
    "mqm_errors",
    "free_spans",
    "sqm",
    "esa",
    "esa_spans",
    "bws",
    "pairwise",
    "ucps",
    "kudos",
    "ruler",
    "verse",
    "metric_scores",
)


def _sections(text: str, level: str = "##") -> dict[str, str]:
    """Heading -> body for every heading of exactly this level."""
    pattern = re.compile(rf"^{level} (.+?)\s*$", re.M)
    heads = list(pattern.finditer(text))
    return {
        m.group(1): text[m.end() : heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        for i, m in enumerate(heads)
    }


def _first_column(section: str) -> set[str]:
    """Backticked names in the first cell of every Markdown table row of a section."""
    names = set()
    for line in section.splitlines():
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            first = line.split("|")[1]
            names.update(re.findall(r"`([^`]+)`", first))
    return names


@pytest.fixture(scope="module")
def page() -> str:
    return PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_every_field_is_documented(page: str, kind: str) -> None:
    sections = _sections(page)
    assert kind in sections, f"generator/litboard/pages/data-format.md has no '## {kind}' section"
    documented = _first_column(sections[kind])
    missing = [p for p in schemas.field_paths(kind) if p not in documented]
    assert not missing, (
        f"fields of {kind} missing from the table in '## {kind}': {', '.join(missing)}"
    )


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_no_documented_field_is_unknown(page: str, kind: str) -> None:
    documented = _first_column(_sections(page)[kind])
    unknown = sorted(documented - set(schemas.field_paths(kind)))
    assert not unknown, (
        f"'## {kind}' documents fields its schema does not have: {', '.join(unknown)}"
    )


def test_examples_are_valid_demo_records(page: str) -> None:
    examples = _sections(_sections(page)["Examples"], "###")
    demo_lines = {
        line
        for path in (DEMO / "judgments").glob("*/*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    }
    assert {name.removesuffix(" example") for name in examples} == set(schemas.SCHEMES)
    for name, body in examples.items():
        kind = name.removesuffix(" example")
        lines = [
            ln
            for block in re.findall(r"```json\n(.*?)```", body, re.S)
            for ln in block.splitlines()
        ]
        assert lines, f"no JSON example under '### {name}'"
        for line in lines:
            errors = list(schemas.validator(kind).iter_errors(json.loads(line)))
            assert not errors, f"{kind} example is not valid: {errors[0].message}"
            assert line in demo_lines, f"{kind} example is not a line of the demo data: {line[:80]}"


def test_restricted_example_is_a_valid_translation_record(page: str) -> None:
    body = _sections(page)["Rights-restricted texts"]
    record = json.loads(re.search(r"```json\n(.*?)\n```", body, re.S).group(1))
    assert not list(schemas.validator("translation").iter_errors(record))
    assert "text" not in record and record["restricted"]


# ---------------------------------------------------------------- the demo data root


@pytest.fixture(scope="module")
def demo():
    return load([DEMO])


def test_demo_is_marked_demo(demo) -> None:
    assert demo.is_demo
    assert demo.datasets[0]["id"] == "demo"


def test_demo_pairs_and_systems(demo) -> None:
    assert len(demo.pairs) >= 2
    assert any(p.endswith("-zh") for p in demo.pairs)
    systems = demo.tables["systems"]
    assert len(systems) >= 4
    assert int(systems["is_human"].sum()) >= 2
    for card in demo.systems.values():
        assert "litboard maintainers" in card.get("description", ""), card["id"]


def test_demo_has_a_paragraph_with_two_human_translations(demo) -> None:
    human = set(demo.tables["systems"].query("is_human")["system"])
    t = demo.tables["translations"]
    counts = t[t["system"].isin(human)].groupby(["pair", "paragraph"]).size()
    assert counts.max() >= 2


def test_demo_has_every_scheme_and_rows_in_every_judgment_table(demo) -> None:
    assert set(demo.tables["campaigns"]["scheme"]) == set(schemas.SCHEMES)
    empty = [name for name in JUDGMENT_TABLES if demo.tables[name].empty]
    assert not empty, f"empty judgment tables: {empty}"


def test_demo_mqm_has_a_zero_width_omission(demo) -> None:
    errors = demo.tables["mqm_errors"]
    assert ((errors["start"] == errors["end"]) & (errors["subcategory"] == "Omission")).any()


def test_demo_mqm_has_overlapping_spans_from_different_annotators(demo) -> None:
    errors = demo.tables["mqm_errors"]
    errors = errors[errors["end"] > errors["start"]]
    keys = ["campaign", "system", "pair", "paragraph"]
    pairs = errors.merge(errors, on=keys, suffixes=("_a", "_b"))
    overlapping = pairs[
        (pairs["annotator_a"] < pairs["annotator_b"])
        & (pairs["start_a"] < pairs["end_b"])
        & (pairs["start_b"] < pairs["end_a"])
    ]
    assert not overlapping.empty


def test_demo_mqm_has_an_error_in_chinese_and_a_non_translation(demo) -> None:
    errors = demo.tables["mqm_errors"]
    assert (errors["pair"].str.endswith("-zh")).any()
    assert int(errors["non_translation"].sum()) == 1


def test_demo_chrf_scores_are_real_sacrebleu_scores(demo) -> None:
    """Recompute every stored chrF value: reference = demo-human-a, or demo-human-b for
    demo-human-a."""
    from sacrebleu.metrics import CHRF

    chrf = CHRF()
    texts = demo.tables["translations"].set_index(["system", "pair", "paragraph"])["text"]
    scores = demo.tables["metric_scores"].query("campaign == 'chrf'")
    assert len(scores) == 32
    for row in scores.itertuples():
        reference = "demo-human-b" if row.system == "demo-human-a" else "demo-human-a"
        if row.level == "segment":
            expected = chrf.sentence_score(
                texts[(row.system, row.pair, row.paragraph)],
                [texts[(reference, row.pair, row.paragraph)]],
            ).score
        else:
            ref = texts.xs((reference, row.pair), level=["system", "pair"])
            hyp = texts.xs((row.system, row.pair), level=["system", "pair"]).loc[ref.index]
            expected = chrf.corpus_score(list(hyp), [list(ref)]).score
        assert row.score == pytest.approx(expected, abs=1e-3), (row.system, row.pair, row.paragraph)
    stored = demo.campaigns["chrf"]["metric"]["signature"]
    computed = chrf.get_signature().format()
    assert stored.rsplit("|version:", 1)[0] == computed.rsplit("|version:", 1)[0]


def test_demo_human_a_has_no_chrf_without_a_second_human_translation(demo) -> None:
    scores = demo.tables["metric_scores"]
    assert scores[(scores["system"] == "demo-human-a") & (scores["pair"] == "en-zh")].empty


def test_demo_spans_cover_the_text_they_claim(demo) -> None:
    """Creativity UCPs store the annotated text next to the offsets; they must agree."""
    src = demo.tables["paragraphs"].set_index("paragraph")["text"]
    tgt = demo.tables["translations"].set_index(["system", "pair", "paragraph"])["text"]
    for u in demo.tables["ucps"].itertuples():
        assert src[u.paragraph][int(u.source_start) : int(u.source_end)] == u.source_text
        if not pd.isna(u.start):
            assert tgt[(u.system, u.pair, u.paragraph)][int(u.start) : int(u.end)] == u.target_text
