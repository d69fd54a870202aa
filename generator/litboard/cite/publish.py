"""The one post-processing step ``pipeline.site.generate`` calls on every generated file.

It adds the JSON and LaTeX twin of every CSV, stable ids (permalink targets) on every table
and table row, and a "Cite this" box under every page that shows a table or a figure.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from .. import __version__
from ..model import Corpus
from ..render.core.jinja import render
from .anchors import anchor_tables, page_prefix
from .api import root_links
from .bibtex import UNRELEASED, Entry, ReleaseInfo, dataset_entry, pinned, release_entry
from .downloads import Files, add_downloads
from .provenance import Provenance, provenance
from .source import Source


def release_info(source: Source) -> ReleaseInfo:
    """The release being built from ``source`` (its commit, repository and site address:
    ``cite.source``, resolved once where the build's request is made): LITBOARD_RELEASE, dated by
    SOURCE_DATE_EPOCH (``pipeline.build`` pins it), both read once per build
    (``pipeline.site.generate``)."""
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    date = time.strftime("%Y-%m-%d", time.gmtime(stamp))
    return ReleaseInfo(
        os.environ.get("LITBOARD_RELEASE") or UNRELEASED,
        date,
        source.site_url,
        __version__,
        source.commit,
        source.repo_url,
    )


def cite_entries(corpus: Corpus, info: ReleaseInfo) -> list[Entry]:
    releases = tuple(found for card in corpus.datasets if (found := pinned(card)))
    return [
        *(dataset_entry(card) for card in corpus.datasets),
        release_entry(info, corpus.data_version(), releases),
    ]


def cite_box(corpus: Corpus, prov: Provenance, templates: Path, info: ReleaseInfo) -> str:
    releases = [found for card in corpus.datasets if (found := pinned(card))]
    return render(
        "cite/box.html.j2",
        templates,
        entries=cite_entries(corpus, info),
        prov=prov,
        release=info,
        releases=releases,
    )


def publish_files(files: Files, corpus: Corpus, templates: Path, info: ReleaseInfo) -> Files:
    """``files`` (one dataset's, paths relative to its folder) with downloads, ids and cite
    boxes citing ``info`` (the build's ``release_info``)."""
    prov = provenance(corpus)
    box = cite_box(corpus, prov, templates, info)
    out = add_downloads(files, prov)
    for path, content in sorted(out.items()):
        if path.endswith(".md") and isinstance(content, str):
            out[path] = _finish(content, path, box)
    return out


def finish_page(page: str, path: str, box: str) -> str:
    """What ``publish_files`` does to one page at ``path`` (relative to the site)."""
    return _finish(page, path, box)


def _finish(page: str, path: str, box: str) -> str:
    """Ids on tables and rows; the cite box under a page that shows a table or a figure; links
    to the site's own pages (the Data API) relative to the page."""
    anchored = anchor_tables(root_links(page, path), page_prefix(path))
    if "<table" in anchored or 'class="lb-chart"' in anchored:
        anchored = anchored.rstrip("\n") + "\n\n" + box
    return anchored
