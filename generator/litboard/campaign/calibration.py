"""Calibration always planned (issue 44, goal 8): every plan shares at least ``--calibration``
items with the earlier human campaigns, so that the new
annotators' agreement with them (``anchor_agreement``) has a figure with a CI.

A shared item is one the earlier campaigns judged too: for pairwise, the same paragraph and the
same two systems in any pairwise campaign on the pair; for single-translation schemes (mqm, esa,
ruler), the same translation in a campaign of the human ranking. When
the composed plan shares fewer, judged units are added as items (seeded order, the plan's
paragraphs first): first in place of planned items without a new system (the optional
comparisons or systems), then within what is left of ``--budget``; when it cannot pay for them, or
the earlier campaigns judged too few units, the plan is refused with the figure that would work. BWS
tuples are not matched with earlier campaigns: a BWS plan says so in its ``calibration`` block.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import DataError, Problem
from ..model import Corpus

DEFAULT_CALIBRATION = 4  # shared items: anchor_agreement gives a figure with a CI from 2 on
Unit = tuple[str, ...]  # (paragraph, system) or (paragraph, system, system) in id order


def _key(scheme: str, item: dict[str, Any]) -> Unit:
    if scheme == "pairwise":
        return (item["paragraph"], *sorted(item["systems"]))
    return (item["paragraph"], item["systems"][0])


def judged_units(corpus: Corpus, scheme: str, pair: str, campaigns: list[str]) -> set[Unit]:
    """What the earlier ``campaigns`` judged on ``pair``, as plan item keys of ``scheme``."""
    if scheme == "pairwise":
        table = corpus.tables["pairwise"]
        rows = table[(table["pair"] == pair) & table["campaign"].isin(campaigns)]
        return {
            (str(p), *sorted((str(a), str(b))))
            for p, a, b in zip(rows["paragraph"], rows["a"], rows["b"])
        }
    units: set[Unit] = set()
    for name in ("mqm", "sqm", "ruler"):
        table = corpus.tables[name]
        rows = table[(table["pair"] == pair) & table["campaign"].isin(campaigns)]
        units |= {(str(p), str(s)) for p, s in zip(rows["paragraph"], rows["system"])}
    return units


def calibrate(
    corpus: Corpus, plan: dict[str, Any], wanted: int, budget: int, seed: int
) -> list[dict[str, Any]]:
    """Items to add so that ``plan`` shares ``wanted`` items with its earlier campaigns; sets
    ``plan['calibration']``. DataError when the budget or the earlier judgments fall short."""
    scheme, earlier = plan["scheme"], list(plan["ranking"]["campaigns"])
    if scheme == "pairwise":  # compared with every pairwise campaign on the pair (anchor_agreement)
        table = corpus.tables["pairwise"]
        earlier = sorted(set(table.loc[table["pair"] == plan["pair"], "campaign"].astype(str)))
    block: dict[str, Any] = {"wanted": wanted, "campaigns": earlier}
    if scheme == "bws" or not earlier or wanted <= 0:
        why = (
            "BWS tuples are not matched with earlier campaigns"
            if scheme == "bws"
            else "no earlier human campaign on the pair"
            if not earlier
            else "not asked for (--calibration 0)"
        )
        plan["calibration"] = block | {"shared": 0, "note": why}
        return []
    units = judged_units(corpus, scheme, plan["pair"], earlier)
    keys = {_key(scheme, i) for i in plan["items"]}
    shared = len(keys & units)
    need = max(0, wanted - shared)
    rng = np.random.default_rng([seed, 8])
    spare = sorted(units - keys)
    order: np.ndarray | list[int] = rng.permutation(len(spare)) if spare else []
    mine = set(plan["paragraphs"])
    spare = [
        spare[int(i)] for i in sorted(order, key=lambda i: (spare[int(i)][0] not in mine, int(i)))
    ]
    if need > len(spare):
        raise _fail(
            "--calibration",
            f"the earlier campaigns ({', '.join(earlier)}) judged {len(units)} "
            f"{'comparisons' if scheme == 'pairwise' else 'translations'} on {plan['pair']}; the "
            f"plan "
            f"shares {shared} and can add {len(spare)}, fewer than the {wanted} asked for",
            f"lower --calibration to {shared + len(spare)}",
        )
    replaceable = [
        n
        for n, i in enumerate(plan["items"])
        if not set(i["systems"]) & set(plan["new_systems"]) and _key(scheme, i) not in units
    ][::-1][:need]
    if len(plan["items"]) - len(replaceable) + need > budget:
        raise _fail(
            "--budget",
            f"{len(plan['items'])} items, {need} more shared with {', '.join(earlier)} "
            f"for calibration, of which only {len(replaceable)} can take the place of planned "
            f"items: over the budget of {budget}",
            f"raise --budget to {len(plan['items']) - len(replaceable) + need}, lower --paragraphs "
            "or --calibration",
        )
    for n in sorted(replaceable, reverse=True):
        del plan["items"][n]
    plan["calibration"] = block | {"shared": shared + need}
    return [_item(unit, scheme, rng) for unit in spare[:need]]


def _item(unit: Unit, scheme: str, rng: np.random.Generator) -> dict[str, Any]:
    systems = list(unit[1:])
    if scheme == "pairwise" and rng.random() < 0.5:
        systems.reverse()
    return {"paragraph": unit[0], "systems": systems}


def _fail(field: str, message: str, fix: str) -> DataError:
    return DataError([Problem("campaign plan", 0, field, message, fix)])
