"""What fills a reader page: the page-weight breakdown of issue 32 — figures, never a test.

Takes a built site (``--site``) or builds one from ``bench/make_synthetic.py``'s set
(``--segments`` x 15 systems x 3 raters, imported and built in ``--work``, reused when
present), then parses a seeded sample of the reader pages (``paragraphs/*.html`` with an
``lb-reader`` block) with ``html.parser`` and splits each page's bytes into parts:

* agreement: every ``<details class="lb-agreement">`` (or one-line ``p.lb-agreement``); inside it,
  the κ note (its ``p.lb-note``) and the translation's text again (its ``p.lb-agree-text``);
* theme chrome: site navigation (the primary sidebar), header (``header.md-header``), head;
* error-span popovers (``span.lb-pop`` inside a highlighted run, ``.lb-run``), and the spans
  described once under their text instead (``ul.lb-spans``, which the runs refer to);
* inline reader JSON (``script.lb-reader-data``);
* score tooltips (``span.lb-pop`` inside a score, ``li.lb-score``);
* what the page says once for all its translations: the κ note (``#lb-kappa-note``) and the
  scores' provenance list (``section.lb-provenance``);
* other: the rest of the page.

A packed reader page (``render.core.packed_reader``) is weighed as the browser shows it (its
body unpacked in place); the last row is what the pages take as stored.

Prints the mean KB per page and the site-wide figure (mean x reader pages, and scaled to
``--scale-to`` reader pages), then the total site MB (HTML and all files), MB per segment
(reader page) and the largest page. Same site + seed -> the same output.

Usage: python bench/page_weight.py --site /tmp/site [--sample 300] [--seed 32]
       python bench/page_weight.py --segments 2000 --work /tmp/page-weight
"""

from __future__ import annotations

import argparse
import re
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
PARTS = [  # (key, label, indent)
    ("agreement", "agreement `<details>`, one per translation", 0),
    ("agreement.note", "… of which the κ note", 1),
    ("agreement.text", "… of which the translation text again", 1),
    ("agreement.stretches", "… of which the marked stretches listed by offset", 1),
    ("chrome", "theme chrome", 0),
    ("chrome.nav", "… site navigation", 1),
    ("chrome.header", "… header", 1),
    ("chrome.head", "… head", 1),
    ("popovers", "error-span popovers", 0),
    ("described", "error spans described once, under their text", 0),
    ("json", "inline reader JSON", 0),
    ("tooltips", "score tooltips", 0),
    ("once", "κ note and score provenance said once per page", 0),
    ("other", "other", 0),
]


@dataclass
class _Open:
    tag: str
    classes: set[str]
    start: int
    ident: str = ""
    part: str = ""


class PageParts(HTMLParser):
    """Bytes of a page by part. The page is decoded as Latin-1, so character offsets are byte
    offsets; an element's bytes run from its start tag to the end of its end tag."""

    def __init__(self, raw: bytes) -> None:
        super().__init__(convert_charrefs=False)
        self.text = raw.decode("latin-1")
        self.line_starts = [0]
        for i, ch in enumerate(self.text):
            if ch == "\n":
                self.line_starts.append(i + 1)
        self.stack: list[_Open] = []
        self.sizes: dict[str, int] = {}

    def position(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = set(next((v or "" for k, v in attrs if k == "class"), "").split())
        element = _Open(
            tag, classes, self.position(), next((v or "" for k, v in attrs if k == "id"), "")
        )
        element.part = self.part_of(element)
        self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        if not any(e.tag == tag for e in self.stack):
            return  # a stray end tag
        end = self.text.index(">", self.position()) + 1
        while self.stack:
            element = self.stack.pop()
            if element.part:
                self.sizes[element.part] = self.sizes.get(element.part, 0) + end - element.start
            if element.tag == tag:
                return

    def part_of(self, e: _Open) -> str:
        inside = {c for o in self.stack for c in o.classes} | {o.tag for o in self.stack}
        if e.tag == "head":
            return "chrome.head"
        if e.tag == "header" and "md-header" in e.classes:
            return "chrome.header"
        if e.tag == "div" and "md-sidebar--primary" in e.classes:
            return "chrome.nav"
        if e.tag in ("details", "p") and "lb-agreement" in e.classes:
            return "agreement"
        if "lb-agreement" in inside and e.tag == "p":
            return (
                "agreement.note"
                if "lb-note" in e.classes
                else "agreement.text"
                if "lb-agree-text" in e.classes
                else ""
            )
        if "lb-agreement" in inside and e.tag == "ul" and "lb-agree-stretches" in e.classes:
            return "agreement.stretches"
        if e.ident == "lb-kappa-note" or (e.tag == "section" and "lb-provenance" in e.classes):
            return "once"
        if e.tag == "script" and "lb-reader-data" in e.classes:
            return "json"
        if e.tag == "ul" and "lb-spans" in e.classes:
            return "described"
        if e.tag == "span" and "lb-pop" in e.classes:
            return "tooltips" if "lb-score" in inside else "popovers" if "lb-run" in inside else ""
        return ""


_BOX = re.compile(
    rb'<div class="lb-page" markdown="0">\n<div class="lb-packed".*?</script>\n</div>\n</div>', re.S
)


def as_shown(stored: bytes) -> bytes:
    """A reader page as the browser shows it: a packed page (``packed_reader``) with its body in
    place."""
    from litboard.render.core.packed_reader import unpack

    box = _BOX.search(stored)
    if box is None:
        return stored
    return (
        stored[: box.start()]
        + unpack(box.group(0).decode("utf-8")).encode("utf-8")
        + stored[box.end() :]
    )


def weigh(path: Path) -> dict[str, int]:
    stored = path.read_bytes()
    raw = as_shown(stored)
    parser = PageParts(raw)
    parser.feed(parser.text)
    parser.close()
    sizes = dict(parser.sizes)
    sizes["chrome"] = sum(sizes.get(k, 0) for k in ("chrome.nav", "chrome.header", "chrome.head"))
    named = sum(
        sizes.get(k, 0)
        for k in ("agreement", "chrome", "popovers", "described", "json", "tooltips", "once")
    )
    sizes["other"] = len(raw) - named
    sizes["total"] = len(raw)
    sizes["stored"] = len(stored)
    return sizes


def reader_pages(site: Path) -> list[Path]:
    return sorted(
        p
        for p in site.glob("*/paragraphs/*.html")
        if b'class="lb-reader"' in (data := p.read_bytes()) or b'class="lb-packed-data"' in data
    )


@dataclass
class Site:
    reader: list[Path]
    html_bytes: int = 0
    all_bytes: int = 0
    largest: tuple[int, str] = (0, "")
    files: int = 0
    pages: list[Path] = field(default_factory=list)


def survey(site: Path) -> Site:
    out = Site(reader_pages(site))
    for path in sorted(site.rglob("*")):
        if path.is_file() and not path.is_symlink():
            size = path.stat().st_size
            out.all_bytes += size
            out.files += 1
            if path.suffix == ".html":
                out.html_bytes += size
                out.largest = max(out.largest, (size, str(path.relative_to(site))))
    return out


def report(site: Path, sample: int, seed: int, scale_to: int) -> str:
    found = survey(site)
    if not found.reader:
        raise SystemExit(
            f"page_weight: {site}: no reader pages (*/paragraphs/*.html with an lb-reader block)"
        )
    chosen = sorted(random.Random(seed).sample(found.reader, min(sample, len(found.reader))))
    totals: dict[str, int] = {}
    for path in chosen:
        for key, value in weigh(path).items():
            totals[key] = totals.get(key, 0) + value
    n, pages = len(chosen), len(found.reader)
    mean = {k: v / n / 1e3 for k, v in totals.items()}
    lines = [
        f"Reader pages: {pages:,} (sample of {n}, seed {seed}); mean {mean['total']:.1f} KB per "
        f"page",
        "",
        f"| part | KB per page | site-wide MB ({pages:,} pages) | MB at {scale_to:,} pages |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, label, indent in [
        *PARTS,
        ("total", "**reader page total** (as shown)", 0),
        ("stored", "**as stored** (a packed page: its box)", 0),
    ]:
        kb = mean.get(key, 0.0)
        lines.append(
            f"| {'&nbsp;' * 4 * indent}{label} | {kb:.1f} | {kb * pages / 1e3:,.1f} | "
            f"{kb * scale_to / 1e3:,.0f} |"
        )
    size, where = found.largest
    lines += [
        "",
        f"Site: {found.files:,} files, {found.all_bytes / 1e6:,.1f} MB in all, "
        f"{found.html_bytes / 1e6:,.1f} MB of HTML; {found.all_bytes / 1e6 / pages * 1e3:.1f} KB "
        f"per segment (all files / reader pages); largest page {size / 1e3:,.0f} KB ({where})",
    ]
    return "\n".join(lines)


def build(segments: int, seed: int, work: Path) -> Path:
    """make_synthetic -> import wmt-mqm -> build (each step skipped when its output exists)."""
    folder = work / f"synthetic-{segments}-{seed}"
    tsv, root, site = folder / "mqm_synthetic_ende.tsv", folder / "root", folder / "site"
    env = {**os.environ, "PYTHONPATH": str(REPO / "generator")}
    steps = [
        (
            tsv,
            [
                "bench/make_synthetic.py",
                "--segments",
                str(segments),
                "--seed",
                str(seed),
                "--out",
                str(tsv),
            ],
        ),
        (
            root / "corpus",
            ["-m", "litboard.cli", "import", "wmt-mqm", str(tsv), "--out", str(root)],
        ),
        (
            site / "index.html",
            [
                "-m",
                "litboard.cli",
                "build",
                "--data",
                str(root),
                "--out",
                str(site),
                "--no-site-cache",
            ],
        ),
    ]
    for done, args in steps:
        if not done.exists():
            subprocess.run([sys.executable, *args], cwd=REPO, env=env, check=True)
    return site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site", type=Path, help="a built site (else one is built from --segments)"
    )
    parser.add_argument("--segments", type=int, default=2000)
    parser.add_argument("--data-seed", type=int, default=20, help="make_synthetic's seed")
    parser.add_argument("--work", type=Path, default=Path("/tmp/litboard-page-weight"))
    parser.add_argument("--sample", type=int, default=300, help="reader pages to parse")
    parser.add_argument("--seed", type=int, default=32, help="seed of the page sample")
    parser.add_argument(
        "--scale-to", type=int, default=20000, help="reader pages of the extrapolation"
    )
    args = parser.parse_args()
    site = args.site or build(args.segments, args.data_seed, args.work)
    print(report(site, args.sample, args.seed, args.scale_to))


if __name__ == "__main__":
    main()
