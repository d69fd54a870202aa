"""Issue 56 goal 5: text that is true and for readers, each checked where it is rendered.

The home card counts what it names (LitEval: 2,046 translations judged by people, not 10,372
category sub-scores); the adequacy page names no code; "LLM judges: pending" only where an LLM
judge has scored the dataset; Creativity Bias's reference is the human translation made for the
study (paper 003), not a published one."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pandas as pd
import pytest

from litboard.analysis.boards import analyse
from litboard.load.read import load
from litboard.render.boards.system_views import system_views
from litboard.render.core.dataset_cards import card
from litboard.render.core.views import boards

from ..conftest import shared_paper
from ..helpers import FIXTURES
from ..liteval_site import liteval_site


@pytest.fixture(scope="module")
def built(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return liteval_site(liteval_release, tmp_path_factory)


@pytest.fixture(scope="module")
def site(built: tuple[Path, Path]) -> Path:
    return built[1]


def test_the_home_card_counts_translations_judged_not_sub_scores(
    built: tuple[Path, Path], liteval_release: Path
) -> None:
    root, site = built
    page = (site.parent / "index.html").read_text(encoding="utf-8")
    home = html.unescape(re.sub(r"<[^>]+>", "", page))
    # metric_df.csv: one row per annotated translation (the students' MQM total beside its four
    # category sub-scores, GEMBA's and Prometheus' scores), 142 of them a second annotation
    rows = len(pd.read_csv(liteval_release / "metric_df.csv"))
    scores = load([root]).tables["metric_scores"]
    second = int((scores["campaign"] == "student-mqm-second").sum())
    assert (rows, second) == (2188, 142)
    assert f"{rows - second:,} translations judged by people · 2,046 scored by LLM judges" in home
    # the old count: 5 student-MQM campaigns (total + 4 categories) x 2,046 + 142
    assert "10372" not in home and "10,372" not in home


def test_the_adequacy_page_names_no_code(site: Path) -> None:
    page = (site / "liteval" / "adequacy.html").read_text(encoding="utf-8")
    assert "AdequacySettings" not in page and "others_exclude" not in page
    assert "Top systems (the paper&#39;s Table 3)" in page or "Top systems (the paper's" in page


def test_llm_judges_are_pending_only_where_a_judge_has_scored() -> None:
    tiny = load([FIXTURES / "tiny"])  # no LLM judge ever scored it
    analysis = analyse(tiny)
    assert all(not b.llm_pending and not b.unranked_llm_pending for b in boards(tiny, analysis))
    assert not any(v.llm_pending for v in system_views(tiny, analysis))


def test_creativity_bias_reference_is_the_study_s_own_human_translation(repo: Path) -> None:
    from litboard.importers.pinned import read_manifest

    paper = shared_paper("003").read_text(encoding="utf-8")
    assert "HT and PE are created by professional literary translators" in paper
    assert "The HT created for this study were used as reference" in paper
    release = next(r for r in read_manifest(repo / "releases.yaml") if r.id == "creativity-bias")
    assert release.track is not None
    reference = str(release.track["reference"])
    assert "published" not in reference and "made for the study" in reference
    submit = (repo / "site" / "submit.md").read_text(encoding="utf-8")
    row = next(line for line in submit.splitlines() if line.startswith("| `creativity-bias`"))
    assert "published" not in row and "made for the study" in row


def test_card_counts_by_hand() -> None:
    """The demo: every translation some person judged, once (MQM, SQM, ESA, BWS, pairwise, free
    spans, RULER, VERSE, UCPs, released human scores)."""
    corpus = load([FIXTURES / "demo"])
    t = corpus.tables
    judged: set[tuple[str, str, str]] = set()
    for name in ("mqm", "sqm", "esa", "free_spans", "ruler", "verse", "ucps"):
        judged |= set(zip(t[name]["system"], t[name]["pair"], t[name]["paragraph"]))
    for a, b, pair, par in zip(
        t["pairwise"]["a"], t["pairwise"]["b"], t["pairwise"]["pair"], t["pairwise"]["paragraph"]
    ):
        judged |= {(a, pair, par), (b, pair, par)}
    for systems, pair, par in zip(t["bws"]["systems"], t["bws"]["pair"], t["bws"]["paragraph"]):
        judged |= {(s, pair, par) for s in systems}
    camp = t["campaigns"]
    scored = t["metric_scores"][
        t["metric_scores"]["campaign"].isin(camp.loc[camp["scheme"] == "score", "campaign"])
    ]
    judged |= set(zip(scored["system"], scored["pair"], scored["paragraph"]))
    # at most one translation per system, pair and paragraph: 5 systems, 6 paragraphs
    assert card(corpus, "demo/index.html").human_judgments == len(judged) <= 5 * 6
