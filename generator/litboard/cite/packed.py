"""Reader pages of a frozen release, packed: same path, same bytes, a ninth of the size.

A release is a copy of the whole site, and its one-per-paragraph reader pages are most of it
(issue 32: ~95% of a 20,000-segment site). When a release is frozen each reader page is
replaced, at the same path, by a small page that carries the original bytes gzip-compressed
(base64, in a ``<script type="application/octet-stream">``) and a few lines of script that
decompress them with the browser's own ``DecompressionStream`` and show the page as it was.
Permalinks keep working (same path, status 200, the page's own ``#`` targets), nothing is
requested from anywhere, and ``unpack`` gives back the exact bytes (tests check every page).
Without JavaScript the page says what it is and links the same page on the latest site.
Boards, tables, figures, downloads, the changelog and ``release.json`` stay as they were.
"""

from __future__ import annotations

import base64
import gzip
import html
import re
from dataclasses import dataclass
from pathlib import Path

from ..render.core.jinja import DEFAULT_TEMPLATES, render

MARK = b'<div class="lb-reader" data-paragraph="'  # templates/paragraph.html.j2: a reader page
# templates/cite/packed_page.html.j2
PACKED = b'<meta name="litboard-packed" content="gzip+base64">'
_PAYLOAD = re.compile(
    rb'<script type="application/octet-stream" id="lb-packed">([A-Za-z0-9+/=]*)</script>'
)
_TITLE = re.compile(rb"<title>(.*?)</title>", re.S)


@dataclass
class Packing:
    pages: int = 0
    before: int = 0  # bytes of the reader pages as built
    after: int = 0  # bytes of the packed pages


def is_reader(data: bytes) -> bool:
    return MARK in data and PACKED not in data


def packed_page(data: bytes, path: str, version: str, templates: Path = DEFAULT_TEMPLATES) -> bytes:
    """The page that stands for reader page ``data`` at ``path`` (relative to the release)."""
    found = _TITLE.search(data)
    title = html.unescape(found.group(1).decode("utf-8", "replace")) if found else path
    latest = "../" * (path.count("/") + 2) + path  # the same page on the latest site (v/VERSION/…)
    payload = base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")
    page = render(
        "cite/packed_page.html.j2",
        templates,
        title=title,
        version=version,
        latest=latest,
        payload=payload,
    )
    return page.encode("utf-8")


def unpack(page: bytes) -> bytes:
    """The original bytes of a packed page (ValueError when ``page`` is not one)."""
    found = _PAYLOAD.search(page)
    if found is None or PACKED not in page:
        raise ValueError("not a packed litboard page")
    return gzip.decompress(base64.b64decode(found.group(1)))


def pack(release: Path, version: str, templates: Path = DEFAULT_TEMPLATES) -> Packing:
    """Pack every reader page under ``release`` (a staging copy litboard just wrote) in place."""
    done = Packing()
    for path in sorted(release.rglob("*.html")):
        data = path.read_bytes()
        if not is_reader(data):
            continue
        page = packed_page(data, path.relative_to(release).as_posix(), version, templates)
        if len(page) >= len(data):
            continue  # a tiny page gains nothing
        path.write_bytes(page)
        done.pages, done.before, done.after = (
            done.pages + 1,
            done.before + len(data),
            done.after + len(page),
        )
    return done
