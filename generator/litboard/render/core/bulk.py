"""Pages that skip mkdocs' per-page pipeline: one shell per folder, filled in many times.

A dataset has one reader page per paragraph — 20,000 at WMT size — and each is the same
theme layout around a different body. mkdocs would run its Markdown, nav and theme
templates for every one of them (a few milliseconds each, minutes in all). Instead the
generator marks such pages ``bulk`` and ``split`` takes them out of the mkdocs file list;
for each folder that holds some, mkdocs renders a single shell page (same folder, so every
relative link, asset path and nav entry is what the real page would get) whose title and
body are placeholders; ``write`` then fills the shell once per page.

Only pages whose body is one raw HTML block and whose front matter is ours qualify, so the
result is byte for byte what mkdocs would write for the page (tests/pipeline/test_bulk_pages.py).
Bulk pages are excluded from the site search (their work pages are indexed instead).
"""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Mapping

# The opening of every generated page's body (templates/page.md.j2).
PAGE_START = '<div class="lb-page" markdown="0">'
SHELL_NAME = "litboard-shell"
TITLE_MARK = "LITBOARDSHELLTITLE"
BODY_MARK = "LITBOARDSHELLBODY"
FRONT_BULK = "litboard_bulk: true\n"
# "<h1" in a comment: mkdocs-material adds the page title as a heading to a body without one,
# and every bulk page has its own (``parse`` refuses a body without it)
SHELL_BODY = f'{PAGE_START}<!-- <h1> -->{BODY_MARK}</div>'
_TITLE_KEY = "title: "


@dataclass(frozen=True)
class BulkPage:
    """One page filled into its folder's shell: the title as mkdocs shows it (already
    HTML-escaped: the front matter carries escaped text) and the body HTML."""

    title: str
    html: str


@dataclass(frozen=True)
class PackedPage:
    """A finished bulk page's Markdown, zlib-compressed: 20,000 reader pages are ~1.4 GB of
    text, ~10x less packed, so the generator can hold (and cache) them all. A page whose body
    is gzip-packed already (``packed_reader``) is kept as UTF-8 (``raw``): zlib would gain a
    quarter of its bytes for ~6 CPU-s per 20,000 pages."""

    packed: bytes
    raw: bool = False

    @classmethod
    def of(cls, markdown: str, compress: bool = True) -> "PackedPage":
        data = markdown.encode("utf-8")
        return cls(zlib.compress(data, 1)) if compress else cls(data, True)

    @property
    def markdown(self) -> str:
        return (self.packed if self.raw else zlib.decompress(self.packed)).decode("utf-8")


Bulk = dict[str, dict[str, BulkPage | PackedPage]]  # folder -> {page file name (.md) -> page}


def parse(markdown: str) -> BulkPage | None:
    """The bulk page in ``markdown`` (a ``page.md.j2`` output), or None when it is not one."""
    if not markdown.startswith("---\n"):
        return None
    end = markdown.find("\n---\n", 4)
    if end < 0:
        return None
    front = markdown[4 : end + 1]
    if FRONT_BULK not in front.splitlines(keepends=True):
        return None
    title_line = next((line for line in front.splitlines() if line.startswith(_TITLE_KEY)), None)
    if title_line is None:
        return None
    title = json.loads(title_line[len(_TITLE_KEY) :])
    body = raw_body(markdown[end + 5 :])
    if body is None or not isinstance(title, str) or "<h1" not in body:
        return None
    return BulkPage(title, body)


def unpacked(files: Mapping[str, str | bytes | PackedPage]) -> dict[str, str | bytes]:
    """``files`` with packed pages as Markdown again (for mkdocs, when bulk pages are off)."""
    return {path: c.markdown if isinstance(c, PackedPage) else c for path, c in files.items()}


def split(files: Mapping[str, str | bytes | PackedPage]) -> tuple[dict[str, str | bytes], Bulk]:
    """(files for mkdocs — with one shell page per bulk folder —, the bulk pages by folder)."""
    rest: dict[str, str | bytes] = {}
    bulk: Bulk = {}
    # a packed page is always a bulk page; a string one if it qualifies
    for path, content in files.items():
        page: BulkPage | PackedPage | None = (
            content
            if isinstance(content, PackedPage)
            else (parse(content) if isinstance(content, str) and path.endswith(".md") else None)
        )
        if page is None:
            if not isinstance(content, PackedPage):  # (always so: a packed page is a bulk page)
                rest[path] = content
            continue
        folder, name = str(PurePosixPath(path).parent), PurePosixPath(path).name
        bulk.setdefault(folder, {})[name] = page
    for folder in bulk:
        shell = f"{folder}/{SHELL_NAME}.md"
        if shell in rest or f"{SHELL_NAME}.md" in bulk[folder]:
            raise ValueError(f"{shell}: the name is reserved for the bulk-page shell")
        rest[shell] = shell_page()
    return rest, bulk


def _linked(old: Path, new: Path, data: bytes) -> bool:
    """Whether ``new`` is now a hard link to ``old``, which holds exactly ``data``."""
    try:
        if old.stat().st_size != len(data) or old.read_bytes() != data:
            return False
        os.link(old, new)
    except OSError:  # no old page, another file system, links not allowed: write it
        return False
    return True


def shell_page() -> str:
    # litboard_bulk as on the pages it stands for: the theme gives them their light shell
    # (theme/main.html)
    return (
        f"---\ntitle: {json.dumps(TITLE_MARK)}\n{FRONT_BULK}search:\n  exclude: true\n---\n\n"
        f"{SHELL_BODY}\n"
    )


def write(site_dir: Path, bulk: Bulk, previous: Path | None = None) -> int:
    """Fill every folder's rendered shell with its pages; remove the shell. Returns pages written.

    Needs ``use_directory_urls: false`` (``x.md`` -> ``x.html`` beside the shell); the
    plugin hands bulk pages to mkdocs as ordinary pages otherwise. ``previous``: the site
    this build replaces; a page whose bytes equal its file there is hard-linked to it instead
    of written (writing was most of a rebuild at 20,000 pages; the old site is never changed)."""
    written = 0
    for folder, pages in sorted(bulk.items()):
        shell_path = site_dir / folder / f"{SHELL_NAME}.html"
        shell = shell_path.read_text(encoding="utf-8")
        head, body_mark, tail = shell.partition(SHELL_BODY)
        if not body_mark or SHELL_BODY in tail:
            raise RuntimeError(
                f"{shell_path}: the theme did not keep the shell's body marker exactly once"
            )
        head_parts, tail_parts = head.split(TITLE_MARK), tail.split(TITLE_MARK)
        for name, item in sorted(pages.items()):
            out = site_dir / folder / (name[:-3] + ".html")
            page = item if isinstance(item, BulkPage) else parse(item.markdown)
            if page is None:
                raise RuntimeError(f"{folder}/{name}: a packed page is not a bulk page")
            own = _own_address(head_parts, name[:-3])
            data = (page.title.join(own) + page.html + page.title.join(tail_parts)).encode(
                "utf-8"
            )
            if previous is None or not _linked(previous / folder / out.name, out, data):
                with open(out, "wb") as handle:
                    handle.write(data)
            written += 1
        os.remove(shell_path)
    return written


# the shell's own address in its head: the canonical link mkdocs writes when site_url is set
SHELL_LINK = f'/{SHELL_NAME}.html"'


def _own_address(head_parts: list[str], stem: str) -> list[str]:
    """The shell's head with its own address (the canonical link) made the page's ``stem``."""
    if not any(SHELL_LINK in part for part in head_parts):
        return head_parts
    return [part.replace(SHELL_LINK, f'/{stem}.html"') for part in head_parts]


# The "Cite this" box that may follow a generated page's body (cite/publish.py writes it).
CITE_START = '<details class="lb-cite" data-search-exclude>'


def raw_body(markdown: str) -> str | None:
    """The page's HTML when its Markdown is a generated ``lb-page`` block (optionally followed
    by the "Cite this" box), else None.

    Such blocks are raw HTML to Markdown (passed through unchanged), so converting them only
    costs time: Python-Markdown's HTML-block parser dominated the build of large sites.
    tests/pipeline/test_bulk_pages.py checks, page by page, that the result equals Markdown's.
    """
    text = _normalised(markdown).strip()
    if not text.startswith(PAGE_START):
        return None
    page, box, rest = text.partition(CITE_START)
    if box and not (
        page.endswith("</div>\n\n")
        and rest.endswith("</details>")
        and CITE_START not in rest
        and PAGE_START not in rest
    ):
        return None
    if not box and not page.endswith("</div>"):
        return None
    return text


_BLANKISH = re.compile(r"\n +(?=\n)")  # a line of spaces (the lookbehind form was 3x slower)


def _normalised(source: str) -> str:
    """What Python-Markdown's NormalizeWhitespace preprocessor makes of a text (it runs on raw
    HTML too): no STX/ETX, LF line ends, tabs expanded to 4 columns, blank lines emptied."""
    # each step only when its character occurs: a generated page has none, and the scans for
    # them are memchr-fast where the rewrites copy 60 KB (a 20,000-page build spent 4 s here)
    if "\x02" in source or "\x03" in source:
        source = source.replace("\x02", "").replace("\x03", "")
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    source += "\n\n"
    if "\t" in source:
        source = source.expandtabs(4)
    return _BLANKISH.sub("\n", source) if "\n " in source else source
