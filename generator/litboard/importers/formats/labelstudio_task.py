"""One Label Studio task's texts and ids: pair, work, paragraph, systems, displays, annotator.

Every mapping key under ``task:`` names a data field read per task, so one mapping serves
exports of many language pairs, works and annotators. ``task_texts`` checks the texts and
registers the paragraph and translations with the ``RootBuilder``; ``Malformed`` skips the task.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from ...files.ids import long_slug, pair_problem, slug
from .. import ImportReport
from ..core.inputs import work_card
from ..core.mapping import LabelStudioMapping
from ..core.root_builder import RootBuilder
from .labelstudio_spans import Display, Malformed, Part


@dataclass(frozen=True)
class TaskTexts:
    data: dict[str, Any]
    pair: str
    paragraph: str
    systems: dict[str, str]  # translation name -> system id
    displays: dict[str, Display]  # Text tag name -> what it showed
    unplaced: tuple[str, ...]  # translations missing from their merged display
    comparison: str  # e.g. 'gpt-4o-vs-human'


def task_texts(
    task: dict[str, Any], m: LabelStudioMapping, dataset_id: str, builder: RootBuilder
) -> TaskTexts:
    """Check the task's texts, then register its work, paragraph, systems and translations."""
    data = task.get("data")
    if not isinstance(data, dict):
        raise Malformed("has no 'data' block")
    pair = task_pair(data, m)
    source = unicodedata.normalize("NFC", _text(data, m.task.source))
    texts = {t.name: _text(data, t.field) for t in m.translations}
    systems = {t.name: t.system or slug(_text(data, t.system_field)) for t in m.translations}
    if len(set(systems.values())) < len(systems):
        raise Malformed(f"two translations come from the same system ({systems})")
    displays = {}
    for t in m.translations:
        tag = t.to_name or t.field
        displays[tag] = Display(tag, texts[t.name], (Part(t.name, 0, texts[t.name]),))
    unplaced: list[str] = []
    for merged in m.merged:
        display = Display.merged(
            merged.to_name,
            _text(data, merged.field or merged.to_name),
            [(name, texts[name]) for name in merged.parts],
        )
        displays[merged.to_name] = display
        unplaced += display.missing
    key = _text(data, m.task.paragraph) if m.task.paragraph else ""
    sentences = _sentences(data, m)
    work, title = _work(data, m, dataset_id, pair)
    pid = builder.paragraph_id(work, source, key)
    for name, system in systems.items():
        why = builder.conflict(system, pid, source, unicodedata.normalize("NFC", texts[name]), pair)
        if why:
            raise Malformed(why)
    known = builder.works.get(work, {}).get("source_lang", pair.split("-")[0])
    if known != pair.split("-")[0]:
        raise Malformed(
            f"work {work!r} has source language {known!r} in an earlier task, this task "
            f"is {pair} (name the works apart with task.work)"
        )
    builder.work(work, work_card(m.work, pair.split("-")[0], title))
    paragraph = builder.paragraph(work, source, key, sentences) or pid
    for name, system in systems.items():
        builder.system(system, m.systems.get(system))
        builder.translation(system, paragraph, unicodedata.normalize("NFC", texts[name]), pair)
    return TaskTexts(
        data, pair, paragraph, systems, displays, tuple(unplaced), _comparison(data, m, systems)
    )


def task_pair(data: dict[str, Any], m: LabelStudioMapping) -> str:
    """The task's language pair: task.pair, else task.source_lang + task.target_lang, else the
    top-level pair (also for tasks whose data lacks the fields)."""
    fields = (
        [m.task.pair] if m.task.pair else [f for f in (m.task.source_lang, m.task.target_lang) if f]
    )
    present = [f for f in fields if isinstance(data.get(f), str) and data[f].strip()]
    if not present and m.pair:
        return m.pair
    if not fields:
        raise Malformed("no language pair: set pair: in the mapping")
    pair = "-".join(_text(data, f).strip() for f in fields).lower()
    why = pair_problem(pair)
    if why:
        raise Malformed(f"language pair {pair!r} from the task data: {why}")
    return pair


def _work(
    data: dict[str, Any], m: LabelStudioMapping, dataset_id: str, pair: str
) -> tuple[str, str]:
    """(work id, title): task.work, else the work block; per source language when the pair
    varies."""
    name = _text(data, m.task.work) if m.task.work else ""
    if name:
        return slug(name), name
    base, title = m.work.id or dataset_id, m.dataset.title or dataset_id
    if m.task.pair or m.task.source_lang:
        source = pair.split("-")[0]
        return slug(f"{base}-{source}"), f"{title} ({source})"
    return base, title


def _comparison(data: dict[str, Any], m: LabelStudioMapping, systems: dict[str, str]) -> str:
    if m.task.comparison:
        return slug(_text(data, m.task.comparison))
    shown = [systems[m.pairwise.a], systems[m.pairwise.b]] if m.pairwise else list(systems.values())
    focal = m.pairwise.focal if m.pairwise else ""
    if focal in shown:  # the declared focal system first: 'para-vs-sent'
        return "-vs-".join([focal] + sorted(s for s in shown if s != focal))
    return "-vs-".join(sorted(shown))


def _text(data: dict[str, Any], name: str) -> str:
    from ...load.values import _bad_char

    value = data.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise Malformed(f"data field {name!r} is missing or empty")
    odd = _bad_char(value, False)
    if odd:
        raise Malformed(f"data field {name!r} contains {odd}")
    return value


def _sentences(data: dict[str, Any], m: LabelStudioMapping) -> int | None:
    if not m.task.sentences:
        return 1 if m.mqm and m.mqm.variant == "paper000" else None
    value = data.get(m.task.sentences)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, str))
        or not str(value).isdigit()
        or int(value) < 1
    ):
        raise Malformed(
            f"data field {m.task.sentences!r} should be a positive whole number, got {value!r}"
        )
    return int(value)


def annotator(
    annotation: dict[str, Any], data: dict[str, Any], m: LabelStudioMapping, report: ImportReport
) -> str:
    """The annotator: the task.annotator data field when the task has it (a shared account),
    else completed_by; renamed through annotators.ids."""
    if m.task.annotator:
        real = data.get(m.task.annotator)
        if isinstance(real, (str, int)) and not isinstance(real, bool) and str(real).strip():
            report.count(f"annotations credited to data.{m.task.annotator}")
            return m.annotators.ids.get(str(real).strip()) or long_slug(str(real))
    user = annotation.get("completed_by")
    user = user.get("id") if isinstance(user, dict) else user
    if user is None or isinstance(user, (bool, list, dict)):
        raise Malformed("completed_by (the annotator) is missing")
    return m.annotators.ids.get(str(user)) or long_slug(f"a{user}")


def annotator_note(
    who: str, annotation: dict[str, Any], data: dict[str, Any], m: LabelStudioMapping
) -> str:
    """The full name behind an annotator id that was shortened with a digest, else ''."""
    real = data.get(m.task.annotator) if m.task.annotator else None
    if isinstance(real, (str, int)) and not isinstance(real, bool) and str(real).strip():
        full = str(real).strip()
    else:
        user = annotation.get("completed_by")
        full = str(user.get("id") if isinstance(user, dict) else user)
    shortened = who not in (m.annotators.ids.get(full), slug(full), slug(f"a{full}"))
    return f"full id in the export: {full}" if shortened else ""
