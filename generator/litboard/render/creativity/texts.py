"""View models of the Creativity text reader: one page per text (work x pair), one row per
line with the source and its HT / PE / MT translations side by side.

Spans reuse the paragraph reader's models (reader.views.SpanView/RunView, core.spans.split_runs)
and its runs macro, so popovers (category, severity, UCP classes) work on hover and on
keyboard focus without JavaScript. Two layers: the LLM judge's error spans (``auto``) and
UCPs (``ucp``) carrying both the professionals' and the LLM's class.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ...typology import simple_class
from ..core.spans import split_runs
from ..reader.spans import CATEGORIES, UCP_CLASSES, Rendering, SpanView
from ..reader.views import NESTING, MarkView, RunView, TextView
from .views import ERRORS, MODALITIES, UCPS, CreativityData, pair_rank, text_page

LLM_ERRORS = "llm-tsa-errors"  # the LLM judge's Tagged Span Annotation campaign
Key = tuple[str, str, str]  # system, pair, paragraph


@dataclass(frozen=True)
class Unplaced:
    """A UCP whose rendering could not be located in the translation (listed under the line)."""

    label: str
    classes: str
    disagree: bool
    detail: str


@dataclass
class CellView:
    modality: str
    system: str
    text: TextView | None
    unplaced: list[Unplaced] = field(default_factory=list)


@dataclass
class LineView:
    paragraph: str
    label: str
    link: str
    source: TextView
    cells: list[CellView]


@dataclass
class ColumnHead:
    modality: str
    name: str
    system: str


@dataclass
class TextPageView:
    work: str
    pair: str
    title: str
    author: str
    genre: str
    source_lang: str
    target_lang: str
    path: str  # creativity/texts/<work>-<pair>.md
    link: str  # the same page relative to creativity/
    heads: list[ColumnHead]
    lines: list[LineView]
    prev: str
    next: str
    counts: dict[str, int]
    provenance: str


def _groups(frame: pd.DataFrame, keys: list[str]) -> dict[Any, list[dict[str, Any]]]:
    out: dict[Any, list[dict[str, Any]]] = {}
    for record in frame.to_dict("records"):
        out.setdefault(tuple(record[k] for k in keys), []).append(record)
    return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def _category_css(category: str, severity: str) -> str:
    cat = _slug(category) if _slug(category) in CATEGORIES else "other"
    sev = severity if severity in ("neutral", "minor", "major", "critical") else "unknown"
    return f"lb-cat-{cat} lb-sev-{sev}"


def _classes(pro: str, llm: str) -> tuple[str, bool]:
    """Badge text and whether the simplified classes (CS/R/O) disagree."""
    disagree = simple_class(pro) != simple_class(llm)
    return (f"{pro}≠{llm}" if disagree else f"{pro}|{llm}"), disagree


def _meaning(cls: str) -> str:
    return f"{cls} ({UCP_CLASSES[cls]})" if cls in UCP_CLASSES else cls


@dataclass
class _Context:
    titles: dict[str, str]
    judges: dict[str, str]
    errors: dict[Any, list[dict[str, Any]]]
    ucps: dict[Any, list[dict[str, Any]]]


def text_pages(data: CreativityData) -> list[TextPageView]:
    """One reader page per (work, pair) that has per-text scores, in pair then work order."""
    corpus = data.corpus
    t = corpus.tables
    campaigns = t["campaigns"]
    mqm = t["mqm_errors"]
    ucps = t["ucps"][t["ucps"]["campaign"] == UCPS]
    ctx = _Context(
        dict(zip(campaigns["campaign"], campaigns["title"].astype(str))),
        {c: str(m) for c, m in zip(campaigns["campaign"], campaigns["judge_model"]) if m},
        _groups(mqm[mqm["campaign"] == LLM_ERRORS], ["system", "pair", "paragraph"]),
        _groups(ucps, ["system", "pair", "paragraph"]),
    )
    keys = sorted(
        {(w, p) for w, p in zip(data.texts["work"], data.texts["pair"])},
        key=lambda k: (pair_rank(k[1]), k[0]),
    )
    pages = []
    for i, (work, pair) in enumerate(keys):
        prev = f"{keys[i - 1][0]}-{keys[i - 1][1]}.html" if i > 0 else ""
        nxt = f"{keys[i + 1][0]}-{keys[i + 1][1]}.html" if i + 1 < len(keys) else ""
        pages.append(_page(data, ctx, work, pair, prev, nxt))
    return pages


def _page(
    data: CreativityData, ctx: _Context, work: str, pair: str, prev: str, nxt: str
) -> TextPageView:
    corpus = data.corpus
    texts = data.texts[(data.texts["work"] == work) & (data.texts["pair"] == pair)]
    systems = {m: s for m, s in zip(texts["modality"], texts["system"])}
    names = corpus.tables["systems"].set_index("system")["name"].astype(str).to_dict()
    heads = [
        ColumnHead(m, names.get(systems[m], systems[m]), systems[m])
        for m in MODALITIES
        if m in systems
    ]
    heads += [
        ColumnHead(m, names.get(s, s), s) for m, s in sorted(systems.items()) if m not in MODALITIES
    ]
    paragraphs = corpus.paragraphs[corpus.paragraphs["work"] == work].sort_values(
        "index", kind="stable"
    )
    tr = corpus.translations
    tr = tr[(tr["pair"] == pair) & tr["system"].isin(list(systems.values()))]
    by_key = {(s, p): r for s, p, r in zip(tr["system"], tr["paragraph"], tr.to_dict("records"))}
    target = pair.split("-")[1]
    lines = []
    counts = {"errors": 0, "ucps": 0, "disagree": 0, "unplaced": 0}
    for n, p in enumerate(paragraphs.to_dict("records")):
        pid = p["paragraph"]
        cells = []
        for h in heads:
            row = by_key.get((h.system, pid))
            key = (h.system, pair, pid)
            if row is None:
                cells.append(CellView(h.modality, h.system, None))
                continue
            spans, unplaced = _spans(key, ctx, f"l{n}{h.modality.lower()}")
            counts["errors"] += sum(s.layer == "auto" for s in spans)
            counts["ucps"] += sum(s.layer == "ucp" for s in spans) + len(unplaced)
            counts["disagree"] += sum("lb-cr-disagree" in s.css for s in spans) + sum(
                u.disagree for u in unplaced
            )
            counts["unplaced"] += len(unplaced)
            cells.append(
                CellView(
                    h.modality,
                    h.system,
                    _text(
                        row["text"],
                        row["snippet"],
                        row["restricted"],
                        target,
                        spans,
                        f"l{n}{h.modality.lower()}",
                        pid,
                    ),
                    unplaced,
                )
            )
        source = _text(
            p["text"],
            p["snippet"],
            p["restricted"],
            p["source_lang"],
            _source_spans(pair, pid, heads, ctx, f"l{n}src"),
            f"l{n}src",
            pid,
        )
        label = pid[len(work) + 1 :] if pid.startswith(f"{work}-") else pid
        lines.append(LineView(pid, label, f"../../paragraphs/{pid}.html#{pair}", source, cells))
    meta = corpus.works.get(work, {})
    return TextPageView(
        work,
        pair,
        str(meta.get("title", work)),
        str(meta.get("author", "")),
        str(texts["genre"].iloc[0]),
        str(meta.get("source_lang", pair.split("-")[0])),
        target,
        f"creativity/texts/{work}-{pair}.md",
        text_page(work, pair),
        heads,
        lines,
        prev,
        nxt,
        counts,
        data.provenance([LLM_ERRORS, UCPS, ERRORS]),
    )


def _text(
    text: str | None,
    snippet: Any,
    restricted: Any,
    lang: str,
    spans: list[SpanView],
    prefix: str,
    where: str,
) -> TextView:
    view = TextView(text, str(snippet or ""), str(restricted or ""), lang, spans=spans)
    if text is None or _missing(text):
        view.text = None
        return view
    ordered = sorted(spans, key=lambda s: (NESTING[s.layer], s.start, -s.end, s.key))
    for i, run in enumerate(split_runs(text, ordered, where)):
        marks = tuple(MarkView(s, s.start == run.start, s.end == run.end) for s in run.spans)
        view.runs.append(
            RunView(run.text, marks, f"lb-pop-{prefix}-{i}" if marks else "", run.omission)
        )
    return view


def _spans(key: Key, ctx: _Context, prefix: str) -> tuple[list[SpanView], list[Unplaced]]:
    out: list[SpanView] = []
    for r in ctx.errors.get(key, []):
        title = "/".join(x for x in (r["category"], r["subcategory"]) if x) or "Error"
        judge = ctx.judges.get(r["campaign"], "")
        out.append(
            SpanView(
                f"{prefix}s{len(out)}",
                "auto",
                int(r["start"]),
                int(r["end"]),
                f"lb-l-auto {_category_css(str(r['category']), str(r['severity']))}",
                title,
                str(r["severity"]),
                judge or str(r["annotator"]),
                "LLM judge",
                f"{r['campaign']}:{r['annotator']}",
                ctx.titles.get(r["campaign"], r["campaign"]),
                str(r["comment"] or ""),
            )
        )
    unplaced = []
    for ucp, rows in _by_ucp(ctx.ucps.get(key, [])).items():
        pro, llm = rows.get("pro"), rows.get("llm")
        first = pro or llm or {}
        badge, disagree = _classes(
            str((pro or {}).get("ucp_class", "—")), str((llm or {}).get("ucp_class", "—"))
        )
        detail = f"“{first.get('source_text') or ''}” → “{first.get('target_text') or ''}”"
        if _missing(first["start"]) or _missing(first["end"]):
            unplaced.append(Unplaced(_short(ucp), badge, disagree, detail))
            continue
        verdict = "they disagree (as CS/R/O)" if disagree else "they agree (as CS/R/O)"
        title = (
            f"UCP {_short(ucp)}: professionals {_meaning(str((pro or {}).get('ucp_class', '—')))}, "
            f"LLM {_meaning(str((llm or {}).get('ucp_class', '—')))}; {verdict}"
        )
        comment = "; ".join(str(r.get("comment") or "") for r in rows.values() if r.get("comment"))
        out.append(
            SpanView(
                f"{prefix}s{len(out)}",
                "ucp",
                int(first["start"]),
                int(first["end"]),
                f"lb-l-ucp lb-cr-ucp lb-cr-{'disagree' if disagree else 'agree'}",
                title,
                "",
                "professionals and LLM",
                "",
                str(first["campaign"]),
                ctx.titles.get(first["campaign"], first["campaign"]),
                comment,
                ucp=str(ucp),
                badge=badge,
                detail=detail,
            )
        )
    return out, unplaced


def _by_ucp(rows: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    grouped: dict[str, dict[str, dict[str, Any]]] = {}
    for r in rows:
        grouped.setdefault(str(r["ucp"]), {})[str(r["annotator"])] = r
    return grouped


def _short(ucp: str) -> str:
    return ucp.rsplit("-", 1)[-1]


def _source_spans(
    pair: str, pid: str, heads: list[ColumnHead], ctx: _Context, prefix: str
) -> list[SpanView]:
    """One source span per UCP, listing how each modality renders it and both classes."""
    units: dict[str, dict[str, Any]] = {}
    renderings: dict[str, list[Rendering]] = {}
    for h in heads:
        for ucp, rows in _by_ucp(ctx.ucps.get((h.system, pair, pid), [])).items():
            pro, llm = rows.get("pro", {}), rows.get("llm", {})
            first = pro or llm
            badge, _ = _classes(str(pro.get("ucp_class", "—")), str(llm.get("ucp_class", "—")))
            renderings.setdefault(ucp, []).append(
                Rendering(h.modality, "", badge, str(first.get("target_text") or ""))
            )
            if not _missing(first.get("source_start")) and ucp not in units:
                units[ucp] = first
    out: list[SpanView] = []
    for ucp, r in sorted(units.items(), key=lambda kv: (kv[1]["source_start"], kv[0])):
        out.append(
            SpanView(
                f"{prefix}s{len(out)}",
                "ucp",
                int(r["source_start"]),
                int(r["source_end"]),
                "lb-l-ucp lb-ucp-source",
                f"UCP {_short(ucp)}",
                "",
                "professionals and LLM",
                "",
                str(r["campaign"]),
                ctx.titles.get(r["campaign"], r["campaign"]),
                "",
                ucp=ucp,
                detail=f"“{r.get('source_text') or ''}” (renderings: professionals' | LLM's class)",
                renderings=tuple(renderings.get(ucp, ())),
            )
        )
    return out
