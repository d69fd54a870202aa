"""Compose a plan (a plain dict, written as YAML by ``planfile``) from a request and a track."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..files.ids import is_safe_id
from ..model import Corpus
from .plan import (
    FORMAT,
    Context,
    PlanRequest,
    _fail,
    anchors,
    common_paragraphs,
    context,
    cost,
    double_slots,
    intervals,
    rank_pairs,
)
from .schemes import SCHEMES


def make_plan(corpus: Corpus, request: PlanRequest) -> dict[str, Any]:
    """The plan for ``request`` on ``corpus`` (one dataset); DataError names what is wrong."""
    check_request(corpus, request)
    rng = np.random.default_rng(request.seed)
    ctx = context(corpus, request.pair)
    anchor_rows = [a for a in anchors(ctx, request) if a["system"] not in request.systems]
    fixed = list(request.systems) + [a["system"] for a in anchor_rows]
    scheme = SCHEMES[request.scheme]
    if scheme.systems_per_item == 2:
        systems, groups = _pairwise(ctx, request, fixed, rng)
    elif scheme.systems_per_item == 1:
        systems = _singles(ctx, request, fixed)
        groups = [[s] for s in systems]
    else:
        systems, groups = _tuples(ctx, request, fixed)
    paragraphs = common_paragraphs(ctx, systems, request.paragraphs, rng, request.pair)
    items = _items(paragraphs, groups, rng, scheme.systems_per_item != 1)
    for item, slots in zip(
        items, double_slots(len(items), request.double_share, request.annotators, rng)
    ):
        item["slots"] = slots
    iv = intervals(ctx, systems, request.systems)
    ranking = ctx.ranking
    plan = {
        "litboard_plan": FORMAT,
        "campaign": request.campaign
        or f"{request.track}-{request.scheme}-{request.systems[0]}-s{request.seed}",
        "track": request.track,
        "pair": request.pair,
        "scheme": request.scheme,
        "seed": request.seed,
        "data_version": corpus.data_version(),
        "new_systems": list(request.systems),
        "anchors": anchor_rows,
        "ranking": {
            "source": ranking.source if ranking else "none (no human ranking yet)",
            "signature": ranking.signature if ranking else "",
            "campaigns": list(ranking.campaigns) if ranking else [],
            "intervals": {s: list(iv[s]) for s in systems},
        },
        "systems": systems,
        "comparisons": [_comparison(g, iv) for g in groups] if scheme.systems_per_item != 1 else [],
        "paragraphs": paragraphs,
        "double_share": request.double_share,
        "annotators": request.annotators,
        "cost": {},
        "items": items,
    }
    _add_calibration(corpus, plan, request)
    _add_attention(corpus, plan, request)
    plan["cost"] = cost(request, len(items), sum(len(i["slots"]) for i in items))
    return plan


def _add_calibration(corpus: Corpus, plan: dict[str, Any], request: PlanRequest) -> None:
    """Items shared with the earlier campaigns, as many as ``--calibration`` asks
    (``calibration``)."""
    from .calibration import calibrate

    items = plan["items"]
    added = calibrate(corpus, plan, request.calibration, request.budget, request.seed)
    for n, item in enumerate(items):  # ids stay t0001... in order when items were replaced
        item["id"] = f"t{n + 1:04d}"
    for extra in added:
        extra["id"] = f"t{len(items) + 1:04d}"
        extra["slots"] = [len(items) % request.annotators + 1]
        items.append({k: extra[k] for k in ("id", "paragraph", "systems", "slots")})
        plan["systems"] += [s for s in extra["systems"] if s not in plan["systems"]]
        if extra["paragraph"] not in plan["paragraphs"]:
            plan["paragraphs"].append(extra["paragraph"])
        plan["ranking"]["intervals"].update(
            {
                s: [1, len(plan["systems"])]
                for s in extra["systems"]
                if s not in plan["ranking"]["intervals"]
            }
        )


def _add_attention(corpus: Corpus, plan: dict[str, Any], request: PlanRequest) -> None:
    """The plan's attention checks (``attention``), drawn after every other choice: a plan with
    checks is the plan without them plus its ``attention`` list."""
    from .attention import plan_checks

    tr = corpus.translations[corpus.translations["pair"] == request.pair]
    wanted = set(plan["paragraphs"])
    translations = {
        (str(r.system), str(r.paragraph)): str(r.text)
        for r in tr.itertuples()
        if str(r.paragraph) in wanted
    }
    plan["attention"] = plan_checks(plan, translations, request.attention)


def check_request(corpus: Corpus, r: PlanRequest) -> None:
    if r.track != corpus.dataset_id:
        raise _fail(
            "TRACK",
            f"{r.track!r} is not a dataset of the data roots given",
            f"use the dataset id, e.g. {corpus.dataset_id}",
        )
    if r.pair not in corpus.pairs:
        raise _fail(
            "--pair",
            f"{r.pair!r} is not a language pair of {r.track}",
            f"use one of: {', '.join(corpus.pairs)}",
        )
    if r.scheme not in SCHEMES:
        raise _fail("--scheme", f"unknown scheme {r.scheme!r}", f"use one of: {', '.join(SCHEMES)}")
    known = set(corpus.tables["systems"]["system"].astype(str))
    for system in r.systems + r.anchors:
        if system not in known:
            raise _fail(
                "--systems",
                f"{system!r} is not a system of {r.track}",
                "give a folder name under corpus/systems/",
            )
    if not r.systems or len(set(r.systems)) != len(r.systems):
        raise _fail("--systems", "give one or more new systems, each once", "e.g. --systems my-mt")
    if r.budget < 1 or r.paragraphs < 1 or r.annotators < 1 or not 0 <= r.double_share <= 1:
        raise _fail(
            "--budget",
            "budget, paragraphs and annotators must be positive and the double "
            "share between 0 and 1",
            "e.g. --budget 60 --paragraphs 10 --double-share 0.1",
        )
    if r.campaign and not is_safe_id(r.campaign):
        raise _fail(
            "--campaign",
            f"{r.campaign!r} is not a safe id",
            "use lower-case letters, digits and '-'",
        )


def _pairwise(
    ctx: Context, r: PlanRequest, fixed: list[str], rng: np.random.Generator
) -> tuple[list[str], list[list[str]]]:
    """Required new-vs-anchor pairs, then the most-overlapping pairs the budget pays for."""
    judged = list(ctx.ranking.table.index) if ctx.ranking is not None else []
    pool = fixed + [s for s in judged if s not in fixed]
    iv = intervals(ctx, pool, r.systems)
    required = {frozenset((n, a)) for n in r.systems for a in fixed if a not in r.systems}
    room = r.budget // r.paragraphs
    if room < len(required):
        raise _fail(
            "--budget",
            f"{r.budget} items pay for {room} comparisons on {r.paragraphs} paragraphs, "
            f"but every new system must meet every anchor: {len(required)} comparisons",
            f"raise --budget to {len(required) * r.paragraphs} or lower --paragraphs",
        )
    chosen: list[list[str]] = []
    for a, b, _, need in rank_pairs(iv, r.systems, required, rng):
        if len(chosen) >= room:
            break
        if need or _shares_paragraphs(ctx, a, b, fixed, r.paragraphs):
            chosen.append([a, b])
    systems = [s for s in pool if any(s in c for c in chosen)]
    return systems, chosen


def _shares_paragraphs(ctx: Context, a: str, b: str, fixed: list[str], n: int) -> bool:
    shared = set.intersection(*(ctx.translated.get(s, set()) for s in {a, b, *fixed}))
    return len(shared) >= n


def _singles(ctx: Context, r: PlanRequest, fixed: list[str]) -> list[str]:
    """New systems and anchors, then judged systems with the widest rank intervals (budget)."""
    room = r.budget // r.paragraphs
    if room < len(fixed):
        raise _fail(
            "--budget",
            f"{r.budget} items cover {room} systems on {r.paragraphs} paragraphs; the new "
            f"systems and anchors are {len(fixed)}",
            f"raise --budget to {len(fixed) * r.paragraphs}",
        )
    judged = [
        s for s in (ctx.ranking.table.index if ctx.ranking is not None else []) if s not in fixed
    ]
    iv = intervals(ctx, fixed + judged, r.systems)
    judged.sort(key=lambda s: (-(iv[s][1] - iv[s][0]), s))
    extra = [s for s in judged if _shares_paragraphs(ctx, s, s, fixed, r.paragraphs)]
    return fixed + extra[: room - len(fixed)]


def _tuples(ctx: Context, r: PlanRequest, fixed: list[str]) -> tuple[list[str], list[list[str]]]:
    """One tuple per new system: it, the anchors, then the systems whose intervals overlap most."""
    judged = [
        s for s in (ctx.ranking.table.index if ctx.ranking is not None else []) if s not in fixed
    ]
    iv = intervals(ctx, fixed + judged, r.systems)
    anchors_ = [s for s in fixed if s not in r.systems]
    if len(anchors_) + 1 > r.tuple_size:
        raise _fail(
            "--tuple-size",
            f"a tuple of {r.tuple_size} cannot hold a new system and {len(anchors_)} anchors",
            f"use --tuple-size {len(anchors_) + 1} or more",
        )
    if r.budget < len(r.systems) * r.paragraphs:
        raise _fail(
            "--budget",
            f"{r.budget} items, but {len(r.systems)} tuples on {r.paragraphs} paragraphs need more",
            f"raise --budget to {len(r.systems) * r.paragraphs}",
        )
    groups = []
    for new in r.systems:
        others = sorted(
            judged, key=lambda s: (-(min(iv[s][1], iv[new][1]) - max(iv[s][0], iv[new][0])), s)
        )
        groups.append([new, *anchors_, *others][: r.tuple_size])
    systems = [s for s in fixed + judged if any(s in g for g in groups)]
    return systems, groups


def _items(
    paragraphs: list[str], groups: list[list[str]], rng: np.random.Generator, shuffle_sides: bool
) -> list[dict[str, Any]]:
    """One item per paragraph and group; the order shown (A/B, tuple order) drawn from the seed."""
    items: list[dict[str, Any]] = []
    for paragraph in paragraphs:
        for group in groups:
            shown = (
                [group[i] for i in rng.permutation(len(group))] if shuffle_sides else list(group)
            )
            items.append({"id": f"t{len(items) + 1:04d}", "paragraph": paragraph, "systems": shown})
    return items


def _comparison(group: list[str], iv: dict[str, tuple[int, int]]) -> dict[str, Any]:
    lo = max(iv[s][0] for s in group)
    hi = min(iv[s][1] for s in group)
    return {"systems": group, "shared_ranks": max(0, hi - lo + 1)}
