"""The home page's dataset cards: what each dataset holds, at a glance, with its citation."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ...model import Corpus

HUMAN_TABLES = ("mqm", "sqm", "esa", "bws", "pairwise", "free_spans", "ruler", "verse")
SCHEME_LABELS = {
    "mqm": "MQM",
    "sqm": "SQM",
    "esa": "ESA",
    "bws": "BWS",
    "pairwise": "pairwise",
    "free": "free annotation",
    "creativity": "creativity (UCP)",
    "ruler": "RULER",
    "verse": "VERSE",
    "metric": "metrics",
    "score": "human scores",
}


@dataclass(frozen=True)
class DatasetCard:
    id: str
    title: str
    link: str
    version: str
    demo: bool
    description: str
    licence: str
    citation: str
    pairs: list[str]
    systems: int
    human_systems: int
    works: int
    paragraphs: int
    schemes: list[str]
    human_judgments: int  # translations judged by people
    llm_judgments: int  # translations scored by an LLM judge
    automatic_scores: int


Translation = tuple[str, str, str]  # (system, pair, paragraph)


def _translations(table: pd.DataFrame) -> set[Translation]:
    """The translations a judgment table's rows judge: its ``system``, the two of a pairwise
    row (``a``, ``b``), every one a best-worst row ranks (``systems``)."""
    if table.empty:
        return set()
    if "system" in table:
        return set(zip(table["system"], table["pair"], table["paragraph"]))
    if "a" in table:
        pairs = zip(table["a"], table["b"], table["pair"], table["paragraph"])
        return {(s, pair, par) for a, b, pair, par in pairs for s in (a, b)}
    if "systems" in table:
        ranked = zip(table["systems"], table["pair"], table["paragraph"])
        return {(s, pair, par) for systems, pair, par in ranked for s in systems}
    return set()


def card(corpus: Corpus, link: str) -> DatasetCard:
    """``human_judgments`` / ``llm_judgments``: the translations people / LLM judges judged
    (each once, whatever number of annotators, category sub-scores or second annotations);
    ``automatic_scores``: one per metric and translation scored."""
    d = corpus.datasets[0] if corpus.datasets else {}
    t = corpus.tables
    campaigns = t["campaigns"]
    judged_by_llm = set(campaigns.loc[campaigns["judge_model"].astype(str) != "", "campaign"])
    human_scores = set(campaigns.loc[campaigns["scheme"] == "score", "campaign"])  # human, no spans
    metric_rows = t["metric_scores"]
    by_llm = metric_rows["campaign"].isin(judged_by_llm)
    by_people = metric_rows["campaign"].isin(human_scores)
    llm = len(_translations(metric_rows[by_llm]))
    human = set().union(
        *(_translations(t[name]) for name in (*HUMAN_TABLES, "ucps")),
        _translations(metric_rows[by_people]),
    )
    schemes = sorted({SCHEME_LABELS.get(s, s) for s in campaigns["scheme"]})
    return DatasetCard(
        id=corpus.dataset_id,
        title=corpus.dataset_title,
        link=link,
        version=str(d.get("version", "")),
        demo=bool(d.get("demo", False)),
        description=str(d.get("description", "")),
        licence=str(d.get("licence", "")),
        citation=str(d.get("citation", "")),
        pairs=corpus.pairs,
        systems=len(t["systems"]),
        human_systems=int(t["systems"]["is_human"].sum()),
        works=len(t["works"]),
        paragraphs=len(t["paragraphs"]),
        schemes=schemes,
        human_judgments=len(human),
        llm_judgments=llm,
        automatic_scores=int((~by_llm & ~by_people).sum()),
    )


@dataclass(frozen=True)
class DatasetIntro:
    id: str
    version: str
    description: str
    source_url: str
    source_commit: str
    notes: list[str]
    submissions: str = ""  # whether the dataset is a track (accepts new systems), or why not
    weights: tuple[WeightTable, ...] = ()  # the MQM weight table each wmt campaign's scores use
    submit_href: str = ""  # the site's page on how to submit (the track declares it; '' : none)


@dataclass(frozen=True)
class WeightTable:
    """One campaign's MQM weights, as its scores use them (``analysis.mqm_weights``)."""

    campaign: str
    title: str
    declared: bool  # False: WMT's standard table (the campaign declares none)
    rows: tuple[tuple[str, str], ...]  # (key, weight)


def web_url(value: object) -> str:
    """``value`` when it is an http(s) URL a page may link to, else '' (never javascript: etc.)."""
    text = str(value or "").strip()
    return (
        text
        if text.lower().startswith(("https://", "http://")) and not any(c.isspace() for c in text)
        else ""
    )


def intro(corpus: Corpus, submissions: str = "", submit_href: str = "") -> DatasetIntro:
    """The dataset's intro; ``submissions``: whether it is a track, or why not (one sentence);
    ``submit_href``: the site's page on how to submit, relative to the site's root."""
    d = corpus.datasets[0] if corpus.datasets else {}
    source = d.get("source") or {}
    return DatasetIntro(
        id=corpus.dataset_id,
        version=corpus.data_version(),
        description=str(d.get("description", "")),
        source_url=web_url(source.get("url")),
        source_commit=str(source.get("commit", "")),
        notes=[str(n) for n in d.get("notes", [])],
        submissions=submissions,
        submit_href=submit_href,
        weights=weight_tables(corpus),
    )


def weight_tables(corpus: Corpus) -> tuple[WeightTable, ...]:
    """The weight table of every wmt-variant MQM campaign: the one ``mqm_scores`` applies."""
    from ...analysis import mqm_weights

    declared = mqm_weights.declared(corpus.campaigns)
    out = []
    for cid, card in sorted(corpus.campaigns.items()):
        mqm = card.get("mqm") or {}
        if card.get("scheme") != "mqm" or mqm.get("variant") != "wmt":
            continue
        table = mqm_weights.table_of(cid, "wmt", declared)
        out.append(
            WeightTable(
                cid,
                str(card.get("title", cid)),
                cid in declared,
                tuple((key, f"{value:g}") for key, value in table.items()),
            )
        )
    return tuple(out)
