"""Issue 32: a reader page says the κ method and each score's provenance once and lists an
agreement's marked stretches instead of repeating the translation. Every text a reader could
reach before is still reachable on the CJK fixture's paragraph — with JavaScript (score
tooltips, the agreement drawn over the text, span popovers) and without (the provenance list
the scores refer to, the listed stretches, each span described once under its text) — compared with
the view model that rendered the old markup."""

from __future__ import annotations

import json

import pytest

from litboard.load.read import load
from litboard.analysis.boards import analyse
from litboard.render.reader.views import ParagraphView, paragraph_views

from ..helpers import FIXTURES

PAGE = "paragraphs/c1.html"


@pytest.fixture(scope="module")
def view() -> ParagraphView:
    corpus = load([FIXTURES / "cjk"])
    (first,) = [v for v in paragraph_views(corpus, analyse(corpus)) if v.paragraph == "c1"]
    return first


def _translations(view: ParagraphView) -> list:
    return [t for p in view.pairs for t in p.translations]


def _check_agreement_summary(tab, view: ParagraphView) -> None:
    """The κ figures, their method and n: in the summary, the page's note and the key line."""
    note = tab.locator("#lb-kappa-note").inner_text()
    agreed = [(t, a) for t in _translations(view) for a in t.agreement]
    assert agreed, "the fixture paragraph must have an agreement view"
    for t, a in agreed:
        details = tab.locator(f"#{t.anchor} details.lb-agreement")
        summary = details.locator("summary").inner_text()
        for k in a.kappas:
            assert k.label in note and "analysis.agreement.span_kappa" in note
            assert f"{k.first}, {k.second}" in summary
            assert f"over all {k.n} characters" in details.locator(".lb-agree-key").inner_text()


def _check_popovers(tab, js: bool) -> None:
    """Every span of the page's JSON: its title, severity, annotator, campaign and comment in its
    description the runs that show it refer to — the popover on keyboard focus with JavaScript,
    the list under the text without."""
    data = json.loads(tab.locator("script.lb-reader-data").text_content())
    spans = [s for t in data["translations"] for s in t["spans"]] + data["source"]
    assert spans
    for s in spans:
        runs = tab.locator(f".lb-run:has(mark[data-span='{s['key']}'])")
        if s["start"] == s["end"] and runs.count() == 0:
            continue  # an omission shares a run keyed by its neighbour
        assert runs.count() >= 1, s["key"]
        run = runs.first
        run.focus()
        ids = run.get_attribute("aria-describedby").split()
        assert f"lb-d-{s['key']}" in ids  # the span's description, once per page, the runs refer to
        if js:
            popover = run.locator(":scope > .lb-pop")  # reader.js copies the described items
        else:
            popover = tab.locator(f"#lb-d-{s['key']}")  # the list under the text, shown as is
        assert popover.is_visible()
        text = popover.inner_text()
        for field in ("title", "severity", "annotator", "campaign", "comment"):
            assert s.get(field, "") in text, (s["key"], field)
        run.evaluate("e => e.blur()")


def test_every_text_is_reachable_with_javascript(page, cjk_site: str, view: ParagraphView) -> None:
    page.goto(f"{cjk_site}/{PAGE}")
    for t in _translations(view):
        for i, s in enumerate(t.scores):
            score = page.locator(f"#{t.anchor} li.lb-score").nth(i)
            score.hover()
            tooltip = score.locator(".lb-pop")
            assert tooltip.is_visible() and tooltip.inner_text() == s.provenance
            assert s.label in score.inner_text()
        for a in t.agreement:
            details = page.locator(f"#{t.anchor} details.lb-agreement")
            details.locator("summary").click()
            drawn = details.locator("p.lb-agree-text")
            # drawn on the details' toggle event, which the browser fires as a task later
            drawn.wait_for(state="visible")
            assert drawn.is_visible()
            assert drawn.inner_text() == t.text.text  # the whole translation, drawn from its text
            marked = drawn.locator("span").evaluate_all(
                "els => els.map(e => [e.textContent, e.className.replace('lb-agree-', '')])"
            )
            assert marked == [[r.text, r.level] for r in a.runs if r.level]
            assert not details.locator(".lb-agree-stretches").is_visible()
    _check_agreement_summary(page, view)
    _check_popovers(page, js=True)
    assert page.dialogs == []


def test_every_text_is_reachable_without_javascript(
    no_js_page, cjk_site: str, view: ParagraphView
) -> None:
    tab = no_js_page
    tab.goto(f"{cjk_site}/{PAGE}")
    assert tab.locator(".lb-reader.lb-js").count() == 0
    for t in _translations(view):
        for i, s in enumerate(t.scores):
            score = tab.locator(f"#{t.anchor} li.lb-score").nth(i)
            described = tab.locator(f"#{score.get_attribute('aria-describedby')}")
            assert described.is_visible() and described.inner_text() == s.provenance
        for a in t.agreement:
            details = tab.locator(f"#{t.anchor} details.lb-agreement")
            details.locator("summary").click()  # <details> opens without JavaScript
            stretches = details.locator(".lb-agree-stretches li")
            listed = stretches.evaluate_all(
                "els => els.map(e => [e.querySelector('span').textContent, e.dataset.level])"
            )
            assert listed == [[r.text, r.level] for r in a.runs if r.level]
            assert all(stretches.nth(i).is_visible() for i in range(stretches.count()))
    _check_agreement_summary(tab, view)
    _check_popovers(tab, js=False)
