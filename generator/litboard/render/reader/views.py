"""View models of the paragraph reader: one page per source paragraph, every translation
side by side, with layered span highlights already split into runs.

Everything is decided here (layers, CSS class names from fixed vocabularies, blind order,
popover ids); ``templates/paragraph.html.j2`` and ``templates/reader/*`` only loop and
branch. Text from data is passed through untouched: the templates escape it.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple

from ...model import Corpus
from ..core.spans import split_runs
from ...analysis.tables import Analysis
from .scores import KEY, AgreementView, ScoreView, agreement_views, records_by, score_rows
from .spans import SpanContext, SpanView, source_errors, source_ucps, translation_spans

LAYERS: dict[str, str] = {
    "mqm": "MQM errors (human)",
    "auto": "LLM judges and metrics",
    "free": "Free annotation (good / bad)",
    "ucp": "Units of creative potential",
    "kudos": "Kudos",
}
# a campaign title longer than this is said once per page and labelled C1, C2, … elsewhere
LONG_TITLE = 16
# ... on pages with more translations than this (WMT-sized: 15 systems); a literary page
MANY_TRANSLATIONS = 12
#                         with a handful of translations keeps its titles readable where they are
#                         used
NESTING = {"ucp": 0, "free": 1, "kudos": 2, "auto": 3, "mqm": 4}  # outermost first


class MarkView(NamedTuple):
    """A span's piece inside one run; first/last say whether the span starts/ends here."""

    span: SpanView
    first: bool
    last: bool


class RunView(NamedTuple):
    text: str
    marks: tuple[MarkView, ...]
    # IDREFs of the run's descriptions: one popover id, or each covering span's item ("" for plain
    # text)
    pop: str
    omission: bool


@dataclass
class TextView:
    text: str | None
    snippet: str
    restricted: str
    lang: str
    runs: list[RunView] = field(default_factory=list)
    spans: list[SpanView] = field(default_factory=list)
    listed: bool = False  # each span described once, in a list under the text, and runs refer to it


@dataclass
class TranslationView:
    system: str
    name: str
    kind: str
    modality: str
    is_human: bool
    anchor: str
    blind_label: str
    blind_order: int
    text: TextView
    scores: list[ScoreView]
    agreement: list[AgreementView]


@dataclass
class PairView:
    pair: str
    target_lang: str
    translations: list[TranslationView]


@dataclass(frozen=True)
class ToggleView:
    key: str
    label: str
    count: int


@dataclass
class ParagraphView:
    paragraph: str
    work: str
    work_title: str
    author: str
    source_lang: str
    source: TextView
    pairs: list[PairView]
    prev: str | None
    next: str | None
    layers: list[ToggleView]
    annotators: list[ToggleView]
    categories: list[str]
    data: dict[str, Any]
    attribution: str = ""  # the rights note of a licensed text, shown under the navigation
    kappa_labels: list[str] = field(default_factory=list)  # said once, under the translations
    provenances: list[str] = field(default_factory=list)  # each score's, once per page
    # titles said once per page; C1, C2, … elsewhere
    campaigns: list[str] = field(default_factory=list)
    unmarked: bool = False  # some agreement is one line (its full sentence said once per page)
    blind_how: str = ""  # ReaderShared.blind_how
    # some error span has a severity (else the legend shows no severity key)
    severities: bool = True

    def provenance_id(self, provenance: str) -> str:
        """The id of ``provenance``'s entry in the page's list (scores refer to it)."""
        return f"lb-prov-{self.provenances.index(provenance) + 1}"

    def campaign_label(self, title: str) -> str:
        """``title``'s short label on this page (``C1``, …; the page's list says which is which),
        or ``title`` itself when the page does not list it."""
        return f"C{self.campaigns.index(title) + 1}" if title in self.campaigns else title


@dataclass
class ReaderShared:
    """What every reader page shares that the corpus alone gives (``reader_shared``): a build
    makes it while the dataset is being analysed, in the process that forks the page workers."""

    spans: SpanContext
    source_ucps: dict[Any, list[dict[str, Any]]]
    agreement: Mapping[tuple[str, str, str], list[AgreementView]]
    systems: dict[str, dict[str, Any]]
    by_paragraph: dict[Any, list[dict[str, Any]]]
    ordered: list[dict[str, Any]]
    blind_how: str = ""  # how annotators saw translations blind: "best-worst scaling", ...
    # the campaigns whose error spans follow an MQM typology (paper 000's or WMT's): only a layer
    # of theirs alone is called MQM (LiteraryTranslation's custom labels and ESA spans are not)
    mqm: frozenset[str] = frozenset()


@dataclass
class _Context:
    """Lookups shared by every paragraph, built once: the corpus-only ones and the scores."""

    shared: ReaderShared
    scores: dict[tuple[str, str, str], list[ScoreView]]


def reader_shared(corpus: Corpus) -> ReaderShared:
    campaigns = corpus.tables["campaigns"]
    spans = {
        name: records_by(corpus.tables[name], KEY)
        for name in ("mqm_errors", "esa_spans", "metric_spans", "free_spans", "ucps", "kudos")
    }
    context = SpanContext(
        titles=dict(zip(campaigns["campaign"], campaigns["title"].astype(str))),
        expertise={
            (c, a): e
            for c, a, e in corpus.annotators[["campaign", "annotator", "expertise"]].itertuples(
                index=False
            )
        },
        metric_names={
            r["campaign"]: str(r["metric"] or r["judge_model"] or r["title"])
            for r in campaigns.to_dict("records")
        },
        spans=spans,
    )
    paragraphs = corpus.paragraphs.sort_values(["work", "index", "paragraph"], kind="stable")
    translations = corpus.translations.sort_values(["pair", "system"], kind="stable")
    return ReaderShared(
        context,
        records_by(corpus.ucps, ["paragraph"]),
        agreement_views(corpus, spans["mqm_errors"]),
        corpus.tables["systems"].set_index("system").to_dict("index"),
        records_by(translations, ["paragraph"]),
        paragraphs.to_dict("records"),
        _blind_how(corpus),
        mqm_campaigns(corpus),
    )


def _blind_how(corpus: Corpus) -> str:
    """The blind scheme the dataset's annotators worked in ("" when none was blind)."""
    if len(corpus.bws):
        return "best-worst scaling"
    return "pairwise comparisons" if len(corpus.pairwise) else ""


class ReaderJobs:
    """Everything the reader pages share, built once; ``view(i)`` then builds paragraph i's
    view on its own (so the pages can be rendered in several processes, see
    litboard.runtime.parallel). ``shared``: the corpus-only part, when made already
    (``reader_shared``)."""

    def __init__(
        self, corpus: Corpus, analysis: Analysis, shared: ReaderShared | None = None
    ) -> None:
        shared = shared or reader_shared(corpus)
        self.ctx = _Context(shared, score_rows(corpus, analysis))
        self.by_paragraph = shared.by_paragraph
        self.ordered = shared.ordered
        self.works = corpus.works

    def __len__(self) -> int:
        return len(self.ordered)

    def view(self, position: int) -> ParagraphView:
        ordered, p = self.ordered, self.ordered[position]
        prev = ordered[position - 1] if position > 0 else None
        nxt = ordered[position + 1] if position + 1 < len(ordered) else None
        work = self.works.get(p["work"], {})
        return _paragraph(
            p,
            self.by_paragraph.get((p["paragraph"],), []),
            self.ctx,
            work,
            prev["paragraph"] if prev and prev["work"] == p["work"] else None,
            nxt["paragraph"] if nxt and nxt["work"] == p["work"] else None,
        )


def paragraph_views(corpus: Corpus, analysis: Analysis) -> list[ParagraphView]:
    """One reader view per source paragraph, in work order."""
    jobs = ReaderJobs(corpus, analysis)
    return [jobs.view(i) for i in range(len(jobs))]


def _paragraph(
    p: dict[str, Any],
    translations: list[dict[str, Any]],
    ctx: _Context,
    work: dict[str, Any],
    prev: str | None,
    nxt: str | None,
) -> ParagraphView:
    pid = p["paragraph"]
    by_pair: dict[str, list[dict[str, Any]]] = {}
    for t in translations:
        by_pair.setdefault(t["pair"], []).append(t)
    pairs: list[PairView] = []
    for pair, items in sorted(by_pair.items()):
        order = _blind_order(pid, pair, len(items))
        views = [_translation(t, ctx, f"t{len(pairs)}x{i}", order[i]) for i, t in enumerate(items)]
        views.sort(key=lambda v: (not v.is_human, v.system))
        pairs.append(PairView(pair, pair.split("-")[1], views))
    names = {(t.system, p.pair): (t.name, t.blind_label) for p in pairs for t in p.translations}
    shared = ctx.shared
    source_spans = source_ucps(shared.source_ucps.get((pid,), []), names, shared.spans)
    marked = [
        r
        for t in translations
        for r in shared.spans.spans["mqm_errors"].get((t["system"], t["pair"], pid), [])
    ]
    source_spans += source_errors(marked, names, shared.spans)
    source = _text_view(p["text"], p["snippet"], p["restricted"], p["source_lang"], source_spans)
    every = [s for v in pairs for t in v.translations for s in t.text.spans] + source.spans
    shown = [t for v in pairs for t in v.translations]
    view = ParagraphView(
        pid,
        p["work"],
        str(work.get("title", p["work"])),
        str(work.get("author", "")),
        p["source_lang"],
        source,
        pairs,
        prev,
        nxt,
        _layer_toggles(every, shared.mqm),
        _annotator_toggles(every),
        sorted(
            {
                c[len("lb-cat-") :]
                for s in every
                if s.layer in ("mqm", "auto")
                for c in s.css.split()
                if c.startswith("lb-cat-")
            }
        ),
        _data(pid, source, pairs),
        _attribution(work),
    )
    view.kappa_labels = _distinct(k.label for t in shown for a in t.agreement for k in a.kappas)
    view.provenances = _distinct(s.provenance for t in shown for s in t.scores)
    titles = set(shared.spans.titles.values())
    view.campaigns = (
        [
            c
            for c in _distinct(
                [s.campaign for s in every]
                + [a.campaign for t in shown for a in t.agreement]
                + [s.label for t in shown for s in t.scores if s.label in titles]
            )
            if len(c) > LONG_TITLE
        ]
        if len(shown) > MANY_TRANSLATIONS
        else []
    )
    view.unmarked = any(a.unmarked for t in shown for a in t.agreement)
    view.blind_how = shared.blind_how
    view.severities = any(s.severity in SEVERITIES for s in every if s.layer in ("mqm", "auto"))
    return view


SEVERITIES = ("neutral", "minor", "major", "critical")


def _distinct(values: Iterable[str]) -> list[str]:
    """``values`` without repeats, in order of first appearance."""
    return list(dict.fromkeys(values))


def _attribution(work: dict[str, Any]) -> str:
    """Where a licensed text comes from and on what terms (its work's rights note)."""
    rights = work.get("rights") or {}
    return str(rights.get("note", "")) if rights.get("status") == "licensed" else ""


def _blind_order(paragraph: str, pair: str, n: int) -> list[int]:
    """A shuffled display order (1-based), the same on every build of the same data and
    never the named order (which lists human translations first) when n > 1."""
    seed = int(hashlib.sha256(f"{paragraph}\n{pair}".encode()).hexdigest()[:16], 16)
    rng = random.Random(seed)
    named = list(range(1, n + 1))
    order = named[:]
    while n > 1 and order == named:
        rng.shuffle(order)
    return order


def _translation(t: dict[str, Any], ctx: _Context, prefix: str, blind: int) -> TranslationView:
    key = (t["system"], t["pair"], t["paragraph"])
    info = ctx.shared.systems[t["system"]]
    spans = translation_spans(key, ctx.shared.spans, prefix)
    text = _text_view(t["text"], t["snippet"], t["restricted"], t["pair"].split("-")[1], spans)
    return TranslationView(
        t["system"],
        str(info["name"]),
        str(info["kind"]),
        str(info["modality"]),
        bool(info["is_human"]),
        f"{t['pair']}-{t['system']}",
        f"Translation {_letters(blind)}",
        blind,
        text,
        ctx.scores.get(key, []),
        ctx.shared.agreement.get(key, []),
    )


def _letters(n: int) -> str:
    out = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def _text_view(
    text: str | None, snippet: Any, restricted: Any, lang: str, spans: list[SpanView]
) -> TextView:
    view = TextView(text, str(snippet or ""), str(restricted or ""), lang, spans=spans, listed=True)
    if text is None:
        return view
    ordered = sorted(spans, key=lambda s: (NESTING[s.layer], s.start, -s.end, s.key))
    for run in split_runs(text, ordered):
        marks = tuple(MarkView(s, s.start == run.start, s.end == run.end) for s in run.spans)
        view.runs.append(
            RunView(run.text, marks, " ".join(describe_id(m.span) for m in marks), run.omission)
        )
    return view


def describe_id(span: SpanView) -> str:
    """The id of ``span``'s description in its text's list (its runs refer to it)."""
    return f"lb-d-{span.key}"


MQM_TYPOLOGIES = ("paper000", "wmt")
ERRORS_LABEL = "Error spans (human)"  # the "mqm" layer when a span of it is not MQM


def mqm_campaigns(corpus: Corpus) -> frozenset[str]:
    """The campaigns whose error spans are MQM: their card's ``mqm.typology`` is an MQM one."""
    return frozenset(
        cid
        for cid, card in corpus.campaigns.items()
        if str((card.get("mqm") or {}).get("typology", "")) in MQM_TYPOLOGIES
    )


def _layer_toggles(spans: list[SpanView], mqm: frozenset[str] = frozenset()) -> list[ToggleView]:
    return [
        ToggleView(layer, _label(layer, label, spans, mqm), sum(s.layer == layer for s in spans))
        for layer, label in LAYERS.items()
        if any(s.layer == layer for s in spans)
    ]


def _label(layer: str, label: str, spans: list[SpanView], mqm: frozenset[str]) -> str:
    """A layer's toggle label; the human error layer is "MQM errors" only when every span of it
    comes from an MQM campaign (its toggle is ``campaign:annotator``)."""
    if layer != "mqm":
        return label
    mine = [s for s in spans if s.layer == layer]
    return label if all(s.toggle.split(":", 1)[0] in mqm for s in mine) else ERRORS_LABEL


def _annotator_toggles(spans: list[SpanView]) -> list[ToggleView]:
    seen: dict[str, list[SpanView]] = {}
    for s in spans:
        if s.toggle:
            seen.setdefault(s.toggle, []).append(s)
    out = []
    for key, items in sorted(seen.items()):
        s = items[0]
        who = f"{s.annotator} ({s.expertise})" if s.expertise else s.annotator
        out.append(ToggleView(key, f"{who}, {s.campaign}", len(items)))
    return out


def _data(paragraph: str, source: TextView, pairs: list[PairView]) -> dict[str, Any]:
    """The page's spans as data (embedded as compact JSON for scripts and checks)."""

    def spans(view: TextView) -> list[dict[str, Any]]:  # severity, comment and ucp only when set
        return [
            {
                "key": s.key,
                "layer": s.layer,
                "start": s.start,
                "end": s.end,
                "title": s.title,
                "annotator": s.annotator,
                "campaign": s.campaign,
                **{
                    k: v
                    for k, v in (("severity", s.severity), ("comment", s.comment), ("ucp", s.ucp))
                    if v
                },
            }
            for s in view.spans
        ]

    return {
        "paragraph": paragraph,
        "source": spans(source),
        "translations": [
            {"id": t.anchor, "system": t.system, "name": t.name, "spans": spans(t.text)}
            for p in pairs
            for t in p.translations
        ],
    }
