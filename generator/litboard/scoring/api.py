"""``score``: the one entry point of ``litboard score`` (load -> plan -> score -> write).

Only missing scores are computed. LLM answers come from the cache when present; new ones
are journaled and cached as they arrive, so an interrupted run resumes where it stopped.
``dry_run`` lists the work and, for LLM judges, the estimated tokens and cost.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Sequence

import pandas as pd

from ..errors import DataError, Problem
from ..load.read import load
from ..load.rows import RootCheck
from .llm.cache_check import ROOT_CHECKS
from ..model import Corpus
from . import comet_metric, plan, sacrebleu_metrics, write
from .base import Segment, round_score
from .llm.cache import ResponseCache
from .llm.judge import REFUSED, TRUNCATED, Judge, kind_of
from .llm.runner import Budget, Client, estimate_tokens, run
from .llm.screen import mark
from .report import MetricOutcome, ScoreReport
from .settings import ScoreSettings

VERSE_QUESTIONS = 10  # paper 004 H.1.2: 9.6 questions per paragraph on average (dry-run estimate)


def metric_names() -> list[str]:
    from .llm.judges import GROUPS, all_judges

    return (
        sorted(sacrebleu_metrics.METRICS)
        + sorted(comet_metric.METRICS)
        + sorted(all_judges())
        + sorted(GROUPS)
    )


def score(
    roots: Sequence[Path],
    metrics: Sequence[str],
    systems: Sequence[str] | None = None,
    pairs: Sequence[str] | None = None,
    dry_run: bool = False,
    settings: ScoreSettings | None = None,
    client: Client | None = None,
    policy: Sequence[RootCheck] = (),
) -> ScoreReport:
    """Score the missing (translation x metric) items of the data roots; see ScoreReport.
    ``policy``: checks load runs before the cache check (``litboard score`` passes the
    contribution policy, ``tracks.checks.POLICY``)."""
    settings = settings or ScoreSettings()
    keys = _expand(metrics)
    out_root = Path(settings.out_root) if settings.out_root else Path(roots[0])
    llm_keys = [
        k for k in keys if k not in sacrebleu_metrics.METRICS and k not in comet_metric.METRICS
    ]
    cache = ResponseCache.open(out_root / settings.cache_dir) if llm_keys else None
    if cache is not None:
        cache.checkpoint()  # fold an interrupted run's journal in (sends nothing) before validation
    corpus = load(roots, (*policy, *ROOT_CHECKS))
    segments, not_scoreable = plan.segments(corpus, systems, pairs)
    report = ScoreReport(dry_run=dry_run, skipped=not_scoreable)
    for key in keys:
        if key in sacrebleu_metrics.METRICS:
            report.outcomes.append(_sacre(corpus, key, segments, out_root, dry_run))
    comet_keys = [k for k in keys if k in comet_metric.METRICS]
    model = comet_metric.Lazy(settings.comet_model)  # loaded once, on first need
    for key in comet_keys:
        report.outcomes.append(_comet(corpus, key, model, segments, out_root, settings, dry_run))
    if cache is not None:
        from .llm.client import ChatClient
        from .llm.judges import all_judges

        budget = Budget(settings)
        chat = client or ChatClient(settings)
        for key in llm_keys:
            outcome = _llm(
                corpus,
                all_judges()[key],
                segments,
                out_root,
                settings,
                dry_run,
                cache,
                budget,
                chat,
                report,
            )
            report.outcomes.append(outcome)
            if report.stopped:
                break
        if not dry_run:
            cache.checkpoint()
    return report


def _expand(metrics: Sequence[str]) -> list[str]:
    from .llm.judges import GROUPS

    known = metric_names()
    keys: list[str] = []
    for name in metrics:
        if name not in known:
            raise DataError(
                [
                    Problem(
                        "command line",
                        0,
                        "metrics",
                        f"unknown metric {name!r}",
                        f"use one of: {', '.join(known)}",
                    )
                ]
            )
        keys += [k for k in GROUPS.get(name, [name]) if k not in keys]
    return keys


def _sacre(
    corpus: Corpus, key: str, segments: list[Segment], root: Path, dry_run: bool
) -> MetricOutcome:
    outcome = MetricOutcome(key, key)
    done = plan.existing(corpus, key)
    scores = corpus.tables["metric_scores"]
    has_system = {
        (r.system, r.pair)
        for r in scores[(scores["campaign"] == key) & (scores["level"] == "system")].itertuples()
    }
    for pair in sorted({s.pair for s in segments}):
        in_pair = [s for s in segments if s.pair == pair]
        metric = sacrebleu_metrics.make(key, pair)
        usable, skipped = metric.validate(in_pair)  # over every translation: a stable nrefs
        outcome.skipped += skipped
        groups = {
            (s.system, s.pair)
            for s in usable
            if s.key not in done or (s.system, s.pair) not in has_system
        }
        todo = [s for s in usable if (s.system, s.pair) in groups]
        outcome.todo += sum(1 for s in todo if s.key not in done)
        if dry_run or not todo:
            continue
        result = metric.score(todo)
        block = metric.campaign_metric()
        block["signature"] = write.merge_signature(root, key, pair, block["signature"])
        write.write_campaign(
            root,
            key,
            {
                "id": key,
                "title": metric.name,
                "scheme": "metric",
                "description": f"sacreBLEU {metric.name} run by litboard score.",
                "metric": block,
            },
        )
        write.merge_records(root, key, result.records)
        outcome.written += len(result.records)
    return outcome


def _comet(
    corpus: Corpus,
    key: str,
    lazy: comet_metric.Lazy,
    segments: list[Segment],
    root: Path,
    settings: ScoreSettings,
    dry_run: bool,
) -> MetricOutcome:
    """Score the missing translations with a COMET model; system scores are the segment means."""
    reference_free = comet_metric.METRICS[key]
    campaign_id = f"{key}.{write.slug(comet_metric.label(settings.comet_model))}"
    outcome = MetricOutcome(key, campaign_id, note=f"model {settings.comet_model}")
    todo, outcome.skipped = comet_metric.usable(
        plan.missing(corpus, campaign_id, segments), reference_free
    )
    outcome.todo = len(todo)
    if dry_run or not todo:
        return outcome
    checkpoint, model = lazy.get()
    outcome.note = f"model {checkpoint.label} ({checkpoint.kind}, sha256 {checkpoint.digest})"
    sig = comet_metric.signature(checkpoint, reference_free).format()
    write.check_signature(root, campaign_id, sig)
    values, spans = comet_metric.predict(
        model, todo, reference_free, settings.comet_batch_size, settings.comet_gpus
    )
    long = comet_metric.truncated(model, todo, reference_free)
    if long:
        outcome.note += f"; {long} input(s) longer than the model reads were truncated by COMET"
    records: list[dict[str, Any]] = []
    for seg, value, seg_spans in zip(todo, values, spans):
        record: dict[str, Any] = {
            "system": seg.system,
            "pair": seg.pair,
            "paragraph": seg.paragraph,
            "level": "segment",
            "score": round_score(value),
        }
        if seg_spans:
            record["spans"] = seg_spans
        records.append(record)
    records += _means(corpus, campaign_id, records)
    write.write_campaign(
        root,
        campaign_id,
        {
            "id": campaign_id,
            "title": checkpoint.title(),
            "scheme": "metric",
            "description": f"{checkpoint.title()} run by litboard score"
            + (" without references (quality estimation)." if reference_free else "."),
            "metric": {
                "name": checkpoint.title(),
                "higher_is_better": True,
                "signature": sig,
                "reference": "none (quality estimation)"
                if reference_free
                else comet_metric.REFERENCE_RULE,
            },
        },
    )
    write.merge_records(root, campaign_id, records)
    outcome.written = len(records)
    return outcome


def _means(corpus: Corpus, campaign_id: str, new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """System-level records: the mean of every segment score (stored and new) per system and
    pair."""
    scores = corpus.tables["metric_scores"]
    old = scores[(scores["campaign"] == campaign_id) & (scores["level"] == "segment")]
    values: dict[tuple[str, str], dict[str, float]] = {(r["system"], r["pair"]): {} for r in new}
    for r in old.itertuples():
        if (r.system, r.pair) in values and pd.notna(r.score):
            values[(r.system, r.pair)][r.paragraph] = float(r.score)
    for r in new:
        values[(r["system"], r["pair"])][r["paragraph"]] = float(r["score"])
    return [
        {
            "system": system,
            "pair": pair,
            "level": "system",
            "score": round_score(sum(v.values()) / len(v)),
        }
        for (system, pair), v in sorted(values.items())
    ]


def _llm(
    corpus: Corpus,
    judge: Judge,
    segments: list[Segment],
    root: Path,
    settings: ScoreSettings,
    dry_run: bool,
    cache: ResponseCache,
    budget: Budget,
    client: Client,
    report: ScoreReport,
) -> MetricOutcome:
    campaign_id = f"{judge.key}.{write.slug(settings.model)}"
    outcome = MetricOutcome(judge.key, campaign_id)
    campaign = judge.campaign(campaign_id, settings)
    write.check_judge(root, campaign_id, campaign)
    items = []
    # Records of cut-off answers are redone: from the cache (no request) unless --max-tokens grew.
    applies = [s for s in segments if judge.applies(s.pair)]
    for seg in plan.missing(corpus, campaign_id, applies, redo=f"{TRUNCATED}:"):
        if not seg.source:
            outcome.skipped.append(
                f"{seg.system} {seg.pair} {seg.paragraph}: the source text is restricted"
            )
        else:
            items.append(seg)
    outcome.todo = len(items)
    if not items:
        return outcome
    if dry_run:
        _estimate(judge, items, cache, settings, outcome)
        return outcome
    answers: dict[str, Any] = {}
    for stage in range(judge.stages):
        requests = [r for seg in items for r in judge.requests(seg, stage, answers, settings)]
        result = run(requests, client, cache, settings, budget)
        report.llm.merge(result)
        answers.update(result.answers)
        if result.stopped:
            report.stopped = result.stopped
            break
    records = [r for r in (judge.record(seg, answers, settings) for seg in items) if r is not None]
    outcome.flagged = mark(records, items)  # text addressed to the judge: scored, but marked
    kinds = Counter(kind_of(r) for r in records)
    outcome.truncated, outcome.refused, outcome.unparseable = (
        kinds[TRUNCATED],
        kinds[REFUSED],
        kinds["unparseable"],
    )
    if records:
        write.write_campaign(root, campaign_id, campaign)
        write.merge_records(root, campaign_id, records)
    outcome.written = len(records)
    return outcome


def _estimate(
    judge: Judge,
    items: list[Segment],
    cache: ResponseCache,
    settings: ScoreSettings,
    outcome: MetricOutcome,
) -> None:
    budget = Budget(settings)
    seen: set[str] = set()
    for seg in items:
        for request in judge.requests(seg, 0, {}, settings):
            if request.key in seen:
                continue
            seen.add(request.key)
            outcome.requests += 1
            if cache.get(request.key) is not None:
                outcome.cached += 1
                continue
            usd, tokens = budget.estimate(request)
            outcome.est_tokens += tokens
            outcome.est_cost_usd += usd
    if judge.stages > 1:
        per = (
            estimate_tokens(judge.requests(items[0], 0, {}, settings)[0])
            + settings.expected_output_tokens
        )
        extra = VERSE_QUESTIONS * len(items)
        outcome.est_tokens += extra * per
        outcome.est_cost_usd += extra * settings.cost(
            per - settings.expected_output_tokens, settings.expected_output_tokens
        )
        outcome.note = (
            f"later stages are estimated: ~{VERSE_QUESTIONS} answer requests per translation "
            "(paper 004 H.1.2: 9.6 questions per paragraph) plus one classification per paragraph"
        )
