"""Issue 32: an agreement view lists its marked stretches by offset (not the translation's text
again), says in one line when nobody marked anything, and refers to the page's κ note."""

from __future__ import annotations

import math
from dataclasses import replace

from litboard.load.read import load
from litboard.render.core.jinja import render
from litboard.analysis.boards import analyse
from litboard.render.reader.scores import AgreementRun, AgreementView, KappaView, Stretch
from litboard.render.reader.views import paragraph_views

from ...helpers import FIXTURES


def _view() -> AgreementView:
    runs = [
        AgreementRun("ab", ""),
        AgreementRun("cd", "all"),
        AgreementRun("e", ""),
        AgreementRun("f", "some"),
    ]
    return AgreementView(
        "MQM", ("s1", "s2"), runs, [KappaView("s1", "s2", 0.25, "Cohen kappa", 6)], 2, 1
    )


def test_stretches_carry_code_point_offsets_and_the_length_is_the_text() -> None:
    view = _view()
    assert view.length == 6 and not view.unmarked
    assert view.stretches == [Stretch(2, 4, "all", "cd"), Stretch(5, 6, "some", "f")]
    emoji = replace(view, runs=[AgreementRun("👩‍👩‍👧", "all"), AgreementRun("x̄", "some")])
    # Python (code point) offsets
    assert [(s.start, s.end) for s in emoji.stretches] == [(0, 5), (5, 7)]


def test_an_unmarked_translation_is_one_line_with_every_figure() -> None:
    corpus = load([FIXTURES / "cjk"])
    view = paragraph_views(corpus, analyse(corpus))[0]
    t = next(t for p in view.pairs for t in p.translations if t.agreement)
    nobody = AgreementView(
        "MQM (humans)",
        ("s1", "s2", "s3"),
        [AgreementRun("雪落在咖啡馆上。", "")],
        [KappaView("s1", "s2", math.nan, "Cohen kappa", 8)] * 3,
        0,
        0,
    )
    assert nobody.unmarked and nobody.stretches == []
    html = render(
        "reader/translation.html.j2", view=view, t=replace(t, agreement=[nobody]), base="../"
    )
    line = next(x for x in html.splitlines() if "lb-agree-none" in x)
    assert "<details" not in html and "雪落在" not in line
    for figure in (
        "<bdi>s1, s2, s3</bdi>",
        "<bdi>MQM (humans)</bdi>",
        "no character marked",
        "n = 8",
        'href="#lb-agree-none"',
    ):
        assert figure in line, figure
    marked = render("reader/translation.html.j2", view=view, t=t, base="../")
    assert "<details class=\"lb-agreement\">" in marked and 'data-start="' in marked
    # the line's full sentence, once per page: what "no character marked" means for κ and n
    once = render("reader/said_once.html.j2", view=replace(view, unmarked=True))
    note = next(x for x in once.splitlines() if 'id="lb-agree-none"' in x)
    for figure in (
        "none of its annotators marked a character",
        "κ = \u2014 (undefined) for each pair",
        "over all n characters",
        'href="#lb-kappa-note"',
    ):
        assert figure in note, figure


def test_a_long_campaign_title_is_said_once_and_labelled_elsewhere() -> None:
    corpus = load([FIXTURES / "cjk"])
    view = paragraph_views(corpus, analyse(corpus))[0]
    t = next(
        t for p in view.pairs for t in p.translations if t.agreement and t.scores and t.text.spans
    )
    title = "A <long> campaign title & more"
    agreement = [replace(a, campaign=title) for a in t.agreement]
    scores = [s._replace(label=title) for s in t.scores]  # named tuples
    text = replace(t.text, spans=[s._replace(campaign=title) for s in t.text.spans])
    long = replace(view, campaigns=[title])
    html = render(
        "reader/translation.html.j2",
        view=long,
        t=replace(t, agreement=agreement, scores=scores, text=text),
        base="../",
    )
    assert "campaign title" not in html and "&lt;long&gt;" not in html
    assert html.count("<bdi>C1</bdi>") == len(agreement) + len(scores) + len(text.spans)
    page = render("paragraph.html.j2", view=long, base="../", notes=[])
    legend = next(x for x in page.splitlines() if 'id="lb-campaigns"' in x)
    assert "<strong>C1</strong> <bdi>A &lt;long&gt; campaign title &amp; more</bdi>" in legend
    assert view.campaign_label("MQM (humans)") == "MQM (humans)"  # short titles stay as they are


def test_campaign_labels_only_on_pages_with_many_translations(monkeypatch) -> None:
    """A literary page with a handful of translations keeps each campaign's title where it is used;
    only a page with more than MANY_TRANSLATIONS (a WMT segment with 15 systems) says long titles
    once."""
    from litboard.render.reader import views

    corpus = load([FIXTURES / "demo"])  # long titles: "Free annotation by professionals (demo)"
    few = paragraph_views(corpus, analyse(corpus))[0]
    shown = sum(len(p.translations) for p in few.pairs)
    assert 0 < shown <= views.MANY_TRANSLATIONS and few.campaigns == []
    monkeypatch.setattr(views, "MANY_TRANSLATIONS", shown - 1)
    many = paragraph_views(corpus, analyse(corpus))[0]
    assert many.campaigns and all(len(c) > views.LONG_TITLE for c in many.campaigns)
    assert many.campaign_label(many.campaigns[0]) == "C1"
