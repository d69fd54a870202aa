"""Per-translation facts for the paragraph reader: the compact score row and the span
agreement overlay. Pure functions over the tidy tables; formatting is left to templates.
"""

from __future__ import annotations

from dataclasses import dataclass
import math
from itertools import combinations
from typing import Any, Iterator, Mapping, NamedTuple

import pandas as pd

from ...analysis.screening import screened
from ...analysis.span_overlap import confusion, kappas_of
from ...model import Corpus
from ..core.spans import split_runs
from ...analysis.tables import Analysis

Key = tuple[str, str, str]  # (system, pair, paragraph)
KEY = ["system", "pair", "paragraph"]


class ScoreView(NamedTuple):
    """One entry of a translation's score row; ``text`` replaces the number when set."""

    label: str
    value: float | None
    text: str
    provenance: str
    screen: str = ""  # the LLM-judge screen's reasons when this output was flagged


class AgreementRun(NamedTuple):
    """A stretch of the translation and how many of the annotators marked it."""

    text: str
    level: str  # "all", "some" or "" (nobody)


class Stretch(NamedTuple):
    """A marked stretch of the translation: characters [start, end) and their text."""

    start: int
    end: int
    level: str  # "all" or "some"
    text: str


class KappaView(NamedTuple):
    """Cohen's kappa of two annotators on one translation (a named tuple: the reader makes
    one per annotator pair and translation, 900,000 at WMT size, where a frozen dataclass
    cost three times as much to build)."""

    first: str
    second: str
    value: float
    label: str
    n: int


@dataclass(frozen=True)
class AgreementView:
    """Characters marked by all / some of the annotators of one campaign, with span kappas."""

    campaign: str
    annotators: tuple[str, ...]
    runs: list[AgreementRun]
    kappas: list[KappaView]
    marked_all: int
    marked_some: int

    @property
    def length(self) -> int:
        """Characters of the translation (the kappas' n)."""
        return sum(len(r.text) for r in self.runs)

    @property
    def unmarked(self) -> bool:
        """Nobody marked a character, so every kappa is undefined (the page says it in one line)."""
        return (
            not self.marked_all
            and not self.marked_some
            and all(math.isnan(k.value) for k in self.kappas)
        )

    @property
    def stretches(self) -> list[Stretch]:
        """The marked runs with their character offsets (the page lists these instead of
        repeating the translation's text; reader.js draws them over the text)."""
        out, at = [], 0
        for r in self.runs:
            if r.level:
                out.append(Stretch(at, at + len(r.text), r.level, r.text))
            at += len(r.text)
        return out


def records_by(frame: pd.DataFrame, keys: list[str]) -> dict[Any, list[dict[str, Any]]]:
    """Records of ``frame`` bucketed by the tuple of their ``keys`` values, in row order
    (``to_dict("records")``'s values: Python scalars; built column-wise, which is faster)."""
    out: dict[Any, list[dict[str, Any]]] = {}
    columns = [str(c) for c in frame.columns]
    positions = [columns.index(k) for k in keys]
    for values in zip(*(_python_values(frame.iloc[:, i]) for i in range(len(columns)))):
        record = dict(zip(columns, values))
        out.setdefault(tuple(values[p] for p in positions), []).append(record)
    return out


def _python_values(column: pd.Series) -> list[Any]:
    # numpy numbers: tolist gives Python int/float/bool as to_dict does
    if column.dtype.kind in "biuf":
        return column.tolist()
    return column.to_list() if column.dtype == object else list(column.astype(object))


def score_rows(corpus: Corpus, analysis: Analysis) -> dict[Key, list[ScoreView]]:
    """Every scheme's score of every translation: leaderboard columns (MQM, SQM, metrics),
    BWS picks, rubric (RULER) and VERSE means, pairwise wins."""
    out: dict[Key, list[ScoreView]] = {}
    columns = {c.key: (i, c) for i, c in enumerate(analysis.columns)}
    long = analysis.long.assign(_order=analysis.long["column"].map(lambda k: columns[k][0]))
    flagged = {
        (system, pair, item, key): why
        for (pair, key, system), found in screened(corpus).items()
        for item, why in found.items.items()
    }
    for r in long.sort_values("_order", kind="stable").to_dict("records"):
        column = columns[r["column"]][1]
        key = (r["system"], r["pair"], r["paragraph"])
        out.setdefault(key, []).append(
            ScoreView(
                column.label,
                float(r["score"]),
                "",
                column.provenance,
                flagged.get((*key, column.key), "") if flagged else "",
            )
        )
    titles = corpus.tables["campaigns"].set_index("campaign")["title"].to_dict()
    _bws(corpus.bws, titles, out)
    _means(corpus.ruler, titles, "rubric mean over criteria and annotators", out)
    _means(
        corpus.verse.rename(columns={"answer": "score"}),
        titles,
        "VERSE mean answer (1 not met, 2 partly, 3 met) over questions and annotators",
        out,
    )
    _pairwise(corpus.pairwise, titles, out)
    return out


def _bws(bws: pd.DataFrame, titles: dict[str, str], out: dict[Key, list[ScoreView]]) -> None:
    counts: dict[tuple[str, Key], list[int]] = {}
    for r in bws.to_dict("records"):
        for system in r["systems"]:
            c = counts.setdefault((r["campaign"], (system, r["pair"], r["paragraph"])), [0, 0, 0])
            c[0] += 1
            c[1] += system == r["best"]
            c[2] += system == r["worst"]
    for (cid, key), (n, best, worst) in sorted(counts.items()):
        out.setdefault(key, []).append(
            ScoreView(
                str(titles[cid]),
                None,
                f"best {best}, worst {worst} of {n}",
                f"{cid}: times picked best / worst among the {n} tuples that showed this "
                f"translation",
            )
        )


def _means(
    frame: pd.DataFrame, titles: dict[str, str], what: str, out: dict[Key, list[ScoreView]]
) -> None:
    if frame.empty:
        return
    means = frame.groupby(["campaign", *KEY], sort=True)["score"].agg(["mean", "count"])
    for (cid, *key), row in means.iterrows():
        out.setdefault(tuple(key), []).append(
            ScoreView(
                str(titles[cid]),
                float(row["mean"]),
                "",
                f"{cid}: {what} ({int(row['count'])} scores)",
            )
        )


def _pairwise(frame: pd.DataFrame, titles: dict[str, str], out: dict[Key, list[ScoreView]]) -> None:
    tally: dict[tuple[str, Key], list[int]] = {}
    for r in frame.to_dict("records"):
        for side, other in (("a", "b"), ("b", "a")):
            t = tally.setdefault((r["campaign"], (r[side], r["pair"], r["paragraph"])), [0, 0, 0])
            t[0 if r["preference"] == side else 1 if r["preference"] == other else 2] += 1
    for (cid, key), (won, lost, tied) in sorted(tally.items()):
        out.setdefault(key, []).append(
            ScoreView(
                str(titles[cid]),
                None,
                f"won {won}, lost {lost}, tied {tied}",
                f"{cid}: pairwise preferences involving this translation",
            )
        )


class _Marked(NamedTuple):
    start: int
    end: int
    annotator: str


def agreement_views(
    corpus: Corpus, errors_by_key: Mapping[Any, list[dict[str, Any]]] | None = None
) -> Mapping[Key, list[AgreementView]]:
    """For translations judged by two or more annotators of one MQM campaign: which
    characters all / some of them marked, and Cohen's kappa per annotator pair
    (span match, characters; ``analysis.span_overlap``, all translations of an annotator
    pair at once). ``errors_by_key``: the ``mqm_errors`` records by translation
    (``records_by(.., KEY)``), when the caller has them already."""
    judged = _judged(corpus.mqm)
    if not judged:
        return {}
    columns = (corpus.translations[c].tolist() for c in (*KEY, "text"))
    # zipped lists: iterating a MultiIndex's items built each key ~3x slower
    texts = {(s, p, g): t for s, p, g, t in zip(*columns) if isinstance(t, str)}
    titles = corpus.tables["campaigns"].set_index("campaign")["title"].to_dict()
    by_key = records_by(corpus.mqm_errors, KEY) if errors_by_key is None else errors_by_key
    kappas = _pair_kappas(corpus.mqm_errors, judged, texts)
    pending: dict[Key, list[tuple[Any, ...]]] = {}
    for (cid, *rest), annotators in judged.items():
        key: Key = tuple(rest)
        text = texts.get(key)
        if text is None:
            continue
        pairs = [KappaView(a, b, *kappas[(cid, a, b)][key]) for a, b in combinations(annotators, 2)]
        # in table order, as before
        errors = [e for e in by_key.get(key, ()) if e["campaign"] == cid]
        pending.setdefault(key, []).append((str(titles[cid]), text, errors, annotators, pairs))
    return _Pending(pending)


def _judged(mqm: pd.DataFrame) -> dict[tuple[Any, ...], list[str]]:
    """(campaign, system, pair, paragraph) -> its annotators (sorted), where two or more judged
    it."""
    columns = ["campaign", *KEY, "annotator"]
    frame = mqm[columns].dropna().drop_duplicates().sort_values(columns, kind="stable")
    out: dict[tuple[Any, ...], list[str]] = {}
    for row in zip(*(frame[c].tolist() for c in columns)):
        out.setdefault(row[:-1], []).append(row[-1])
    return {k: v for k, v in out.items() if len(v) >= 2}


class _Pending(Mapping[Key, list[AgreementView]]):
    """Agreement views built when a paragraph's page asks for them (in the worker that renders
    it): the kappas are computed for all translations at once above, the marked runs here."""

    def __init__(self, pending: dict[Key, list[tuple[Any, ...]]]) -> None:
        self._pending = pending

    def __getitem__(self, key: Key) -> list[AgreementView]:
        return [
            _agreement(
                title, text, [e for e in errors if e["annotator"] in annotators], annotators, pairs
            )
            for title, text, errors, annotators, pairs in self._pending[key]
        ]

    def __iter__(self) -> Iterator[Key]:
        return iter(self._pending)

    def __len__(self) -> int:
        return len(self._pending)


def _pair_kappas(
    errors: pd.DataFrame, judged: dict[tuple[Any, ...], list[str]], texts: dict[Any, Any]
) -> dict[tuple[str, str, str], dict[Key, tuple[float, str, int]]]:
    """(campaign, first, second) -> translation -> (kappa, label, characters)."""
    jobs: dict[tuple[str, str, str], list[Key]] = {}
    for (cid, *rest), annotators in judged.items():
        key: Key = tuple(rest)
        if key in texts:
            for first, second in combinations(annotators, 2):
                jobs.setdefault((cid, first, second), []).append(key)
    by_campaign = {c: g for c, g in errors.groupby("campaign", sort=False)}
    label = "Cohen kappa (span match, characters, pooled)"
    out: dict[tuple[str, str, str], dict[Key, tuple[float, str, int]]] = {}
    for (cid, first, second), keys in jobs.items():
        lengths = pd.DataFrame(keys, columns=KEY).assign(length=[len(texts[k]) for k in keys])
        counts = confusion(
            by_campaign.get(cid, errors.iloc[0:0]), lengths, (first, second), "span", tuple(KEY)
        ).counts
        # Python floats and ints, as float() / int() gave
        values = kappas_of(counts).astype(float).tolist()
        out[(cid, first, second)] = {
            key: (value, label, n)
            for key, value, n in zip(keys, values, lengths["length"].tolist())
        }
    return out


def _agreement(
    title: str,
    text: str,
    rows: list[dict[str, Any]],
    annotators: list[str],
    kappas: list[KappaView],
) -> AgreementView:
    marked = [
        _Marked(int(e["start"]), int(e["end"]), str(e["annotator"]))
        for e in rows
        if e["end"] > e["start"]
    ]
    runs = []
    counts = {"all": 0, "some": 0}
    for run in split_runs(text, marked):
        if not run.text:
            continue
        who = {s.annotator for s in run.spans}
        level = "all" if len(who) == len(annotators) else "some" if who else ""
        if level:
            counts[level] += len(run.text)
        runs.append(AgreementRun(run.text, level))
    return AgreementView(title, tuple(annotators), runs, kappas, counts["all"], counts["some"])
