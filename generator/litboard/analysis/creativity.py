"""Paper 003 (Creativity Bias) analyses: pure functions over the tidy tables.

A *text* is one translated text: system (ht/pe/mt = modality) x pair x work. Per-text
scores live in metric campaigns whose records carry ``work`` (see the importer).
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from ..typology import simple_class

TEXT_KEYS = ["pair", "work", "genre", "system", "modality"]
PRO = {
    "cs": "pro-cs",
    "ucp": "ucp-count",
    "error_points": "pro-error-points",
    "kudos": "pro-kudos",
    "words": "source-words",
    "ci": "pro-ci",
}
LLM = {
    "llm_cs": "llm-cs",
    "llm_error_points": "llm-error-points",
    "llm_kudos": "llm-kudos",
    "llm_ci": "llm-ci",
}
AEMS = [
    "aem-bertscore",
    "aem-bleu",
    "aem-bleurt",
    "aem-chrf2",
    "aem-comet",
    "aem-cometkiwi",
    "aem-litransproqa",
    "aem-metricx24",
    "aem-ter",
]
CLASSES = ["CS", "R", "O"]


def creativity_index(
    cs: float, ucp: float, error_points: float, kudos: float, words: float
) -> float:
    """CI = 100 * (CS / UCP - (ErrorPoints - Kudos) / Words) (paper 003, Sec. 3.3)."""
    return 100.0 * (cs / ucp - (error_points - kudos) / words)


def text_scores(
    metric_scores: pd.DataFrame, systems: pd.DataFrame, works: pd.DataFrame
) -> pd.DataFrame:
    """One row per text: TEXT_KEYS + one column per per-text campaign id (e.g. pro-ci, aem-comet).

    Adds ``ci_from_components`` (CI recomputed from pro-cs, ucp-count, pro-error-points,
    pro-kudos, source-words) when those columns are present.
    """
    scores = metric_scores[metric_scores["work"].fillna("") != ""]
    wide = scores.pivot_table(
        index=["pair", "work", "system"], columns="campaign", values="score", aggfunc="first"
    ).reset_index()
    wide.columns.name = None
    wide = wide.merge(works[["work", "genre"]], on="work", how="left")
    wide = wide.merge(systems[["system", "modality"]], on="system", how="left")
    if set(PRO.values()) <= set(wide.columns):
        wide["ci_from_components"] = creativity_index(
            wide["pro-cs"],
            wide["ucp-count"],
            wide["pro-error-points"],
            wide["pro-kudos"],
            wide["source-words"],
        )
    rest = [c for c in wide.columns if c not in TEXT_KEYS]
    return wide[TEXT_KEYS + rest].sort_values(["pair", "work", "modality"]).reset_index(drop=True)


def breakdown(
    texts: pd.DataFrame,
    by: str | Sequence[str],
    columns: Sequence[str] = ("pro-cs", "pro-error-points", "pro-kudos", "pro-ci"),
) -> pd.DataFrame:
    """Mean of per-text columns by modality, genre and/or pair (columns: by + columns + n_texts)."""
    keys = [by] if isinstance(by, str) else list(by)
    grouped = texts.groupby(keys)
    result = grouped[list(columns)].mean()
    result["n_texts"] = grouped.size()
    return result.reset_index()


def metrics_by_modality(texts: pd.DataFrame) -> pd.DataFrame:
    """Table 4: mean professional CI and AEM scores per pair and modality (over the 3 genres)."""
    columns = ["pro-ci"] + [c for c in AEMS if c in texts.columns]
    return breakdown(texts, ["pair", "modality"], columns)


def ucp_confusion(
    ucps: pd.DataFrame,
    systems: pd.DataFrame | None = None,
    modality: str | None = None,
    campaign: str = "creativity",
    reference: str = "pro",
    other: str = "llm",
) -> pd.DataFrame:
    """Tables 8 / 13: rows = ``other``'s class (CS/R/O), columns = ``reference``'s, with totals.

    Classes are simplified (CSA/CSM/CSC -> CS). ``modality`` (HT/PE/MT) needs ``systems``.
    """
    frame = ucps[ucps["campaign"] == campaign]
    if modality is not None:
        if systems is None:
            raise ValueError("ucp_confusion(modality=...) needs the systems table")
        keep = set(systems.loc[systems["modality"] == modality, "system"])
        frame = frame[frame["system"].isin(keep)]
    keys = ["system", "pair", "ucp"]
    classes = frame.assign(cls=frame["ucp_class"].map(simple_class)).pivot_table(
        index=keys, columns="annotator", values="cls", aggfunc="first"
    )
    table = pd.crosstab(
        pd.Categorical(classes[other], CLASSES),
        pd.Categorical(classes[reference], CLASSES),
        rownames=[other],
        colnames=[reference],
        margins=True,
        margins_name="Total",
        dropna=False,
    )
    return table


def error_counts(
    mqm_errors: pd.DataFrame,
    paragraphs: pd.DataFrame,
    by: Sequence[str] = ("pair", "work", "system"),
    campaign: str = "pro-errors",
    reference: str = "pro",
    other: str = "llm",
) -> pd.DataFrame:
    """Tables 5 / 9: errors by the professionals, by the LLM, and matches (shared ``link``).

    Columns: by + ``professional``, ``llm``, ``match``.
    """
    frame = mqm_errors[mqm_errors["campaign"] == campaign].merge(
        paragraphs[["paragraph", "work"]], on="paragraph", how="left"
    )
    frame = frame.assign(
        professional=frame["annotator"] == reference,
        llm=frame["annotator"] == other,
        match=(frame["annotator"] == reference) & (frame["link"].fillna("") != ""),
    )
    return frame.groupby(list(by))[["professional", "llm", "match"]].sum().astype(int).reset_index()


def ci_correlation(
    texts: pd.DataFrame, modality: str | None = None, x: str = "llm-ci", y: str = "pro-ci"
) -> tuple[float, float, int]:
    """Fig. 3: Spearman rho (and p) between the LLM's and the professionals' CI; (rho, p, n)."""
    from scipy.stats import spearmanr

    frame = texts if modality is None else texts[texts["modality"] == modality]
    frame = frame[[x, y]].dropna()
    result = spearmanr(frame[x], frame[y])
    return float(result.statistic), float(result.pvalue), len(frame)
