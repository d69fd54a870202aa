"""Import Karpinska & Iyyer's LiteraryTranslation release (WMT 2023) as a data root.

The release is a set of Label Studio exports; ``literary_translation.yaml`` (shipped beside
this module) is their mapping, so the generic Label Studio importer reads them: one work per
book, paragraphs keyed by their source text (ids ``<book>-<digest>``, stable across imports),
the systems PARA, SENT, PARA_SENT and GTr named by each task's text1_tag/text2_tag, the
published human translation as system ``human`` (shown, never judged), one pairwise campaign
``preference`` (focal system PARA, rationale in each record's comment) and one error-span
campaign per comparison (``errors-para-vs-sent``...). This module adds what the exports do not
hold: the works' titles and authors, the release's rights statement and citation, and the
paper's published numbers (``reported/literary-translation.jsonl``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from .. import ImportReport
from ..core.inputs import dataset_card, input_files
from ..core.mapping import LabelStudioMapping, load_mapping
from ..core.root_builder import RootBuilder
from ..formats import labelstudio
from ..reported import ship

NAME = "literary-translation"
REPOSITORY = "marzenakrp/LiteraryTranslation"
EXPORTS = Path("annotations") / "labelstudio_format_v1"
RIGHTS = (
    "Excerpt published for research with the annotations by marzenakrp/LiteraryTranslation "
    "(no licence file; shown with attribution, linked to the repository). The book itself "
    "may be under copyright."
)
LICENCE = (
    "No licence file in the repository: the texts and annotations are published for research "
    "(README.md); litboard shows them with attribution and links back."
)
CITATION = """@inproceedings{karpinska-iyyer-2023-large,
  title = {Large Language Models Effectively Leverage Document-level Context for Literary
           Translation, but Critical Errors Persist},
  author = {Karpinska, Marzena and Iyyer, Mohit},
  booktitle = {Proceedings of the Eighth Conference on Machine Translation},
  year = {2023},
  address = {Singapore},
  publisher = {Association for Computational Linguistics},
  pages = {419--451},
  doi = {10.18653/v1/2023.wmt-1.41},
  url = {https://aclanthology.org/2023.wmt-1.41}
}"""
# work id (data.book, slugged) -> (English title, author, era). The release names books and authors
# by slug
# only; eras from the authors' dates (Chekhov and Paustovsky wrote before 1980).
BOOKS: dict[str, tuple[str, str, str]] = {
    "a-childrens-bible": ("A Children's Bible", "Lydia Millet", "contemporary"),
    "an-inventory-of-losses": ("An Inventory of Losses", "Judith Schalansky", "contemporary"),
    "bare-burial": ("Bare Burial (Soft Burial)", "Fang Fang", "contemporary"),
    "cocoon": ("Cocoon", "Zhang Yueran", "contemporary"),
    "convenience-store-woman": ("Convenience Store Woman", "Sayaka Murata", "contemporary"),
    "crows": ("Crows", "Petra Dvořáková", "contemporary"),
    "la-liseuse": ("La Liseuse", "Paul Fournel", "contemporary"),
    "manaraga": ("Manaraga", "Vladimir Sorokin", "contemporary"),
    "sixteen-horses": ("Sixteen Horses", "Greg Buchanan", "contemporary"),
    "sword-of-destiny": ("Sword of Destiny", "Andrzej Sapkowski", "contemporary"),
    "the-books-of-jacob-sampled": ("The Books of Jacob", "Olga Tokarczuk", "contemporary"),
    "the-shooting-party": ("The Shooting Party", "Anton Chekhov", "classic"),
    "the-story-of-a-life": ("The Story of a Life", "Konstantin Paustovsky", "classic"),
    "the-years": ("The Years", "Annie Ernaux", "contemporary"),
    "what-can-you-see-from-here": ("What You Can See from Here", "Mariana Leky", "contemporary"),
}


def spec() -> LabelStudioMapping:
    """The release's mapping (``literary_translation.yaml``)."""
    path = Path(str(resources.files(__package__).joinpath("literary_translation.yaml")))
    return load_mapping(path, LabelStudioMapping)


def run(src: Path, out: Path) -> ImportReport:
    """Read the release folder ``src`` (holding annotations/labelstudio_format_v1/) into ``out``."""
    files = input_files(src / EXPORTS, ".json")
    m = spec()
    report = ImportReport()
    builder = RootBuilder("")
    labelstudio.collect(files, m, m.dataset.id, builder, report)
    _works(builder, report)
    builder.campaigns["preference"]["source"] = (
        f"{REPOSITORY} {EXPORTS.as_posix()}/eval*/ (BetterTranslation)"
    )
    builder.campaigns["preference"]["description"] = (
        "Professional translators saw the source paragraph, its published translation and two "
        "machine translations (TRANSLATION 1 and 2, order shuffled per task) and chose the "
        "better one, "
        "with a rationale of 2-5 sentences (the record's comment; comments in Polish or Japanese "
        "were "
        "translated into English by the authors). eval1 = PARA vs SENT, eval2 = PARA vs PARA_SENT, "
        "eval3 = PARA vs GTr; 180 judgments each (18 pairs x 10 paragraphs)."
    )
    builder.count_read(report)
    card = dataset_card(m.dataset, m.dataset.id, files, report.notes, m.dataset.title)
    # the study's headline is its preferences: the boards rank by their Bradley-Terry strengths
    card |= {
        "licence": LICENCE,
        "citation": CITATION,
        "primary": {"campaign": "preference", "measure": "bradley-terry"},
    }
    builder.write(out, card, report, files)
    ship(NAME, out, report)  # the paper's published numbers (importers/reported/)
    return report


def _works(builder: RootBuilder, report: ImportReport) -> None:
    """Replace the generic work cards with the book's title, author and rights statement."""
    for work, card in builder.works.items():
        known = BOOKS.get(work)
        if known is None:
            report.notes.append(f"book {work!r} is not in the release spec: its title is the slug")
        title, author, era = known or (work, "", "unknown")
        new: dict[str, Any] = {
            "title": title,
            "source_lang": card["source_lang"],
            "genre": "novel",
            "era": era,
            "rights": {"status": "licensed", "note": RIGHTS},
        }
        if author:
            new["author"] = author
        builder.works[work] = new
