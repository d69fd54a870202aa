"""Reproducers over per-text scores and annotations (paper 003's kind of data): statistics of
the metric campaigns that carry ``work`` (one score per system x pair x work), the error
overview and the UCP classes. Each returns the long table ``measures`` documents."""

from __future__ import annotations

from typing import Any, Mapping

import pandas as pd

from ..analysis import creativity as cr
from ..model import Corpus
from .stats import bowker, category_matches, kruskal

Params = Mapping[str, Any]


def stack(parts: list[pd.DataFrame], keys: list[str]) -> pd.DataFrame:
    """Concatenate parts as key columns (strings, "" = aggregate) + float ``value``."""
    if not parts:
        return pd.DataFrame(columns=[*keys, "value"])
    frame = pd.concat([p[[*keys, "value"]] for p in parts], ignore_index=True)
    for key in keys:
        frame[key] = frame[key].fillna("").astype(str)
    frame["value"] = frame["value"].astype(float)
    return frame


def texts(corpus: Corpus, with_counts: bool = False) -> pd.DataFrame:
    t = corpus.tables
    frame = cr.text_scores(t["metric_scores"], t["systems"], t["works"])
    if with_counts and not t["mqm_errors"].empty:
        counts = cr.error_counts(t["mqm_errors"], t["paragraphs"])
        frame = frame.merge(counts, on=["pair", "work", "system"], how="left")
    return frame


def work_score(corpus: Corpus, params: Params) -> pd.DataFrame:
    """The value of a per-text campaign shared by every text of a work (NaN when they differ)."""
    frame = texts(corpus)
    values = [c for c in frame.columns if c not in cr.TEXT_KEYS]
    long = frame.melt(id_vars=["work"], value_vars=values, var_name="campaign").dropna(
        subset=["value"]
    )
    shared = long.groupby(["campaign", "work"])["value"].agg(
        lambda s: s.iloc[0] if s.nunique() == 1 else None
    )
    return stack([shared.reset_index()], ["campaign", "work"])


def text_correlation(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Correlation (params.method, default spearman) of each ``aem-`` campaign with each human
    campaign over the texts having both, per genre and over all ("")."""
    frame = texts(corpus)
    method = str(params.get("method", "spearman"))
    negate = set(params.get("negate", ()))
    metrics = [c for c in frame.columns if c.startswith(str(params.get("metric_prefix", "aem-")))]
    humans = [
        c for c in params.get("human", ("pro-error-points", "pro-cs", "pro-ci")) if c in frame
    ]
    rows = []
    for genre, part in [("", frame), *frame.groupby("genre")]:
        for human in humans:
            sign = -1.0 if human in negate else 1.0
            for metric in metrics:
                both = part[[metric, human]].dropna()
                rows.append(
                    {
                        "metric": metric,
                        "human": human,
                        "genre": genre,
                        "value": both[metric].corr(sign * both[human], method=method),
                    }
                )
    return stack(
        [pd.DataFrame(rows, columns=["metric", "human", "genre", "value"])],
        ["metric", "human", "genre"],
    )


def negative_correlations(corpus: Corpus, params: Params) -> pd.DataFrame:
    """How many of the metrics correlate negatively with a human campaign (per genre, "" = all)."""
    table = text_correlation(corpus, params)
    counts = (table["value"] < 0).groupby([table["human"], table["genre"]]).sum().rename("value")
    return stack([counts.reset_index()], ["human", "genre"])


def kruskal_test(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Kruskal–Wallis H and p of every per-text human campaign across modalities and genres."""
    frame = texts(corpus, with_counts=True)
    variables = [
        c
        for c in frame.columns
        if (c.startswith(("pro-", "llm-")) or c in ("professional", "llm"))
        and frame[c].nunique() > 1
    ]  # H is undefined when every value is the same
    rows = []
    for by in ("modality", "genre"):
        for variable in variables:
            h, p = kruskal(frame, variable, by)
            rows += [
                {"variable": variable, "by": by, "stat": "H", "value": h},
                {"variable": variable, "by": by, "stat": "p", "value": p},
            ]
    return stack([pd.DataFrame(rows)], ["variable", "by", "stat"])


def ucp_bowker(corpus: Corpus, params: Params) -> pd.DataFrame:
    """McNemar–Bowker test of the LLM-vs-professional UCP class table (modality "" = all)."""
    t = corpus.tables
    if t["ucps"].empty:  # no UCP classes: the records are "not reproduced"
        return stack([], ["modality", "stat"])
    rows = []
    for modality in ("", *sorted(set(t["systems"]["modality"]))):
        table = cr.ucp_confusion(t["ucps"], t["systems"], modality or None).loc[
            cr.CLASSES, cr.CLASSES
        ]
        chi2, df, p = bowker(table)
        rows += [
            {"modality": modality, "stat": s, "value": v}
            for s, v in (("chi2", chi2), ("df", df), ("p", p))
        ]
    return stack([pd.DataFrame(rows)], ["modality", "stat"])


def error_category_matches(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Errors both annotators marked (shared link): counts per (llm, pro) category, the number
    matched (stat matched), with the same category (same) and its share in % (percent)."""
    errors = corpus.tables["mqm_errors"]
    errors = errors[errors["campaign"] == str(params.get("campaign", "pro-errors"))]
    matches = category_matches(errors)
    names = sorted(set(errors["category"].dropna()) - {""})
    table = pd.crosstab(
        pd.Categorical(matches["llm"], names), pd.Categorical(matches["pro"], names), dropna=False
    )
    cells = pd.DataFrame(
        [
            {"llm": a, "pro": b, "value": int(table.loc[a, b]), "stat": "count"}
            for a in names
            for b in names
        ]
    )
    share = 100.0 * matches["same"].mean() if len(matches) else float("nan")
    totals = pd.DataFrame(
        [
            {"stat": "matched", "value": len(matches)},
            {"stat": "same", "value": int(matches["same"].sum())},
            {"stat": "percent", "value": share},
        ]
    ).assign(llm="", pro="")
    return stack([cells, totals], ["stat", "llm", "pro"])


def text_score(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Every per-text score (campaign id of a metric campaign with ``work``) by pair, genre,
    modality."""
    frame = texts(corpus)
    values = [c for c in frame.columns if c not in cr.TEXT_KEYS and c != "ci_from_components"]
    long = frame.melt(id_vars=cr.TEXT_KEYS, value_vars=values, var_name="campaign")
    return stack([long.dropna(subset=["value"])], ["campaign", "pair", "genre", "modality"])


def ci_from_components(corpus: Corpus, params: Params) -> pd.DataFrame:
    """The creativity index recomputed from the stored components of each text."""
    frame = texts(corpus)
    if "ci_from_components" not in frame:
        return stack([], ["pair", "genre", "modality"])
    return stack(
        [frame.rename(columns={"ci_from_components": "value"})], ["pair", "genre", "modality"]
    )


def text_mean(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Means of the per-text scores per pair and modality (over the genres)."""
    frame = texts(corpus)
    values = [c for c in frame.columns if c not in cr.TEXT_KEYS]
    means = frame.groupby(["pair", "modality"])[values].mean().reset_index()
    long = means.melt(id_vars=["pair", "modality"], value_vars=values, var_name="campaign")
    return stack([long.dropna(subset=["value"])], ["campaign", "pair", "modality"])


def error_count(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Errors by the professionals, the LLM and both per text, and summed per genre."""
    t = corpus.tables
    counts = cr.error_counts(t["mqm_errors"], t["paragraphs"]).merge(
        t["works"][["work", "genre"]], on="work"
    )
    counts = counts.merge(t["systems"][["system", "modality"]], on="system")
    groups = ["professional", "llm", "match"]
    by_genre = counts.groupby("genre", as_index=False)[groups].sum().assign(pair="", modality="")
    long = pd.concat([counts, by_genre], ignore_index=True).melt(
        id_vars=["pair", "genre", "modality"], value_vars=groups, var_name="annotators"
    )
    return stack([long], ["annotators", "pair", "genre", "modality"])


def ucp_confusion(corpus: Corpus, params: Params) -> pd.DataFrame:
    """UCP class counts, LLM x professionals, over all texts ("") and per modality."""
    t = corpus.tables
    if t["ucps"].empty:
        return stack([], ["modality", "llm", "pro"])
    rows = []
    for modality in ("", *sorted(set(t["systems"]["modality"]))):
        table = cr.ucp_confusion(t["ucps"], t["systems"], modality or None)
        rows += [
            {"modality": modality, "llm": a, "pro": b, "value": table.loc[a, b]}
            for a in cr.CLASSES
            for b in cr.CLASSES
        ]
    return stack([pd.DataFrame(rows)], ["modality", "llm", "pro"])


def ci_spearman(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Spearman rho of the LLM vs the professionals' CI, over all texts ("") and per modality."""
    frame = texts(corpus)
    if "llm-ci" not in frame or "pro-ci" not in frame:
        return stack([], ["modality"])
    rows = [
        {"modality": m, "value": cr.ci_correlation(frame, m or None)[0]}
        for m in ("", *sorted(set(frame["modality"].dropna())))
    ]
    return stack([pd.DataFrame(rows)], ["modality"])
