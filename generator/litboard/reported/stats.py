"""Small statistics the published numbers need beyond ``analysis`` (pure functions, pinned by
hand-computed cases in tests/analysis/test_reported_stats.py)."""

from __future__ import annotations

import pandas as pd


def bowker(table: pd.DataFrame) -> tuple[float, int, float]:
    """McNemar–Bowker test of symmetry of a square contingency table: (chi2, df, p).

    chi2 = sum over i < j of (n_ij - n_ji)^2 / (n_ij + n_ji); df = the number of such pairs
    with n_ij + n_ji > 0 (k(k-1)/2 when none is empty), as statsmodels' ``symmetry`` counts."""
    from scipy.stats import chi2 as chi2_dist

    values = table.to_numpy(dtype=float)
    k = values.shape[0]
    stat, df = 0.0, 0
    for i in range(k):
        for j in range(i + 1, k):
            total = values[i, j] + values[j, i]
            if total > 0:
                stat += (values[i, j] - values[j, i]) ** 2 / total
                df += 1
    return stat, df, float(chi2_dist.sf(stat, df)) if df else float("nan")


def kruskal(frame: pd.DataFrame, variable: str, by: str) -> tuple[float, float]:
    """Kruskal–Wallis H test of ``variable`` across the groups of ``by``: (H, p)."""
    from scipy.stats import kruskal as scipy_kruskal

    groups = [g[variable].dropna().to_numpy() for _, g in frame.groupby(by)]
    result = scipy_kruskal(*groups)
    return float(result.statistic), float(result.pvalue)


def category_matches(
    errors: pd.DataFrame, reference: str = "pro", other: str = "llm"
) -> pd.DataFrame:
    """One row per matched error (a ``link`` both annotators' errors share): link, the two
    categories and ``same`` (the categories agree)."""
    linked = errors[errors["link"].fillna("") != ""]
    ref = (
        linked[linked["annotator"] == reference]
        .drop_duplicates("link")
        .set_index("link")["category"]
    )
    oth = linked[linked["annotator"] == other].drop_duplicates("link").set_index("link")["category"]
    both = pd.DataFrame({reference: ref, other: oth}).dropna()
    return both.assign(same=both[reference] == both[other]).rename_axis("link").reset_index()
