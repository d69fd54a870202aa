"""The whole generation step: data roots -> every generated file (load -> analyse -> render).

Each dataset is its own namespace: its pages are generated exactly as for a one-dataset
site and then placed under ``<dataset id>/``. The home page gets one card per dataset.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from markupsafe import escape

from ..cite.downloads import add_downloads
from ..cite.provenance import merged, provenance
from ..cite.bibtex import ReleaseInfo
from ..cite.publish import cite_box, finish_page, publish_files, release_info
from ..cite.source import NOWHERE, Source
from ..runtime import parallel, progress
from ..load.datasets import group_roots, load_all
from ..tracks.checks import CHECKS as ROOT_CHECKS
from ..load.track_decl import submissions, submit_page
from ..model import Corpus
from ..render.reader.views import ReaderShared, reader_shared
from ..render.schemes import judge_bias_page
from ..render.core import board_links, bulk, cache_files, charts, jinja
from . import site_cache
from ..render.core.dataset_cards import card, intro
from ..render.core.extra_pages import PageSet, build_sets, merge_sets
from ..render.core.finding import MARKER
from ..render.core.jinja import DEFAULT_TEMPLATES, render
from .home import finding_html
from ..render.core.pages import ASSETS, Files, page
from ..render.site_pages import browse_files, leaderboard_html, reader_files
from ..analysis.boards import Analysis, analyse
from ..analysis.tables import results_of
from ..cite import api

DATASETS_MARKER = "<!-- litboard:datasets -->"
FINDING_MARKER = MARKER  # where the home page's finding goes (render.core.finding)


@dataclass
class Generated:
    """Generated files plus fragments the plugin injects into hand-written pages."""

    files: Files
    fragments: dict[str, str]
    nav: list[dict[str, Any]]
    timings: dict[str, float] = field(default_factory=dict)


class _Clock:
    def __init__(self) -> None:
        self.timings: dict[str, float] = {"load": 0.0, "analyse": 0.0, "render": 0.0}
        self.start = time.perf_counter()

    def add(self, timings: dict[str, float]) -> None:
        """Phases timed elsewhere (a child process) while this clock waited: booked to them."""
        waited = time.perf_counter() - self.start
        for phase, seconds in timings.items():
            self.timings[phase] += seconds
        # handing the result back
        self.timings["render"] += max(0.0, waited - sum(timings.values()))
        self.start = time.perf_counter()

    def lap(self, phase: str) -> None:
        now = time.perf_counter()
        self.timings[phase] += now - self.start
        self.start = now


def generate(
    roots: Sequence[Path],
    templates: Path = DEFAULT_TEMPLATES,
    cache: Path | None = None,
    cache_size: int = site_cache.DEFAULT_SIZE,
    reader_pages: str = "auto",
    *,
    source: Source = NOWHERE,
) -> Generated:
    """Every generated file of the site. With ``cache``, a dataset whose inputs are unchanged
    since a previous build is taken from it (``site_cache``); the result is the same. The
    cache is then cut to ``cache_size`` bytes (``site_cache.bound``). ``reader_pages``:
    whether reader pages are packed (``packed_reader.MODES``). ``source``: where the site is
    built from (``cite.source``), which every cite box names; the build's request holds it."""
    clock = _Clock()
    info = release_info(source)  # read once here; every worker is handed it
    started_ns = time.time_ns() - 10**9  # a file's time may lag the clock a little
    if cache is not None:
        cache_files.claim(cache)  # a folder of the user's is refused before anything is pruned
    charts.use_cache(cache)
    jinja.use_cache(cache)
    groups = group_roots(roots)
    keys = (
        site_cache.dataset_keys(groups, templates, reader_pages, source)
        if cache is not None
        else {}
    )
    cached = (
        {
            ds: entry
            for ds, key in keys.items()
            if (entry := site_cache.read(cache, key)) is not None
        }
        if cache is not None
        else {}
    )
    loaded = _load(roots, {ds: e.systems for ds, e in cached.items()})
    clock.lap("load")
    entries: dict[str, site_cache.Entry] = dict(cached)
    with progress.bar("datasets analysed and rendered", len(loaded), unit="dataset") as tick:
        _render_all(loaded, templates, reader_pages, info, cache, keys, entries, clock, tick)
    order = [g.id for g in groups if g.id in entries]
    ordered = sorted((entries[ds] for ds in order), key=lambda e: e.is_demo)  # research first
    assets = {name: jinja.template_file(templates, f"assets/{name}") for name in ASSETS}
    files: Files = {
        f"assets/litboard/{name}": path.read_text(encoding="utf-8") for name, path in assets.items()
    }
    for entry in ordered:
        files.update(entry.files)
    files.update(api.index_files(files, [e.dataset_id for e in ordered]))
    nav: list[dict[str, Any]] = [e.nav for e in ordered]
    panel = _panel(ordered, templates, cache, [keys.get(e.dataset_id, "") for e in ordered])
    files.update(panel.files)
    nav = ([panel.nav] if panel.nav else []) + nav
    home = render("datasets.html.j2", templates, cards=[e.card for e in ordered])
    finding = finding_html(ordered, templates)
    if cache is not None:
        used = [*keys.values(), site_cache.panel_key([keys.get(e.dataset_id, "") for e in ordered])]
        site_cache.bound(cache, cache_size, used, started_ns)
    clock.lap("render")
    fragments = {DATASETS_MARKER: home, FINDING_MARKER: finding}
    return Generated(files, fragments, nav, clock.timings)


def _load(roots: Sequence[Path], skip: dict[str, set[str]]) -> list[Corpus]:
    """The datasets to render (``skip``: taken from the cache); beside the loading, a child
    makes the chart bundle, once for every dataset's workers (``charts.preload_bundle``)."""
    bundle = parallel.Background(charts.make_bundle)
    try:
        loaded = load_all(roots, skip=skip, checks=ROOT_CHECKS)
    except BaseException:
        bundle.cancel()
        raise
    if loaded:
        charts.preload_bundle(bundle.result())
    else:
        bundle.cancel()
    return loaded


def _render_all(
    loaded: list[Corpus],
    templates: Path,
    reader_pages: str,
    info: ReleaseInfo,
    cache: Path | None,
    keys: dict[str, str],
    entries: dict[str, site_cache.Entry],
    clock: "_Clock",
    tick: progress.Tick,
) -> None:
    """Analyse and render each loaded dataset into ``entries`` (and the cache); ``tick(1)`` per
    dataset."""
    for corpus in loaded:
        # each dataset is analysed and rendered in a child process when that is safe, so this
        # process never loads the chart runtime before the last dataset (see
        # litboard.runtime.parallel)
        job = parallel.Background(lambda: _analysed_entry(corpus, templates, reader_pages, info))
        entry, timings = job.result()
        clock.add(timings)
        entries[corpus.dataset_id] = entry
        if cache is not None and corpus.dataset_id in keys:
            site_cache.write(cache, keys[corpus.dataset_id], entries[corpus.dataset_id])
        clock.lap("render")
        tick(1)


def _panel(
    ordered: list[site_cache.Entry], templates: Path, cache: Path | None, keys: list[str]
) -> site_cache.Panel:
    """The judge-bias panel over every dataset (from the cache when no dataset changed)."""
    key = site_cache.panel_key(keys) if cache is not None and all(keys) else None
    if cache is not None and key is not None:
        if (cached := site_cache.read(cache, key, site_cache.Panel)) is not None:
            return cached
    bias_files, bias_nav = judge_bias_page.build_from_rows(
        [e.judge_rows for e in ordered],
        [e.creative_rows for e in ordered],
        templates,
        demo={e.dataset_id for e in ordered if e.is_demo},
        absent=[(e.card.title, e.judge_absent) for e in ordered if e.judge_absent],
    )
    prov = merged([(e.dataset_id, e.provenance) for e in ordered])
    # the panel's CSV gets its JSON/LaTeX twins too
    panel = site_cache.Panel(
        {
            path: api.root_links(c, path) if isinstance(c, str) and path.endswith(".md") else c
            for path, c in add_downloads(bias_files, prov).items()
        },
        bias_nav,
    )
    if cache is not None and key is not None:
        site_cache.write(cache, key, panel)
    return panel


def _analysed_entry(
    corpus: Corpus, templates: Path, reader_pages: str, info: ReleaseInfo
) -> tuple[site_cache.Entry, dict[str, float]]:
    clock = _Clock()
    # while the dataset is analysed (a child process), this one makes the reader pages' lookups
    # and another the page sets that read only the corpus: three jobs on the cores, not one
    extras = parallel.Background(lambda: _extra_part(corpus, None, templates, "corpus", info))
    analysing = parallel.Background(lambda: analyse(corpus))
    try:
        shared = reader_shared(corpus)
        analysis: Analysis = analysing.result()
        clock.lap("analyse")  # the analysis and, beside it, the reader's lookups
        started = Started(extras, shared)
        entry = dataset_entry(corpus, analysis, templates, info, reader_pages, started)
    except BaseException:
        extras.cancel()
        analysing.cancel()
        raise
    clock.lap("render")
    return entry, clock.timings


@dataclass
class Started:
    """A dataset's work begun before its analysis was done: the page sets that read only the
    corpus (a child process) and the reader pages' corpus-only lookups."""

    extras: parallel.Background
    reader: ReaderShared


def dataset_entry(
    corpus: Corpus,
    analysis: Analysis,
    templates: Path,
    info: ReleaseInfo,
    reader_pages: str = "plain",
    started: Started | None = None,
) -> site_cache.Entry:
    """One dataset's finished output: its pages under ``<dataset id>/`` (cite boxes citing
    ``info``), nav, card, provenance."""
    own, own_nav = dataset_files(corpus, analysis, templates, info, reader_pages, started)
    ds = corpus.dataset_id
    # the dataset's results table, computed once: published as the data API, and the judge-bias
    # rows the panel across datasets draws
    computed = results_of(analysis)
    own[api.records_path(ds)] = computed.table.jsonl()
    # the board leads to the dataset's analysis pages (issue 56), known once they are all built
    links = board_links.analysis_links(own_nav, ds, not computed.judge_rows.empty)
    own[f"{ds}/index.md"] = str(own[f"{ds}/index.md"]).replace(
        board_links.MARKER, board_links.links_row(links, templates), 1
    )
    # mkdocs' theme templates do not escape nav titles: escape the dataset's own title here
    section = str(escape(corpus.dataset_title))
    nav = {section: [{k: f"{ds}/{v}"} for entry in own_nav for k, v in entry.items()]}
    return site_cache.Entry(
        ds,
        corpus.is_demo,
        set(corpus.systems),
        own,
        nav,
        card(corpus, f"{ds}/index.html"),
        provenance(corpus),
        computed.judge_rows,
        computed.creative_rows,
        computed.judge_absent,
    )


def _board(corpus: Corpus, analysis: Analysis, templates: Path, info: ReleaseInfo) -> Files:
    """The dataset's leaderboard page and its downloads, published."""
    board_html, board_files = leaderboard_html(corpus, analysis, templates)
    # the board answers first (issue 30): the dataset's card (version, source, notes) follows it
    card = corpus.datasets[0] if corpus.datasets else {}
    about = render(
        "dataset_intro.html.j2",
        templates,
        intro=intro(corpus, submissions(card), _html(submit_page(card))),
    )
    return published(
        {
            **board_files,
            "index.md": page(
                f"{corpus.dataset_title}: leaderboard",
                board_links.MARKER + "\n\n" + board_html + about,
                corpus.is_demo,
                templates,
            ),
        },
        corpus,
        templates,
        info,
    )


def _html(page_md: str) -> str:
    """A docs page's built name (the site does not use directory URLs)."""
    return page_md[:-3] + ".html" if page_md.endswith(".md") else page_md


def _extra_part(
    corpus: Corpus, analysis: Analysis | None, templates: Path, part: str, info: ReleaseInfo
) -> dict[str, PageSet]:
    """The extra page sets of ``part`` (``extra_pages.PARTS``), each published."""
    return {
        name: PageSet(published(pages.files, corpus, templates, info), pages.nav)
        for name, pages in build_sets(corpus, analysis, templates, part).items()
    }


PAGE_START = bulk.PAGE_START + "\n"  # as page.md.j2 writes it: a line of its own


def labelled(files: Files, corpus: Corpus, templates: Path) -> Files:
    """Every page of a dataset says which dataset (and data version) its numbers belong to."""
    label = labeller(corpus, templates)
    return {path: label(path, content) for path, content in files.items()}


def labeller(corpus: Corpus, templates: Path) -> Callable[[str, Any], Any]:
    """(path, content) -> the content with the dataset label, rendered once per folder depth."""
    labels: dict[int, str] = {}

    def label(path: str, content: Any) -> Any:
        # the dataset's own index page opens with its fuller intro (source, commit, notes) instead
        if (
            isinstance(content, str)
            and path.endswith(".md")
            and path != "index.md"
            and PAGE_START in content
        ):
            depth = path.count("/")
            if depth not in labels:
                labels[depth] = render(
                    "dataset_label.html.j2",
                    templates,
                    up="../" * depth,
                    title=corpus.dataset_title,
                    id=corpus.dataset_id,
                    version=corpus.data_version(),
                )
            content = content.replace(PAGE_START, PAGE_START + labels[depth], 1)
        return content

    return label


def finisher(corpus: Corpus, templates: Path, info: ReleaseInfo) -> Callable[[str, str], str]:
    """(path relative to the dataset folder, page) -> the page as ``labelled`` and
    ``publish_files`` leave it (citing ``info``): one page at a time, for the reader pages'
    workers."""
    box = cite_box(corpus, provenance(corpus), templates, info)
    ds = corpus.dataset_id
    label = labeller(corpus, templates)

    def finish(path: str, content: str) -> str:
        return finish_page(str(label(path, content)), f"{ds}/{path}", box)

    return finish


def published(files: Files, corpus: Corpus, templates: Path, info: ReleaseInfo) -> Files:
    """A part of a dataset's files (paths relative to its folder) as the site gets them: under
    ``<dataset id>/``, labelled, with JSON/LaTeX twins, anchors and cite boxes (citing
    ``info``). File by file, so each part is finished in the process that made it."""
    ds = corpus.dataset_id
    return publish_files(
        {f"{ds}/{path}": content for path, content in labelled(files, corpus, templates).items()},
        corpus,
        templates,
        info,
    )


def dataset_files(
    corpus: Corpus,
    analysis: Analysis,
    templates: Path,
    info: ReleaseInfo,
    reader_pages: str = "plain",
    started: Started | None = None,
) -> tuple[Files, list[dict[str, str]]]:
    """One dataset's finished files (under ``<dataset id>/``) and its nav entries (relative).
    ``started``: the work begun while the dataset was analysed (else all of it begins here)."""
    # the page sets beside the reader (agreement, overlap, ...; the system, browse and work
    # pages) are built and finished in more processes while this one builds the reader
    # pages: their serial parts, and finishing them here afterwards, would leave a core idle
    early_job = (
        started.extras
        if started
        else parallel.Background(lambda: _extra_part(corpus, None, templates, "corpus", info))
    )
    extra_job = parallel.Background(
        lambda: _extra_part(corpus, analysis, templates, "analysis", info)
    )
    browse_job = parallel.Background(
        lambda: published(browse_files(corpus, analysis, templates), corpus, templates, info)
    )
    # loads the chart runtime: not here
    board_job = parallel.Background(lambda: _board(corpus, analysis, templates, info))
    try:
        files = published(
            reader_files(
                corpus,
                analysis,
                templates,
                finisher(corpus, templates, info),
                reader_pages,
                started.reader if started else None,
            ),
            corpus,
            templates,
            info,
        )
        files.update(board_job.result())
        files.update(browse_job.result())
        extra = merge_sets([early_job.result(), extra_job.result()])
    except BaseException:
        for job in (early_job, extra_job, browse_job, board_job):
            job.cancel()
        raise
    files.update(extra.files)
    nav = [
        {"Leaderboard": "index.md"},
        *extra.nav,
        {"Systems": "systems/index.md"},
        {"Paragraphs": "paragraphs/index.md"},
        {"Works": "works/index.md"},
    ]
    return files, nav
