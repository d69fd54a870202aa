"""The registry: measure name -> function that reproduces it from the loaded corpus.

Each function takes the corpus and the records' ``params`` and returns a long table: one
string column per key plus ``value``. A key column holding "" is the aggregate over that
key (a record that omits the key matches it), e.g. Table 9 counts errors per genre over all
pairs and modalities. The functions only call ``analysis``; the numbers they are compared
with live in data files (``<root>/reported/*.jsonl``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import pandas as pd

from ..analysis import metaeval
from ..analysis.adequacy import adequacy, subset_items
from ..model import Corpus
from . import pairwise_measures as pm
from . import posthoc_measures as ph
from . import text_measures as tm
from .text_measures import stack

Params = Mapping[str, Any]
Reproducer = Callable[[Corpus, Params], pd.DataFrame]


@dataclass(frozen=True)
class Measure:
    name: str
    keys: tuple[str, ...]
    params: str
    help: str
    function: Reproducer


def _human(corpus: Corpus) -> set[str]:
    systems = corpus.tables["systems"]
    return set(systems.loc[systems["is_human"], "system"])


def _direction(corpus: Corpus, campaign: str) -> bool:
    c = corpus.tables["campaigns"]
    found = c.loc[c["campaign"] == campaign, "higher_is_better"]
    return bool(found.iloc[0]) if len(found) else True


def _adequacy(corpus: Corpus, params: Params) -> pd.DataFrame:
    top = set(params.get("top", ()))
    exclude = set(params.get("others_exclude", top))
    sample = str(params.get("sample", ""))
    items = subset_items(corpus.paragraphs, sample) if sample else None
    scores = corpus.tables["metric_scores"]
    campaigns = params.get("campaigns") or sorted(set(scores["campaign"]))
    parts = []
    for campaign in campaigns:
        mine = scores[scores["campaign"] == campaign]
        if mine.empty:
            continue
        frame = adequacy(
            mine,
            _human(corpus),
            top,
            items,
            bool(params.get("strict", True)),
            others_exclude=exclude,
            higher_is_better=_direction(corpus, campaign),
        )
        parts.append(frame.assign(campaign=campaign).rename(columns={"percent": "value"}))
    return stack(parts, ["scenario", "campaign", "pair"])


def _system_ranking(corpus: Corpus, params: Params, column: str) -> pd.DataFrame:
    campaigns = list(params.get("campaigns", ()))
    scores = corpus.tables["metric_scores"]
    scores = scores[
        scores["campaign"].isin(campaigns) & (scores["level"].fillna("segment") == "segment")
    ]
    groups = (
        {h: str(params["pool_human"]) for h in _human(corpus)} if params.get("pool_human") else None
    )
    ranking = metaeval.system_ranking(
        scores, groups, _direction(corpus, campaigns[0]) if campaigns else True
    )
    return stack([ranking.rename(columns={column: "value"})], ["pair", "system"])


def _system_mean(corpus: Corpus, params: Params) -> pd.DataFrame:
    return _system_ranking(corpus, params, "mean")


def _system_rank(corpus: Corpus, params: Params) -> pd.DataFrame:
    return _system_ranking(corpus, params, "rank")


def _score_agreement(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Kendall tau (params.variant, default b) between two campaigns' scores of the same
    translations, per pair and as the unweighted mean over pairs (pair "mean"); stat tau or n."""
    first, second = str(params.get("first", "")), str(params.get("second", ""))
    wide = metaeval.wide_scores(corpus.tables["metric_scores"])
    if first not in wide.columns or second not in wide.columns:
        return stack([], ["pair", "stat"])
    taus = metaeval.kendall(
        wide, [(first, second)], str(params.get("variant", "b")), resample=False
    )
    rows = [
        {"pair": r["pair"], "stat": s, "value": r[k]}
        for r in taus.to_dict("records")
        for s, k in (("tau", "tau"), ("n", "n"))
    ]
    rows += [
        {"pair": "mean", "stat": "tau", "value": taus["tau"].mean()},
        {"pair": "mean", "stat": "n", "value": taus["n"].sum()},
    ]
    return stack([pd.DataFrame(rows)], ["pair", "stat"])


def _corpus_count(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Per pair and in total (pair ""): source paragraphs, translations, and score records of
    params.campaigns (stat records)."""
    t = corpus.tables
    scores = t["metric_scores"]
    scores = scores[scores["campaign"].isin(list(params.get("campaigns", ())))]
    parts = {
        "paragraphs": t["translations"].drop_duplicates(["pair", "paragraph"]),
        "translations": t["translations"],
        "records": scores,
    }
    rows = []
    for stat, frame in parts.items():
        counts = frame.groupby("pair").size()
        rows += [{"pair": p, "stat": stat, "value": n} for p, n in counts.items()]
        rows.append({"pair": "", "stat": stat, "value": len(frame)})
    return stack([pd.DataFrame(rows)], ["pair", "stat"])


MEASURES: dict[str, Measure] = {
    m.name: m
    for m in (
        Measure(
            "adequacy",
            ("scenario", "campaign", "pair"),
            "top, others_exclude (system ids), sample (paragraph subset), strict, campaigns",
            "Share (%) of paragraphs where a human translation ranks above the 'top' / 'other' "
            "systems "
            "(paper 000 Tables 3, 14); pair 'mean' = unweighted mean over pairs.",
            _adequacy,
        ),
        Measure(
            "system-mean",
            ("pair", "system"),
            "campaigns (pooled), pool_human (name of the pooled human row)",
            "Mean segment-level score per system over the campaigns' records; pair 'all' = every "
            "pair.",
            _system_mean,
        ),
        Measure(
            "system-rank",
            ("pair", "system"),
            "as system-mean",
            "Rank of that mean (1 = best; ties share the smaller rank).",
            _system_rank,
        ),
        Measure(
            "score-agreement",
            ("pair", "stat"),
            "first, second (campaigns), variant (b)",
            "Kendall τ between two campaigns' scores of the same translations (e.g. two "
            "annotations); "
            "stat tau or n; pair 'mean' = unweighted mean (paper 000 Table 2a).",
            _score_agreement,
        ),
        Measure(
            "corpus-count",
            ("pair", "stat"),
            "campaigns (for stat records)",
            "Counts per pair ('' = total): stat paragraphs, translations, or records (score "
            "records of "
            "the campaigns) (paper 000 Table 1).",
            _corpus_count,
        ),
        Measure(
            "text-score",
            ("campaign", "pair", "genre", "modality"),
            "",
            "A per-text score (metric campaign with work), e.g. pro-ci, llm-ci, aem-bleu.",
            tm.text_score,
        ),
        Measure(
            "ci-from-components",
            ("pair", "genre", "modality"),
            "",
            "Creativity index recomputed from its stored components: 100 × (CS/UCP − (EP − "
            "kudos)/words).",
            tm.ci_from_components,
        ),
        Measure(
            "text-mean",
            ("campaign", "pair", "modality"),
            "",
            "Mean of a per-text score over the texts of a pair and modality (paper 003 Table 4).",
            tm.text_mean,
        ),
        Measure(
            "error-count",
            ("annotators", "pair", "genre", "modality"),
            "",
            "Errors in campaign pro-errors by the professionals, the LLM, or both (match) per "
            "text; "
            "pair and modality '' = summed per genre (paper 003 Tables 5, 9, 11).",
            tm.error_count,
        ),
        Measure(
            "ucp-confusion",
            ("modality", "llm", "pro"),
            "",
            "UCPs the LLM classed as llm and the professionals as pro (CS/R/O); modality '' = all "
            "(paper 003 Tables 8, 13).",
            tm.ucp_confusion,
        ),
        Measure(
            "ci-spearman",
            ("modality",),
            "",
            "Spearman ρ between the LLM's and the professionals' per-text CI; modality '' = all "
            "(Fig. 3).",
            tm.ci_spearman,
        ),
        Measure(
            "work-score",
            ("campaign", "work"),
            "",
            "A per-text score every text of a work shares, e.g. source-words (paper 003 Table 1).",
            tm.work_score,
        ),
        Measure(
            "text-correlation",
            ("metric", "human", "genre"),
            "method (spearman, pearson, kendall), negate (human campaigns to invert), human, "
            "metric_prefix",
            "Correlation of a per-text metric (aem-*) with a per-text human score over the texts "
            "having "
            "both; genre '' = all texts (paper 003 Fig. 2, 4).",
            tm.text_correlation,
        ),
        Measure(
            "text-correlation-negatives",
            ("human", "genre"),
            "as text-correlation",
            "How many metrics correlate negatively with the human score (paper 003 Sec. 4.1).",
            tm.negative_correlations,
        ),
        Measure(
            "kruskal",
            ("variable", "by", "stat"),
            "",
            "Kruskal–Wallis test of a per-text human score (or error count: professional, llm) "
            "across "
            "modality or genre; stat H or p (paper 003 Table 12).",
            tm.kruskal_test,
        ),
        Measure(
            "posthoc-rank-sum",
            ("variable", "by", "first", "second", "stat"),
            "",
            "Wilcoxon rank-sum test of a per-text human score between two modalities or genres "
            "(R's "
            "wilcox.test default: exact without ties); stat p = Holm-adjusted over the pairs of "
            "the "
            "grouping, p_raw = unadjusted (paper 003 Table 12).",
            ph.posthoc_rank_sum,
        ),
        Measure(
            "ucp-symmetry-posthoc",
            ("modality", "first", "second", "stat"),
            "",
            "McNemar χ² (no continuity correction) between two UCP classes of the "
            "LLM-vs-professional "
            "table; stat chi2, p or p_holm (Holm over the three pairs); modality '' = all (paper "
            "003 "
            "Sec. 4.2).",
            ph.ucp_symmetry_posthoc,
        ),
        Measure(
            "ucp-agreement",
            ("modality", "stat"),
            "",
            "UCPs the LLM and the professionals put in the same class: stat matched, "
            "matched-cs-r, total, "
            "percent; modality '' = all (paper 003 Sec. 4.2, App. G.2).",
            ph.ucp_agreement,
        ),
        Measure(
            "ucp-bowker",
            ("modality", "stat"),
            "",
            "McNemar–Bowker symmetry test of the LLM-vs-professional UCP class table; stat chi2, "
            "df or p; "
            "modality '' = all (paper 003 Sec. 4.2).",
            tm.ucp_bowker,
        ),
        Measure(
            "error-category-matches",
            ("stat", "llm", "pro"),
            "campaign (default pro-errors)",
            "Errors both annotators marked (shared link): stat count per llm x pro category, "
            "matched, "
            "same (same category) and percent (paper 003 Table 7).",
            tm.error_category_matches,
        ),
        Measure(
            "pairwise-judgments",
            ("campaign", "first", "second", "pair"),
            "",
            "Pairwise judgments per comparison, the campaign's focal system first; pair '' = all "
            "pairs.",
            pm.judgments,
        ),
        Measure(
            "pairwise-preferred",
            ("campaign", "first", "second", "pair"),
            "",
            "Judgments preferring first (the focal system) over second, ties half; pair '' = all "
            "pairs.",
            pm.preferred,
        ),
        Measure(
            "error-spans",
            ("system", "category"),
            "",
            "Error spans per system and category over every MQM campaign ('' = all), severities "
            "ignored.",
            pm.error_spans,
        ),
    )
}
