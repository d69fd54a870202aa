"""Parse book_meta_links.csv of the LitEval release into work cards.

The file is semicolon-separated with a header on two rows (``Pairs;Book;Publication year``
then ``;;Source;Translation1;...;tgt3_link``); the first row of each pair's block carries a
marker such as ``\\enDe``. Cells are kept as released, except that a translation-year cell
like ``1941 ( Alfred Wolfenstein)`` is split into year and translator, and a link cell
holding more than a URL keeps its URL as the link and its full text in the work notes.

The release does not record which book a paragraph comes from, so the books of a pair are not
works of their own (they would hold no paragraph): ``pair_work`` makes one work per pair that
holds all of the pair's paragraphs and names its books, each with its year, era, published
translations and links, so that a work page (and a search for a book's title) shows paragraphs.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import Problems
from ...files.ids import slug
from .. import ImportReport
from .liteval_spec import PAIRS, RESTRICTED

CLASSIC_BEFORE = 1980  # paper 000 Table 5: classic works are those published before 1980
MARKER = re.compile(r"^\\?([a-z]{2})([a-z]{2})$")
YEAR = re.compile(r"^(\d{4})\s*(?:\(\s*(.*?)\s*\))?$")
URL = re.compile(r"https?://\S+")
UNMAPPED_NOTE = (
    "The release cannot map paragraphs to books: metric_df.csv names a paragraph only by "
    "its first 20 characters (source_) and has no book column, bws_sampled_source.csv "
    "holds only source_ keys, and book_meta_links.csv lists books without paragraph keys. "
    "Rows are grouped by paragraph but book boundaries are not marked, and recognising "
    "the books from the snippets would be a guess, so all paragraphs of the pair are kept "
    "in one work that names the pair's books."
)
GENRE_NOTE = (
    "Genre is not in the release; 'novel' stands for book-length prose fiction (paper 000 "
    "samples paragraphs from books)."
)


@dataclass
class Book:
    pair: str
    title: str
    year: int
    translations: list[dict[str, Any]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def era(self) -> str:
        return "classic" if self.year < CLASSIC_BEFORE else "contemporary"

    def summary(self) -> str:
        """One line of the pair's work notes: the book as book_meta_links.csv lists it."""
        shown = []
        for t in self.translations:
            year = "" if t.get("year") is None else str(t["year"])
            shown.append(f"{year} ({t['translator']})" if t.get("translator") else year)
        listed = ", ".join(x for x in shown if x) or "none listed"
        return f"Book: {self.title} ({self.year}, {self.era}); published translations: {listed}."


def pair_work(pair: str, books: list[Book], count: int) -> dict[str, Any]:
    """The work that holds the ``count`` paragraphs of ``pair`` and names its ``books``."""
    eras = {b.era for b in books}
    titles = ", ".join(b.title for b in books)
    links = [link for b in books for link in b.links + [t["link"] for t in b.translations]]
    data: dict[str, Any] = {
        "id": f"{pair}-unmapped",
        "title": f"{pair} paragraphs: {titles}" if books else f"{pair} paragraphs",
        "source_lang": pair.split("-")[0],
        "genre": "novel",
        "era": eras.pop() if len(eras) == 1 else "unknown",
        "rights": {"status": "restricted", "note": RESTRICTED},
        "notes": [
            UNMAPPED_NOTE,
            f"{count} source paragraphs of the {len(books)} {pair} books listed in "
            "book_meta_links.csv; the era is 'unknown' when the books' eras differ.",
            *(b.summary() for b in books),
            GENRE_NOTE,
            *(note for b in books for note in b.notes),
        ],
    }
    if links:
        data["links"] = [link for link in dict.fromkeys(links) if link]
    return data


def read_books(path: Path, report: ImportReport) -> list[Book]:
    problems = Problems()
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    if len(rows) < 2 or not rows[0] or rows[0][0].strip() != "Pairs":
        problems.add(
            str(path),
            1,
            "header",
            "does not start with 'Pairs;Book;Publication year'",
            "use the book_meta_links.csv of the LitEval release",
        )
        problems.raise_if_any()
    books: list[Book] = []
    pair = ""
    for number, cells in enumerate(rows[2:], start=3):
        cells = [c.strip() for c in cells] + [""] * (10 - len(cells))
        if not any(cells):
            continue
        if cells[0]:
            match = MARKER.match(cells[0].lower())
            pair = f"{match.group(1)}-{match.group(2)}" if match else ""
            if pair not in PAIRS:
                problems.add(
                    str(path),
                    number,
                    "Pairs",
                    f"unknown pair marker {cells[0]!r}",
                    "use markers like \\enDe, \\deen, \\dezh, \\enzh",
                )
                continue
        book = _book(pair, cells, number, str(path), problems)
        if book is not None:
            books.append(book)
            report.count("book_meta_links.csv books")
    problems.raise_if_any()
    return books


def _book(pair: str, cells: list[str], number: int, shown: str, problems: Problems) -> Book | None:
    if not pair:
        problems.add(
            shown, number, "Pairs", "book row before any pair marker", "add the pair marker"
        )
        return None
    if not cells[2].isdigit():
        problems.add(shown, number, "Source", f"{cells[2]!r} is not a year", "give the source year")
        return None
    book = Book(pair, cells[1], int(cells[2]))
    if cells[6]:
        book.links.append(_link(cells[6], "Source link", book))
    for slot in range(3):
        year_cell, link_cell = cells[3 + slot], cells[7 + slot]
        if not year_cell and not link_cell:
            continue
        item: dict[str, Any] = {}
        match = YEAR.match(year_cell)
        if match:
            item["year"] = int(match.group(1))
            if match.group(2):
                item["translator"] = match.group(2)
        elif year_cell:
            item["year"] = year_cell
        if link_cell:
            item["link"] = _link(link_cell, f"Translation{slot + 1} link", book)
        book.translations.append(item)
    return book


def _link(cell: str, name: str, book: Book) -> str:
    match = URL.search(cell)
    if match is None:
        book.notes.append(f"{name} cell holds no URL: {cell!r}")
        return cell
    if match.group(0) != cell:
        book.notes.append(f"{name} cell as released: {cell!r}")
    return match.group(0)
