"""Inter-annotator agreement: Kendall tau-b, Cohen's kappa, Krippendorff's alpha, MSE.

Every function returns an ``Agreement`` whose ``label`` names the exact statistic, so
a page can print it under the number. Scores of two annotators are passed as pandas
Series indexed by item; only items both scored (non-NaN in both) are compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal, NamedTuple

import numpy as np
import pandas as pd

from ..errors import DataError, Problem
from .records import SPAN_RULE as SPAN_RULE
from .resampling import resample_counts
from .span_overlap import confusion, kappa_of, kappas_of

Level = Literal["nominal", "ordinal", "interval", "ratio"]
SCHEME_LEVELS: dict[str, Level] = {
    "sqm": "ordinal",
    "ruler": "ordinal",
    "rubric": "ordinal",
    "verse": "ordinal",
    "mqm": "interval",
    "esa": "interval",
}
TRANSLATION = ("system", "pair", "paragraph")


@dataclass(frozen=True)
class Agreement:
    """One agreement figure: statistic label, value, items compared, p-value if any."""

    label: str
    value: float
    n: int
    p_value: float | None = None


def _shared(a: pd.Series, b: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    both = pd.concat([a.rename("a"), b.rename("b")], axis=1, join="inner").dropna()
    return both["a"].to_numpy(dtype=float), both["b"].to_numpy(dtype=float)


def kendall_tau(a: pd.Series, b: pd.Series) -> Agreement:
    """Kendall's tau-b (ties corrected) of two annotators on shared items.

    Computed by ``scipy.stats.kendalltau(x, y, variant="b")``; the p-value is scipy's
    (exact for small tie-free samples, asymptotic otherwise). NaN with fewer than 2 items.
    """
    from scipy.stats import kendalltau

    x, y = _shared(a, b)
    if len(x) < 2:
        return Agreement("Kendall tau-b", float("nan"), len(x), None)
    result = kendalltau(x, y, variant="b")
    return Agreement("Kendall tau-b", float(result.statistic), len(x), float(result.pvalue))


def mse(a: pd.Series, b: pd.Series) -> Agreement:
    """Mean squared difference of two annotators' scores on shared items (lower = closer)."""
    x, y = _shared(a, b)
    value = float(np.mean((x - y) ** 2)) if len(x) else float("nan")
    return Agreement("MSE", value, len(x))


def krippendorff_alpha(data: pd.DataFrame, level: Level) -> Agreement:
    """Krippendorff's alpha of a reliability matrix (rows annotators, columns units, NaN =
    not rated), computed by the ``krippendorff`` package. Use ``SCHEME_LEVELS`` to pick
    the level: ordinal for SQM and rubric scores, interval for MQM. ``n`` counts units
    rated by at least two annotators (the pairable ones)."""
    import krippendorff

    values = data.to_numpy(dtype=float)
    pairable = int((np.sum(~np.isnan(values), axis=0) >= 2).sum())
    if pairable == 0:
        return Agreement(f"Krippendorff alpha ({level})", float("nan"), 0)
    # one value only: expected disagreement 0, alpha 0/0
    if len(np.unique(values[~np.isnan(values)])) < 2:
        return Agreement(f"Krippendorff alpha ({level})", float("nan"), pairable)
    value = _alpha(values, level)
    return Agreement(f"Krippendorff alpha ({level})", float(value), pairable)


COINCIDENCE_BYTES = 256 * 1024 * 1024  # the package builds a units x values x values array at once


def _alpha(values: np.ndarray, level: Level) -> float:
    """``krippendorff.alpha(reliability_data=values, level_of_measurement=level)``; when the
    package's units x values x values intermediate would exceed COINCIDENCE_BYTES (WMT-size
    campaigns: ~3 GB), the same steps with the coincidence matrix as matrix products
    (``_coincidences``). Equal to the package to rounding
    (tests/analysis/test_agreement_stats.py)."""
    import krippendorff
    from krippendorff import krippendorff as kd

    domain = np.unique(values[~np.isnan(values)])
    units = values.shape[1]
    steps = (
        "_reliability_data_to_value_counts",
        "_coincidences",
        "_random_coincidences",
        "_distances",
        "_distance_metric",
    )
    if (
        units * len(domain) ** 2 * 8 <= COINCIDENCE_BYTES
        or not all(hasattr(kd, f) for f in steps)
        or len(domain) <= 1
    ):
        return float(krippendorff.alpha(reliability_data=values, level_of_measurement=level))
    counts = kd._reliability_data_to_value_counts(values, domain)
    if (counts.sum(axis=-1) <= 1).all():  # the package's own refusal, same message
        return float(krippendorff.alpha(reliability_data=values, level_of_measurement=level))
    o = _coincidences(counts)
    n_v = o.sum(axis=0)
    e = kd._random_coincidences(n_v)
    d: np.ndarray = kd._distances(domain, kd._distance_metric(level), n_v)
    return float(1 - (o * d).sum() / (e * d).sum())


def _coincidences(counts: np.ndarray) -> np.ndarray:
    """The package's coincidence matrix, sum over units u of (c_u c_u' - diag(c_u)) / (m_u - 1)
    (c_u: the unit's value counts, m_u: its pairable values, at least 2), as one matrix product
    per group of units with the same m_u instead of a units x values x values array: the
    products of counts are whole numbers, exact in floating point; with 2 or 3 raters (m_u - 1
    of 1 or 2) so is every term, and the matrix equals the package's bit for bit."""
    pairable = np.maximum(counts.sum(axis=1), 2)
    o = np.zeros((counts.shape[1], counts.shape[1]))
    for m in np.unique(pairable):
        group = counts[pairable == m].astype(float)
        o += (group.T @ group - np.diag(group.sum(axis=0))) / float(m - 1)
    return o


def reliability_matrix(
    long: pd.DataFrame,
    value: str = "score",
    unit: tuple[str, ...] = TRANSLATION,
    annotator: str = "annotator",
) -> pd.DataFrame:
    """Annotators x units matrix from a long table (duplicates averaged, NaN = missing)."""
    parts = [long[column].astype(str) for column in unit]
    joined = parts[0]
    for part in parts[1:]:
        joined = joined + "|" + part
    keyed = long.assign(_unit=joined)
    return keyed.pivot_table(index=annotator, columns="_unit", values=value, aggfunc="mean")


def _kappa(x: np.ndarray, y: np.ndarray, label: str) -> Agreement:
    from sklearn.metrics import cohen_kappa_score

    if len(x) == 0:
        return Agreement(label, float("nan"), 0)
    if len(set(x.tolist()) | set(y.tolist())) < 2:
        return Agreement(label, float("nan"), len(x))
    return Agreement(label, float(cohen_kappa_score(x, y)), len(x))


def bws_kappa(
    first: pd.DataFrame,
    second: pd.DataFrame,
    keys: tuple[str, ...] = ("pair", "paragraph"),
    unit: Literal["translation", "choice"] = "translation",
) -> Agreement:
    """Cohen's kappa between two annotators' BWS picks on the tuples both judged.

    Tuples are matched on ``keys``. ``unit="translation"``: each shown system gets the
    label best / worst / none, one kappa item per (tuple, system). ``unit="choice"``:
    two items per tuple (the best pick and the worst pick), labelled by system id.
    Computed by ``sklearn.metrics.cohen_kappa_score``.
    """
    if unit not in ("translation", "choice"):
        raise ValueError(f"unit must be 'translation' or 'choice', not {unit!r}")
    merged = first.merge(second, on=list(keys), suffixes=("_1", "_2"))
    x: list[str] = []
    y: list[str] = []
    for r in merged.to_dict("records"):
        if unit == "choice":
            x += [str(r["best_1"]), str(r["worst_1"])]
            y += [str(r["best_2"]), str(r["worst_2"])]
            continue
        for system in sorted(set(r["systems_1"]) & set(r["systems_2"])):
            x.append(
                "best" if system == r["best_1"] else "worst" if system == r["worst_1"] else "none"
            )
            y.append(
                "best" if system == r["best_2"] else "worst" if system == r["worst_2"] else "none"
            )
    return _kappa(
        np.array(x, dtype=object), np.array(y, dtype=object), f"Cohen kappa (BWS, per {unit})"
    )


# SPAN_RULE (in records, so pages read it): how character_labels turns spans into labels


def character_labels(
    spans: pd.DataFrame, length: int, mode: Literal["span", "label"], where: str = "<spans>"
) -> np.ndarray:
    """One label per character of a translation of ``length`` code points.

    ``mode="span"``: 1 inside any error span, else 0. ``mode="label"``: the span's
    ``category``, else "none". Spans are [start, end) offsets; zero-width spans
    (omissions, start == end) mark no character. Where one annotator's spans overlap, a
    character takes the category of the span that starts first (ties: the earlier row).
    """
    if mode == "span":
        out: np.ndarray = np.zeros(length, dtype=int)
    else:
        out = np.full(length, "none", dtype=object)
    bad = spans[(spans["start"] < 0) | (spans["end"] < spans["start"]) | (spans["end"] > length)]
    if len(bad):
        raise DataError(
            [
                Problem(
                    where,
                    0,
                    "start/end",
                    f"span [{s}, {e}) outside the text of length {length}",
                    "fix the offsets (code points of the NFC text, end exclusive)",
                )
                for s, e in zip(bad["start"], bad["end"])
            ]
        )
    ordered = spans.reset_index(drop=True).sort_values("start", kind="stable")
    for row in ordered.iloc[::-1].itertuples(index=False):
        start, end = int(getattr(row, "start")), int(getattr(row, "end"))
        out[start:end] = 1 if mode == "span" else str(getattr(row, "category"))
    return out


def span_kappa(
    spans: pd.DataFrame,
    lengths: pd.DataFrame,
    annotators: tuple[str, str],
    mode: Literal["span", "label"] = "span",
    keys: tuple[str, ...] = TRANSLATION,
    pooling: Literal["pooled", "mean"] = "pooled",
) -> Agreement:
    """Character-level Cohen's kappa of two annotators' error spans (paper 000, Table 2).

    ``spans`` has ``annotator``, the ``keys`` columns, ``start``, ``end`` and (for
    ``mode="label"``) ``category``; ``lengths`` has the ``keys`` columns and ``length``
    and must list exactly the translations both annotators judged (a translation without
    spans from an annotator counts as error-free). Every character is one item: "span"
    compares error vs no error, "label" compares the category (or "none"); see
    ``character_labels`` for overlaps and zero-width spans. ``pooling="pooled"`` computes
    one kappa over the characters of all translations; ``"mean"`` averages per-translation
    kappas, leaving out translations where kappa is undefined (a single label overall).
    Computed by interval arithmetic over all translations at once (``span_overlap``), with
    the same result as ``character_labels`` + ``sklearn.metrics.cohen_kappa_score``.
    """
    if mode not in ("span", "label") or pooling not in ("pooled", "mean"):
        raise ValueError(f"mode must be span/label and pooling pooled/mean: {mode!r}, {pooling!r}")
    label = f"Cohen kappa ({mode} match, characters, {pooling})"
    counts = confusion(spans, lengths, annotators, mode, keys, per_item=pooling == "mean").counts
    if pooling == "pooled" or not len(lengths):
        n = int(counts.sum())
        return Agreement(label, kappa_of(counts[0]) if n else float("nan"), n)
    values = kappas_of(counts)
    defined = values[~np.isnan(values)]
    return Agreement(label, float(np.mean(defined)) if len(defined) else float("nan"), len(defined))


def span_kappa_ci(
    spans: pd.DataFrame,
    lengths: pd.DataFrame,
    annotators: tuple[str, str],
    texts: pd.Series,
    mode: Literal["span", "label"] = "span",
    resamples: int = 1000,
    seed: int = 12345,
    alpha: float = 0.05,
) -> tuple[float, float, int]:
    """Percentile (1 - alpha) bootstrap CI of the pooled span kappa over *texts*: ``texts`` gives
    each row of ``lengths`` its text (e.g. system + work); a resample draws texts with
    replacement and pools the character counts of their translations. (low, high, texts)."""
    counts = confusion(spans, lengths, annotators, mode, TRANSLATION, per_item=True).counts
    return _bootstrap(counts, text_draws(texts, resamples, seed), alpha)


def span_kappa_with_ci(
    spans: pd.DataFrame,
    lengths: pd.DataFrame,
    annotators: tuple[str, str],
    texts: pd.Series,
    mode: Literal["span", "label"] = "span",
    draws: TextDraws | None = None,
) -> tuple[Agreement, tuple[float, float, int]]:
    """``span_kappa`` (pooled, over ``TRANSLATION``) and ``span_kappa_ci`` of the same arguments,
    from one count of the characters: the per-translation counts summed are the pooled counts
    (whole numbers), so both are the numbers the two calls give. ``draws``: ``text_draws(texts)``
    when the caller has them (the span and label modes of one annotator pair share them)."""
    counts = confusion(spans, lengths, annotators, mode, TRANSLATION, per_item=True).counts
    pooled = counts.sum(axis=0)
    n = int(pooled.sum())
    label = f"Cohen kappa ({mode} match, characters, pooled)"
    agreement = Agreement(label, kappa_of(pooled) if n else float("nan"), n)
    return agreement, _bootstrap(counts, draws if draws is not None else text_draws(texts), 0.05)


class TextDraws(NamedTuple):
    """Each row's text (``codes`` into ``n`` sorted texts) and the seeded resamples of the texts
    (``weights``: how often each text is drawn, shape (resamples, n))."""

    codes: np.ndarray
    n: int
    weights: np.ndarray


def text_draws(texts: pd.Series, resamples: int = 1000, seed: int = 12345) -> TextDraws:
    """The resamples of ``span_kappa_ci``'s bootstrap over ``texts`` (the same seeded draws)."""
    codes, uniques = pd.factorize(np.asarray(texts, dtype=object), sort=True)
    return TextDraws(codes, len(uniques), resample_counts(len(uniques), resamples, seed))


def _bootstrap(counts: np.ndarray, draws: TextDraws, alpha: float) -> tuple[float, float, int]:
    """span_kappa_ci from the per-translation confusion counts."""
    codes, n = draws.codes, draws.n
    # sums of whole character counts by bincount: exact, as np.add.at was, without its per-item loop
    flat = counts.reshape(len(counts), int(np.prod(counts.shape[1:])))
    per_text = np.stack(
        [np.bincount(codes, weights=flat[:, j], minlength=n) for j in range(flat.shape[1])], axis=1
    ).reshape(n, *counts.shape[1:])
    pooled = np.einsum("rt,tij->rij", draws.weights, per_text)
    values = kappas_of(pooled)
    values = values[~np.isnan(values)]
    if not len(values):
        return float("nan"), float("nan"), n
    low, high = np.quantile(values, [alpha / 2, 1 - alpha / 2])
    return float(low), float(high), n


def agreement_table(
    scores: pd.DataFrame,
    value: str = "score",
    unit: tuple[str, ...] = ("system", "paragraph"),
    statistic: Literal["kendall", "mse"] = "kendall",
    same_segments: bool = False,
) -> pd.DataFrame:
    """Paper 000 Table 2 layout: one row per language pair and annotator pair.

    ``scores`` has columns pair, annotator, expertise ("student" / "professional"), the
    ``unit`` columns and ``value``. For each pair, every two students give an "S-S" row
    and every student with every professional an "S-P" row (professional pairs are not
    compared, as in the paper). With ``same_segments=True`` S-S rows use only units some
    professional of that pair also scored, as Table 2 (b) does for comparability.
    Scores are averaged per (annotator, unit) first; other expertise values are ignored.
    Columns: pair, comparison, annotator_1, annotator_2, statistic, value, n.
    """
    func = kendall_tau if statistic == "kendall" else mse
    rows = []
    for pair, group in scores.groupby("pair", sort=True):
        keyed = group.assign(_unit=group[list(unit)].astype(str).agg("|".join, axis=1))
        series = {a: g.groupby("_unit")[value].mean() for a, g in keyed.groupby("annotator")}
        level = keyed.groupby("annotator")["expertise"].first()
        students = sorted(a for a, e in level.items() if e == "student")
        pros = sorted(a for a, e in level.items() if e == "professional")
        pro_units = set(keyed.loc[keyed["expertise"] == "professional", "_unit"])
        pairs = [("S-S", s, t) for s, t in combinations(students, 2)]
        pairs += [("S-P", s, p) for s in students for p in pros]
        for comparison, first, second in pairs:
            x, y = series[first], series[second]
            if same_segments and comparison == "S-S":
                x, y = x[x.index.isin(pro_units)], y[y.index.isin(pro_units)]
            result = func(x, y)
            rows.append(
                {
                    "pair": pair,
                    "comparison": comparison,
                    "annotator_1": first,
                    "annotator_2": second,
                    "statistic": result.label,
                    "value": result.value,
                    "n": result.n,
                }
            )
    return pd.DataFrame(
        rows,
        columns=["pair", "comparison", "annotator_1", "annotator_2", "statistic", "value", "n"],
    )
