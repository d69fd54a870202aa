"""sacreBLEU's per-paragraph sufficient statistics of a stored BLEU/chrF/TER campaign.

The board shows sacreBLEU's corpus score, the number its command line prints for a system's
file: the metric's statistics (BLEU: lengths and n-gram matches and totals; chrF: character and
word n-gram counts; TER: edits and reference length) summed over the paragraphs, then one score.
Summing the statistics of resampled paragraphs gives the resampled corpus scores
(``corpus_ranking``). The statistics come from the corpus's texts with the metric settings of
the pair (``sacre_metric``: the same as ``litboard score`` and ``litboard track score``) and the
references of one of two rules: every other human translation of the paragraph (``all``, the
scoring rule) or the first one by system id (``first``, the demo's campaigns). A rule is used
only when it reproduces every stored segment score of the system in the pair (and the stored
system score, where one is stored); otherwise the column keeps its mean of paragraph scores.

TER's edit counts are read back from the stored sentence TER (edits = TER x reference length /
100, an integer, so exact at the six stored decimals) instead of rerunning the shift search;
a value that is not an integer to 1e-3 means the rule's references are not the stored ones.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pandas as pd

from ..model import Corpus
from .overlap import TOKENIZE, target_lang

ASIAN = {"zh", "ja", "ko"}
KEYS = {"bleu": "bleu", "chrf": "chrf", "chrf2": "chrf", "ter": "ter"}  # campaign metric name
TOLERANCE = 1e-3  # score points: stored scores carry at least four decimals
RULES = ("all", "first")


def sacre_metric(key: str, target: str, sentence: bool) -> Any:
    """sacreBLEU's metric object for a target language, sentence or corpus level."""
    from sacrebleu.metrics import BLEU, CHRF, TER

    if key == "bleu":
        return BLEU(tokenize=TOKENIZE.get(target), effective_order=sentence)
    if key == "chrf":
        return CHRF()
    asian = target in ASIAN  # asian_support needs normalized (scoring.sacrebleu_metrics)
    return TER(normalized=asian, asian_support=asian)


def system_signature(metric: Any, nrefs: int) -> str:
    """The metric's sacreBLEU signature with ``nrefs`` (what the command line prints)."""
    metric.num_refs = nrefs
    sig = metric.get_signature()
    sig.update("nrefs", nrefs)
    return str(sig.format())


def references(corpus: Corpus, pair: str, rule: str) -> dict[tuple[str, str], list[str]]:
    """(system, paragraph) -> its reference texts under ``rule`` (see the module doc)."""
    t = corpus.tables["translations"]
    human = set(corpus.tables["systems"].query("is_human")["system"].astype(str))
    rows = t[(t["pair"] == pair) & t["text"].map(lambda x: isinstance(x, str))]
    by_paragraph: dict[str, list[tuple[str, str]]] = {}
    for r in rows.sort_values(["paragraph", "system"]).itertuples():
        if str(r.system) in human:
            by_paragraph.setdefault(str(r.paragraph), []).append((str(r.system), str(r.text)))
    out = {}
    for r in rows.itertuples():
        refs = [text for s, text in by_paragraph.get(str(r.paragraph), []) if s != str(r.system)]
        out[(str(r.system), str(r.paragraph))] = refs[:1] if rule == "first" else refs
    return out


def segment_stats(
    key: str, metric: Any, hyp: str, refs: Sequence[str], stored: float
) -> list[float] | None:
    """The paragraph's statistics as sacreBLEU's ``_extract_corpus_statistics`` gives them (TER:
    edits from the stored score); None when TER's edits are not an integer (see the doc)."""
    if key != "ter":
        return [float(x) for x in metric._extract_corpus_statistics([hyp], [[r] for r in refs])[0]]
    words = metric._cache_references([[r] for r in refs])[0]["ref_words"]
    length = sum(len(w) for w in words) / len(words)
    if length == 0:
        return [float(len(metric._preprocess_segment(hyp).split())), 0.0]
    edits = stored * length / 100
    if abs(edits - round(edits)) > TOLERANCE:
        return None
    return [float(round(edits)), length]


RefsCache = dict[tuple[str, str], dict[tuple[str, str], list[str]]]


def pair_stats(
    corpus: Corpus,
    key: str,
    pair: str,
    rows: pd.DataFrame,
    stored: dict[str, float],
    cache: RefsCache | None = None,
) -> tuple[dict[str, np.ndarray], list[str], str] | None:
    """(system -> paragraphs x stats, paragraphs, signature) of a pair's stored segment scores
    (``rows``: system, paragraph, score), under the first rule that reproduces them
    (``cache``: the references per (pair, rule), shared by the metrics of a pair)."""
    texts = corpus.tables["translations"]
    texts = texts[texts["pair"] == pair].set_index(["system", "paragraph"])["text"]
    target = target_lang(pair)
    cache = {} if cache is None else cache
    for rule in RULES:
        if (pair, rule) not in cache:
            cache[(pair, rule)] = references(corpus, pair, rule)
        refs = cache[(pair, rule)]
        made = _rule_stats(key, target, rows, texts, refs, stored)
        if made is not None:
            return made
    return None


def _rule_stats(
    key: str,
    target: str,
    rows: pd.DataFrame,
    texts: pd.Series,
    refs: dict[tuple[str, str], list[str]],
    stored: dict[str, float],
) -> tuple[dict[str, np.ndarray], list[str], str] | None:
    corpus_metric, sentence = sacre_metric(key, target, False), sacre_metric(key, target, True)
    paragraphs = sorted(rows["paragraph"].astype(str).unique())
    where = {p: i for i, p in enumerate(paragraphs)}
    nrefs: set[int] = set()
    out = {}
    for system, group in rows.groupby("system", sort=True):
        table: np.ndarray | None = None
        for r in group.itertuples():
            hyp, ref = texts.get((system, r.paragraph)), refs.get((str(system), str(r.paragraph)))
            if not isinstance(hyp, str) or not ref:
                return None
            stats = segment_stats(key, corpus_metric, hyp, ref, float(r.score))
            if stats is None or not _same(sentence, stats, float(r.score)):
                return None
            if table is None:
                table = np.full((len(paragraphs), len(stats)), np.nan)
            table[where[str(r.paragraph)]] = stats
            nrefs.add(len(ref))
        assert table is not None  # a group has rows
        total = np.nansum(table, axis=0)
        if str(system) in stored and not _same(corpus_metric, total, stored[str(system)]):
            return None
        out[str(system)] = table
    if len(nrefs) != 1:
        return None  # sacreBLEU's command line reads one reference count
    return out, paragraphs, system_signature(corpus_metric, nrefs.pop())


def _same(metric: Any, stats: Sequence[float] | np.ndarray, stored: float) -> bool:
    score = float(metric._compute_score_from_stats(list(stats)).score)
    return bool(abs(score - stored) <= TOLERANCE)


def sacre_campaigns(corpus: Corpus) -> dict[str, str]:
    """Campaign id -> metric key of every stored sacreBLEU BLEU/chrF/TER campaign (its
    signature is sacreBLEU's: it names ``nrefs``)."""
    campaigns = corpus.tables["campaigns"]
    out = {}
    for r in campaigns.itertuples():
        name = str(getattr(r, "metric", "") or "").lower()
        if name in KEYS and "nrefs:" in str(r.signature or ""):
            out[str(r.campaign)] = KEYS[name]
    return out


def stored_system_scores(corpus: Corpus, campaign: str, pair: str) -> dict[str, float]:
    """system -> the campaign's stored system-level score on ``pair`` (no work)."""
    scores = corpus.metric_scores
    rows = scores[
        (scores["campaign"] == campaign)
        & (scores["pair"] == pair)
        & (scores["level"] == "system")
        & (scores["work"].fillna("") == "")
        & scores["score"].notna()
    ]
    return {str(r.system): float(r.score) for r in rows.itertuples()}
