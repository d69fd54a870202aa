"""Broken internal links of a built site: every href/src of every HTML page that stays inside the
site must name a file that exists (no network: external addresses are not followed)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

EXTERNAL = ("http:", "https:", "mailto:", "javascript:", "data:", "blob:", "tel:")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value and tag != "base":
                self.found.append(value)


def links(page: Path) -> list[str]:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8", errors="replace"))
    return parser.found


def broken_links(site: Path) -> list[str]:
    """``page -> link`` for every internal link of ``site`` whose target is missing."""
    site = site.resolve()
    broken = []
    for page in sorted(site.rglob("*.html")):
        for link in links(page):
            if link.lower().startswith(EXTERNAL) or link.startswith("//"):
                continue
            path = unquote(urlsplit(link).path)
            if not path:
                continue  # a fragment of the same page
            target = (site / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
            target = target.resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
    return broken
