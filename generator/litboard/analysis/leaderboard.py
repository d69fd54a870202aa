"""Leaderboard tables: per pair, one row per system, one column group per scheme/metric.

Scores are first averaged over annotators per translation, then over paragraphs; a
system without judgments in a scheme gets NaN (shown as "—"), never 0.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from ..model import Corpus
from ..typology import simple_class
from .error_counts import per_translation, unweighted_campaigns
from . import mqm_weights
from .mqm import mqm_scores, variant_signature


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
    interval: str = ""  # the interval's method when not a bootstrap percentile (Bradley-Terry)


GROUPS = {"human": "Human judgments", "metric": "Automatic metrics", "llm": "LLM judges"}


Parts = list[tuple[pd.DataFrame, Column]]  # per-translation rows (before averaging) + column


def segment_scores(corpus: Corpus) -> tuple[pd.DataFrame, list[Column]]:
    """Long table (column, system, pair, paragraph, score) over every scheme with a score."""
    parts = (
        _mqm_parts(corpus)
        + _creativity_parts(corpus)
        + _sqm_parts(corpus)
        + _ruler_parts(corpus)
        + _esa_parts(corpus)
        + _score_parts(corpus)
    )
    frames = [_per_translation(rows, column.key) for rows, column in parts]
    weighted = _bws_parts(corpus)
    frames += [rows for rows, _ in weighted]
    long = (
        pd.concat(frames, ignore_index=True)
        if frames
        else pd.DataFrame(columns=["column", "system", "pair", "paragraph", "score"])
    )
    order = list(GROUPS)
    columns = sorted(
        (c for _, c in parts + weighted), key=lambda c: order.index(c.group)
    )  # stable
    # plans: complete ones pool, pending ones show nothing
    from .campaign_status import drop_pending, pool

    long, columns = drop_pending(corpus, long, columns)
    return pool(corpus, long, columns), columns


def severity_noted(column: Column, corpus: Corpus, mqm: pd.DataFrame) -> Column:
    """An MQM column whose provenance says what the board must about severities: none given
    (not weighted), or set by the importer."""
    if not column.key.startswith("mqm:"):
        return column
    campaign = column.campaign
    scores = mqm[mqm["campaign"] == campaign]
    note = ""
    unspecified = int(scores["unspecified"].sum()) if "unspecified" in scores else 0
    if unspecified:
        note += (
            f"; severity unspecified for {unspecified} error{'s' if unspecified != 1 else ''}: "
            "scored from specified severities only"
        )
    default = (corpus.campaigns.get(campaign, {}).get("mqm") or {}).get("default_severity")
    if default:
        note += f"; severities not given by annotators were set to {default} by the importer"
    return replace(column, provenance=column.provenance + note) if note else column


def _llm_annotators(corpus: Corpus) -> set[str]:
    annotators = corpus.annotators
    return set(annotators.loc[annotators["expertise"] == "llm", "annotator"])


def _by_annotator(group: pd.DataFrame, llm: set[str]) -> list[tuple[pd.DataFrame, str, str]]:
    """(rows, group, key suffix): human annotators and LLM annotators never share a column."""
    by_llm = group["annotator"].isin(llm)
    return [
        (part, kind, suffix)
        for part, kind, suffix in ((group[~by_llm], "human", ""), (group[by_llm], "llm", ":llm"))
        if not part.empty
    ]


def _mqm_parts(corpus: Corpus) -> Parts:
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    variants = campaigns["mqm_variant"].to_dict()
    per_words = frozenset(
        c for c, d in corpus.campaigns.items() if d.get("mqm", {}).get("normalise") == "words"
    )
    unweighted = set(unweighted_campaigns(corpus.mqm_errors, corpus.campaigns))
    tables = mqm_weights.declared(corpus.campaigns)
    mqm = mqm_scores(corpus.mqm, corpus.mqm_errors, corpus.paragraphs, variants, per_words, tables)
    mqm, version, parts = (
        mqm[mqm["score"].notna()],
        corpus.data_version(),
        _count_parts(corpus, unweighted),
    )
    for cid, group in mqm[~mqm["campaign"].isin(unweighted)].groupby("campaign", sort=True):
        unit = (
            "error points per 100 source words"
            if cid in per_words
            else f"variant {variants[cid]} "
            f"({variant_signature(str(variants[cid]), tables.get(cid))})"
        )
        label = _label("MQM", campaigns.at[cid, "title"]) + (
            " per 100 words" if cid in per_words else ""
        )
        split = _by_annotator(group, _llm_annotators(corpus))
        for part, kind, suffix in split:
            who = " (LLM annotators)" if suffix and len(split) > 1 else ""
            only = f", {kind} annotators only" if len(split) > 1 else ""
            column = Column(
                f"mqm:{cid}{suffix}",
                label + who,
                str(cid),
                True,
                f"{cid}, MQM {unit}{only}, data {version}",
                kind,
            )
            parts.append((part, severity_noted(column, corpus, group)))
    return parts


def _count_parts(corpus: Corpus, campaigns: set[str]) -> Parts:
    """Error counts per 100 source words for MQM campaigns without any severity (instead of MQM
    points, which would all be 0): lower is better."""
    if not campaigns:
        return []
    titles, version, parts = (
        corpus.tables["campaigns"].set_index("campaign")["title"],
        corpus.data_version(),
        [],
    )
    rows = per_translation(corpus.mqm[corpus.mqm["campaign"].isin(campaigns)], corpus.paragraphs)
    for cid, group in rows[rows["score"].notna()].groupby("campaign", sort=True):
        for part, kind, suffix in _by_annotator(group, _llm_annotators(corpus)):
            parts.append(
                (
                    part,
                    Column(
                        f"errors:{cid}{suffix}",
                        f"Errors per 100 words ({titles[cid]})",
                        str(cid),
                        False,
                        f"{cid}, error counts, no severities in this release: error spans per "
                        f"100 source words "
                        f"(CJK sources: per 100 letters, punctuation excluded), {kind} "
                        f"annotators, data {version}",
                        kind,
                    ),
                )
            )
    return parts


def _creativity_parts(corpus: Corpus) -> Parts:
    campaigns, version, parts = (
        corpus.tables["campaigns"].set_index("campaign"),
        corpus.data_version(),
        [],
    )
    for cid, group in creative_shift_shares(corpus.tables["ucps"]).groupby("campaign", sort=True):
        for part, kind, suffix in _by_annotator(group, _llm_annotators(corpus)):
            title = _label("CS/UCP", campaigns.at[cid, "title"]) + (
                " (LLM annotators)" if suffix else ""
            )
            parts.append(
                (
                    part,
                    Column(
                        f"creativity:{cid}{suffix}",
                        title,
                        str(cid),
                        True,
                        f"{cid}, share of the paragraph's units of creative potential translated "
                        f"as creative "
                        f"shifts (CSA/CSM/CSC), {kind} annotators, data {version}",
                        kind,
                    ),
                )
            )
    return parts


def _sqm_parts(corpus: Corpus) -> Parts:
    campaigns, version = corpus.tables["campaigns"].set_index("campaign"), corpus.data_version()
    return [
        (
            group,
            Column(
                f"sqm:{cid}",
                _label("SQM", campaigns.at[cid, "title"]),
                str(cid),
                True,
                f"{cid}, SQM 0-6 mean over annotators, data {version}",
            ),
        )
        for cid, group in corpus.sqm.groupby("campaign", sort=True)
    ]


def _ruler_parts(corpus: Corpus) -> Parts:
    """A RULER campaign's rubric score (``rubric_board``), human and LLM annotators apart."""
    from .rubric_board import criteria_text, rubric_scores

    titles, version, parts = (
        corpus.tables["campaigns"].set_index("campaign")["title"],
        corpus.data_version(),
        [],
    )
    for cid, group in rubric_scores(corpus.ruler).groupby("campaign", sort=True):
        label = _label("RULER", titles[cid])
        for part, kind, suffix in _by_annotator(group, _llm_annotators(corpus)):
            provenance = (
                f"{cid}, RULER rubric score: mean of an annotator's 1-5 ratings on "
                f"{criteria_text(corpus.ruler, str(cid))}, then over annotators, {kind} "
                f"annotators, data {version}"
            )
            who = " (LLM annotators)" if suffix else ""
            parts.append(
                (
                    part,
                    Column(f"ruler:{cid}{suffix}", label + who, str(cid), True, provenance, kind),
                )
            )
    return parts


def _bws_parts(corpus: Corpus) -> Parts:
    """A BWS campaign's counting score (``schemes.bws_paragraph_scores``): per paragraph
    (best - worst) / shown with the weight shown, so the board's weighted mean over paragraphs is
    the pooled (best - worst) / shown of ``bws.bws_scores``; human and LLM annotators apart. The
    rows are already per paragraph (a ``weight`` column; the other columns' rows have none)."""
    from .schemes import bws_paragraph_scores

    titles, version, parts = (
        corpus.tables["campaigns"].set_index("campaign")["title"],
        corpus.data_version(),
        [],
    )
    for cid, group in corpus.bws.groupby("campaign", sort=True):
        for part, kind, suffix in _by_annotator(group, _llm_annotators(corpus)):
            rows = bws_paragraph_scores(part)
            key = f"bws:{cid}{suffix}"
            provenance = (
                f"{cid}, BWS counting score (times best - times worst) / times shown, pooled over "
                f"the judged tuples, in [-1, 1], {kind} annotators, data {version}"
            )
            title = str(titles[cid])  # "Best-worst scaling (demo)" names the scheme already
            named = "best-worst" in title.lower()
            label = (title if named else _label("BWS", title)) + (
                " (LLM annotators)" if suffix else ""
            )
            column = Column(key, label, str(cid), True, provenance, kind)
            parts.append((rows.assign(column=key), column))
    return parts


def _esa_parts(corpus: Corpus) -> Parts:
    """ESA: the 0-100 score of each translation, averaged over its annotators (higher is
    better); the spans are shown on the reader pages, never turned into an MQM score."""
    campaigns, version = corpus.tables["campaigns"].set_index("campaign"), corpus.data_version()
    return [
        (
            group,
            Column(
                f"esa:{cid}",
                _label("ESA", campaigns.at[cid, "title"]),
                str(cid),
                True,
                f"{cid}, ESA 0-100 score (error span annotation), mean over annotators, "
                f"data {version}",
            ),
        )
        for cid, group in corpus.esa.groupby("campaign", sort=True)
    ]


def _score_parts(corpus: Corpus) -> Parts:
    """Human scores (scheme score) and metric / LLM-judge scores, per paragraph or per text."""
    campaigns, version, parts = (
        corpus.tables["campaigns"].set_index("campaign"),
        corpus.data_version(),
        [],
    )
    for cid, group, unit in _score_items(corpus):
        row = campaigns.loc[cid]
        human = row["scheme"] == "score"
        kind = "human" if human else ("llm" if row["judge_model"] else "metric")
        provenance = _metric_provenance(row, version)
        if unit == "text":
            provenance += "; one score per translated text (work), mean and bootstrap over texts"
        parts.append(
            (
                group,
                Column(
                    f"{'score' if human else 'metric'}:{cid}",
                    str(row["metric"] or row["title"]),
                    str(cid),
                    bool(row["higher_is_better"]),
                    provenance,
                    kind,
                    unit,
                ),
            )
        )
    return parts


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
            keys.append(
                (
                    f"{primary.get('measure', scheme)}:{primary['campaign']}",
                    str(dataset.get("title", dataset["id"])),
                )
            )
    return keys


def ranking_column(
    columns: list[Column], primaries: list[tuple[str, str]]
) -> tuple[Column | None, str]:
    """The default ranking column and why: a declared primary, else the first human column."""
    by_key = {c.key: c for c in columns}
    for key, dataset in primaries:
        if key in by_key:
            return by_key[key], f"the primary human scheme declared by {dataset}"
    human = [c for c in columns if c.group == "human"]
    if human:
        return human[0], "the first human-judgment column (no primary scheme declared)"
    if columns:
        return columns[0], "the first column: no human judgments for this pair yet"
    return None, ""


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
    """Mean and item count per (pair, column, system); rows with a ``weight`` (BWS) give the
    weighted mean sum(w * x) / sum(w), the others the plain mean."""
    keys = ["pair", "column", "system"]
    if "weight" not in long.columns or long["weight"].isna().all():
        return long.groupby(keys, as_index=False)["score"].agg(mean="mean", n="count")
    has = long["weight"].notna()
    plain = long[~has].groupby(keys, as_index=False)["score"].agg(mean="mean", n="count")
    rows = long[has & long["score"].notna()].assign(wx=lambda t: t["weight"] * t["score"])
    sums = rows.groupby(keys, as_index=False).agg(
        wx=("wx", "sum"), w=("weight", "sum"), n=("score", "count")
    )
    weighted = sums.assign(mean=sums["wx"] / sums["w"])[keys + ["mean", "n"]]
    return pd.concat([plain, weighted], ignore_index=True).sort_values(keys, ignore_index=True)
