"""Every stored judgment text reaches a page (issue 15, item 8): SQM/BWS/pairwise comments,
RULER and VERSE scores and questions, and metric raw answers/errors, under the translations."""

from __future__ import annotations

from pathlib import Path

from litboard.load.read import load
from litboard.render.site_pages import generated_pages
from litboard.render.reader.notes import RAW_LIMIT, _raw, paragraph_notes
from litboard.analysis.boards import analyse

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "tests" / "fixtures" / "demo"


def test_demo_paragraph_lists_every_kind_of_judgment() -> None:
    corpus = load([DEMO])
    notes = paragraph_notes(corpus)["kafka-verwandlung-01"]
    assert [t.title for t in notes] == [
        "SQM ratings (0-6)",
        "Best-worst scaling",
        "Pairwise preferences",
        "RULER rubric scores (1-5)",
        "VERSE questions and answers (1-3)",
    ]
    page = generated_pages(corpus, analyse(corpus))["paragraphs/kafka-verwandlung-01.md"]
    assert "Other judgments of this paragraph" in page
    assert "&#39;insect&#39; over-specifies Ungeziefer." in page  # a pairwise comment, escaped
    assert "keep the flat, matter-of-fact tone" in page  # a VERSE question


def test_hostile_comments_stay_inert() -> None:
    corpus = load([REPO / "tests" / "fixtures" / "hostile"])
    pages = generated_pages(corpus, analyse(corpus))
    text = "".join(
        v
        for k, v in pages.items()
        if k.startswith("paragraphs/") and k.endswith(".md") and isinstance(v, str)
    )
    assert "<script>alert" not in text and "<img src=x" not in text


def test_raw_answers_are_cut_with_their_length() -> None:
    long = "x" * (RAW_LIMIT + 10)
    shown = _raw(long)
    assert (
        shown.startswith("x" * RAW_LIMIT)
        and f"({RAW_LIMIT + 10:,} characters in the data file)" in shown
    )
    assert _raw(None) == "" and _raw("short") == "short"
