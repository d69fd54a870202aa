"""``litboard campaign plan``: which paragraphs, systems or pairs, and annotator slots.

Rules (site/human-evaluation.md explains them for maintainers):

- anchors are systems already judged by people on the track: the best-ranked human
  translation (or the track's human translation when none was judged), the current top
  system and the top machine system (when the top one is human), plus any ``--anchors``; every new
  system is judged on one common paragraph subset together with them, so the new judgments link to
  the existing scale;
- paragraphs: those every planned system translated, the ones earlier campaigns judged first
  (their anchor judgments are the agreement check), drawn in a seeded order;
- pairwise: every new system against every anchor, then further pairs by how much their 95%
  rank intervals overlap (a new system's interval is the whole range: nobody judged it yet),
  ties broken by the seed, as many as the budget pays for on the common paragraphs;
- mqm/esa: new systems and anchors, then the judged systems with the widest rank intervals;
  bws: one tuple per new system (it, the anchors, then the most-overlapping systems);
- a declared share of items gets a second annotator slot (for agreement);
- at least ``--calibration`` items are shared with the earlier campaigns (``calibration``), or
  the plan is refused with the budget it needs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from ..errors import DataError, Problem
from ..model import Corpus
from .ranks import Ranking, human_ranking
from .schemes import (
    DEFAULT_ANNOTATORS,
    DEFAULT_DOUBLE_SHARE,
    DEFAULT_PARAGRAPHS,
    DEFAULT_TUPLE,
    SCHEMES,
)

FORMAT = 1  # the plan file's format version (key litboard_plan)


@dataclass(frozen=True)
class PlanRequest:
    track: str
    pair: str
    systems: tuple[str, ...]
    scheme: str
    budget: int
    seed: int
    paragraphs: int = DEFAULT_PARAGRAPHS
    double_share: float = DEFAULT_DOUBLE_SHARE
    annotators: int = DEFAULT_ANNOTATORS
    minutes: float | None = None
    anchors: tuple[str, ...] = ()
    tuple_size: int = DEFAULT_TUPLE
    campaign: str = ""
    # items shared with the earlier campaigns (calibration.DEFAULT_CALIBRATION)
    calibration: int = 4
    # attention checks per annotator slot (attention.ATTENTION_PER_ANNOTATOR)
    attention: int = 1


@dataclass
class Context:
    """What the rules read from the track: the ranking, who is human, who translated what."""

    ranking: Ranking | None
    humans: list[str]
    translated: dict[str, set[str]]  # system -> paragraphs it translated on the pair
    judged_paragraphs: set[str]  # paragraphs an earlier human campaign judged on the pair
    order: list[str] = field(default_factory=list)  # paragraphs in document order


def _fail(field_name: str, message: str, fix: str) -> DataError:
    return DataError([Problem("campaign plan", 0, field_name, message, fix)])


def context(corpus: Corpus, pair: str) -> Context:
    tr = corpus.translations[corpus.translations["pair"] == pair]
    translated = {str(s): set(g["paragraph"].astype(str)) for s, g in tr.groupby("system")}
    systems = corpus.tables["systems"]
    humans = sorted(
        str(s) for s in systems.loc[systems["is_human"].astype(bool), "system"] if s in translated
    )
    ranking = human_ranking(corpus, pair)
    judged: set[str] = set()
    for table in ("mqm", "sqm", "pairwise", "bws"):
        rows = corpus.tables[table]
        judged |= set(rows.loc[rows["pair"] == pair, "paragraph"].astype(str))
    paras = corpus.paragraphs.sort_values(["work", "index"])
    return Context(ranking, humans, translated, judged, [str(p) for p in paras["paragraph"]])


def anchors(ctx: Context, request: PlanRequest) -> list[dict[str, str]]:
    """Anchor systems with why each was chosen (human translation, top system, asked for)."""
    ranked = list(ctx.ranking.table.index) if ctx.ranking is not None else []
    out: dict[str, str] = {}
    judged_humans = [s for s in ranked if s in ctx.humans]
    if judged_humans:
        out[judged_humans[0]] = "human translation (best-ranked human translation of the track)"
    elif ctx.humans:
        out[ctx.humans[0]] = "human translation (not judged by people on this track yet)"
    source = ctx.ranking.source if ctx.ranking is not None else ""
    top = next((s for s in ranked if s not in request.systems), None)
    if top is not None:
        out.setdefault(top, f"top system of the human ranking ({source})")
    machine = next((s for s in ranked if s not in request.systems and s not in ctx.humans), None)
    if machine is not None:
        out.setdefault(machine, f"top machine system of the human ranking ({source})")
    for system in request.anchors:
        out.setdefault(system, "asked for (--anchors)")
    if not out:
        raise _fail(
            "anchors",
            f"the track has no human translation and no human ranking on {request.pair}",
            "judge the track's systems first, or name anchor systems with --anchors",
        )
    return [{"system": s, "why": why} for s, why in out.items()]


def intervals(ctx: Context, systems: list[str], new: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """95% rank intervals among ``systems``: judged ones from the ranking, new ones the whole
    range."""
    k = len(systems)
    out = {}
    for s in systems:
        found = ctx.ranking.interval(s) if ctx.ranking is not None and s not in new else None
        out[s] = (min(found[0], k), min(found[1], k)) if found else (1, k)
    return out


def overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Rank positions two intervals share (0 when they are apart)."""
    return max(0, min(a[1], b[1]) - max(a[0], b[0]) + 1)


def rank_pairs(
    iv: dict[str, tuple[int, int]],
    new: tuple[str, ...],
    required: set[frozenset[str]],
    rng: np.random.Generator,
) -> list[tuple[str, str, int, bool]]:
    """Every pair (a, b, overlap, required), required first, then by overlap (largest
    first), then pairs with a new system, then the seeded tie-break."""
    names = sorted(iv)
    pairs = [(a, b) for a, b in combinations(names, 2)]
    ties = rng.permutation(len(pairs))
    keyed = []
    for (a, b), tie in zip(pairs, ties):
        need = frozenset((a, b)) in required
        o = overlap(iv[a], iv[b])
        keyed.append(((not need, -o, not (a in new or b in new), int(tie)), (a, b, o, need)))
    return [item for _, item in sorted(keyed)]


def common_paragraphs(
    ctx: Context, systems: list[str], n: int, rng: np.random.Generator, pair: str
) -> list[str]:
    """``n`` paragraphs all ``systems`` translated: judged ones first, seeded order within."""
    shared = set.intersection(*(ctx.translated.get(s, set()) for s in systems))
    pool = [p for p in ctx.order if p in shared]
    if len(pool) < n:
        missing = [s for s in systems if not ctx.translated.get(s)]
        hint = f" ({', '.join(missing)} translated nothing on {pair})" if missing else ""
        raise _fail(
            "--paragraphs",
            f"{n} paragraphs asked for, but the planned systems share only "
            f"{len(pool)} translated paragraphs on {pair}{hint}",
            f"lower --paragraphs to {len(pool)} or plan fewer systems",
        )
    order = rng.permutation(len(pool))
    ranked = sorted(
        range(len(pool)), key=lambda i: (pool[i] not in ctx.judged_paragraphs, int(order[i]))
    )
    chosen = {pool[i] for i in ranked[:n]}
    return [p for p in pool if p in chosen]


def double_slots(
    n_items: int, share: float, annotators: int, rng: np.random.Generator
) -> list[list[int]]:
    """Annotator slots per item: round-robin, and a second slot on ceil(share * n) seeded items."""
    doubled = (
        set(int(i) for i in rng.permutation(n_items)[: math.ceil(share * n_items)])
        if annotators > 1
        else set()
    )
    slots = []
    for i in range(n_items):
        first = i % annotators + 1
        slots.append([first, first % annotators + 1] if i in doubled else [first])
    return slots


def cost(request: PlanRequest, n_items: int, n_annotations: int) -> dict[str, Any]:
    scheme = SCHEMES[request.scheme]
    minutes = request.minutes if request.minutes is not None else scheme.minutes
    source = (
        "--minutes"
        if request.minutes is not None
        else f"default for {scheme.name} (site/human-evaluation.md)"
    )
    total = round(minutes * n_annotations, 1)
    return {
        "minutes_per_item": minutes,
        "minutes_from": source,
        "items": n_items,
        "annotations": n_annotations,
        "minutes": total,
        "hours": round(total / 60, 1),
    }


# a planning threshold, not a test result: below this many double-annotated items the bootstrap
# CI of an agreement figure covers most of its scale (the default 10 % of a 34-item plan is 3)
AGREEMENT_ITEMS = 20


def agreement_warning(plan: dict[str, Any]) -> str:
    """'' when the plan double-annotates enough items to measure agreement, else what to do."""
    items = plan.get("items") or []
    double = sum(len(i["slots"]) > 1 for i in items)
    if not items or double >= AGREEMENT_ITEMS or int(plan.get("annotators", 2)) < 2:
        return ""
    share = min(1.0, math.ceil(100 * AGREEMENT_ITEMS / len(items)) / 100)
    return (
        f"only {double} of {len(items)} items are double-annotated: agreement at n = {double} "
        f"says little (its 95% CI covers most of the scale); plan at least {AGREEMENT_ITEMS} "
        f"with --double-share {share:g} (or a larger --budget)"
    )
