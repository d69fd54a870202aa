"""``litboard import labelstudio EXPORT.json... --mapping MAP.yaml --out DST``.

Label Studio's JSON export is a list of tasks: ``data`` holds the texts (field names from the
project's labeling config), ``annotations[]`` one entry per annotator with ``completed_by``
and ``result[]``. One import reads many exports (files, folders, globs) with one mapping
(see ``mapping.LabelStudioMapping`` and generator/litboard/pages/importers.md), which says which
data field is the source, which the translations and their systems, where each task's language pair
and annotator are, and which control (``from_name``) feeds which scheme:

- ``labels`` spans -> MQM errors (offsets checked against ``value.text``; per-region
  severity/comment controls share the span's result ``id``); see ``labelstudio_records``;
- ``choices`` -> pairwise preference; ``rating``/``number`` -> SQM scores.

What is skipped, and why, is declared once in ``SKIPS`` (shown by ``--help``): the smallest
unit that does not check out is skipped (a span, a translation, an annotation, a task),
never more, and every skip is counted in the report's summary.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any, Iterable

from .. import ImportReport
from ..core.inputs import count_folders, files_title
from ..core.mapping import LabelStudioMapping
from ..core.root_builder import RootBuilder, category_names, namespaced
from ..core.run_steps import finish, start
from .labelstudio_read import read_export
from .labelstudio_records import annotation_records
from .labelstudio_spans import Malformed
from .labelstudio_task import TaskTexts, annotator, annotator_note, task_texts

Task = dict[str, Any]

# What the importer skips and why (printed by `litboard import labelstudio --help`).
SKIPS: tuple[tuple[str, str], ...] = (
    (
        "a task",
        "a data field the mapping names is missing or empty, or its texts contradict an "
        "earlier task (another source for the same paragraph id)",
    ),
    (
        "a translation's MQM record",
        "the translation does not occur in its merged display text, "
        "even without its surrounding whitespace",
    ),
    (
        "an annotation",
        "cancelled in Label Studio; no annotator; a choice not in pairwise.choices; a "
        "rating off the scale; the same judgment already imported (see mqm.per_comparison)",
    ),
    (
        "a span (only that span)",
        "on a merged display: offsets that do not select value.text "
        "(whitespace-only differences are accepted and counted) or a span across "
        "two translations; anywhere: a label not mapped, a category outside the "
        "typology, an unknown severity",
    ),
    (
        "nothing",
        "spans without a severity are kept with severity 'unspecified' (or default_severity, "
        "stated on the campaign card); a span whose offsets are not integers, negative, past "
        "the end or reversed is skipped; on a display of one translation, a span whose offsets "
        "do not select value.text keeps its error without a location ('span located: no'); "
        "predictions are counted, not imported",
    ),
)


def run(
    src: Path | list[Path],
    out: Path,
    mapping: Path | None = None,
    namespace: str = "",
    prefix_ids: bool = False,
) -> ImportReport:
    """Import Label Studio JSON exports ``src`` (files, folders, globs) into the data root
    ``out``."""
    run = start(
        src,
        mapping,
        "labelstudio",
        "examples: generator/litboard/importers/examples/",
        ".json",
        LabelStudioMapping,
        namespace,
        prefix_ids,
    )
    collect(run.files, run.mapping, run.dataset_id, run.builder, run.report)
    return finish(run, out, files_title("Label Studio export", run.files))


def collect(
    files: list[Path],
    m: LabelStudioMapping,
    dataset_id: str,
    builder: RootBuilder,
    report: ImportReport,
) -> None:
    """Read every export in ``files`` into ``builder`` (campaigns, texts, records, notes)."""
    count_folders(files, report)
    tasks = (
        (f"{f}:{task.pop('_line')}: task {task.get('id', f'#{position + 1}')}", task)
        for f in files
        for position, task in enumerate(read_export(f))
    )
    collect_tasks(tasks, m, dataset_id, builder, report)


def collect_tasks(
    tasks: Iterable[tuple[str, Task]],
    m: LabelStudioMapping,
    dataset_id: str,
    builder: RootBuilder,
    report: ImportReport,
) -> None:
    """Read ``tasks`` ((where, task): ``where`` names the task in messages) into ``builder``."""
    _declare_campaigns(m, dataset_id, builder)
    for where, task in tasks:
        _import_task(task, where, m, dataset_id, builder, report)
    _finish_mqm(m, builder)
    _notes(m, report)


def _notes(m: LabelStudioMapping, report: ImportReport) -> None:
    if not m.task.sentences and m.mqm and m.mqm.variant == "paper000":
        report.notes.append(
            "no sentences field in the mapping: each paragraph counts as one "
            "sentence in paper 000's MQM score (per-paragraph penalty)"
        )
    unspecified = report.read.get("spans without severity (stored as unspecified)", 0)
    if unspecified:
        report.notes.append(
            f"{unspecified} error spans have no severity: stored with severity "
            "'unspecified'; MQM scores weigh only specified severities"
        )
    drift = report.read.get(
        "spans whose value.text differs from the offsets' text in whitespace only (offsets kept)", 0
    )
    if drift:
        report.notes.append(
            f"{drift} span(s) whose value.text differs from the text their offsets "
            "select in whitespace only were kept, with the offsets' text"
        )
    if m.mqm and m.mqm.default_severity and report.read.get("spans given default_severity"):
        report.notes.append(
            f"spans without a severity were given default_severity "
            f"{m.mqm.default_severity!r} by the importer (stated on the campaign card)"
        )


def _declare_campaigns(m: LabelStudioMapping, dataset_id: str, builder: RootBuilder) -> None:
    """Declare one campaign per scheme; fills in the default campaign ids in ``m``.

    With ``mqm.per_comparison`` the MQM campaigns are declared per comparison, as found."""
    if m.mqm:
        m.mqm.campaign = m.mqm.campaign or f"{dataset_id}-mqm"
        if not m.mqm.per_comparison:
            builder.campaign(
                m.mqm.campaign,
                {
                    "title": m.mqm.title or "MQM error annotation",
                    "scheme": "mqm",
                    "source": "Label Studio export",
                },
            )
    if m.pairwise:
        m.pairwise.campaign = m.pairwise.campaign or f"{dataset_id}-pairwise"
        card: dict[str, Any] = {
            "title": m.pairwise.title or "Pairwise preference",
            "scheme": "pairwise",
            "source": "Label Studio export",
        }
        if m.pairwise.focal:
            card["pairwise"] = {"focal": m.pairwise.focal}
        builder.campaign(m.pairwise.campaign, card)
    if m.sqm:
        m.sqm.campaign = m.sqm.campaign or f"{dataset_id}-sqm"
        builder.campaign(
            m.sqm.campaign,
            {
                "title": m.sqm.title or "Scalar quality ratings",
                "scheme": "sqm",
                "source": "Label Studio export",
                "scale": {"min": m.sqm.min, "max": m.sqm.max},
            },
        )


def _mqm_campaign(m: LabelStudioMapping, comparison: str, builder: RootBuilder) -> str:
    """The MQM campaign of a task: the one campaign, or one per comparison."""
    assert m.mqm is not None
    if not m.mqm.per_comparison:
        return m.mqm.campaign
    cid = namespaced(m.mqm.campaign, comparison)
    builder.campaign(
        cid,
        {
            "title": f"{m.mqm.title or 'MQM error annotation'} ({comparison})",
            "scheme": "mqm",
            "source": f"Label Studio export (comparison {comparison})",
        },
    )
    return cid


def _import_task(
    task: Task,
    where: str,
    m: LabelStudioMapping,
    dataset_id: str,
    builder: RootBuilder,
    report: ImportReport,
) -> None:
    annotations = task.get("annotations") or []
    report.count("tasks")
    report.count("annotations", len(annotations))
    try:
        t = task_texts(task, m, dataset_id, builder)
    except Malformed as error:
        report.skip(
            where, f"{error}; the task was skipped", "task with a missing or contradicting field"
        )
        return
    for name in t.unplaced:
        report.skip(
            where,
            f"translation {name!r} does not occur in its merged display text; its MQM "
            "records were skipped (the task's other judgments were kept)",
            "translation missing from the merged text",
        )
    mqm_campaign = _mqm_campaign(m, t.comparison, builder) if m.mqm else ""
    for annotation in annotations:
        _import_annotation(annotation, where, m, t, mqm_campaign, builder, report)
    if not annotations:
        report.count("tasks without annotations")
    if task.get("predictions"):
        report.count("predictions (not imported)", len(task["predictions"]))


def _import_annotation(
    annotation: dict[str, Any],
    where: str,
    m: LabelStudioMapping,
    t: TaskTexts,
    mqm_campaign: str,
    builder: RootBuilder,
    report: ImportReport,
) -> None:
    here = f"{where}, annotation {annotation.get('id', '?')}"
    if annotation.get("was_cancelled"):
        report.skip(here, "cancelled in Label Studio", "cancelled annotation")
        return
    try:
        who = annotator(annotation, t.data, m, report)
        note = annotator_note(who, annotation, t.data, m)
        if note:
            builder.annotator_notes[who] = note
        base = {"pair": t.pair, "paragraph": t.paragraph, "annotator": who}
        got = annotation_records(annotation, m, base, t.systems, t.displays, t.unplaced)
    except Malformed as error:
        report.skip(
            here,
            f"{error}; the annotation was skipped",
            "annotation with a malformed choice, rating or annotator",
        )
        return
    for message in got.skipped_spans:
        report.skip(here, f"{message}; only this span was skipped", span_reason(message))
    for message in got.unlocated:
        report.count("span located: no")
        report.notes.append(
            f"{here}: {message}; the error was kept without a location (span located: no)"
        )
    report.count("spans", got.spans)
    for what, n in (
        ("spans without severity (stored as unspecified)", got.unspecified),
        ("spans given default_severity", got.defaulted),
        (
            "spans whose value.text differs from the offsets' text in whitespace only "
            "(offsets kept)",
            got.drift,
        ),
    ):
        if n:
            report.count(what, n)
    _count_empty(m, [scheme for scheme, _, _ in got.records], report)
    campaigns = {
        "mqm": mqm_campaign,
        "pairwise": m.pairwise.campaign if m.pairwise else "",
        "sqm": m.sqm.campaign if m.sqm else "",
    }
    for scheme, _, record in got.records:
        if not builder.record(campaigns[scheme], record, m.annotators.expertise):
            hint = (
                " (set mqm.per_comparison: true to keep one MQM campaign per comparison)"
                if scheme == "mqm" and m.mqm and not m.mqm.per_comparison
                else ""
            )
            report.skip(
                here,
                f"{record['annotator']} already has a {scheme} judgment of this item in "
                f"another task; the first was kept{hint}",
                f"repeated {scheme} judgment",
            )


def span_reason(message: str) -> str:
    """A short reason for the summary, from a skipped span's message."""
    for needle, reason in (
        ("integer offsets", "span offsets that are not integers"),
        ("do not fit the text", "span offsets outside the text"),
        ("UTF-16 offset", "span offsets outside the text"),
        ("select", "span offsets not matching value.text"),
        ("not inside one translation", "span across two translations"),
        ("typology", "span category outside the typology"),
        ("severity", "span with an unknown severity"),
        ("label", "span label not usable"),
        ("no translation", "span on a text that is no translation"),
    ):
        if needle in message:
            return reason
    return "malformed span"


def _count_empty(m: LabelStudioMapping, schemes: list[str], report: ImportReport) -> None:
    """Count annotations that left the preference or a rating empty (not an error: nothing to
    import)."""
    if m.pairwise and "pairwise" not in schemes:
        report.count("annotations without a preference")
    if m.sqm and schemes.count("sqm") < len(m.sqm.ratings):
        report.count("annotations with a rating left empty")


def _finish_mqm(m: LabelStudioMapping, builder: RootBuilder) -> None:
    """Set each MQM campaign's typology (the categories found for a custom one), and state a
    default severity the importer gave."""
    if not m.mqm:
        return
    for cid, card in builder.campaigns.items():
        if card["scheme"] != "mqm":
            continue
        settings: dict[str, Any] = {"variant": m.mqm.variant, "typology": m.mqm.typology}
        if m.mqm.typology == "custom":
            settings["categories"] = category_names(builder.records[cid])
        if m.mqm.default_severity:
            settings["default_severity"] = m.mqm.default_severity
        card["mqm"] = settings
