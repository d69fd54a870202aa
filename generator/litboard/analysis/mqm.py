"""MQM scores per translation and annotator, in paper 000's and WMT's variants.

Both are returned as *scores* (higher is better, 0 = no error), i.e. the negated penalty:

- ``paper000``: -(25 * non-translation + 5 * major + 1 * minor) / sentences (paper 000, Sec. 3.2).
  Paper 000 has no "critical" level; critical errors count as major. Neutral counts 0.
- ``wmt``: -(sum of weights) per segment, with the weights of Google's reference scorer
  (google-research/mt-metrics-eval ``score_mqm.py``, default ``--weights``
  "Major:5 Minor:1 Neutral:0 Major/Non-translation!:25 Minor/Fluency/Punctuation:0.1",
  most specific match wins; Freitag et al. 2021 and the google/wmt-mqm-human-evaluation
  README): Major 5, Minor 1, Minor Fluency/Punctuation 0.1, *Major* Non-translation 25,
  Neutral 0. A Minor Non-translation weighs 1 like any minor error. There is **no
  per-segment cap** (the reference sums the weights; raters were asked to mark at most
  five errors). The reference has no Critical level: litboard counts Critical as Major.
  WMT's "mean segment penalty" is the negation of the mean score.

In ``paper000`` a non-translation error weighs 25 whatever its severity (Sec. 3.2).

The ``wmt`` weights are data (``mqm_weights``): a campaign may declare its own table in
campaign.yaml (``mqm.weights``, e.g. the generalMT2023 release's, where Source issue and
Creative Reinterpretation weigh 0); the signature then names that table.
"""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np
import pandas as pd

from . import mqm_weights

NON_TRANSLATION = 25.0
KEYS = ["campaign", "system", "pair", "paragraph", "annotator"]


SIGNATURES = {
    "paper000": "mqm=paper000|weights=non-translation:25 major:5 minor:1 neutral:0"
    "|per=sentence|critical=major",
    "wmt": "mqm=wmt|weights=mt-metrics-eval:Major:5 Minor:1 Neutral:0 Major/Non-translation:25 "
    "Minor/Fluency/Punctuation:0.1|per=segment|cap=none|critical=major",
}


def variant_signature(variant: str, table: Mapping[str, float] | None = None) -> str:
    """The reproducibility string naming an MQM variant's weights (printed with its scores);
    ``table``: the weight table a wmt campaign declares (None: the standard one)."""
    if variant not in SIGNATURES:
        raise ValueError(f"unknown MQM variant {variant!r}")
    if variant == "wmt" and table is not None and dict(table) != mqm_weights.STANDARD:
        return f"mqm=wmt|weights={mqm_weights.text(table)}|per=segment|cap=none"
    return SIGNATURES[variant]


def _is_non_translation(errors: pd.DataFrame) -> pd.Series:
    """The flag, or the category Non-translation (WMT files spell it 'Non-translation!')."""
    category = errors["category"].astype(str).str.lower().str.rstrip("!")
    return errors["non_translation"].fillna(False).astype(bool) | (category == "non-translation")


def error_weights(
    errors: pd.DataFrame, variant: str, table: Mapping[str, float] | None = None
) -> pd.Series:
    """Penalty weight of each error row under ``variant`` ('paper000' or 'wmt'); a wmt
    ``table`` (``mqm_weights``) replaces the standard weights."""
    variant_signature(variant)
    if variant == "wmt" and table is not None:
        return _table_weights(errors, table)
    severity = errors["severity"].astype(str).str.lower()
    major = severity.isin(["major", "critical"])
    weight = np.select([severity == "minor", major], [1.0, 5.0], 0.0)
    non_translation = _is_non_translation(errors).to_numpy()
    if variant == "wmt":
        punctuation = (
            (errors["category"].astype(str).str.lower() == "fluency")
            & (errors["subcategory"].astype(str).str.lower() == "punctuation")
            & (severity == "minor")
        )
        weight = np.where(punctuation, 0.1, weight)
        non_translation = non_translation & major.to_numpy()
    weight = np.where(non_translation, NON_TRANSLATION, weight)
    return pd.Series(weight, index=errors.index, dtype=float)


def _table_weights(errors: pd.DataFrame, table: Mapping[str, float]) -> pd.Series:
    """Each error's weight under a declared table (looked up once per distinct label)."""
    ordered = mqm_weights.rules(table)
    labels = pd.DataFrame(
        {
            "severity": errors["severity"].astype(str),
            "category": errors["category"].astype(str),
            "subcategory": errors["subcategory"].fillna("").astype(str),
            "nt": _is_non_translation(errors),
        },
        index=errors.index,
    )
    cache: dict[tuple[str, str, str, bool], float] = {}
    keys: Iterable[tuple[str, str, str, bool]] = labels.itertuples(index=False, name=None)
    values = [cache.setdefault(key, mqm_weights.weight(*key, ordered)) for key in keys]
    return pd.Series(values, index=errors.index, dtype=float)


def source_words(paragraphs: pd.DataFrame) -> pd.Series:
    """Whitespace-separated words of each source paragraph (NaN when only a snippet is stored)."""
    texts = paragraphs.set_index("paragraph")["text"]
    return texts.map(
        lambda t: float(len(str(t).split())) if isinstance(t, str) and t.strip() else np.nan
    )


def mqm_scores(
    items: pd.DataFrame,
    errors: pd.DataFrame,
    paragraphs: pd.DataFrame,
    variants: dict[str, str],
    per_words: frozenset[str] = frozenset(),
    weights: Mapping[str, Mapping[str, float]] | None = None,
) -> pd.DataFrame:
    """One row per (campaign, system, pair, paragraph, annotator) with ``score`` and counts.

    ``items`` is the ``mqm`` table (one row per annotated translation, also error-free ones),
    ``errors`` the ``mqm_errors`` table, ``variants`` maps campaign -> 'paper000' | 'wmt'.

    Severity ``unspecified`` (an annotation tool gave none) is never guessed: such an error
    weighs 0, the score rests on the specified severities only, and the ``unspecified``
    column counts the errors the score leaves out (a board must say so).

    Campaigns in ``per_words`` (campaign.yaml ``mqm.normalise: words``) divide paper000's
    penalty by the paragraph's source words x 100 (error points per 100 source words, paper
    003's scale) instead of by sentences, for texts that have no sentence count.

    ``weights`` maps a wmt campaign to the weight table its card declares (``mqm.weights``).
    """
    out = items[KEYS + ["sentences"]].copy()
    if out.empty:
        return out.assign(
            score=pd.Series(dtype=float),
            penalty=pd.Series(dtype=float),
            minor=0,
            major=0,
            non_translation=0,
            unspecified=0,
        )
    sentences = paragraphs.set_index("paragraph")["sentences"]
    out["sentences"] = out["sentences"].fillna(out["paragraph"].map(sentences))
    errs = errors.copy()
    errs["variant"] = errs["campaign"].map(variants).fillna("paper000")
    errs["weight"] = 0.0
    declared = weights or {}
    for (campaign, variant), group in errs.groupby(["campaign", "variant"]):
        table = declared.get(str(campaign)) if variant == "wmt" else None
        errs.loc[group.index, "weight"] = error_weights(group, str(variant), table)
    errs["is_nt"] = errs["weight"] == NON_TRANSLATION
    severity = errs["severity"].astype(str).str.lower()
    errs["is_major"] = severity.isin(["major", "critical"]) & ~errs["is_nt"]
    errs["is_minor"] = (severity == "minor") & ~errs["is_nt"]
    errs["is_unspecified"] = (severity == "unspecified") & ~errs["is_nt"]
    sums = errs.groupby(KEYS).agg(
        penalty=("weight", "sum"),
        minor=("is_minor", "sum"),
        major=("is_major", "sum"),
        non_translation=("is_nt", "sum"),
        unspecified=("is_unspecified", "sum"),
    )
    counts = ["penalty", "minor", "major", "non_translation", "unspecified"]
    out = out.merge(sums.reset_index(), on=KEYS, how="left")
    out[counts] = out[counts].fillna(0)
    variant = out["campaign"].map(variants).fillna("paper000")
    per_sentence = out["penalty"] / out["sentences"].astype(float)
    if per_words:
        words = out["paragraph"].map(source_words(paragraphs))
        per_sentence = per_sentence.where(
            ~out["campaign"].isin(per_words), 100 * out["penalty"] / words
        )
    # no negative zero
    out["score"] = 0.0 - np.where(variant == "wmt", out["penalty"], per_sentence)
    return out.sort_values(KEYS, kind="stable").reset_index(drop=True)
