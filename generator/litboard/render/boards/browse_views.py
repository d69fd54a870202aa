"""View rows of the paragraph browser: every paragraph with the spread of its ranking-column
scores, and the paragraphs where automatic judges disagree most with the humans.

The ranking column of a pair is the board's (the dataset's declared primary human scheme).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ...analysis.disagreement import (
    LISTED_SYSTEMS,
    LISTED_WORDS,
    REST,
    disagreement_p,
    judge_disagreement,
    leave_one_out,
    most_disputed,
    paragraph_words,
    spread,
)
from ...analysis.leaderboard import Column
from ...model import Corpus
from ..core.jinja import fmt
from ...analysis.tables import Analysis
from ..core.views import Board

TOP = 40  # rows of the "where judges disagree most" table


@dataclass
class Listing:
    """Everything listing.html.j2 shows: headers, rows (label, link, cells, attrs), filters."""

    intro: str
    headers: list[str]
    rows: list[dict[str, Any]]
    filters: list[tuple[str, str, list[str]]]  # (data attribute, label, values)
    csv_frame: pd.DataFrame


def _ranking(boards: list[Board]) -> dict[str, Column]:
    """The ranking column of each pair; when it scores whole texts, the first human column that
    scores paragraphs (e.g. Creativity: MQM error points per 100 words instead of the CI)."""
    out = {}
    for board in boards:
        if board.ranked_by is not None and board.ranked_by.unit == "paragraph":
            out[board.pair] = board.ranked_by
            continue
        human = [c for c in board.columns if c.group == "human" and c.unit == "paragraph"]
        if human:
            out[board.pair] = human[0]
    return out


def _per_paragraph(analysis: Analysis) -> pd.DataFrame:
    keys = {c.key for c in analysis.columns if c.unit == "paragraph"}
    return analysis.long[analysis.long["column"].isin(keys)]


def paragraph_listing(corpus: Corpus, analysis: Analysis, boards: list[Board]) -> Listing:
    ranking = _ranking(boards)
    names = {k: str(v["name"]) for k, v in corpus.systems.items()}
    titles = {w: str(d.get("title", w)) for w, d in corpus.works.items()}
    spreads = {}
    long = _per_paragraph(analysis)
    for pair, column in ranking.items():
        table = spread(long[long["pair"] == pair], column.key, column.higher_is_better)
        spreads.update({(pair, r["paragraph"]): (column, r) for r in table.to_dict("records")})
    translations = corpus.translations.groupby(["paragraph", "pair"])["system"].count()
    paragraphs = corpus.paragraphs.set_index("paragraph")[["work", "index", "snippet"]].to_dict(
        "index"
    )
    rows, records = [], []
    for (paragraph, pair), count in sorted(
        translations.items(), key=lambda kv: _order(paragraphs, kv[0])
    ):
        info = paragraphs[paragraph]
        work = titles.get(str(info["work"]), str(info["work"]))
        shown, found = spreads.get((pair, paragraph), (ranking.get(pair), None))
        label = shown.label if shown else "—"
        cells = [
            work,
            pair,
            str(info["snippet"] or ""),
            int(count),
            label,
            fmt(found["spread"]) if found else fmt(None),
            names.get(found["best_system"], found["best_system"]) if found else fmt(None),
        ]
        rows.append(
            {
                "label": paragraph,
                "link": f"{paragraph}.html#{pair}",
                "cells": cells,
                "attrs": {"work": work, "pair": pair},
            }
        )
        records.append(
            {
                "paragraph": paragraph,
                "work": work,
                "pair": pair,
                "begins": cells[2],
                "translations": int(count),
                "ranking column": label,
                "spread": found["spread"] if found else None,
                "best": found["best_system"] if found else None,
            }
        )
    filters = [
        ("work", "Work", sorted({r["attrs"]["work"] for r in rows})),
        ("pair", "Pair", sorted({r["attrs"]["pair"] for r in rows})),
    ]
    intro = (
        "Every source paragraph with its translations side by side. Spread: the best minus "
        "the worst system's score in the pair's ranking column (the board's), so large "
        "spreads are the paragraphs that separate systems; best: the system on top there."
    )
    headers = [
        "Paragraph",
        "work",
        "pair",
        "begins",
        "translations",
        "ranking column",
        "spread",
        "best",
    ]
    return Listing(intro, headers, rows, filters, pd.DataFrame(records))


def _order(paragraphs: dict[Any, dict[str, Any]], key: tuple[str, str]) -> tuple[Any, ...]:
    paragraph, pair = key
    info = paragraphs[paragraph]
    return (str(info["work"]), int(info["index"]), paragraph, pair)


def _p_value(
    rows: pd.DataFrame, human: Column, judges: dict[str, bool], columns: list[str]
) -> float:
    """Permutation p of a paragraph's mean τ (``rows``: its scores) over the judges listed for it
    (see disagreement_p)."""
    part = rows[rows["column"].isin([human.key, *columns])]
    wide = part.pivot_table(
        index="system", columns="column", values="score", aggfunc="mean"
    ).dropna()
    h = wide[human.key].to_numpy(float) * (1.0 if human.higher_is_better else -1.0)
    j = np.vstack([wide[c].to_numpy(float) * (1.0 if judges[c] else -1.0) for c in columns])
    return disagreement_p(h, j)[1]


def _rows_of(
    views: dict[str, "_PairView"], paragraphs: set[Any]
) -> dict[str, dict[Any, pd.DataFrame]]:
    """pair -> paragraph -> its rows of the pair's scores (in their order), for the listed
    paragraphs only: one pass over the scores instead of one per listed paragraph (20k: 3 s)."""
    out = {}
    for pair, view in views.items():
        chosen = view.long[view.long["paragraph"].isin(paragraphs)]
        out[pair] = {paragraph: rows for paragraph, rows in chosen.groupby("paragraph", sort=False)}
    return out


AUTOMATIC, REST_VIEW = "metrics and LLM judges", "the other paragraphs"


@dataclass
class _PairView:
    """One pair's input to the page: the long table (with the leave-one-out column when used),
    its human column, the judges compared with it and which view that is."""

    long: pd.DataFrame
    human: Column
    judges: dict[str, bool]
    view: str


def _pair_view(long: pd.DataFrame, human: Column, judges: dict[str, bool]) -> _PairView:
    """Human vs automatic judges where the pair has any; otherwise the paragraph's human order vs
    the systems' mean over the pair's other paragraphs (``leave_one_out``)."""
    present = set(long["column"])
    mine = {k: v for k, v in judges.items() if k in present}
    if mine:
        return _PairView(long, human, mine, AUTOMATIC)
    rest = leave_one_out(long, human.key)
    return _PairView(
        pd.concat([long, rest], ignore_index=True),
        human,
        {REST + human.key: human.higher_is_better},
        REST_VIEW,
    )


def _raters(corpus: Corpus, human: Column) -> pd.Series:
    """Distinct annotators of the human column's campaign per (pair, paragraph) (MQM and SQM)."""
    frames = [
        t[t["campaign"] == human.campaign]
        for t in (corpus.mqm, corpus.sqm)
        if "annotator" in t.columns
    ]
    rows = (
        pd.concat(frames, ignore_index=True)
        if frames
        else pd.DataFrame(columns=["pair", "paragraph", "annotator"])
    )
    return rows.groupby(["pair", "paragraph"])["annotator"].nunique()


def disagreement_listing(corpus: Corpus, analysis: Analysis, boards: list[Board]) -> Listing | None:
    """The paragraphs where the judges order the systems least like the humans: only paragraphs
    with LISTED_SYSTEMS systems and LISTED_WORDS words, each with the permutation p of its mean τ.
    Per pair, the judges are its metrics and LLM judges, or, for a pair with none (e.g. WMT's MQM
    sample without track scores), the systems' mean over the pair's other paragraphs."""
    labels = {c.key: c.label for c in analysis.columns}
    judges = {
        c.key: c.higher_is_better
        for c in analysis.columns
        if c.group in ("metric", "llm") and c.unit == "paragraph"
    }
    words = paragraph_words(corpus.paragraphs, corpus.translations)
    views, frames = {}, []
    long = _per_paragraph(analysis)
    for pair, column in _ranking(boards).items():
        view = views[pair] = _pair_view(long[long["pair"] == pair], column, judges)
        labels[REST + column.key] = f"{column.label}, mean over the other paragraphs"
        frames.append(
            judge_disagreement(
                view.long, column.key, view.judges, column.higher_is_better, LISTED_SYSTEMS
            )
        )
    taus = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    if not taus.empty:
        taus = taus[
            [(words.get(str(p)) or LISTED_WORDS) >= LISTED_WORDS for p in taus["paragraph"]]
        ]
    if taus.empty:
        return _nothing_listed(corpus, analysis, boards)
    top = most_disputed(taus, TOP)
    paragraphs = corpus.paragraphs.set_index("paragraph")
    titles = {w: str(d.get("title", w)) for w, d in corpus.works.items()}
    rows, records = [], []
    raters_of = {pair: _raters(corpus, view.human) for pair, view in views.items()}
    listed_rows = _rows_of(views, set(top["paragraph"]))
    for r in top.to_dict("records"):
        info, view = paragraphs.loc[r["paragraph"]], views[r["pair"]]
        work = titles.get(str(info["work"]), str(info["work"]))
        worst = labels.get(r["worst"], r["worst"])
        listed = sorted(
            taus.loc[(taus["pair"] == r["pair"]) & (taus["paragraph"] == r["paragraph"]), "column"]
        )
        p = _p_value(
            listed_rows[r["pair"]].get(r["paragraph"], view.long.iloc[0:0]),
            view.human,
            view.judges,
            listed,
        )
        raters = raters_of[r["pair"]].get((r["pair"], r["paragraph"]))
        record = {
            "paragraph": r["paragraph"],
            "work": work,
            "pair": r["pair"],
            "human column": view.human.label,
            "mean tau": r["mean_tau"],
            "p": p,
            "judges": int(r["judges"]),
            "most different judge": worst,
            "its tau": r["worst_tau"],
            "compared with": view.view,
            "raters": int(raters) if raters is not None else None,
        }
        cells = [
            work,
            r["pair"],
            str(info["snippet"] or ""),
            view.human.label,
            view.view,
            fmt(r["mean_tau"]),
            fmt(p, 3),
            int(r["judges"]),
            f"{worst} (τ = {fmt(r['worst_tau'])})",
            record["raters"] if record["raters"] is not None else "—",
        ]
        rows.append(
            {
                "label": r["paragraph"],
                "link": f"{r['paragraph']}.html#{r['pair']}",
                "cells": cells,
                "attrs": {"work": work, "pair": r["pair"]},
            }
        )
        records.append(record)
    headers = [
        "Paragraph",
        "work",
        "pair",
        "begins",
        "human column",
        "compared with",
        "mean τ",
        "p",
        "judges",
        "most different judge",
        "raters",
    ]
    filters = [("pair", "Pair", sorted({r["attrs"]["pair"] for r in rows}))]
    return Listing(
        _intro(len(rows), {v.view for v in views.values()}),
        headers,
        rows,
        filters,
        pd.DataFrame(records),
    )


def _nothing_listed(corpus: Corpus, analysis: Analysis, boards: list[Board]) -> Listing | None:
    """None for a dataset of fewer than LISTED_SYSTEMS systems (no page); otherwise a page that
    says why no paragraph qualifies (e.g. LiteraryTranslation: each human judgment compares two
    translations, so a paragraph's human column scores two systems and τ could only be ±1)."""
    if len(corpus.systems) < LISTED_SYSTEMS:
        return None
    long = _per_paragraph(analysis)
    most = 0
    for pair, column in _ranking(boards).items():
        rows = long[(long["pair"] == pair) & (long["column"] == column.key) & long["score"].notna()]
        if not rows.empty:
            most = max(most, int(rows.groupby("paragraph")["system"].nunique().max()))
    intro = (
        f"No paragraph is listed. This dataset has {len(corpus.systems)} systems, but its human "
        f"ranking column scores at most {most} system{'s' if most != 1 else ''} per paragraph (a "
        f"human "
        "judgment here compares a few translations at a time), and a rank correlation between the "
        f"human order and a judge's needs at least {LISTED_SYSTEMS} systems of one paragraph with "
        f"{LISTED_WORDS} words (over two systems Kendall τ can only be +1 or −1, over three it "
        f"takes four "
        "values). The human judgments are "
        "compared with the other measures system by system on the leaderboard and, for pairwise "
        "studies, on the pairwise preference page."
    )
    return Listing(intro, [], [], [], pd.DataFrame())


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _intro(count: int, shown: set[str]) -> str:
    views = []
    if AUTOMATIC in shown:
        views.append(
            "where a pair has automatic metrics or LLM judges, the judges are those (compared "
            "with: "
            f"{AUTOMATIC})"
        )
    if REST_VIEW in shown:
        views.append(
            "where a pair has no automatic metric or LLM judge (human judgments only, e.g. an MQM "
            "sample), the one judge is the same human column averaged over the pair's other "
            f"paragraphs (compared with: {REST_VIEW}): the paragraphs whose human order of the "
            f"systems "
            "is least like what the rest of the data says, a hard paragraph or an annotator who "
            "judged "
            "it differently (rater against rater needs translations judged by two raters: the "
            "Agreement page shows those where they exist)"
        )
    return (
        f"The {count} paragraphs where the judges order the systems least like the human "
        f"judgments of "
        "the paragraph: Kendall τ-b over the systems of one paragraph between the pair's ranking "
        "column "
        "(human) and each judge, both oriented so that 1 = same order and −1 = reversed; mean "
        "over judges, "
        "lowest first. " + _sentence("; ".join(views)) + " Only paragraphs with at least "
        f"{LISTED_SYSTEMS} systems scored by both and at least {LISTED_WORDS} words (the larger "
        f"of the "
        "source's and its translations' median word count, so that a Chinese source counts; "
        "paragraphs "
        "whose text is restricted are kept: their length is unknown): over three systems τ takes "
        "four "
        "values and −1 comes up by chance one time in six. p: one-sided permutation p-value of "
        "the mean τ "
        "(the share of orderings of the human scores over the systems that give a mean τ as low "
        "or lower; "
        "every ordering up to 7 systems, 2,000 drawn beyond). Raters: how many annotators judged "
        "the "
        "paragraph's translations in the human column; when several share a paragraph, part of a "
        "low τ "
        "can be their different severity. With many paragraphs listed, some small p are expected "
        "by chance."
    )
