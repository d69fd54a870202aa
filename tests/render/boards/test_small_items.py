"""Issue 46 goal 5, the small items: distinct chart labels (Judge bias), the published human
translation's badge, the reader's blind toggle naming the study's own scheme and a severity
key only where the data have severities."""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.importers import get
from litboard.load import load
from litboard.render.core.badges import SHOWN, Evidence, evidence
from litboard.analysis.boards import analyse
from litboard.render.core.jinja import DEFAULT_TEMPLATES, environment
from litboard.render.reader.views import ReaderJobs, paragraph_views
from litboard.render.schemes.chart_labels import short_labels

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_long_labels_stay_distinct() -> None:
    a = "LLM judge (GPT-4o, MQM prompt of paper 000 Table 11), literary variant"
    b = "LLM judge (GPT-4o, MQM prompt of paper 000 Table 11), original variant"
    shown = short_labels([a, b, "BLEU", a])
    assert shown["BLEU"] == "BLEU" and len(set(shown.values())) == 3
    assert shown[a] != shown[b] and all(len(v) <= 32 for v in shown.values())
    same = short_labels(["x" * 40 + "1" + "y" * 12, "x" * 40 + "2" + "y" * 12])
    assert len(set(same.values())) == 2  # equal start and end: numbered, still distinct


def test_published_human_translation_is_shown_never_judged() -> None:
    assert Evidence((), False, False, published_human=True).chip == SHOWN == "shown, never judged"
    assert Evidence((), False, False).chip == "not scored yet"
    assert Evidence((), False, True, published_human=True).chip == "automatic scores only"
    assert Evidence(("MQM, 2 annotators",), False, False, True).chip == "human-evaluated"


def test_demo_human_translations_keep_their_human_badge(demo_root: Path) -> None:
    corpus = load([demo_root])
    humans = [s for s, card in corpus.systems.items() if card.get("modality") == "HT"]
    assert humans and all(evidence(corpus, s).chip == "human-evaluated" for s in humans)


@pytest.mark.parametrize(
    ("root", "how"),
    [("demo", "best-worst scaling"), ("track", "pairwise comparisons"), ("tiny", "")],
)
def test_blind_toggle_names_the_scheme_annotators_saw(root: str, how: str) -> None:
    corpus = load([FIXTURES / root])
    views = paragraph_views(corpus, analyse(corpus))
    assert views and {v.blind_how for v in views} == {how}


def test_severity_key_only_with_severities(demo_root: Path) -> None:
    corpus = load([demo_root])
    views = paragraph_views(corpus, analyse(corpus))
    assert any(v.severities for v in views)
    legend = environment(DEFAULT_TEMPLATES).get_template("reader/legend.html.j2")
    shown = next(v for v in views if v.layers and v.severities)
    assert "severity by underline" in legend.render(view=shown)
    shown.severities = False  # what a release without severities gives (next test: a real one)
    text = legend.render(view=shown)
    assert "severity by underline" not in text and "no severities in these data" in text


@pytest.mark.shared
def test_literary_translation_reader_has_no_severity_key(
    literary_release: Path, tmp_path: Path
) -> None:
    get("literary-translation")(literary_release, tmp_path / "root")
    corpus = load([tmp_path / "root"])
    jobs = ReaderJobs(corpus, analyse(corpus))
    marked = [v for v in (jobs.view(i) for i in range(min(len(jobs), 40))) if v.categories]
    assert marked and not any(v.severities for v in marked)
    assert {v.blind_how for v in marked} == {"pairwise comparisons"}
