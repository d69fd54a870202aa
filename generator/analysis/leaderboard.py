"""Leaderboard tables: per pair, one row per system, one column group per scheme/metric.

Scores are first averaged over annotators per translation, then over paragraphs; a
system without judgments in a scheme gets NaN (shown as "—"), never 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..model import Corpus
from ..typology import simple_class
from .mqm import mqm_scores


@dataclass(frozen=True)
class Column:
    """One scored column of the leaderboard, with where its numbers come from."""

    key: str
    label: str
    campaign: str
    higher_is_better: bool
    provenance: str
    group: str = "human"  # human | metric | llm: which column group of the board it sits in
    unit: str = "paragraph"  # what the mean and the bootstrap run over: paragraph | text (a work)


GROUPS = {"human": "Human judgments", "metric": "Automatic metrics", "llm": "LLM judges"}


def segment_scores(corpus: Corpus) -> tuple[pd.DataFrame, list[Column]]:
    """Long table (column, system, pair, paragraph, score) over every scheme with a score."""
    frames: list[pd.DataFrame] = []
    columns: list[Column] = []
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    variants = campaigns["mqm_variant"].to_dict()
    per_words = frozenset(c for c, d in corpus.campaigns.items()
                          if d.get("mqm", {}).get("normalise") == "words")
    mqm = mqm_scores(corpus.mqm, corpus.mqm_errors, corpus.paragraphs, variants, per_words)
    version = corpus.data_version()
    llm = set(corpus.annotators.loc[corpus.annotators["expertise"] == "llm", "annotator"])
    mqm = mqm[mqm["score"].notna()]
    for cid, group in mqm.groupby("campaign", sort=True):
        unit = "error points per 100 source words" if cid in per_words else f"variant {variants[cid]}"
        label = _label("MQM", campaigns.at[cid, "title"]) + (" per 100 words" if cid in per_words else "")
        by_llm = group["annotator"].isin(llm)
        for part, kind, suffix in ((group[~by_llm], "human", ""), (group[by_llm], "llm", ":llm")):
            if part.empty:
                continue
            key = f"mqm:{cid}{suffix}"
            frames.append(_per_translation(part, key))
            who = " (LLM annotators)" if suffix and not by_llm.all() else ""
            only = f", {kind} annotators only" if by_llm.any() and not by_llm.all() else ""
            columns.append(Column(key, label + who, str(cid), True,
                                  f"{cid}, MQM {unit}{only}, data {version}", kind))
    for cid, group in creative_shift_shares(corpus.tables["ucps"]).groupby("campaign", sort=True):
        human = group[~group["annotator"].isin(llm)]
        for part, kind, suffix in ((human, "human", ""), (group[group["annotator"].isin(llm)], "llm", ":llm")):
            if part.empty:
                continue
            key = f"creativity:{cid}{suffix}"
            frames.append(_per_translation(part, key))
            title = _label("CS/UCP", campaigns.at[cid, "title"]) + (" (LLM annotators)" if suffix else "")
            columns.append(Column(key, title, str(cid), True,
                                  f"{cid}, share of the paragraph's units of creative potential "
                                  f"translated as creative shifts (CSA/CSM/CSC), {kind} annotators, "
                                  f"data {version}", kind))
    for cid, group in corpus.sqm.groupby("campaign", sort=True):
        key = f"sqm:{cid}"
        frames.append(_per_translation(group, key))
        columns.append(Column(key, _label("SQM", campaigns.at[cid, "title"]), str(cid), True,
                              f"{cid}, SQM 0-6 mean over annotators, data {version}"))
    for cid, group, unit in _score_items(corpus):
        row = campaigns.loc[cid]
        human = row["scheme"] == "score"
        key = f"{'score' if human else 'metric'}:{cid}"
        frames.append(_per_translation(group, key))
        kind = "human" if human else ("llm" if row["judge_model"] else "metric")
        provenance = _metric_provenance(row, version)
        if unit == "text":
            provenance += "; one score per translated text (work), mean and bootstrap over texts"
        label = str(row["metric"] or row["title"])
        columns.append(Column(key, label, str(cid), bool(row["higher_is_better"]), provenance, kind,
                              unit))
    long = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(
        columns=["column", "system", "pair", "paragraph", "score"])
    order = list(GROUPS)
    columns.sort(key=lambda c: order.index(c.group))  # stable: campaign order within a group
    return long, columns


def creative_shift_shares(ucps: pd.DataFrame) -> pd.DataFrame:
    """CS/UCP per (campaign, system, pair, paragraph, annotator): the share of the UCPs an
    annotator classed as a creative shift (paper 003); translations without UCPs are left out."""
    keys = ["campaign", "system", "pair", "paragraph", "annotator"]
    if ucps.empty:
        return pd.DataFrame(columns=keys + ["score"])
    shift = ucps["ucp_class"].astype(str).map(simple_class).eq("CS")
    shares = ucps.assign(cs=shift.astype(float)).groupby(keys, as_index=False)["cs"].mean()
    return shares.rename(columns={"cs": "score"})


def primary_keys(corpus: Corpus) -> list[tuple[str, str]]:
    """(column key, dataset title) of every declared primary human scheme, in data-root order."""
    keys = []
    campaigns = corpus.campaigns
    for dataset in corpus.datasets:
        primary = dataset.get("primary")
        if primary and primary["campaign"] in campaigns:
            scheme = campaigns[primary["campaign"]]["scheme"]
            keys.append((f"{primary.get('measure', scheme)}:{primary['campaign']}",
                         str(dataset.get("title", dataset["id"]))))
    return keys


def _score_items(corpus: Corpus) -> list[tuple[str, pd.DataFrame, str]]:
    """(campaign, rows, unit) of per-translation scores: per paragraph (segment level), or per
    text (a work) for human and LLM-judge campaigns that score whole texts (paper 003)."""
    metric = corpus.metric_scores[corpus.metric_scores["score"].notna()]
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    out = []
    for cid, group in metric.groupby("campaign", sort=True):
        segments = group[group["level"] == "segment"]
        if len(segments):
            out.append((str(cid), segments, "paragraph"))
            continue
        row = campaigns.loc[cid]
        texts = group[(group["level"] == "system") & (group["work"].fillna("") != "")]
        if len(texts) and (row["scheme"] == "score" or row["judge_model"]):
            out.append((str(cid), texts.assign(paragraph=texts["work"]), "text"))
    return out


def _label(scheme: str, title: object) -> str:
    """The campaign title, prefixed with the scheme unless the title already names it."""
    text = str(title)
    return text if scheme.lower() in text.lower() else f"{scheme} ({text})"


def _per_translation(group: pd.DataFrame, key: str) -> pd.DataFrame:
    mean = group.groupby(["system", "pair", "paragraph"], as_index=False)["score"].mean()
    return mean.assign(column=key)[["column", "system", "pair", "paragraph", "score"]]


def _metric_provenance(row: pd.Series, version: str) -> str:
    parts = [str(row.name)]
    if row["signature"]:
        parts.append(f"signature {row['signature']}")
    if row["judge_model"]:
        parts.append(f"judge {row['judge_model']}")
    if row["prompt_sha256"]:
        parts.append(f"prompt sha256 {str(row['prompt_sha256'])[:12]}")
    if pd.notna(row["temperature"]):
        parts.append(f"temperature {row['temperature']:g}")
    parts.append(f"data {version}")
    return ", ".join(parts)


def system_means(long: pd.DataFrame) -> pd.DataFrame:
    """Mean and item count per (pair, column, system)."""
    grouped = long.groupby(["pair", "column", "system"], as_index=False)["score"]
    return grouped.agg(mean="mean", n="count")
