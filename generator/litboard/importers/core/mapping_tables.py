"""The mappings of the table importers: ``litboard import csv`` and ``litboard import wmt-mqm``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .mapping_common import (
    ERAS,
    GENRES,
    RIGHTS,
    AnnotatorSettings,
    DatasetSettings,
    Issue,
    SystemSettings,
    WorkSettings,
)
from .mapping_io import section, setting

# --- CSV ----------------------------------------------------------------------------------


@dataclass
class ColumnSettings:
    source: str = setting("Column with the source text.", required=True)
    translation: str = setting("Column with the translation.", required=True)
    system: str = setting(
        "Column with the system name (slugged into the system id).", required=True
    )
    paragraph: str = setting(
        "Column with a stable paragraph id; default: derived from the source text."
    )
    work: str = setting("Column naming the work; default: one work (the 'work' block).")
    annotator: str = setting("Column naming who gave the scores (required for sqm scores).")
    sentences: str = setting("Column with the number of sentences of the source.")


@dataclass
class ScoreSettings:
    column: str = setting("Column holding the score; empty cells are skipped.", required=True)
    scheme: str = setting(
        "sqm (a human rating per annotator) or metric (an automatic score).",
        "sqm",
        choices=("sqm", "metric"),
    )
    campaign: str = setting("Campaign id; default: the column name, slugged.", kind="id")
    title: str = setting("Campaign title; default: the column name.")
    min: float | None = setting("Lowest score (sqm default 0, metric: unbounded).", None)
    max: float | None = setting("Highest score (sqm default 6, metric: unbounded).", None)
    higher_is_better: bool = setting("Direction of a metric score.", True)
    signature: str = setting(
        "Reproducibility signature of a metric (e.g. the sacreBLEU signature)."
    )


WEIGHTS_HELP = (
    "MQM weight table written into the campaign (mqm.weights): 'Severity[/Category"
    "[/Subcategory]]' -> weight, most specific key wins, '*' = any severity; default: "
    "WMT's standard table (for wmt-mqm: the table the file's release defines)."
)


@dataclass
class ErrorColumnSettings:
    category: str = setting(
        "Column with the error category 'Main/Sub' (one row per error, as in "
        "WMT TSV); an empty cell or No-error is an error-free row.",
        required=True,
    )
    severity: str = setting(
        "Column with the severity; an empty cell (or no column) gives severity 'unspecified'."
    )
    comment: str = setting("Column with the annotator's comment on the error.")
    campaign: str = setting("Campaign id; default: <dataset id>-mqm.", kind="id")
    title: str = setting("Campaign title; default: 'MQM error annotation'.")
    variant: str = setting(
        "Score formula (see the Data format page).", "paper000", choices=("paper000", "wmt")
    )
    weights: dict[str, float] = setting(WEIGHTS_HELP + " Only with variant wmt.", {})

    def problems(self) -> Iterator[Issue]:
        if self.weights and self.variant != "wmt":
            yield (
                "weights",
                "a weight table needs variant wmt",
                "set variant: wmt, or remove weights",
            )


@dataclass
class CsvMapping:
    pair: str = setting("Language pair <source>-<target>, e.g. de-en.", required=True, kind="pair")
    delimiter: str = setting(
        "Field separator (tab: a tab character).", ",", choices=(",", ";", "tab")
    )
    dataset: DatasetSettings = section(DatasetSettings, "The data root written.")
    work: WorkSettings = section(WorkSettings, "The work the paragraphs belong to.")
    annotators: AnnotatorSettings = section(AnnotatorSettings, "Who gave the sqm scores.")
    systems: dict[str, SystemSettings] = setting(
        "System id -> system card; systems not listed get the defaults.", {}
    )
    columns: ColumnSettings = section(ColumnSettings, "Which column holds what.")
    scores: list[ScoreSettings] = setting("Score columns, one campaign each.", [])
    errors: ErrorColumnSettings | None = section(
        ErrorColumnSettings,
        "Error rows -> an MQM campaign: the span is marked with <v>...</v> in "
        "the translation, or in the source for an error shown on the source text.",
        optional=True,
    )

    def problems(self) -> Iterator[Issue]:
        if self.errors and not self.columns.annotator:
            yield "columns.annotator", "is required for error rows", "name the annotator column"
        if self.errors and not self.annotators.expertise:
            yield "annotators.expertise", "is required for error rows", "set the annotators' group"
        if any(s.scheme == "sqm" for s in self.scores):
            if not self.columns.annotator:
                yield "columns.annotator", "is required for sqm scores", "name the annotator column"
            if not self.annotators.expertise:
                yield (
                    "annotators.expertise",
                    "is required for sqm scores",
                    "set the annotators' group",
                )
        ids = [s.campaign or s.column for s in self.scores]
        if len(set(ids)) != len(ids):
            yield "scores", "two score columns have the same campaign id", "set campaign: for each"


# --- WMT MQM TSV -------------------------------------------------------------------------

# The release formats of importers/formats/wmt_variants.py (a test checks they agree).
WMT_VARIANTS = ("newstest2020", "newstest2021", "generalMT2022", "generalMT2023", "generalMT2024")


@dataclass
class DocumentSettings:
    id_prefix: str = setting(
        "Prefix of work ids (one work per WMT doc, id = prefix + doc), "
        "to keep ids unique when several WMT files are loaded together."
    )
    genre: str = setting("Genre of every doc.", "other", choices=GENRES)
    era: str = setting("Era of every doc.", "contemporary", choices=ERAS)
    rights: str = setting("Rights status of the source texts.", "unknown", choices=RIGHTS)
    rights_note: str = setting("Rights note; default: says the source rights were not checked.")


@dataclass
class WmtMapping:
    pair: str = setting(
        "Language pair <source>-<target>; default: from the file name (mqm_ted_zhen.tsv -> zh-en).",
        kind="pair",
    )
    campaign: str = setting("Campaign id; default: the file name, slugged.", kind="id")
    title: str = setting(
        "Campaign title; default: from the file name ('mqm_ted_zhen.tsv': 'WMT expert MQM: TED "
        "talks, zh-en')."
    )
    variant: str = setting(
        "Release format (year) of google/wmt-mqm-human-evaluation; default: "
        "from the header and the file name.",
        choices=WMT_VARIANTS,
    )
    weights: dict[str, float] = setting(WEIGHTS_HELP, {})
    dataset: DatasetSettings = section(DatasetSettings, "The data root written.")
    documents: DocumentSettings = section(DocumentSettings, "The works (WMT docs).")
    annotators: AnnotatorSettings = section(AnnotatorSettings, "The raters.")
    systems: dict[str, SystemSettings] = setting(
        "System id (slugged WMT name) -> card; default: "
        "names starting with 'ref' or 'human' are human "
        "translations, the rest nmt.",
        {},
    )
