"""Issue 29 goal 8: "Where judges disagree most" for every dataset with at least 5 systems, WMT
included. A pair with automatic judges compares the humans with them; a pair with human judgments
only (the WMT MQM sample without track scores) compares each paragraph's human order with the
systems' mean over the other paragraphs. Hand-computed cases, then the WMT sample."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from litboard.analysis.disagreement import (
    REST,
    disagreement_p,
    judge_disagreement,
    leave_one_out,
    paragraph_words,
)
from litboard.importers import get
from litboard.load.read import load
from litboard.render.site_pages import generated_pages
from litboard.analysis.boards import analyse


def _long(rows: list[tuple[str, str, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"column": "h", "system": s, "pair": "zh-en", "paragraph": p, "score": v}
            for s, p, v in rows
        ]
    )


def test_leave_one_out_by_hand() -> None:
    long = _long([("a", "p1", 1.0), ("a", "p2", 3.0), ("a", "p3", 5.0), ("b", "p1", 2.0)])
    rest = leave_one_out(long, "h").set_index(["system", "paragraph"])["score"]
    # (9 − x) / 2; b: one paragraph
    assert rest.to_dict() == {("a", "p1"): 4.0, ("a", "p2"): 3.0, ("a", "p3"): 2.0}
    assert set(leave_one_out(long, "h")["column"]) == {REST + "h"}


def test_paragraph_words_count_a_chinese_source_by_its_translations() -> None:
    sources = pd.DataFrame(
        {
            "paragraph": ["zh", "en", "secret"],
            "text": ["我希望大家能花点时间。", "one two three four five six", None],
        }
    )
    translations = pd.DataFrame(
        {
            "paragraph": ["zh", "zh", "zh", "en", "secret"],
            "text": ["a b c", "a b c d e", "a b c d e f g", "我希望大家", None],
        }
    )
    assert paragraph_words(sources, translations) == {"zh": 5, "en": 6, "secret": None}


def test_reversed_paragraph_against_the_rest_by_hand() -> None:
    """Five systems a..e; paragraphs q and r order them a > b > c > d > e, paragraph p reverses it.
    Without p the others say a > ... > e, so p's τ with the rest is −1, and of the 5! = 120
    orderings of p's scores only the observed one reaches −1: p = 1/120."""
    systems, rows = "abcde", []
    for paragraph, sign in (("p", -1.0), ("q", 1.0), ("r", 1.0)):
        rows += [(s, paragraph, sign * (5 - i)) for i, s in enumerate(systems)]
    long = _long(rows)
    both = pd.concat([long, leave_one_out(long, "h")], ignore_index=True)
    taus = judge_disagreement(both, "h", {REST + "h": True}, min_systems=5).set_index("paragraph")
    assert taus.loc["p", "tau"] == pytest.approx(-1.0) and taus.loc["p", "n"] == 5
    # q without q: the mean of p (reversed) and r (in order) is 0 for every system: a constant, no τ
    assert "q" not in taus.index and "r" not in taus.index
    part = both[both["paragraph"] == "p"].pivot_table(
        index="system", columns="column", values="score"
    )
    tau, p = disagreement_p(part["h"].to_numpy(), part[[REST + "h"]].to_numpy().T)
    assert tau == pytest.approx(-1.0) and p == pytest.approx(1 / 120, abs=1e-15)


@pytest.fixture(scope="module")
def wmt_pages(wmt_release: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("wmt-disagreement") / "root"
    get("wmt-mqm")(wmt_release / "mqm_ted_zhen.head300.tsv", out)
    corpus = load([out])
    return generated_pages(corpus, analyse(corpus))


@pytest.mark.shared
def test_wmt_sample_gets_the_page_with_its_stated_view(wmt_pages: dict[str, str]) -> None:
    page = wmt_pages["paragraphs/disagreement.md"]
    frame = pd.read_csv(pd.io.common.StringIO(wmt_pages["paragraphs/disagreement.csv"]))
    assert (
        "mean over the other paragraphs" in page and "compared with: the other paragraphs" in page
    )
    assert "rater against rater needs translations judged by two raters" in page
    assert "metrics and LLM judges)" not in page  # only the view that is used is described
    # 15 segments of 8 or 15 systems; 9 reach 20 words (median English words of their translations)
    assert len(frame) == 9 and set(frame["compared with"]) == {"the other paragraphs"}
    assert frame["mean tau"].is_monotonic_increasing and frame["p"].between(0, 1).all()
    assert frame["raters"].between(5, 8).all()  # each segment's systems were split among raters
    assert "talk-2-86" not in set(frame["paragraph"])  # "强烈的阳光是如此地刺眼，": 6 words
    assert frame["paragraph"].iloc[0] == "talk-2-98"
    assert 'href="disagreement.html"' in wmt_pages["paragraphs/index.md"]


@pytest.mark.shared
def test_literary_translation_page_says_why_nothing_is_listed(
    literary_release: Path, tmp_path: Path
) -> None:
    """Five systems, but every human judgment compares two translations of a paragraph: the page
    exists and says why no paragraph qualifies, instead of ranking τ over two systems."""
    from litboard.importers.releases import literary_translation

    literary_translation.run(literary_release, tmp_path / "root")
    corpus = load([tmp_path / "root"])
    pages = generated_pages(corpus, analyse(corpus))
    page = pages["paragraphs/disagreement.md"]
    assert "No paragraph is listed. This dataset has 5 systems" in page
    assert "scores at most 2 systems per paragraph" in page and "<table" not in page
    assert "paragraphs/disagreement.csv" not in pages
    assert 'href="disagreement.html"' in pages["paragraphs/index.md"]


@pytest.mark.shared
def test_creativity_with_three_systems_gets_no_page(
    creativity_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from ..creativity_site import creativity_site

    site = creativity_site(creativity_release, tmp_path_factory).out
    assert (site / "paragraphs" / "index.html").is_file()
    assert not (site / "paragraphs" / "disagreement.html").exists()
