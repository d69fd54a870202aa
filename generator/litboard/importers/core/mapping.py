"""The mapping files of ``litboard import labelstudio|csv|wmt-mqm``, declared once.

Each importer's mapping is a tree of dataclasses; every key carries its type, default and
help text. ``load_mapping(path, LabelStudioMapping)`` validates a file (errors name file,
line and key); ``mapping_keys(cls)`` lists every key for generator/litboard/pages/importers.md,
whose test fails when a key is undocumented. Examples: generator/litboard/importers/examples/*.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ...typology import SEVERITIES
from .mapping_common import AnnotatorSettings, DatasetSettings, Issue, SystemSettings, WorkSettings
from .mapping_io import Key, load_mapping, mapping_keys, markdown_table, section, setting
from .mapping_tables import CsvMapping, WmtMapping

__all__ = [
    "load_mapping",
    "mapping_keys",
    "markdown_table",
    "Key",
    "MAPPINGS",
    "LabelStudioMapping",
    "CsvMapping",
    "WmtMapping",
]

# --- Label Studio -------------------------------------------------------------------------


@dataclass
class TaskSettings:
    source: str = setting("Data field (task.data key) holding the source text.", required=True)
    paragraph: str = setting(
        "Data field with a stable paragraph id (slugged); default: an id "
        "derived from the source text, so tasks sharing a source share "
        "a paragraph."
    )
    work: str = setting(
        "Data field naming the work of each task (slugged into a work id); "
        "default: one work for all tasks (the 'work' block)."
    )
    sentences: str = setting(
        "Data field with the number of sentences of the source (paper "
        "000's MQM denominator); default: 1 per paragraph."
    )
    pair: str = setting(
        "Data field with each task's language pair, e.g. en-zh (lower-cased); "
        "default: the top-level pair."
    )
    source_lang: str = setting(
        "Data field with each task's source language (with target_lang, "
        "e.g. source_lang); default: the top-level pair."
    )
    target_lang: str = setting("Data field with each task's target language (with source_lang).")
    annotator: str = setting(
        "Data field naming the real annotator when a task has it (e.g. a "
        "shared Label Studio account); default: completed_by."
    )
    comparison: str = setting(
        "Data field naming the comparison of a task (see "
        "mqm.per_comparison); default: the task's two systems joined by "
        "'-vs-', pairwise.focal first, else sorted."
    )

    def problems(self) -> Iterator[Issue]:
        if bool(self.source_lang) != bool(self.target_lang):
            yield (
                "target_lang" if self.source_lang else "source_lang",
                "source_lang and target_lang go together",
                "name both data fields, or use pair",
            )


@dataclass
class TranslationSettings:
    name: str = setting(
        "Name the mapping uses for this translation (e.g. a, b, mt).", required=True, kind="id"
    )
    field: str = setting("Data field holding the translation text.", required=True)
    to_name: str = setting(
        "Name of the Text tag that displays it (the to_name of spans "
        "marked on it); default: the field name."
    )
    system: str = setting("System id of every translation in this field.", kind="id")
    system_field: str = setting(
        "Data field naming the system of each task's translation "
        "(for A/B projects that shuffle systems); the value is slugged."
    )

    def problems(self) -> Iterator[Issue]:
        if bool(self.system) == bool(self.system_field):
            yield (
                "system",
                "give exactly one of system and system_field",
                "set system: <id> for a fixed system, or system_field: <data field>",
            )


@dataclass
class MergedSettings:
    to_name: str = setting(
        "Name of the Text tag that displays several translations concatenated.", required=True
    )
    field: str = setting("Data field holding the displayed text; default: to_name.")
    parts: list[str] = setting(
        "Names of the translations it shows, in display order; each "
        "is found in the displayed text after the previous one, and "
        "a span is assigned to the part it falls in.",
        [],
        required=True,
    )


@dataclass
class LabelSettings:
    category: str = setting("MQM main category, e.g. Accuracy.")
    subcategory: str = setting("MQM subcategory, e.g. Mistranslation.")
    severity: str = setting("Severity this label sets.", choices=SEVERITIES)
    non_translation: bool = setting("The label marks a non-translation (weighted 25).", False)


@dataclass
class MqmSettings:
    from_name: str = setting("Name of the Labels control holding the error spans.", required=True)
    campaign: str = setting("Campaign id; default: <dataset id>-mqm.", kind="id")
    title: str = setting("Campaign title; default: 'MQM error annotation'.")
    variant: str = setting(
        "Score formula (see the Data format page).", "paper000", choices=("paper000", "wmt")
    )
    typology: str = setting(
        "Error typology; custom allows exactly the categories found.",
        "custom",
        choices=("paper000", "wmt", "custom"),
    )
    translations: list[str] = setting(
        "Translations whose spans are errors; each annotation "
        "gives one MQM record per translation (an empty one when "
        "no error was marked). Default: all translations.",
        [],
    )
    labels: dict[str, LabelSettings] = setting(
        "Label value -> what it sets. The labels of one span are combined.", {}
    )
    label_is_category: bool = setting(
        "Read a label not listed under labels as "
        "'Category/Subcategory'. false: unlisted labels are "
        "reported and their annotation skipped.",
        True,
    )
    severity_from: str = setting(
        "Name of a per-region Choices control giving each span's "
        "severity (choice values are lower-cased)."
    )
    comment_from: str = setting("Name of a per-region TextArea control giving each span's comment.")
    default_severity: str = setting(
        "Severity given to spans no label or control sets; the "
        "campaign card states it (mqm.default_severity). Default: such "
        "spans are kept with severity 'unspecified', which MQM scores "
        "do not weigh.",
        choices=SEVERITIES,
    )
    per_comparison: bool = setting(
        "One MQM campaign per comparison (<campaign>-<comparison>), so "
        "an annotator who judged the same translation in several "
        "comparisons keeps every judgment. false: one campaign, and a "
        "repeated judgment is skipped.",
        False,
    )


@dataclass
class PairwiseSettings:
    from_name: str = setting("Name of the Choices control holding the preference.", required=True)
    a: str = setting("Translation shown as A.", required=True, kind="id")
    b: str = setting("Translation shown as B.", required=True, kind="id")
    choices: dict[str, str] = setting(
        "Choice value -> a, b or tie.", {}, required=True, choices=("a", "b", "tie")
    )
    campaign: str = setting("Campaign id; default: <dataset id>-pairwise.", kind="id")
    title: str = setting("Campaign title; default: 'Pairwise preference'.")
    focal: str = setting(
        "System id the study is about (e.g. the new system compared with each "
        "baseline): pages state every comparison with it first ('X preferred over "
        "Y'); written to the campaign card as pairwise.focal. Default: none, and "
        "pages keep the order A, B of the records.",
        kind="id",
    )
    comment_from: str = setting(
        "Name of a TextArea control holding the annotator's rationale; it "
        "becomes the record's comment."
    )
    notes_from: list[str] = setting(
        "Names of further whole-task Choices controls whose answers are "
        "appended to the comment as '<name>: <choice>'.",
        [],
    )


@dataclass
class SqmSettings:
    ratings: dict[str, str] = setting(
        "Rating or Number control name -> the translation it rates.", {}, required=True, kind="id"
    )
    campaign: str = setting("Campaign id; default: <dataset id>-sqm.", kind="id")
    title: str = setting("Campaign title; default: 'Scalar quality ratings'.")
    min: float = setting("Lowest score of the scale.", 0.0)
    max: float = setting("Highest score of the scale.", 6.0)


@dataclass
class LabelStudioMapping:
    pair: str = setting(
        "Language pair <source>-<target>, e.g. en-zh, of every task that "
        "gives none in its data (task.pair, task.source_lang).",
        kind="pair",
    )
    offsets: str = setting(
        "Unit of value.start/value.end: codepoints (current Label Studio) "
        "or utf16 (versions before 2022 counted JavaScript UTF-16 units).",
        "codepoints",
        choices=("codepoints", "utf16"),
    )
    dataset: DatasetSettings = section(DatasetSettings, "The data root written.")
    work: WorkSettings = section(WorkSettings, "The work the paragraphs belong to.")
    annotators: AnnotatorSettings = section(AnnotatorSettings, "Who annotated.")
    systems: dict[str, SystemSettings] = setting(
        "System id -> system card; systems not listed get the defaults.", {}
    )
    task: TaskSettings = section(TaskSettings, "Which data fields hold what.")
    translations: list[TranslationSettings] = setting(
        "The translations shown in each task.", [], required=True
    )
    merged: list[MergedSettings] = setting(
        "Text tags that display several translations concatenated.", []
    )
    mqm: MqmSettings | None = section(MqmSettings, "Error spans -> an MQM campaign.", optional=True)
    pairwise: PairwiseSettings | None = section(
        PairwiseSettings, "A/B choice -> a pairwise campaign.", optional=True
    )
    sqm: SqmSettings | None = section(SqmSettings, "Ratings -> an SQM campaign.", optional=True)

    def problems(self) -> Iterator[Issue]:
        if not self.annotators.expertise:
            yield "annotators.expertise", "is required", "set the annotators' group, e.g. student"
        if not (self.pair or self.task.pair or self.task.source_lang):
            yield (
                "pair",
                "is required (no task.pair or task.source_lang field either)",
                "set pair: <source>-<target>, or name the data fields holding it under task:",
            )
        if not (self.mqm or self.pairwise or self.sqm):
            yield "", "no scheme to import", "add an mqm, pairwise or sqm block"
        names = [t.name for t in self.translations]
        if len(set(names)) != len(names):
            yield "translations", "two translations share a name", "give each a different name"
        refs = [("merged", p) for m in self.merged for p in m.parts]
        refs += [("mqm.translations", n) for n in (self.mqm.translations if self.mqm else [])]
        refs += [(f"pairwise.{k}", getattr(self.pairwise, k)) for k in ("a", "b") if self.pairwise]
        refs += [("sqm.ratings", n) for n in (self.sqm.ratings.values() if self.sqm else [])]
        for key, name in refs:
            if name not in names:
                yield (
                    key,
                    f"{name!r} is not the name of a translation",
                    f"use one of: {', '.join(names)}",
                )
        if self.pairwise and self.pairwise.a == self.pairwise.b:
            yield (
                "pairwise.b",
                "a and b are the same translation",
                "name two different translations",
            )


MAPPINGS: dict[str, type] = {
    "labelstudio": LabelStudioMapping,
    "csv": CsvMapping,
    "wmt-mqm": WmtMapping,
}
