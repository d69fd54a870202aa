"""The blocks every importer's mapping shares: the dataset, its works, systems and annotators,
with the vocabularies they choose from."""

from __future__ import annotations

from dataclasses import dataclass

from .mapping_io import setting

GENRES = ("poem", "short story", "thriller", "novel", "drama", "essay", "other")
ERAS = ("classic", "contemporary", "unknown")
RIGHTS = ("public-domain", "licensed", "restricted", "unknown")
EXPERTISE = ("student", "professional", "expert", "crowd", "llm")
SYSTEM_KINDS = ("human", "post-edit", "commercial-mt", "llm", "nmt")
MODALITIES = ("HT", "PE", "MT")
Issue = tuple[str, str, str]  # (key relative to the block, message, fix)


@dataclass
class DatasetSettings:
    id: str = setting(
        "Id of the data root written (corpus/dataset.yaml); default: the input file name, slugged.",
        kind="id",
    )
    title: str = setting("Title shown on the site; default: the id.")
    version: str = setting(
        "Data version printed under every number; default: 'sha256-' and "
        "the first 12 hex digits of the input file's SHA-256."
    )
    description: str = setting("What the data is (shown on the home page).")
    licence: str = setting("Licence of the data.")
    citation: str = setting("BibTeX entry to cite the data.")
    url: str = setting(
        "Where the data comes from (repository or landing page, http(s)://...): "
        "the dataset card's source.url and the url of its BibTeX entry. Default: "
        "none (never a file or folder name)."
    )
    id_prefix: str = setting(
        "Prefix ('<prefix>-') of every work, paragraph and system id read from "
        "the data, so that two imports never share an id; --prefix-ids sets it "
        "to the dataset id.",
        kind="id",
    )


@dataclass
class WorkSettings:
    id: str = setting("Work id for all paragraphs; default: the dataset id.", kind="id")
    title: str = setting("Title of the work; default: the dataset title.")
    author: str = setting("Author of the source text.")
    genre: str = setting("Genre of the work.", "other", choices=GENRES)
    era: str = setting("classic (published before 1980) or contemporary.", "unknown", choices=ERAS)
    rights: str = setting("Rights status of the source text.", "unknown", choices=RIGHTS)
    rights_note: str = setting(
        "Why the text may be shown, or what restricts it; default: "
        "'not stated in the import mapping'."
    )


@dataclass
class SystemSettings:
    name: str = setting("Display name; default: the system id.")
    kind: str = setting("What produced the outputs.", "llm", choices=SYSTEM_KINDS)
    modality: str = setting(
        "HT (human), PE (post-edited) or MT (raw machine output).", "MT", choices=MODALITIES
    )
    model: str = setting("Model name (for MT and LLM systems).")
    description: str = setting("Free description of the system.")


@dataclass
class AnnotatorSettings:
    expertise: str = setting(
        "Annotator group of everyone in the file (required for human "
        "judgments; the WMT importer defaults to professional).",
        choices=EXPERTISE,
    )
    native_language: str = setting("Native language of the annotators (ISO 639).")
    ids: dict[str, str] = setting(
        "Rename annotators: user id in the tool (Label Studio "
        "completed_by, CSV annotator column, WMT rater) -> anonymous "
        "litboard id. Default: 'a' + the Label Studio user id; the "
        "slugged name for CSV and WMT.",
        {},
        kind="id",
    )
