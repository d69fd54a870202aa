"""``litboard import labelstudio EXPORT.json --mapping MAP.yaml --out DST``.

Label Studio's JSON export is a list of tasks: ``data`` holds the texts (field names from the
project's labeling config), ``annotations[]`` one entry per annotator with ``completed_by``
and ``result[]``. The mapping (see ``mapping.LabelStudioMapping`` and site/importers.md)
says which field is the source, which the translations and their systems, and which
control (``from_name``) feeds which scheme:

- ``labels`` spans -> MQM errors (offsets checked against ``value.text``; per-region
  severity/comment controls share the span's result ``id``);
- ``choices`` -> pairwise preference; ``rating``/``number`` -> SQM scores.

A task with missing fields, or an annotation with any span that does not check out, is
reported with its task id and annotation id and skipped whole (a partial MQM record would
understate the errors). Cancelled annotations and predictions are not judgments.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from ..ids import slug
from ..typology import SEVERITIES, allowed_categories
from . import ImportReport
from .labelstudio_spans import Display, Malformed, Part, locate
from .mapping import LabelStudioMapping, MqmSettings, load_mapping
from .mapping_io import require_mapping
from .root_builder import (RootBuilder, category_names, dataset_card, default_id, input_file,
                           work_card)

Task = dict[str, Any]


def run(src: Path, out: Path, mapping: Path | None = None) -> ImportReport:
    """Import a Label Studio JSON export ``src`` into the data root ``out``."""
    mapping = require_mapping(mapping, src, "labelstudio", "examples: generator/importers/examples/")
    src = input_file(src, ".json")
    m = load_mapping(mapping, LabelStudioMapping)
    tasks = read_export(src)
    report = ImportReport()
    dataset_id = m.dataset.id or default_id(src)
    builder = RootBuilder(m.pair)
    _declare_campaigns(m, dataset_id, builder)
    for position, task in enumerate(tasks):
        _import_task(task, position, m, dataset_id, builder, report)
    _finish_mqm(m, builder)
    if not m.task.sentences and m.mqm and m.mqm.variant == "paper000":
        report.notes.append("no sentences field in the mapping: each paragraph counts as one "
                            "sentence in paper 000's MQM score (per-paragraph penalty)")
    builder.count_read(report)
    card = dataset_card(m.dataset, dataset_id, src, report.notes, f"Label Studio export {src.name}")
    builder.write(out, card, report)
    return report


def read_export(src: Path) -> list[Task]:
    """The task list of a JSON export; DataError when it is not one."""
    try:
        data = json.loads(src.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DataError([Problem(str(src), getattr(error, "lineno", 0), "export",
                                 f"cannot be read as JSON: {error}",
                                 "export the project from Label Studio as JSON (not JSON-MIN or CSV)")]
                        ) from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not all(isinstance(t, dict) for t in data):
        raise DataError([Problem(str(src), 0, "export", "expected a list of tasks",
                                 "export the project from Label Studio as JSON")])
    if data and not any("annotations" in t for t in data):
        raise DataError([Problem(str(src), 0, "annotations", "no task has an 'annotations' list "
                                 "(this looks like a JSON-MIN export or a task import file)",
                                 "export the project from Label Studio as JSON")])
    return data


def _declare_campaigns(m: LabelStudioMapping, dataset_id: str, builder: RootBuilder) -> None:
    """Declare one campaign per scheme; fills in the default campaign ids in ``m``."""
    if m.mqm:
        m.mqm.campaign = m.mqm.campaign or f"{dataset_id}-mqm"
        builder.campaign(m.mqm.campaign, {"title": m.mqm.title or "MQM error annotation", "scheme": "mqm",
                                          "source": "Label Studio export"})
    if m.pairwise:
        m.pairwise.campaign = m.pairwise.campaign or f"{dataset_id}-pairwise"
        builder.campaign(m.pairwise.campaign,
                         {"title": m.pairwise.title or "Pairwise preference", "scheme": "pairwise",
                          "source": "Label Studio export"})
    if m.sqm:
        m.sqm.campaign = m.sqm.campaign or f"{dataset_id}-sqm"
        builder.campaign(m.sqm.campaign,
                         {"title": m.sqm.title or "Scalar quality ratings", "scheme": "sqm",
                          "source": "Label Studio export", "scale": {"min": m.sqm.min, "max": m.sqm.max}})


def _import_task(task: Task, position: int, m: LabelStudioMapping, dataset_id: str,
                 builder: RootBuilder, report: ImportReport) -> None:
    tid = task.get("id", f"#{position + 1}")
    annotations = task.get("annotations") or []
    report.count("tasks")
    report.count("annotations", len(annotations))
    try:
        paragraph, systems, displays = _task_texts(task, m, dataset_id, builder)
    except Malformed as error:
        report.skip(f"task {tid}", f"{error}; the task was skipped")
        return
    for annotation in annotations:
        aid = annotation.get("id", "?")
        if annotation.get("was_cancelled"):
            report.skip(f"task {tid}, annotation {aid}", "cancelled in Label Studio")
            continue
        try:
            records = _annotation_records(annotation, m, paragraph, systems, displays)
        except Malformed as error:
            report.skip(f"task {tid}, annotation {aid}", f"{error}; the annotation was skipped")
            continue
        report.count("spans", sum(len(r.get("errors", [])) for _, r in records))
        _count_empty(m, [c for c, _ in records], report)
        for campaign, record in records:
            if not builder.record(campaign, record, m.annotators.expertise):
                report.skip(f"task {tid}, annotation {aid}",
                            f"{record['annotator']} already has a {builder.campaigns[campaign]['scheme']} "
                            f"judgment of this item in another task; the first was kept")
    if not annotations:
        report.count("tasks without annotations")
    if task.get("predictions"):
        report.count("predictions (not imported)", len(task["predictions"]))


def _count_empty(m: LabelStudioMapping, campaigns: list[str], report: ImportReport) -> None:
    """Count annotations that left the preference or a rating empty (not an error: nothing to import)."""
    if m.pairwise and m.pairwise.campaign not in campaigns:
        report.count("annotations without a preference")
    if m.sqm and campaigns.count(m.sqm.campaign) < len(m.sqm.ratings):
        report.count("annotations with a rating left empty")


def _task_texts(task: Task, m: LabelStudioMapping, dataset_id: str,
                builder: RootBuilder) -> tuple[str, dict[str, str], dict[str, Display]]:
    """Check the task's texts, then register its paragraph and translations.

    Returns (paragraph id, translation name -> system, Text tag name -> Display).
    """
    data = task.get("data")
    if not isinstance(data, dict):
        raise Malformed("has no 'data' block")
    source = unicodedata.normalize("NFC", _text(data, m.task.source))
    texts = {t.name: _text(data, t.field) for t in m.translations}
    systems = {t.name: t.system or slug(_text(data, t.system_field)) for t in m.translations}
    if len(set(systems.values())) < len(systems):
        raise Malformed(f"two translations come from the same system ({systems})")
    displays = {}
    for t in m.translations:
        tag = t.to_name or t.field
        displays[tag] = Display(tag, texts[t.name], (Part(t.name, 0, texts[t.name]),))
    for merged in m.merged:
        displays[merged.to_name] = Display.merged(merged.to_name, _text(data, merged.field or merged.to_name),
                                                  [(name, texts[name]) for name in merged.parts])
    key = _text(data, m.task.paragraph) if m.task.paragraph else ""
    sentences = _sentences(data, m)
    work_name = _text(data, m.task.work) if m.task.work else ""
    work = slug(work_name) if work_name else (m.work.id or dataset_id)
    pid = builder.paragraph_id(work, source, key)
    for name, system in systems.items():
        why = builder.conflict(system, pid, source, unicodedata.normalize("NFC", texts[name]))
        if why:
            raise Malformed(why)
    builder.work(work, work_card(m.work, m.pair.split("-")[0], work_name or m.dataset.title or dataset_id))
    paragraph = builder.paragraph(work, source, key, sentences) or pid
    for name, system in systems.items():
        builder.system(system, m.systems.get(system))
        builder.translation(system, paragraph, unicodedata.normalize("NFC", texts[name]))
    return paragraph, systems, displays


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise Malformed(f"data field {name!r} is missing or empty")
    return value


def _sentences(data: dict[str, Any], m: LabelStudioMapping) -> int | None:
    if not m.task.sentences:
        return 1 if m.mqm and m.mqm.variant == "paper000" else None
    value = data.get(m.task.sentences)
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).isdigit() \
            or int(value) < 1:
        raise Malformed(f"data field {m.task.sentences!r} should be a positive whole number, "
                        f"got {value!r}")
    return int(value)


def _annotator(annotation: dict[str, Any], m: LabelStudioMapping) -> str:
    user = annotation.get("completed_by")
    user = user.get("id") if isinstance(user, dict) else user
    if user is None or isinstance(user, (bool, list, dict)):
        raise Malformed("completed_by (the annotator) is missing")
    return m.annotators.ids.get(str(user)) or slug(f"a{user}")


def _annotation_records(annotation: dict[str, Any], m: LabelStudioMapping, paragraph: str,
                        systems: dict[str, str], displays: dict[str, Display]
                        ) -> list[tuple[str, dict[str, Any]]]:
    """(campaign, record) pairs of one annotation; raises Malformed for anything that does not check."""
    annotator = _annotator(annotation, m)
    results = [r for r in annotation.get("result") or [] if isinstance(r, dict)]
    base = {"pair": m.pair, "paragraph": paragraph, "annotator": annotator}
    records: list[tuple[str, dict[str, Any]]] = []
    if m.mqm:
        errors = _errors(results, m.mqm, displays, m.offsets)
        for name in m.mqm.translations or list(systems):
            record = {"system": systems[name], **base, "errors": errors.get(name, [])}
            records.append((m.mqm.campaign, record))
    if m.pairwise:
        choice = _single(results, m.pairwise.from_name, "choices")
        if choice is not None:
            if choice not in m.pairwise.choices:
                raise Malformed(f"choice {choice!r} of {m.pairwise.from_name!r} is not in the mapping's "
                                f"pairwise.choices")
            record = {**base, "a": systems[m.pairwise.a], "b": systems[m.pairwise.b],
                      "preference": m.pairwise.choices[choice]}
            records.append((m.pairwise.campaign, record))
    if m.sqm:
        for control, name in m.sqm.ratings.items():
            score = _single(results, control, "rating", "number")
            if score is None:
                continue
            number = isinstance(score, (int, float)) and not isinstance(score, bool)
            if not number or not m.sqm.min <= score <= m.sqm.max:
                raise Malformed(f"{control!r} score {score!r} is outside the scale "
                                f"{m.sqm.min:g}-{m.sqm.max:g}")
            records.append((m.sqm.campaign, {"system": systems[name], **base, "score": score}))
    return records


def _single(results: list[dict[str, Any]], control: str, *kinds: str) -> Any:
    """The one value of a whole-task control (None when the annotator left it empty)."""
    found = [r for r in results if r.get("from_name") == control]
    if not found:
        return None
    value = found[0].get("value") or {}
    for kind in kinds:
        if kind in value:
            got = value[kind]
            if kind == "choices":
                if not isinstance(got, list) or len(got) != 1:
                    raise Malformed(f"{control!r} should hold exactly one choice, got {got!r}")
                return got[0]
            return got
    raise Malformed(f"{control!r} has no {' or '.join(kinds)} value")


def _errors(results: list[dict[str, Any]], mqm: MqmSettings, displays: dict[str, Display],
            unit: str) -> dict[str, list[dict[str, Any]]]:
    """Translation name -> its MQM errors, from the ``labels`` results of ``mqm.from_name``."""
    by_region: dict[Any, list[dict[str, Any]]] = {}
    for r in results:
        by_region.setdefault(r.get("id"), []).append(r)
    errors: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if r.get("from_name") != mqm.from_name:
            continue
        value = r.get("value") or {}
        display = displays.get(str(r.get("to_name")))
        if display is None:
            raise Malformed(f"span {r.get('id')!r} is on {r.get('to_name')!r}, which is no translation "
                            "in the mapping")
        try:
            name, start, end = locate(display, value, unit)
        except Malformed as error:
            raise Malformed(f"span {r.get('id')!r}: {error}") from None
        error = {"start": start, "end": end, **_label_fields(value.get("labels"), mqm)}
        _check_category(error, mqm)
        for extra in by_region.get(r.get("id"), []):
            _region_extra(extra, mqm, error)
        if "severity" not in error:
            if not mqm.default_severity:
                raise Malformed(f"span {r.get('id')!r} {value.get('text')!r} has no severity")
            error["severity"] = mqm.default_severity
        errors.setdefault(name, []).append(_ordered(error))
    return errors


def _label_fields(labels: Any, mqm: MqmSettings) -> dict[str, Any]:
    if not isinstance(labels, list) or not labels:
        raise Malformed("a span has no value.labels")
    out: dict[str, Any] = {}
    for label in labels:
        spec = mqm.labels.get(str(label))
        if spec is None:
            if not mqm.label_is_category:
                raise Malformed(f"label {label!r} is not in the mapping's mqm.labels")
            main, _, sub = str(label).partition("/")
            fields = {"category": main.strip(), "subcategory": sub.strip()}
        else:
            fields = {"category": spec.category, "subcategory": spec.subcategory, "severity": spec.severity}
            if spec.non_translation:
                fields["non_translation"] = True
        for key, value in fields.items():
            if value in ("", None):
                continue
            if key in out and out[key] != value:
                raise Malformed(f"the labels {labels!r} of one span give two values for {key}")
            out[key] = value
    if "category" not in out:
        raise Malformed(f"the labels {labels!r} give no category")
    if out["category"].lower() == "non-translation":
        out["non_translation"] = True
    return out


def _region_extra(result: dict[str, Any], mqm: MqmSettings, error: dict[str, Any]) -> None:
    value = result.get("value") or {}
    if mqm.severity_from and result.get("from_name") == mqm.severity_from:
        choices = value.get("choices")
        severity = str(choices[0]).lower() if isinstance(choices, list) and len(choices) == 1 else None
        if severity not in SEVERITIES:
            raise Malformed(f"severity {choices!r} is not one of {', '.join(SEVERITIES)}")
        error["severity"] = severity
    elif mqm.comment_from and result.get("from_name") == mqm.comment_from:
        text = value.get("text")
        text = "\n".join(map(str, text)) if isinstance(text, list) else str(text or "")
        if text.strip():
            error["comment"] = unicodedata.normalize("NFC", text.strip())


def _ordered(error: dict[str, Any]) -> dict[str, Any]:
    keys = ("start", "end", "category", "subcategory", "severity", "non_translation", "comment")
    return {k: error[k] for k in keys if k in error}


def _check_category(error: dict[str, Any], mqm: MqmSettings) -> None:
    if mqm.typology == "custom":
        return
    allowed = allowed_categories(mqm.typology)
    main, sub = error["category"], error.get("subcategory", "")
    if main not in allowed or sub not in allowed[main]:
        raise Malformed(f"category {main}/{sub} is not in the {mqm.typology} typology (map the label "
                        "under mqm.labels, or use typology: custom)")


def _finish_mqm(m: LabelStudioMapping, builder: RootBuilder) -> None:
    """Set the MQM campaign's typology, listing the categories found for a custom one."""
    if not m.mqm:
        return
    settings: dict[str, Any] = {"variant": m.mqm.variant, "typology": m.mqm.typology}
    if m.mqm.typology == "custom":
        settings["categories"] = category_names(builder.records[m.mqm.campaign])
    builder.campaigns[m.mqm.campaign]["mqm"] = settings
