"""Reproducers of paper 003's post-hoc tests and match rates (the long tables ``measures``
documents): pairwise rank-sum tests after Kruskal–Wallis (Table 12), pairwise symmetry tests
after McNemar–Bowker (Sec. 4.2) and the share of UCPs both annotators class alike (App. G.2)."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

import pandas as pd

from ..analysis import creativity as cr
from ..model import Corpus
from .posthoc import holm, pairwise_symmetry, rank_sum
from .text_measures import stack, texts

Params = Mapping[str, Any]
ORDER = {"modality": ("HT", "PE", "MT"), "genre": ("poem", "short story", "thriller")}
POSTHOC_KEYS = ["variable", "by", "first", "second", "stat"]


def tested_variables(frame: pd.DataFrame) -> list[str]:
    """The per-text human scores a Kruskal–Wallis test applies to (as ``kruskal_test`` picks
    them)."""
    return [
        c
        for c in frame.columns
        if (c.startswith(("pro-", "llm-")) or c in ("professional", "llm"))
        and frame[c].nunique() > 1
    ]


def levels(frame: pd.DataFrame, by: str) -> list[str]:
    """The groups of ``by`` present, the paper's order first."""
    present = [str(v) for v in frame[by].dropna().unique()]
    known = [v for v in ORDER.get(by, ()) if v in present]
    return known + sorted(v for v in present if v not in known)


def rank_sum_family(frame: pd.DataFrame, variable: str, by: str) -> pd.DataFrame:
    """Every pair of groups of ``by``: sizes, U, the raw p, how it was computed and the Holm p
    over the family of pairs (one family per variable and grouping, as R's pairwise.wilcox.test)."""
    rows = []
    for first, second in combinations(levels(frame, by), 2):
        test = rank_sum(
            frame.loc[frame[by] == first, variable], frame.loc[frame[by] == second, variable]
        )
        rows.append(
            {
                "variable": variable,
                "by": by,
                "first": first,
                "second": second,
                "n1": test.n1,
                "n2": test.n2,
                "u": test.u,
                "p_raw": test.p,
                "method": test.method,
            }
        )
    family = pd.DataFrame(
        rows, columns=["variable", "by", "first", "second", "n1", "n2", "u", "p_raw", "method"]
    )
    return family.assign(p=holm(family["p_raw"].tolist()))


def posthoc_rank_sum(corpus: Corpus, params: Params) -> pd.DataFrame:
    """Holm-adjusted (stat p) and raw (stat p_raw) rank-sum p of every pair of modalities and of
    genres, for every per-text human score; both orders of a pair carry the same value."""
    frame = texts(corpus, with_counts=True)
    parts = []
    for by in ("modality", "genre"):
        for variable in tested_variables(frame):
            family = rank_sum_family(frame, variable, by)
            for stat in ("p", "p_raw"):
                one = family.assign(stat=stat, value=family[stat])
                parts += [one, one.rename(columns={"first": "second", "second": "first"})]
    return stack(parts, POSTHOC_KEYS)


def symmetry_table(corpus: Corpus, modality: str = "") -> pd.DataFrame:
    """The pairwise symmetry tests of the LLM-vs-professional UCP classes (rows LLM)."""
    t = corpus.tables
    table = cr.ucp_confusion(t["ucps"], t["systems"], modality or None).loc[cr.CLASSES, cr.CLASSES]
    return pairwise_symmetry(table)


def ucp_symmetry_posthoc(corpus: Corpus, params: Params) -> pd.DataFrame:
    """McNemar χ², raw p and Holm p per pair of UCP classes, over all texts (modality "") and per
    modality; both orders of a pair carry the same value."""
    if corpus.tables["ucps"].empty:
        return stack([], ["modality", "first", "second", "stat"])
    parts = []
    for modality in ("", *sorted(set(corpus.tables["systems"]["modality"].dropna()))):
        pairs = symmetry_table(corpus, modality).assign(modality=modality)
        for stat in ("chi2", "p", "p_holm"):
            one = pairs.assign(stat=stat, value=pairs[stat])
            parts += [one, one.rename(columns={"first": "second", "second": "first"})]
    return stack(parts, ["modality", "first", "second", "stat"])


def ucp_agreement(corpus: Corpus, params: Params) -> pd.DataFrame:
    """UCPs both annotators put in the same class: stat matched (CS, R or O), matched-cs-r (CS or
    R), total and percent (matched / total), over all texts (modality "") and per modality."""
    t = corpus.tables
    if t["ucps"].empty:
        return stack([], ["modality", "stat"])
    rows = []
    for modality in ("", *sorted(set(t["systems"]["modality"].dropna()))):
        table = cr.ucp_confusion(t["ucps"], t["systems"], modality or None)
        matched = sum(int(table.loc[c, c]) for c in cr.CLASSES)
        total = int(table.loc["Total", "Total"])
        stats = {
            "matched": matched,
            "matched-cs-r": int(table.loc["CS", "CS"] + table.loc["R", "R"]),
            "total": total,
            "percent": 100.0 * matched / total if total else float("nan"),
        }
        rows += [{"modality": modality, "stat": s, "value": v} for s, v in stats.items()]
    return stack([pd.DataFrame(rows)], ["modality", "stat"])
