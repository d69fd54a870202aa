"""The pages of a dataset that combine the page families: the leaderboard, the paragraph
browser and reader pages, the system and work pages (``render.core.pages`` has the page helpers
they all use)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pandas as pd
from markupsafe import Markup, escape

from ..analysis.tables import Analysis
from ..model import Corpus
from ..runtime import parallel, progress
from .boards.browse_views import disagreement_listing, paragraph_listing
from .boards.system_views import system_pair_csv, system_views
from .core import packed_reader
from .core.badges import LABELS
from .core.bulk import PackedPage
from .core.board_extras import META_FIELDS, last_updated
from .core.board_marks import mark_boards
from .core.jinja import DEFAULT_TEMPLATES, render
from .core.pages import Files, csv_text, page
from .core.pooled_view import pooled_board, pooled_csv
from .core.views import board_csv, boards
from .reader.notes import paragraph_notes
from .reader.views import ReaderJobs, ReaderShared


def leaderboard_html(
    corpus: Corpus, analysis: Analysis, templates: Path = DEFAULT_TEMPLATES
) -> tuple[str, Files]:
    """The leaderboard fragment for the home page, plus its CSV files."""
    files: Files = {}
    all_boards = boards(corpus, analysis)
    mark_boards(all_boards, corpus)
    for board in all_boards:
        files[board.csv] = csv_text(board_csv(board))
    pooled = pooled_board(corpus, analysis, [board.ranked_by for board in all_boards])
    if pooled is not None:
        files[pooled.csv] = csv_text(pooled_csv(pooled))
    kinds = sorted({row.kind for board in all_boards for row in board.rows + board.unranked})
    html = render(
        "leaderboard.html.j2",
        templates,
        boards=all_boards,
        base="",
        demo=corpus.is_demo,
        kinds=kinds,
        evidence=list(LABELS.items()),
        pooled=pooled,
        meta_heads=[head for _, head in META_FIELDS],
        updated=last_updated(corpus.data_version()),
    )
    return html, files


def generated_pages(
    corpus: Corpus,
    analysis: Analysis,
    templates: Path = DEFAULT_TEMPLATES,
    finish: Callable[[str, str], str] | None = None,
    reader_pages: str = "plain",
) -> Files:
    """Every page and download of a dataset: ``reader_files`` and ``browse_files``."""
    files = reader_files(corpus, analysis, templates, finish, reader_pages)
    files.update(browse_files(corpus, analysis, templates))
    return files


def reader_files(
    corpus: Corpus,
    analysis: Analysis,
    templates: Path = DEFAULT_TEMPLATES,
    finish: Callable[[str, str], str] | None = None,
    reader_pages: str = "plain",
    shared: ReaderShared | None = None,
) -> Files:
    """One reader page per paragraph. With ``finish`` (path, page -> finished page: the
    dataset label, anchors and cite box ``site`` adds to every page), they are finished right
    away, in the worker processes, and packed (``bulk.PackedPage``); their bodies are
    gzip-packed too when ``reader_pages`` says so for a dataset of this size (``packed_reader``).
    ``shared``: the pages' corpus-only lookups (``reader.views.reader_shared``), if made already."""
    demo = corpus.is_demo
    notes = paragraph_notes(corpus)
    jobs = ReaderJobs(corpus, analysis, shared)
    # a finished page only
    pack = finish is not None and packed_reader.packs(reader_pages, len(jobs))

    def reader_page(position: int) -> tuple[str, str | PackedPage]:
        view = jobs.view(position)
        body = render(
            "paragraph.html.j2",
            templates,
            view=view,
            base="../",
            notes=notes.get(view.paragraph, []),
        )
        title = f"{view.work_title}: paragraph {view.paragraph}"
        # reader pages are found through their work page (title, opening words), not indexed:
        # their text, spans and scores would make the index grow with every translation
        path = f"paragraphs/{view.paragraph}.md"
        markdown = page(title, body, demo, templates, search="none", bulk=True)
        if finish is None:
            return path, markdown
        finished = finish(path, markdown)
        return path, PackedPage.of(
            packed_reader.pack(finished, templates), compress=False
        ) if pack else PackedPage.of(finished)

    with progress.bar(f"{corpus.dataset_id}: reader pages", len(jobs)) as tick:
        return dict(parallel.map_ordered(reader_page, len(jobs), tick))


def browse_files(corpus: Corpus, analysis: Analysis, templates: Path = DEFAULT_TEMPLATES) -> Files:
    """The system pages, the paragraph and system listings, the browse pages and the work pages."""
    demo = corpus.is_demo
    files: Files = {}
    for view in system_views(corpus, analysis):
        body = render("system.html.j2", templates, view=view, base="../")
        files[f"systems/{view.system}.md"] = page(view.name, body, demo, templates, search="full")
        for pair in view.pairs:
            files[f"systems/{pair.csv}"] = csv_text(system_pair_csv(pair))
    files.update(_listings(corpus, demo, templates))
    files.update(_browse(corpus, analysis, demo, templates))
    files.update(_work_pages(corpus, demo, templates))
    return files


def _listings(corpus: Corpus, demo: bool, templates: Path) -> Files:
    systems = corpus.tables["systems"].sort_values("system")
    counts = corpus.translations.groupby("system")["paragraph"].count()
    system_rows = [
        {
            "label": r["name"],
            "link": f"{r['system']}.html",
            "cells": [r["system"], r["kind"], r["modality"], int(counts.get(r["system"], 0))],
        }
        for r in systems.to_dict("records")
    ]
    files: Files = {}
    files["systems/index.md"] = page(
        "Systems",
        render(
            "listing.html.j2",
            templates,
            intro="Every system with outputs in the loaded data.",
            headers=["System", "id", "kind", "modality", "translations"],
            rows=system_rows,
            csv="systems.csv",
            filters=[],
        ),
        demo,
        templates,
        wide=True,
    )
    files["systems/systems.csv"] = csv_text(
        pd.DataFrame(
            [
                dict(
                    zip(
                        ["name", "system", "kind", "modality", "translations"],
                        [r["label"], *r["cells"]],
                    )
                )
                for r in system_rows
            ]
        )
    )
    return files


def _browse(corpus: Corpus, analysis: Analysis, demo: bool, templates: Path) -> Files:
    """The paragraph list (spread per paragraph, filters) and where judges disagree most."""
    all_boards = boards(corpus, analysis)
    files: Files = {}
    listing = paragraph_listing(corpus, analysis, all_boards)
    disputed = disagreement_listing(corpus, analysis, all_boards)
    intro = Markup(escape(listing.intro)) + (
        Markup(' See also <a href="disagreement.html">where judges disagree most</a>.')
        if disputed
        else ""
    )
    files.update(
        paged_listing(
            "paragraphs",
            "Paragraphs",
            intro,
            listing.headers,
            listing.rows,
            listing.filters,
            "paragraphs.csv",
            demo,
            templates,
        )
    )
    files["paragraphs/paragraphs.csv"] = csv_text(listing.csv_frame)
    if disputed is not None:
        files["paragraphs/disagreement.md"] = page(
            "Where judges disagree most",
            render(
                "listing.html.j2",
                templates,
                intro=disputed.intro,
                headers=disputed.headers,
                rows=disputed.rows,
                csv="disagreement.csv" if disputed.rows else "",
                filters=disputed.filters,
            ),
            demo,
            templates,
            wide=True,
        )
        if disputed.rows:
            files["paragraphs/disagreement.csv"] = csv_text(disputed.csv_frame)
    return files


PAGE_ROWS = 1000  # rows per page of a long listing: 20,000 paragraphs would make a 7 MB page


def paged_listing(
    folder: str,
    title: str,
    intro: str,
    headers: list[str],
    rows: list[dict[str, Any]],
    filters: list[tuple[str, str, list[str]]],
    csv: str,
    demo: bool,
    templates: Path,
    size: int = PAGE_ROWS,
) -> Files:
    """A listing as ``<folder>/index.md`` plus ``page-2.md``, ``page-3.md``, … of ``size`` rows
    each, linked by a pager; each page's filters offer the values on that page. The CSV has
    every row."""
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]
    names = ["index.md", *(f"page-{n}.md" for n in range(2, len(chunks) + 1))]
    files: Files = {}
    for number, (name, chunk) in enumerate(zip(names, chunks), start=1):
        pager = None
        if len(chunks) > 1:
            pager = {
                "number": number,
                "rows": (size * (number - 1) + 1, size * (number - 1) + len(chunk), len(rows)),
                "links": [(n, other[:-3] + ".html") for n, other in enumerate(names, start=1)],
            }
        present = {
            (attr, value) for r in chunk for attr, value in dict(r.get("attrs") or {}).items()
        }
        shown = [
            (attr, label, [v for v in values if (attr, v) in present])
            for attr, label, values in filters
        ]
        heading = title if number == 1 else f"{title} (page {number} of {len(chunks)})"
        files[f"{folder}/{name}"] = page(
            heading,
            render(
                "listing.html.j2",
                templates,
                intro=intro,
                headers=headers,
                rows=chunk,
                csv=csv,
                filters=shown,
                pager=pager,
            ),
            demo,
            templates,
            wide=True,
        )
    return files


def _work_pages(corpus: Corpus, demo: bool, templates: Path) -> Files:
    files: Files = {}
    rows = []
    by_work = {
        str(w): g.sort_values("index", kind="stable").to_dict("records")
        for w, g in corpus.paragraphs.groupby("work", sort=False)
    }
    for work_id, work in sorted(corpus.works.items()):
        para_rows = [
            {
                "label": p["paragraph"],
                "link": f"../paragraphs/{p['paragraph']}.html",
                "cells": [str(p["snippet"] or "")],
            }
            for p in by_work.get(work_id, [])
        ]
        facts = [
            ("author", work.get("author", "")),
            ("year", work.get("year", "")),
            ("source language", work["source_lang"]),
            ("genre", work["genre"]),
            ("era", work["era"]),
            ("edition", work.get("edition", "")),
            ("rights", f"{work['rights']['status']}: {work['rights']['note']}"),
        ]
        body = render(
            "work.html.j2",
            templates,
            facts=[(k, str(v)) for k, v in facts if v not in ("", None)],
            notes=work.get("notes", []),
            translations=work.get("translations", []),
            links=work.get("links", []),
            rows=para_rows,
        )
        files[f"works/{work_id}.md"] = page(
            str(work["title"]), body, demo, templates, search="full"
        )
        rows.append(
            {
                "label": str(work["title"]),
                "link": f"{work_id}.html",
                "cells": [str(work.get("author", "")), work["genre"], work["era"], len(para_rows)],
            }
        )
    files["works/index.md"] = page(
        "Works",
        render(
            "listing.html.j2",
            templates,
            intro="The works the source paragraphs come from.",
            headers=["Work", "author", "genre", "era", "paragraphs"],
            rows=rows,
            csv="",
        ),
        demo,
        templates,
    )
    return files
