"""What the board shows of planned human evaluations (campaign cards with a ``plan`` block).

- ``progress``: per (pair, system), "human evaluation: N of M planned paragraphs judged", with
  "(pending)" while the plan is incomplete; a pending plan's campaigns show no board column
  (``drop_pending``), no human-evaluated badge (``pending_badge``) and join no pooled ranking
  (``without_pending``);
- ``pool``: a system enters the human ranking when its plan is complete: the rows of the plan's
  main campaign for its new systems join the ranking column of the campaign the plan extends
  (same measure, e.g. MQM into MQM), so the new system gets a mean, a CI and a rank interval
  there. An incomplete plan adds nothing: its systems stay unranked, shown as pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pandas as pd

from ..model import Corpus


@dataclass(frozen=True)
class PlanState:
    campaign: str
    pair: str
    new_systems: tuple[str, ...]
    extends: tuple[str, ...]
    complete: bool
    progress: dict[str, tuple[int, int]]  # system -> (judged, planned) paragraphs
    # (annotator, attention checks answered, caught): never in a ranking or agreement figure
    attention: tuple[tuple[str, int, int], ...] = ()
    checks_planned: int = 0  # the plan's attention checks (0: none were planned)
    # (annotator, plan items judged, of them double-annotated), by annotator name
    annotators: tuple[tuple[str, int, int], ...] = ()
    # the plan's annotator slots and the most and fewest judgments one slot is asked for
    slot_load: tuple[int, int, int] = (0, 0, 0)


def _slot_load(load: dict[str, Any]) -> tuple[int, int, int]:
    return (int(load.get("slots", 0)), int(load.get("most", 0)), int(load.get("fewest", 0)))


def plans(corpus: Corpus) -> list[PlanState]:
    """The main campaign of every imported plan, by campaign id."""
    out = []
    for cid, card in sorted(corpus.campaigns.items()):
        plan: dict[str, Any] = card.get("plan") or {}
        if plan.get("campaign") != cid or "progress" not in plan:
            continue
        progress = {
            str(p["system"]): (int(p["judged"]), int(p["planned"])) for p in plan["progress"]
        }
        out.append(
            PlanState(
                cid,
                str(plan.get("pair", "")),
                tuple(plan.get("new_systems") or ()),
                tuple(plan.get("extends") or ()),
                bool(plan.get("complete")),
                progress,
                tuple(
                    (str(a["annotator"]), int(a["checks"]), int(a["passed"]))
                    for a in plan.get("attention") or []
                ),
                int(plan.get("attention_checks", 0)),
                tuple(
                    (str(a["annotator"]), int(a["judged"]), int(a["double"]))
                    for a in plan.get("annotators") or []
                ),
                _slot_load(plan.get("slot_load") or {}),
            )
        )
    return out


def progress_text(corpus: Corpus, pair: str) -> dict[str, str]:
    """System -> the board's line for each new system of a plan on ``pair`` (several plans: one
    line each, joined)."""
    lines: dict[str, list[str]] = {}
    for state in plans(corpus):
        if state.pair != pair:
            continue
        for system in state.new_systems:
            judged, planned = state.progress.get(system, (0, 0))
            done = "" if state.complete else " (pending)"
            lines.setdefault(system, []).append(
                f"human evaluation: {judged} of {planned} planned paragraphs judged{done}"
            )
    return {s: "; ".join(v) for s, v in lines.items()}


def pool(corpus: Corpus, long: pd.DataFrame, columns: Sequence[Any]) -> pd.DataFrame:
    """``long`` plus, for every complete plan, its new systems' rows under the ranking column
    of the campaign it extends (same measure prefix); unchanged when there is none."""
    by_campaign = {c.campaign: c for c in columns}
    extra = []
    for state in plans(corpus):
        own = by_campaign.get(state.campaign)
        if not state.complete or own is None:
            continue
        measure = own.key.split(":", 1)[0]
        for target in (by_campaign.get(c) for c in state.extends):
            if target is None or target.key.split(":", 1)[0] != measure:
                continue
            rows = long[
                (long["column"] == own.key)
                & (long["system"].isin(state.new_systems))
                & (long["pair"] == state.pair)
            ]
            extra.append(rows.assign(column=target.key))
    return pd.concat([long, *extra], ignore_index=True) if extra else long


def pairwise_extensions(corpus: Corpus) -> dict[tuple[str, str], list[str]]:
    """(pairwise campaign, pair) -> the complete pairwise plans that extend it (main campaigns).
    A plan extends the pairwise campaign its ranking came from; a plan ranked from another
    scheme (the track's primary MQM, say) extends the first pairwise campaign, by id, that
    judged its pair and is no plan: the plan's anchors link its new systems to that scale."""
    table = corpus.pairwise
    campaigns = set(table["campaign"].astype(str))
    planned = {s.campaign for s in plans(corpus)}
    out: dict[tuple[str, str], list[str]] = {}
    for state in plans(corpus):
        if not state.complete or state.campaign not in campaigns:
            continue
        target = next((c for c in state.extends if c in campaigns and c != state.campaign), None)
        if target is None:
            on_pair = set(table.loc[table["pair"] == state.pair, "campaign"].astype(str))
            target = next(iter(sorted(on_pair - planned - {state.campaign})), None)
        if target is not None:
            out.setdefault((target, state.pair), []).append(state.campaign)
    return out


def pool_pairwise(corpus: Corpus) -> pd.DataFrame:
    """The pairwise table, plus every complete pairwise plan's judgments under the pairwise
    campaign it extends (all its comparisons: the anchors link the new system to the scale), so
    the Bradley-Terry ranking of that campaign includes the new systems."""
    table = corpus.pairwise
    extra = [
        table[table["campaign"] == plan].assign(campaign=target)
        for (target, _), plans_ in pairwise_extensions(corpus).items()
        for plan in plans_
    ]
    return pd.concat([table, *extra], ignore_index=True) if extra else table


def pending_campaigns(corpus: Corpus) -> set[str]:
    """Campaigns of plans that are not complete (the main campaign and its error-span campaigns)."""
    pending = {s.campaign for s in plans(corpus) if not s.complete}
    return {
        cid
        for cid, card in corpus.campaigns.items()
        if (card.get("plan") or {}).get("campaign") in pending
    }


def without_pending(corpus: Corpus, table: pd.DataFrame) -> pd.DataFrame:
    """``table`` (a judgment table with a campaign column) without the rows of plans that are not
    complete: a partial campaign never reaches a ranking that pools campaigns."""
    pending = pending_campaigns(corpus)
    return table[~table["campaign"].isin(pending)] if pending else table


def drop_pending(
    corpus: Corpus, long: pd.DataFrame, columns: list[Any]
) -> tuple[pd.DataFrame, list[Any]]:
    """The board's long table and columns without the columns of incomplete plans: a partial
    campaign shows no column and no CI (its systems are shown as pending, ``progress_text``)."""
    pending = pending_campaigns(corpus)
    gone = {c.key for c in columns if c.campaign in pending}
    if not gone:
        return long, columns
    return long[~long["column"].isin(gone)], [c for c in columns if c.key not in gone]


def pending_badge(corpus: Corpus, system: str) -> str:
    """'human evaluation: k of n (pending)' for a system whose plans are all incomplete, else ''."""
    mine = [s for s in plans(corpus) if system in s.new_systems]
    if not mine or any(s.complete for s in mine):
        return ""
    judged = sum(s.progress.get(system, (0, 0))[0] for s in mine)
    planned = sum(s.progress.get(system, (0, 0))[1] for s in mine)
    return f"human evaluation: {judged} of {planned} planned paragraphs judged (pending)"
