"""Per-scheme ranking inputs and agreement rows over a loaded corpus (pure functions).

Paragraph-level scores feed the same paired bootstrap as every other leaderboard.
BWS has one definition, the counting score of paper 000 (Orme 2009; ``bws.bws_scores``):
(times best − times worst) / times shown, pooled over every judged tuple. Per paragraph
the table holds x = (best − worst) / shown with the weight w = shown, and the bootstrap
takes the weighted mean sum(w·x) / sum(w), which is exactly that pooled counting score
(a plain mean of paragraph ratios would weigh a paragraph shown once like one shown five
times). RULER per criterion and VERSE per question category are mean scores per
translation.
"""

from __future__ import annotations

from itertools import combinations

import pandas as pd

from ..model import Corpus
from . import agreement as ag
from . import mqm_weights
from .mqm import mqm_scores
from .rounding import format_number

LONG = ["column", "system", "pair", "paragraph", "score"]


def bws_paragraph_scores(bws: pd.DataFrame) -> pd.DataFrame:
    """Long table (column 'bws:<campaign>', system, pair, paragraph, score, weight).

    score = (best − worst) / shown in that paragraph, weight = shown; the weighted mean over
    paragraphs is the counting score of ``bws.bws_scores`` (module doc).
    """
    rows = []
    for record in bws.to_dict("records"):
        for system in set(record["systems"]):
            rows.append(
                {
                    "campaign": record["campaign"],
                    "system": system,
                    "pair": record["pair"],
                    "paragraph": record["paragraph"],
                    "net": float(system == record["best"]) - float(system == record["worst"]),
                }
            )
    frame = pd.DataFrame(rows, columns=["campaign", "system", "pair", "paragraph", "net"])
    frame = frame.groupby(["campaign", "system", "pair", "paragraph"], as_index=False).agg(
        net=("net", "sum"), weight=("net", "size")
    )
    frame["score"] = frame["net"] / frame["weight"]
    frame["weight"] = frame["weight"].astype(float)
    return frame.assign(column="bws:" + frame["campaign"])[LONG + ["weight"]]


def criterion_scores(table: pd.DataFrame, by: str, prefix: str) -> pd.DataFrame:
    """RULER (by='criterion') or VERSE (by='category', answers) as a long table per column."""
    value = "score" if "score" in table.columns else "answer"
    frame = table.groupby(["campaign", by, "system", "pair", "paragraph"], as_index=False)[
        value
    ].mean()
    column = prefix + frame["campaign"] + ":" + frame[by].astype(str)
    return frame.assign(column=column).rename(columns={value: "score"})[LONG]


def annotator_scores(corpus: Corpus) -> dict[str, pd.DataFrame]:
    """Per campaign: one score per (annotator, translation) with the annotator's expertise."""
    expertise = corpus.annotators.set_index(["campaign", "annotator"])["expertise"].to_dict()
    variants = corpus.tables["campaigns"].set_index("campaign")["mqm_variant"].to_dict()
    frames = {
        "mqm": mqm_scores(
            corpus.mqm,
            corpus.mqm_errors,
            corpus.paragraphs,
            variants,
            weights=mqm_weights.declared(corpus.campaigns),
        ),
        "sqm": corpus.sqm,
        "esa": corpus.esa,
        "ruler": corpus.ruler.groupby(
            ["campaign", "system", "pair", "paragraph", "annotator"], as_index=False
        )["score"].mean(),
    }
    out = {}
    for scheme, frame in frames.items():
        for campaign, group in frame.groupby("campaign", sort=True):
            # plain arrays: iterating the pandas columns cost seconds at 900,000 judgments
            keys = zip(
                group["campaign"].to_numpy(dtype=object), group["annotator"].to_numpy(dtype=object)
            )
            out[str(campaign)] = group.assign(
                expertise=[expertise.get(k, "") for k in keys], scheme=scheme
            )
    return out


def agreement_rows(corpus: Corpus) -> pd.DataFrame:
    """Kendall tau-b, MSE and Krippendorff's alpha per campaign, pair and annotator pair."""
    from .preference_agreement import severity_free

    rows = []
    no_severity = severity_free(corpus.mqm_errors)  # MQM scores all 0: no score agreement to show
    for campaign, scores in annotator_scores(corpus).items():
        scheme = str(scores["scheme"].iloc[0])
        if scheme == "mqm" and campaign in no_severity:
            continue
        for pair, group in scores.groupby("pair", sort=True):
            keyed = group.assign(unit=group["system"] + "|" + group["paragraph"])
            series = {a: g.groupby("unit")["score"].mean() for a, g in keyed.groupby("annotator")}
            for first, second in combinations(sorted(series), 2):
                for result in (
                    ag.kendall_tau(series[first], series[second]),
                    ag.mse(series[first], series[second]),
                ):
                    if result.n >= 2:
                        rows.append(_row(campaign, scheme, pair, f"{first} vs {second}", result))
            if len(series) >= 2:
                matrix = ag.reliability_matrix(keyed, unit=("unit",))
                result = ag.krippendorff_alpha(matrix, ag.SCHEME_LEVELS[scheme])
                if result.n >= 1:
                    rows.append(_row(campaign, scheme, pair, "all annotators", result))
    return pd.DataFrame(
        rows, columns=["campaign", "scheme", "pair", "annotators", "statistic", "value", "n"]
    )


def span_agreement(corpus: Corpus) -> pd.DataFrame:
    """Character-level Cohen's kappa ('span' and 'label') per MQM campaign, pair, annotator pair,
    pooled over the translations both annotators judged (one vectorised pass per pair), with a
    95% bootstrap CI over texts (a text: one system's translation of one work) in ``ci``."""
    rows = []
    lengths = corpus.translations[["system", "pair", "paragraph", "length"]].dropna()
    judged = corpus.mqm[["campaign", "pair", "annotator", "system", "paragraph"]].drop_duplicates()
    errors = {k: g for k, g in corpus.mqm_errors.groupby(["campaign", "pair"], sort=False)}
    work_of = corpus.paragraphs.set_index("paragraph")["work"].astype(str)
    for (campaign, pair), items in judged.groupby(["campaign", "pair"], sort=True):
        by_annotator = {
            a: pd.MultiIndex.from_frame(g[["system", "paragraph"]])
            for a, g in items.groupby("annotator")
        }
        candidates = lengths[lengths["pair"] == pair]
        keys = pd.MultiIndex.from_frame(candidates[["system", "paragraph"]])
        spans = errors.get((campaign, pair), corpus.mqm_errors.iloc[0:0])
        for first, second in combinations(sorted(by_annotator), 2):
            mine = candidates[keys.isin(by_annotator[first]) & keys.isin(by_annotator[second])]
            if mine.empty:
                continue
            texts = (
                mine["system"].astype(str)
                + "|"
                + mine["paragraph"].map(work_of).fillna(mine["paragraph"])
            )
            draws = ag.text_draws(texts)  # the same resamples for both modes
            for mode in ("span", "label"):
                result, (low, high, count) = ag.span_kappa_with_ci(
                    spans, mine, (first, second), texts, mode=mode, draws=draws
                )
                rows.append(
                    {
                        **_row(str(campaign), "mqm", str(pair), f"{first} vs {second}", result),
                        "ci": f"[{fmt_ci(low)}, {fmt_ci(high)}] over {count} texts",
                    }
                )
    return pd.DataFrame(
        rows, columns=["campaign", "scheme", "pair", "annotators", "statistic", "value", "n", "ci"]
    )


def fmt_ci(value: float) -> str:
    return "—" if value != value else format_number(value, 3)


def bws_agreement(bws: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (campaign, pair), group in bws.groupby(["campaign", "pair"], sort=True):
        by_annotator = {a: g for a, g in group.groupby("annotator")}
        for first, second in combinations(sorted(by_annotator), 2):
            result = ag.bws_kappa(by_annotator[first], by_annotator[second])
            if result.n:
                rows.append(_row(str(campaign), "bws", str(pair), f"{first} vs {second}", result))
    return pd.DataFrame(
        rows, columns=["campaign", "scheme", "pair", "annotators", "statistic", "value", "n"]
    )


def _row(
    campaign: str, scheme: str, pair: object, annotators: str, result: ag.Agreement
) -> dict[str, object]:
    return {
        "campaign": campaign,
        "scheme": scheme,
        "pair": str(pair),
        "annotators": annotators,
        "statistic": result.label,
        "value": result.value,
        "n": result.n,
    }
