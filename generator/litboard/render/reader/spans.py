"""The spans of the paragraph reader: every annotation layer turned into ``SpanView``s.

Layers: human MQM errors (``mqm``); LLM-judge and metric spans (``auto``: MQM records of
annotators with expertise ``llm``, and ``metric_spans``); free good/bad spans (``free``);
UCPs (``ucp``: in each translation, and once per unit in the source with every
rendering); kudos. CSS class names come from fixed vocabularies only; text from data is
passed through untouched for the templates to escape.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass
class SpanContext:
    """Lookups built once per corpus: campaign titles, annotator expertise, metric names,
    and each span table's records by (system, pair, paragraph)."""

    titles: dict[str, str]
    expertise: dict[tuple[str, str], str]
    metric_names: dict[str, str]
    spans: dict[str, dict[Any, list[dict[str, Any]]]]


CATEGORIES = ("accuracy", "fluency", "style", "terminology", "locale-convention", "non-translation")
UCP_CLASSES = {
    "R": "reproduction",
    "CS": "creative shift",
    "CSA": "creative shift: abstraction",
    "CSM": "creative shift: modification",
    "CSC": "creative shift: concretisation",
    "O": "omission",
    "E": "error",
}


class Rendering(NamedTuple):
    """How one translation renders a source UCP (listed in the source UCP's details)."""

    name: str
    blind_label: str
    ucp_class: str
    target_text: str


class SpanView(NamedTuple):
    """One annotated span; ``css`` holds class names from fixed vocabularies only. (Named tuples,
    as the run views: a WMT-sized build makes millions.)"""

    key: str
    layer: str
    start: int
    end: int
    css: str
    title: str
    severity: str
    annotator: str
    expertise: str
    toggle: str
    campaign: str
    comment: str
    ucp: str = ""
    badge: str = ""
    detail: str = ""
    renderings: tuple[Rendering, ...] = ()

    @property
    def omission(self) -> bool:
        return self.start == self.end


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def esa_title(severity: str, position: str) -> str:
    """'ESA major error', 'ESA minor error (position unknown)', 'ESA error (severity
    unknown)'."""
    kind = f"ESA {severity} error" if severity in ("minor", "major") else "ESA error"
    notes = [
        n
        for n, on in (
            ("severity unknown", severity not in ("minor", "major")),
            ("position unknown", position == "unknown"),
        )
        if on
    ]
    return kind + (f" ({', '.join(notes)})" if notes else "")


def _category_css(category: str, severity: str) -> str:
    slug = _slug(category)
    cat = slug if slug in CATEGORIES else "other"
    sev = severity if severity in ("neutral", "minor", "major", "critical") else "unknown"
    return f"lb-cat-{cat} lb-sev-{sev}"


def translation_spans(key: tuple[str, str, str], ctx: SpanContext, prefix: str) -> list[SpanView]:
    """Every span on one translation; keys are ``prefix`` + a running number."""
    out: list[SpanView] = []

    def add(
        layer: str,
        r: dict[str, Any],
        css: str,
        title: str,
        who: str,
        expertise: str,
        toggle: str,
        **extra: Any,
    ) -> None:
        out.append(
            SpanView(
                f"{prefix}s{len(out)}",
                layer,
                int(r["start"]),
                int(r["end"]),
                f"lb-l-{layer} {css}".strip(),
                title,
                str(extra.pop("severity", "")),
                who,
                expertise,
                toggle,
                ctx.titles.get(r["campaign"], r["campaign"]),
                str(r.get("comment") or ""),
                **extra,
            )
        )

    for r in ctx.spans["mqm_errors"].get(key, []):
        if on_source(r):
            continue  # shown on the source text (source_errors)
        expertise = ctx.expertise.get((r["campaign"], r["annotator"]), "")
        layer = "auto" if expertise == "llm" else "mqm"
        title = "/".join(x for x in (r["category"], r["subcategory"]) if x) or "Error"
        css = _category_css(r["category"], r["severity"]) + (
            " lb-nontranslation" if r["non_translation"] else ""
        )
        add(
            layer,
            r,
            css,
            title,
            r["annotator"],
            expertise,
            f"{r['campaign']}:{r['annotator']}",
            severity=r["severity"],
        )
    for r in ctx.spans.get("esa_spans", {}).get(key, []):
        add(
            "mqm",
            r,
            f"lb-cat-other lb-sev-{r['severity']}",
            esa_title(r["severity"], r["position"]),
            r["annotator"],
            ctx.expertise.get((r["campaign"], r["annotator"]), ""),
            f"{r['campaign']}:{r['annotator']}",
            severity=r["severity"],
        )
    for r in ctx.spans["metric_spans"].get(key, []):
        title = "/".join(x for x in (r["category"], r["subcategory"]) if x) or "Error"
        add(
            "auto",
            r,
            _category_css(r["category"], r["severity"]),
            title,
            ctx.metric_names[r["campaign"]],
            "metric",
            r["campaign"],
            severity=r["severity"],
        )
    for r in ctx.spans["free_spans"].get(key, []):
        good = r["polarity"] == "good"
        add(
            "free",
            r,
            "lb-good" if good else "lb-bad",
            "Good" if good else "Bad",
            r["annotator"],
            ctx.expertise.get((r["campaign"], r["annotator"]), ""),
            f"{r['campaign']}:{r['annotator']}",
        )
    for r in ctx.spans["ucps"].get(key, []):
        if _missing(r["start"]) or _missing(r["end"]):
            continue
        add(
            "ucp",
            r,
            f"lb-ucp-{_slug(r['ucp_class'])}",
            _ucp_title(r),
            r["annotator"],
            ctx.expertise.get((r["campaign"], r["annotator"]), ""),
            f"{r['campaign']}:{r['annotator']}",
            ucp=str(r["ucp"]),
            badge=str(r["ucp_class"]),
            detail=_ucp_detail(r),
        )
    for r in ctx.spans["kudos"].get(key, []):
        add(
            "kudos",
            r,
            "",
            f"Kudos +{float(r['points']):g}",
            r["annotator"],
            ctx.expertise.get((r["campaign"], r["annotator"]), ""),
            f"{r['campaign']}:{r['annotator']}",
            badge="★",
        )
    return out


def on_source(r: dict[str, Any]) -> bool:
    """An MQM error marked on the source text (``side: source`` with source offsets)."""
    return (
        r.get("side") == "source"
        and not _missing(r.get("source_start"))
        and not _missing(r.get("source_end"))
    )


def source_errors(
    rows: list[dict[str, Any]], names: dict[tuple[str, str], tuple[str, str]], ctx: SpanContext
) -> list[SpanView]:
    """MQM errors marked on the source, as spans of the source text; the detail names the
    translation (by its blind label) the annotator was judging."""
    out: list[SpanView] = []
    for r in rows:
        if not on_source(r):
            continue
        expertise = ctx.expertise.get((r["campaign"], r["annotator"]), "")
        layer = "auto" if expertise == "llm" else "mqm"
        title = "/".join(x for x in (r["category"], r["subcategory"]) if x) or "Error"
        css = _category_css(r["category"], r["severity"]) + " lb-side-source"
        label = names.get((r["system"], r["pair"]), ("", ""))[1]
        out.append(
            SpanView(
                f"srce{len(out)}",
                layer,
                int(r["source_start"]),
                int(r["source_end"]),
                f"lb-l-{layer} {css}",
                title,
                str(r["severity"]),
                r["annotator"],
                expertise,
                f"{r['campaign']}:{r['annotator']}",
                ctx.titles.get(r["campaign"], r["campaign"]),
                str(r.get("comment") or ""),
                detail=f"marked on the source while judging {label}"
                if label
                else "marked on the source",
            )
        )
    return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _ucp_title(r: dict[str, Any]) -> str:
    meaning = UCP_CLASSES.get(r["ucp_class"], "")
    cultural = ", cultural reference" if r.get("cultural") else ""
    return f"UCP {r['ucp']}: {r['ucp_class']} ({meaning}){cultural}"


def _ucp_detail(r: dict[str, Any]) -> str:
    source, target = str(r.get("source_text") or ""), str(r.get("target_text") or "")
    if not source and not target:
        return ""
    return f"“{source}” → “{target}”"


def source_ucps(
    rows: list[dict[str, Any]], names: dict[tuple[str, str], tuple[str, str]], ctx: SpanContext
) -> list[SpanView]:
    """One source span per (campaign, UCP id, source offsets), listing every rendering;
    ``names`` maps (system, pair) to the translation's (name, blind label)."""
    grouped: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in rows:
        if _missing(r["source_start"]) or _missing(r["source_end"]):
            continue
        unit = (r["campaign"], r["ucp"], int(r["source_start"]), int(r["source_end"]))
        grouped.setdefault(unit, []).append(r)
    out: list[SpanView] = []
    for (cid, ucp, start, end), items in sorted(grouped.items()):
        renderings = tuple(
            Rendering(
                *names[(r["system"], r["pair"])],
                str(r["ucp_class"]),
                str(r.get("target_text") or ""),
            )
            for r in items
            if (r["system"], r["pair"]) in names
        )
        first = items[0]
        out.append(
            SpanView(
                f"srcs{len(out)}",
                "ucp",
                start,
                end,
                "lb-l-ucp lb-ucp-source",
                f"UCP {ucp}",
                "",
                ", ".join(sorted({str(r["annotator"]) for r in items})),
                "",
                "",
                ctx.titles.get(cid, cid),
                "",
                ucp=str(ucp),
                detail=f"“{first.get('source_text') or ''}”",
                renderings=renderings,
            )
        )
    return out
