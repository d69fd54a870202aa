"""Assemble every generated file of the site: relative path -> text or bytes.

Pure: reads the corpus and analysis, returns a dict. ``site.write``/the mkdocs plugin
are the only places that touch the filesystem.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
from markupsafe import Markup

from ..model import Corpus
from .jinja import DEFAULT_TEMPLATES, render
from .system_views import system_pair_csv, system_views
from .reader_views import paragraph_views
from .views import Analysis, board_csv, boards

Files = dict[str, str | bytes]
ASSETS = ("litboard.css", "litboard.js", "reader.css", "reader.js", "home.css")


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def csv_text(frame: pd.DataFrame) -> str:
    """Every CSV download: text cells (and headers) that a spreadsheet would run as a formula
    are neutralised; numeric columns are written as numbers."""
    safe = frame.copy()
    safe.columns = [inert_cell(c) for c in safe.columns]
    for position in range(safe.shape[1]):
        if not pd.api.types.is_numeric_dtype(safe.dtypes.iloc[position]):
            safe.isetitem(position, safe.iloc[:, position].map(inert_cell))
    return safe.to_csv(index=False, lineterminator="\n", float_format="%.6g")


def inert_cell(value: object) -> object:
    """OWASP's CSV-injection defence: a text starting with = + - @ tab or CR gets a leading
    single quote, so spreadsheets show it as text. A number, or text that is only a number
    (``-0.5``), is left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


SEARCH = ("full", "title", "none")


def page(title: str, body: str, demo: bool, templates: Path, search: str = "title") -> str:
    """A generated Markdown page. ``search`` says what the site search indexes: "title" (the
    default: the title only, so numbers, provenance and signatures never reach the index),
    "full" (title and text, minus blocks marked ``data-search-exclude``: system cards, works)
    or "none" (left out: mkdocs-material's ``search.exclude`` front matter)."""
    if search not in SEARCH:
        raise ValueError(f"search must be one of {SEARCH}, not {search!r}")
    return render("page.md.j2", templates, title=title, body=Markup(body), demo=demo, search=search)


def leaderboard_html(corpus: Corpus, analysis: Analysis, templates: Path = DEFAULT_TEMPLATES) -> tuple[str, Files]:
    """The leaderboard fragment for the home page, plus its CSV files."""
    files: Files = {}
    all_boards = boards(corpus, analysis)
    for board in all_boards:
        files[board.csv] = csv_text(board_csv(board))
    html = render("leaderboard.html.j2", templates, boards=all_boards, base="", demo=corpus.is_demo)
    return html, files


def generated_pages(corpus: Corpus, analysis: Analysis, templates: Path = DEFAULT_TEMPLATES) -> Files:
    demo = corpus.is_demo
    files: Files = {}
    for view in paragraph_views(corpus, analysis):
        body = render("paragraph.html.j2", templates, view=view, base="../")
        title = f"{view.work_title}: paragraph {view.paragraph}"
        # reader pages are found through their work page (title, opening words), not indexed:
        # their text, spans and scores would make the index grow with every translation
        files[f"paragraphs/{view.paragraph}.md"] = page(title, body, demo, templates, search="none")
    for view in system_views(corpus, analysis):
        body = render("system.html.j2", templates, view=view, base="../")
        files[f"systems/{view.system}.md"] = page(view.name, body, demo, templates, search="full")
        for pair in view.pairs:
            files[f"systems/{pair.csv}"] = csv_text(system_pair_csv(pair))
    files.update(_listings(corpus, demo, templates))
    files.update(_work_pages(corpus, demo, templates))
    return files


def _listings(corpus: Corpus, demo: bool, templates: Path) -> Files:
    systems = corpus.tables["systems"].sort_values("system")
    counts = corpus.translations.groupby("system")["paragraph"].count()
    system_rows = [{"label": r["name"], "link": f"{r['system']}.html",
                    "cells": [r["system"], r["kind"], r["modality"], int(counts.get(r["system"], 0))]}
                   for r in systems.to_dict("records")]
    paragraphs = corpus.paragraphs.sort_values(["work", "index", "paragraph"], kind="stable")
    titles = {w: str(d.get("title", w)) for w, d in corpus.works.items()}
    n_tr = corpus.translations.groupby("paragraph")["system"].count()
    para_rows = [{"label": r["paragraph"], "link": f"{r['paragraph']}.html",
                  "cells": [titles.get(r["work"], r["work"]), r["source_lang"],
                            str(r["snippet"] or ""), int(n_tr.get(r["paragraph"], 0))]}
                 for r in paragraphs.to_dict("records")]
    files: Files = {}
    files["systems/index.md"] = page("Systems", render(
        "listing.html.j2", templates, intro="Every system with outputs in the loaded data.",
        headers=["System", "id", "kind", "modality", "translations"], rows=system_rows,
        csv="systems.csv"), demo, templates)
    files["systems/systems.csv"] = csv_text(pd.DataFrame(
        [dict(zip(["name", "system", "kind", "modality", "translations"], [r["label"], *r["cells"]]))
         for r in system_rows]))
    files["paragraphs/index.md"] = page("Paragraphs", render(
        "listing.html.j2", templates, intro="Every source paragraph, with its translations side by side.",
        headers=["Paragraph", "work", "language", "begins", "translations"], rows=para_rows,
        csv="paragraphs.csv"), demo, templates)
    files["paragraphs/paragraphs.csv"] = csv_text(pd.DataFrame(
        [dict(zip(["paragraph", "work", "language", "begins", "translations"], [r["label"], *r["cells"]]))
         for r in para_rows]))
    return files


def _work_pages(corpus: Corpus, demo: bool, templates: Path) -> Files:
    files: Files = {}
    rows = []
    for work_id, work in sorted(corpus.works.items()):
        paragraphs = corpus.paragraphs[corpus.paragraphs["work"] == work_id].sort_values("index")
        para_rows = [{"label": p["paragraph"], "link": f"../paragraphs/{p['paragraph']}.html",
                      "cells": [str(p["snippet"] or "")]} for p in paragraphs.to_dict("records")]
        facts = [("author", work.get("author", "")), ("year", work.get("year", "")),
                 ("source language", work["source_lang"]), ("genre", work["genre"]), ("era", work["era"]),
                 ("edition", work.get("edition", "")), ("rights", f"{work['rights']['status']}: {work['rights']['note']}")]
        body = render("work.html.j2", templates, facts=[(k, str(v)) for k, v in facts if v not in ("", None)],
                      notes=work.get("notes", []), translations=work.get("translations", []),
                      links=work.get("links", []), rows=para_rows)
        files[f"works/{work_id}.md"] = page(str(work["title"]), body, demo, templates, search="full")
        rows.append({"label": str(work["title"]), "link": f"{work_id}.html",
                     "cells": [str(work.get("author", "")), work["genre"], work["era"], len(para_rows)]})
    files["works/index.md"] = page("Works", render(
        "listing.html.j2", templates, intro="The works the source paragraphs come from.",
        headers=["Work", "author", "genre", "era", "paragraphs"], rows=rows, csv=""), demo, templates)
    return files
