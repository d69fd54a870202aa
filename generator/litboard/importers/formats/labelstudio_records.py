"""One Label Studio annotation -> litboard judgment records (MQM, pairwise, SQM).

Every span is checked on its own: a span that does not check out is reported and the
annotation's other spans, its preference and its ratings are kept. A span whose offsets are no
span of the text (not integers, negative, past the end, end before start) is skipped and said
so (``BadOffsets``). A span whose valid offsets do not select its text on a display of one
translation keeps its error without a location (zero-width at 0, comment "span located: no");
on a merged display the translation is unknown, so it is skipped.
A span without a severity is stored with severity ``unspecified`` (or the mapping's
``default_severity``, which the campaign card then states). Whole-task controls that are
malformed (a choice outside the mapping, a rating off the scale) still skip the annotation.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...typology import SEVERITIES, allowed_categories
from ..core.mapping import LabelStudioMapping, MqmSettings
from .labelstudio_spans import BadOffsets, Display, Malformed, locate

UNSPECIFIED = "unspecified"


@dataclass
class Annotated:
    """What one annotation gave: (scheme, translation name or '', record) items plus span notes."""

    records: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    skipped_spans: list[str] = field(default_factory=list)
    unspecified: int = 0
    defaulted: int = 0
    drift: int = 0
    spans: int = 0
    unlocated: list[str] = field(default_factory=list)  # errors kept without a location, and why


def annotation_records(
    annotation: dict[str, Any],
    m: LabelStudioMapping,
    base: dict[str, Any],
    systems: dict[str, str],
    displays: dict[str, Display],
    unplaced: tuple[str, ...] = (),
) -> Annotated:
    """Records of one annotation; raises Malformed only for whole-annotation problems."""
    raw = annotation.get("result")
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise Malformed(f"'result' is a {type(raw).__name__}, not a list of results")
    odd = [i for i, r in enumerate(raw) if not isinstance(r, dict)]
    if odd:
        raise Malformed(f"result[{odd[0]}] is a {type(raw[odd[0]]).__name__}, not an object")
    results: list[dict[str, Any]] = raw
    out = Annotated()
    if m.mqm:
        errors = _errors(results, m.mqm, displays, m.offsets, out)
        for name in m.mqm.translations or list(systems):
            if name in unplaced:
                continue  # not found in its merged display: reported once per task by the caller
            out.records.append(
                ("mqm", name, {"system": systems[name], **base, "errors": errors.get(name, [])})
            )
    if m.pairwise:
        choice = _single(results, m.pairwise.from_name, "choices")
        if choice is not None:
            if choice not in m.pairwise.choices:
                raise Malformed(
                    f"choice {choice!r} of {m.pairwise.from_name!r} is not in the mapping's "
                    f"pairwise.choices"
                )
            record = {
                **base,
                "a": systems[m.pairwise.a],
                "b": systems[m.pairwise.b],
                "preference": m.pairwise.choices[choice],
            }
            comment = _rationale(results, m.pairwise.comment_from, m.pairwise.notes_from)
            if comment:
                record["comment"] = comment
            out.records.append(("pairwise", "", record))
    if m.sqm:
        for control, name in m.sqm.ratings.items():
            score = _single(results, control, "rating", "number")
            if score is None:
                continue
            number = isinstance(score, (int, float)) and not isinstance(score, bool)
            if not number or not m.sqm.min <= score <= m.sqm.max:
                raise Malformed(
                    f"{control!r} score {score!r} is outside the scale {m.sqm.min:g}-{m.sqm.max:g}"
                )
            out.records.append(("sqm", name, {"system": systems[name], **base, "score": score}))
    return out


def _rationale(results: list[dict[str, Any]], comment_from: str, notes_from: list[str]) -> str:
    """The annotator's rationale (a TextArea) and further whole-task answers, as one comment."""
    parts = []
    if comment_from:
        text = _single(results, comment_from, "text")
        text = "\n".join(map(str, text)) if isinstance(text, list) else str(text or "")
        _check_text(text, comment_from)
        if text.strip():
            parts.append(unicodedata.normalize("NFC", text.strip()))
    for control in notes_from:
        choice = _single(results, control, "choices")
        if choice is not None:
            _check_text(str(choice), control)
            parts.append(f"{control}: {choice}")
    return "\n\n".join(parts)


def _check_text(text: str, control: str) -> None:
    from ...load.values import _bad_char

    odd = _bad_char(text, False)
    if odd:
        raise Malformed(f"{control!r} contains {odd}")


def _single(results: list[dict[str, Any]], control: str, *kinds: str) -> Any:
    """The one value of a whole-task control (None when the annotator left it empty)."""
    found = [r for r in results if r.get("from_name") == control]
    if not found:
        return None
    value = found[0].get("value") or {}
    if not isinstance(value, dict):
        raise Malformed(f"{control!r} has a value that is not an object")
    for kind in kinds:
        if kind in value:
            got = value[kind]
            if kind == "choices":
                if not isinstance(got, list) or len(got) != 1:
                    raise Malformed(f"{control!r} should hold exactly one choice, got {got!r}")
                return got[0]
            return got
    raise Malformed(f"{control!r} has no {' or '.join(kinds)} value")


def _errors(
    results: list[dict[str, Any]],
    mqm: MqmSettings,
    displays: dict[str, Display],
    unit: str,
    out: Annotated,
) -> dict[str, list[dict[str, Any]]]:
    """Translation name -> its MQM errors, from the ``labels`` results of ``mqm.from_name``."""
    by_region: dict[Any, list[dict[str, Any]]] = {}
    for r in results:
        by_region.setdefault(r.get("id"), []).append(r)
    errors: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if r.get("from_name") != mqm.from_name:
            continue
        out.spans += 1
        try:
            name, error = _error(r, mqm, displays, unit, by_region.get(r.get("id"), []), out)
        except Malformed as why:
            out.skipped_spans.append(f"span {r.get('id')!r}: {why}")
            continue
        errors.setdefault(name, []).append(error)
    return errors


def _error(
    r: dict[str, Any],
    mqm: MqmSettings,
    displays: dict[str, Display],
    unit: str,
    region: list[dict[str, Any]],
    out: Annotated,
) -> tuple[str, dict[str, Any]]:
    value = r.get("value") or {}
    if not isinstance(value, dict):
        raise Malformed("its value is not an object")
    display = displays.get(str(r.get("to_name")))
    if display is None:
        raise Malformed(
            f"it is on {r.get('to_name')!r}, which is no translation in the mapping "
            "(or its translation could not be found in the merged text)"
        )
    fields = _label_fields(value.get("labels"), mqm)
    try:
        name, start, end, drift = locate(display, value, unit)
    except BadOffsets:  # no span at all: skipped (and said), not an error at 0
        raise
    except Malformed as why:
        if len(display.parts) != 1:  # a merged text: which translation the span is on is unknown
            raise
        # one translation: the error is kept without a location (its label is valid)
        name, start, end, drift = display.parts[0].name, 0, 0, 0
        fields["comment"] = f"span located: no ({why})"
        out.unlocated.append(f"span {r.get('id')!r}: {why}")
    error = {"start": start, "end": end, **fields}
    _check_category(error, mqm)
    for extra in region:
        _region_extra(extra, mqm, error)
    if "severity" not in error:
        if mqm.default_severity:
            error["severity"] = mqm.default_severity
            out.defaulted += 1
        else:
            error["severity"] = UNSPECIFIED
            out.unspecified += 1
    out.drift += drift
    return name, _ordered(error)


def _label_fields(labels: Any, mqm: MqmSettings) -> dict[str, Any]:
    if not isinstance(labels, list) or not labels:
        raise Malformed("a span has no value.labels")
    out: dict[str, Any] = {}
    from ...load.values import _bad_char

    for label in labels:
        if not isinstance(label, str) or not label.strip() or _bad_char(label, True):
            raise Malformed(f"label {label!r} is not a one-line text")
        spec = mqm.labels.get(str(label))
        if spec is None:
            if not mqm.label_is_category:
                raise Malformed(f"label {label!r} is not in the mapping's mqm.labels")
            main, _, sub = str(label).partition("/")
            fields: dict[str, str | bool] = {"category": main.strip(), "subcategory": sub.strip()}
        else:
            fields = {
                "category": spec.category,
                "subcategory": spec.subcategory,
                "severity": spec.severity,
            }
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
        severity = (
            str(choices[0]).lower() if isinstance(choices, list) and len(choices) == 1 else None
        )
        if severity not in SEVERITIES:
            raise Malformed(f"severity {choices!r} is not one of {', '.join(SEVERITIES)}")
        error["severity"] = severity
    elif mqm.comment_from and result.get("from_name") == mqm.comment_from:
        text = value.get("text")
        text = "\n".join(map(str, text)) if isinstance(text, list) else str(text or "")
        _check_text(text, mqm.comment_from)
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
        raise Malformed(
            f"category {main}/{sub} is not in the {mqm.typology} typology (map the label "
            "under mqm.labels, or use typology: custom)"
        )
