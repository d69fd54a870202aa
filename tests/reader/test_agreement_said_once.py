"""Issue 32: an agreement view lists its marked stretches by offset (not the translation's text
again), says in one line when nobody marked anything, and refers to the page's κ note."""

from __future__ import annotations

import math
from dataclasses import replace

from litboard.load.read import load
from litboard.render.core.jinja import render
from litboard.render.core.views import analyse
from litboard.render.reader.scores import AgreementRun, AgreementView, KappaView, Stretch
from litboard.render.reader.views import paragraph_views

from ..helpers import FIXTURES


def _view() -> AgreementView:
    runs = [AgreementRun("ab", ""), AgreementRun("cd", "all"), AgreementRun("e", ""), AgreementRun("f", "some")]
    return AgreementView("MQM", ("s1", "s2"), runs, [KappaView("s1", "s2", 0.25, "Cohen kappa", 6)], 2, 1)


def test_stretches_carry_code_point_offsets_and_the_length_is_the_text() -> None:
    view = _view()
    assert view.length == 6 and not view.unmarked
    assert view.stretches == [Stretch(2, 4, "all", "cd"), Stretch(5, 6, "some", "f")]
    emoji = replace(view, runs=[AgreementRun("👩‍👩‍👧", "all"), AgreementRun("x̄", "some")])
    assert [(s.start, s.end) for s in emoji.stretches] == [(0, 5), (5, 7)]  # Python (code point) offsets


def test_an_unmarked_translation_is_one_line_with_every_figure() -> None:
    corpus = load([FIXTURES / "cjk"])
    view = paragraph_views(corpus, analyse(corpus))[0]
    t = next(t for p in view.pairs for t in p.translations if t.agreement)
    nobody = AgreementView("MQM (humans)", ("s1", "s2", "s3"), [AgreementRun("雪落在咖啡馆上。", "")],
                           [KappaView("s1", "s2", math.nan, "Cohen kappa", 8)] * 3, 0, 0)
    assert nobody.unmarked and nobody.stretches == []
    html = render("reader/translation.html.j2", view=view, t=replace(t, agreement=[nobody]), base="../")
    line = next(x for x in html.splitlines() if "lb-agree-none" in x)
    assert "<details" not in html and "雪落在" not in line
    for figure in ("<bdi>s1, s2, s3</bdi>", "<bdi>MQM (humans)</bdi>", "no character marked",
                   "κ = \u2014 for each pair", "over all 8 characters", 'href="#lb-kappa-note"'):
        assert figure in line, figure
    marked = render("reader/translation.html.j2", view=view, t=t, base="../")
    assert "<details class=\"lb-agreement\">" in marked and 'data-start="' in marked
