"""Reader pages of a large dataset, packed: the page's body gzip-compressed inside the page.

A WMT test set has one reader page per segment — 20,000 pages of ~65 KB of markup each, most
of a site that GitHub Pages caps at 1 GB (issue 32). Packed, a reader page keeps its theme
shell (head, header, title) as HTML and carries its body — every translation, span layer,
popover content, agreement figure and provenance line, byte for byte — gzip-compressed and
base64-encoded in a ``<script type="application/octet-stream">``. ``assets/packed.js``
decompresses it with the browser's own ``DecompressionStream``, puts it in place of the
packed box and only then starts litboard.js and reader.js, so the page a reader sees (and
the browser tests check) is the plain page. Permalinks (``#`` targets) are followed once the
body is in place. Without JavaScript the box says what it is and links the dataset's pages.

``mode``: ``plain`` never packs, ``packed`` always, ``auto`` (the default) packs the reader
pages of a dataset with more than ``AUTO_ABOVE`` paragraphs, so the literary datasets keep
pages readable as source. The same inputs give the same bytes (gzip without a time stamp).
"""

from __future__ import annotations

import base64
import gzip
import re
from pathlib import Path

from markupsafe import Markup

from ...errors import DataError, Problem
from .bulk import raw_body
from .jinja import DEFAULT_TEMPLATES, render

MODES = ("auto", "packed", "plain")
AUTO_ABOVE = 1000  # paragraphs of a dataset above which ``auto`` packs its reader pages
# gzip level, measured on 500 reader pages of the 20,000-segment bench set (62 KB each): base64
# KB per page / CPU-s per 20,000 pages — 1: 11.9 / 5.3, 3: 10.9 / 5.3, 6: 9.3 / 12.1, 9: 9.1 / 17.3
LEVEL = 3
_H1 = re.compile(r"<h1[ >].*?</h1>", re.S)
_PAYLOAD = re.compile(
    r'<script type="application/octet-stream" class="lb-packed-data">([A-Za-z0-9+/=]*)</script>'
)


def check_mode(mode: str, where: str, field: str) -> str:
    """``mode`` when it is one of MODES, else a DataError naming ``where`` and ``field``."""
    if mode not in MODES:
        raise DataError(
            [
                Problem(
                    where,
                    0,
                    field,
                    f"{mode!r} is not a way to write reader pages",
                    f"give one of {', '.join(MODES)}",
                )
            ]
        )
    return mode


def packs(mode: str, paragraphs: int) -> bool:
    """Whether a dataset of ``paragraphs`` reader pages gets them packed under ``mode``."""
    return mode == "packed" or (mode == "auto" and paragraphs > AUTO_ABOVE)


def pack(markdown: str, templates: Path = DEFAULT_TEMPLATES) -> str:
    """The finished reader page ``markdown`` (front matter + one raw ``lb-page`` block, as
    ``bulk.parse`` takes it) with its body packed; the front matter is unchanged."""
    end = markdown.find("\n---\n", 4) if markdown.startswith("---\n") else -1
    body = raw_body(markdown[end + 5 :]) if end >= 0 else None
    heading = _H1.search(body) if body is not None else None
    if body is None or heading is None:
        raise ValueError("a reader page to pack is one generated lb-page block with its <h1>")
    payload = base64.b64encode(gzip.compress(body.encode("utf-8"), LEVEL, mtime=0)).decode("ascii")
    # our own markup
    packed = render(
        "reader/packed.html.j2", templates, heading=Markup(heading.group(0)), payload=payload
    )
    return markdown[: end + 5] + "\n" + packed.strip() + "\n"


def unpack(html: str) -> str:
    """The body a packed page's box stands for (ValueError when ``html`` holds none)."""
    found = _PAYLOAD.search(html)
    if found is None:
        raise ValueError("no packed litboard reader body")
    return gzip.decompress(base64.b64decode(found.group(1))).decode("utf-8")
