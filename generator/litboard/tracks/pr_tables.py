"""The tables of the results comment, from checked results.json data (see ``pr_render``).

Only numbers and schema-checked ids reach a cell. What can be derived from the numbers is
derived here, not read: the count of systems with a measure and each system's place by score.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

LABELS = {"bleu": ("BLEU", True), "chrf": ("chrF", True), "ter": ("TER", False)}
MAX_NAME = 300  # characters of a free text shown (the display name, a panel label)
MAX_OTHERS = 20  # systems named in a row of the "every system" table (the new one always is)


def inert(text: str) -> str:
    """Free text as one inert Markdown code span: no mention, link, emphasis, HTML or image is
    live."""
    shown = "".join(
        c
        if unicodedata.category(c)[0] not in "CZ" or c == " "
        else c.encode("unicode_escape").decode("ascii")
        for c in text.replace("\n", " ")
    )
    shown = shown[:MAX_NAME] + ("…" if len(shown) > MAX_NAME else "")
    shown = shown.replace("|", "\\|")  # a table cell's pipe; GitHub keeps it as text in a code span
    fence = "`" * (max((len(m) for m in re.findall(r"`+", shown)), default=0) + 1)
    return f"{fence} {shown} {fence}"


def _groups(doc: dict[str, Any]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Scores per (pair, measure), best first (the order recomputed from the numbers)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for score in doc["scores"]:
        groups.setdefault((score["pair"], score["measure"]), []).append(score)
    for (_, measure), rows in groups.items():
        rows.sort(key=lambda s: (-s["score"] if LABELS[measure][1] else s["score"], s["system"]))
    order = list(LABELS)
    return dict(sorted(groups.items(), key=lambda g: (g[0][0], order.index(g[0][1]))))


def _interval(pair: list[float] | None) -> str:
    return f"[{pair[0]:.2f}, {pair[1]:.2f}]" if pair else "—"


def _ranks(pair: list[int] | None) -> str:
    if not pair:
        return "—"
    return f"{pair[0]}" if pair[0] == pair[1] else f"{pair[0]}–{pair[1]}"


def yours(doc: dict[str, Any]) -> list[str]:
    out = [
        "| Pair | Measure | Score | 95% CI | 95% rank interval | Place by score | Systems with "
        "this measure |",
        "| --- | --- | ---: | --- | --- | ---: | ---: |",
    ]
    for (pair, measure), rows in _groups(doc).items():
        place = next((i for i, s in enumerate(rows, 1) if s["system"] == doc["system"]), None)
        if place is None:
            continue
        mine = rows[place - 1]
        label, up = LABELS[measure]
        out.append(
            f"| {pair} | {label} {'↑' if up else '↓'} | {mine['score']:.2f} | "
            f"{_interval(mine['ci'])} | "
            f"{_ranks(mine['ranks'])} | {place} | {len(rows)} |"
        )
    if len(out) == 2:
        out.append(
            "| — | — | — | — | — | — | no automatic score: the track has no reference for its "
            "pairs |"
        )
    return out


def others(doc: dict[str, Any]) -> list[str]:
    out = [
        f"Every system of the track on the same pairs (best first, at most {MAX_OTHERS} named; "
        "the new system in bold):",
        "",
        "| Pair | Measure | Systems and scores |",
        "| --- | --- | --- |",
    ]
    for (pair, measure), rows in _groups(doc).items():
        cells = [_cell(s, doc["system"]) for s in rows[:MAX_OTHERS]]
        mine = [s for s in rows[MAX_OTHERS:] if s["system"] == doc["system"]]
        hidden = len(rows) - MAX_OTHERS - len(mine)
        cells += [f"… {hidden} more"] if hidden > 0 else []
        cells += [_cell(s, doc["system"]) for s in mine]
        out.append(f"| {pair} | {LABELS[measure][0]} | {' · '.join(cells)} |")
    return out


def _cell(score: dict[str, Any], new: str) -> str:
    text = f"`{score['system']}` {score['score']:.2f}"
    return f"**{text}**" if score["system"] == new else text


def agreement(doc: dict[str, Any]) -> list[str]:
    """Each measure's agreement with the human ranking, pooled over the track's pairs (derived here
    from the agreeing and compared system pairs: ``analysis.measure_agreement``)."""
    from ..analysis.measure_agreement import Agreement, pooled

    out = [
        "How far each measure agrees with the track's human judgments: of the system pairs a "
        "pair's "
        "human ranking and the measure both order, the share ordered the same way (pairwise "
        "accuracy, "
        "pooled over the track's pairs with a human ranking; counts, no interval: system pairs "
        "sharing a system are not independent units).",
        "",
        "| Measure | Pairs with a human ranking | System pairs compared | Agreement |",
        "| --- | ---: | ---: | --- |",
    ]
    by_measure: dict[str, list[tuple[str, Agreement]]] = {}
    for a in doc.get("agreement", []):
        by_measure.setdefault(a["measure"], []).append(
            (a["pair"], Agreement(a["agree"], a["pairs"]))
        )
    for measure in (m for m in LABELS if m in by_measure):
        total = pooled(a for _, a in by_measure[measure])
        shown = "— (no system pair both order yet)"
        if total.pairs:
            shown = total.counts_text()
        out.append(
            f"| {LABELS[measure][0]} | {len({p for p, _ in by_measure[measure]})} | "
            f"{total.pairs} | {shown} |"
        )
    if len(out) == 4:
        out.append(
            "| — | 0 | 0 | no pair of this track has a human ranking of its systems yet, so no "
            "measure's "
            "agreement with people can be measured |"
        )
    return out


def panel(doc: dict[str, Any]) -> list[str]:
    out = [
        "How far to trust each measure on this track (judge-bias panel, all items): the share of "
        "items where the measure ranks the human translation strictly above every machine one.",
        "",
        "| Measure | Items | Human ranked first (95% CI) |",
        "| --- | ---: | --- |",
    ]
    out += [
        f"| {inert(p['measure'])} | {p['items']} | {p['percent']:.0f}% "
        + (
            f"[{p['ci'][0]:.0f}, {p['ci'][1]:.0f}] |"
            if p["ci"]
            else "(too few items for an interval) |"
        )
        for p in doc["panel"]
    ]
    if not doc["panel"]:
        out.append(
            "| — | 0 | no measure of this track scores the human translation: the automatic "
            "measures "
            "use it as their reference (their agreement with people is in the table above) |"
        )
    return out


def signatures(doc: dict[str, Any]) -> list[str]:
    """The sacreBLEU signature of every measure shown, built here from the base branch's metric
    settings (``scoring.sacrebleu_metrics``) and the pair's reference count: no text of the
    artifact reaches it."""
    from ..scoring.sacrebleu_metrics import make

    nrefs = {n["pair"]: n["nrefs"] for n in doc["nrefs"]}
    out = [
        "sacreBLEU signatures of the scores above (sentence scores per paragraph, corpus score "
        "per system), from the base branch's scoring settings:",
        "",
        "| Pair | Measure | Signature |",
        "| --- | --- | --- |",
    ]
    for pair, measure in _groups(doc):
        count = nrefs.get(pair)
        shown = "— (the run gave no reference count for this pair)"
        if count is not None:
            metric = make(measure, pair)
            metric.nrefs = {1, 2} if count == "var" else {int(count)}
            # a table cell: GitHub splits it at a bare pipe, even inside a code span
            shown = "`" + metric.signature().fields[0][1].replace("|", "\\|") + "`"
        out.append(f"| {pair} | {LABELS[measure][0]} | {shown} |")
    return out if len(out) > 4 else []
