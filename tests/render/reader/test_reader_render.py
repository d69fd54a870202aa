"""The paragraph reader rendered to HTML: golden file for overlapping spans and an omission
in Chinese text (checked character by character), and the hostile fixture rendered inert."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from litboard.load.read import load
from litboard.render.site_pages import generated_pages
from litboard.render.reader.views import ParagraphView, paragraph_views
from litboard.analysis.boards import analyse

from ...golden import check_golden
from ...helpers import FIXTURES


class _Text(HTMLParser):
    """Collects, per ``p.lb-text``, its visible text (popovers left out) and, per data-span,
    the text inside that span's marks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.spans: dict[str, str] = {}
        self.stack: list[tuple[str, set[str], str | None]] = []
        self.in_text = False
        self.pop_depth = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("input", "br", "img", "hr", "meta", "link", "wbr"):
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        self.stack.append((tag, classes, a.get("data-span")))
        if tag == "p" and "lb-text" in classes and "lb-agree-text" not in classes:
            self.in_text = True
            self.texts.append("")
        if "lb-pop" in classes:
            self.pop_depth = len(self.stack)

    def handle_endtag(self, tag: str) -> None:
        if self.pop_depth == len(self.stack):
            self.pop_depth = 0
        popped = self.stack.pop()
        assert popped[0] == tag, f"unbalanced </{tag}> closes <{popped[0]}>"
        if tag == "p":
            self.in_text = False

    def handle_data(self, data: str) -> None:
        if not self.in_text or self.pop_depth:
            return
        self.texts[-1] += data
        for _, _, key in self.stack:
            if key:
                self.spans[key] = self.spans.get(key, "") + data


@pytest.fixture(scope="module")
def cjk() -> tuple[list[ParagraphView], dict]:
    corpus = load([FIXTURES / "cjk"])
    analysis = analyse(corpus)
    return paragraph_views(corpus, analysis), generated_pages(corpus, analysis)


@pytest.fixture(scope="module")
def hostile() -> tuple[object, dict]:
    corpus = load([FIXTURES / "hostile"])
    return corpus, generated_pages(corpus, analyse(corpus))


def test_cjk_page_matches_golden(cjk: tuple) -> None:
    check_golden("reader/cjk-c1.md", cjk[1]["paragraphs/c1.md"])


def test_cjk_text_and_every_span_survive_character_by_character(cjk: tuple) -> None:
    views, files = cjk
    view = views[0]
    parser = _Text()
    parser.feed(files["paragraphs/c1.md"])
    texts = [view.source.text] + [t.text.text for p in view.pairs for t in p.translations]
    assert parser.texts == texts  # code point for code point, emoji and combining marks included
    spans = [
        s for p in view.pairs for t in p.translations for s in t.text.spans
    ] + view.source.spans
    owner = {
        s.key: (t.text.text if s.key.startswith("t") else view.source.text)
        for p in view.pairs
        for t in p.translations
        for s in t.text.spans + view.source.spans
    }
    for s in spans:
        assert parser.spans.get(s.key, "") == owner[s.key][s.start : s.end], s


def test_cjk_runs_overlap_and_omission(cjk: tuple) -> None:
    view = cjk[0][0]
    human = next(t for t in view.pairs[0].translations if t.system == "ht-zh")
    texts = human.text.text
    runs = human.text.runs
    assert "".join(r.text for r in runs) == texts
    omission = [r for r in runs if r.omission]
    assert len(omission) == 1 and omission[0].text == ""
    # the omission sits before 咖啡馆, inside s2's terminology span, and knows both
    titles = sorted(m.span.title for m in omission[0].marks)
    assert titles == ["Accuracy/Omission", "Terminology/Mistranslation"]
    # overlap of s1 (accuracy) and s2 (fluency): 醒来 + the ZWJ family emoji, five code points
    both = [
        r
        for r in runs
        if {m.span.annotator for m in r.marks if m.span.layer == "mqm"} == {"s1", "s2"}
    ]
    assert [r.text for r in both][0] == "醒来👩\u200d👩\u200d👧"
    assert len(both[0].text) == 7
    # machine spans are their own layer; UCP links source and translation by id
    machine = next(t for t in view.pairs[0].translations if t.system == "mt-zh")
    assert {s.layer for s in machine.text.spans} == {"auto", "ucp"}
    assert [s.ucp for s in view.source.spans] == ["u1"]
    assert {r.ucp_class for r in view.source.spans[0].renderings} == {"R", "CSM"}


def test_cjk_agreement_overlay_uses_span_kappa(cjk: tuple) -> None:
    view = cjk[0][0]
    human = next(t for t in view.pairs[0].translations if t.system == "ht-zh")
    (agreement,) = human.agreement
    assert agreement.annotators == ("s1", "s2")
    text = human.text.text
    # hand count: s1 marks 格里高尔醒来+family (11) and 巨大的甲虫+flag (7); s2 marks
    # 醒来+family，发现自己 (12), 巨大的甲虫 (5), x̄咖啡馆 (5); the omission marks nothing
    both = 7 + 5
    assert agreement.marked_all == both
    assert agreement.marked_some == (11 + 7 + 12 + 5 + 5) - 2 * both
    (kappa,) = agreement.kappas
    n = len(text)
    a1, a2 = 11 + 7, 12 + 5 + 5
    po = (n - (a1 + a2 - 2 * both)) / n
    pe = (a1 * a2 + (n - a1) * (n - a2)) / n**2
    assert kappa.value == pytest.approx((po - pe) / (1 - pe), abs=1e-12)
    assert kappa.n == n


def test_blind_order_is_a_stable_permutation(cjk: tuple) -> None:
    corpus = load([FIXTURES / "cjk"])
    again = paragraph_views(corpus, analyse(corpus))
    for first, second in zip(cjk[0], again):
        for p, q in zip(first.pairs, second.pairs):
            orders = [t.blind_order for t in p.translations]
            assert sorted(orders) == list(range(1, len(orders) + 1))
            assert len(orders) < 2 or orders != sorted(orders)  # never the named order
            assert orders == [t.blind_order for t in q.translations]


HOSTILE = [
    "<script>alert('script')</script>",
    "<img src=x onerror=alert('img')>",
    "[click me](javascript:alert('link'))",
    "</textarea><b>bold</b>",
    "<!-- hidden -->",
    "</script><script>alert('json')</script>",
]


def test_hostile_strings_reach_the_page_escaped(hostile: tuple) -> None:
    page = hostile[1]["paragraphs/h1.md"]
    assert "<script" not in page.replace(
        '<script type="application/json" class="lb-reader-data">', ""
    )
    assert not re.search(r"<img|<b>|<!--|<textarea|href=\"javascript", page)
    assert "&lt;script&gt;alert(&#39;script&#39;)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(&#39;img&#39;)&gt;" in page
    assert "&lt;!-- hidden --&gt;" in page
    assert "{{ 7*7 }}" in page and "{% if true %}" in page  # shown, never evaluated
    assert "\u202etxet desrever" in page
    long_page = hostile[1]["paragraphs/h3.md"]
    assert max(len(line) for line in long_page.splitlines()) > 20000  # the 20,000-character line


def test_hostile_strings_survive_the_embedded_json(hostile: tuple) -> None:
    page = hostile[1]["paragraphs/h1.md"]
    island = re.search(
        r'<script type="application/json" class="lb-reader-data">(.*?)</script>', page, re.S
    )
    assert island is not None
    raw = island.group(1)
    assert "<" not in raw and ">" not in raw  # so no </script> can end the island early
    data = json.loads(raw)
    comments = [s.get("comment", "") for t in data["translations"] for s in t["spans"]]
    assert any(HOSTILE[5] in c and HOSTILE[1] in c for c in comments)
    names = {t["name"] for t in data["translations"]}
    # (a bidi control in a name is refused)
    assert "Human <script>alert('script')</script>" in names
