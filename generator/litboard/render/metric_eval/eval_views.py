"""View models of the LitEval adequacy (Tables 3/14) and metric meta-evaluation (Fig. 2) pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ...analysis import metaeval
from ...analysis.adequacy import subset_items
from ...analysis.liteval_records import accuracy_frame, adequacy_frames
from ...analysis.tables import LitEvalRankings
from ...analysis.tau_resampling import RESAMPLES, p_text
from ...model import Corpus
from ...reported import engine
from ...reported.marks import Mark, cell_marks, marks
from .views import SETTINGS, Context, LitEvalSettings, Measure, RankingView, pair_label

SCENARIOS = {"top": "Human > Top systems", "other": "Human > Other systems"}
VARIANTS = {True: "strict", False: "non-strict"}
ALL_CATEGORIES = "all categories"


@dataclass
class PctCell:
    percent: float | None
    wins: int
    items: int
    marks: list[Mark] = field(default_factory=list)  # published counterparts that disagree


@dataclass
class AdequacyRow:
    measure: Measure
    variant: str
    top: list[PctCell]
    other: list[PctCell]


@dataclass
class ReportedRow:
    source: str
    scenario: str
    measure: str
    pair: str
    reported: float
    reproduced: float
    reproduced_rounded: float
    difference: float
    disagrees: bool
    note: str
    legible: bool = True  # False: the paper has the cell but no readable number (record value null)


@dataclass
class AdequacyView:
    columns: list[str]
    keys: list[str]
    rows: list[AdequacyRow]
    top: list[str]
    others: list[str]
    sample: str
    sample_counts: list[tuple[str, int]]
    reported: list[ReportedRow]
    notes: list[str]
    disagreements: int
    frame: pd.DataFrame
    reported_frame: pd.DataFrame
    csv: str = "adequacy.csv"
    reported_csv: str = "adequacy-reported.csv"
    # published cells with no legible number (shown with the reproduced value alone)
    illegible: int = 0


def adequacy_view(
    corpus: Corpus,
    ctx: Context,
    settings: LitEvalSettings = SETTINGS,
    computed: LitEvalRankings | None = None,
) -> AdequacyView:
    """``computed``: the results' LitEval tables (``Results.liteval``); without them (a test of
    the view alone) the adequacy tables are computed here."""
    conf = settings.adequacy
    items = subset_items(corpus.paragraphs, conf.sample) if conf.sample else None
    frames = computed.adequacy if computed else adequacy_frames(corpus, ctx.measures, settings)
    keys = [*ctx.pairs, "mean"]
    lookup = marks(engine.compare(corpus, _adequacy_records(corpus, ctx)))
    rows = [
        AdequacyRow(
            m,
            VARIANTS[strict],
            _marked(
                _cells(frames[(m.key, strict)], "top", keys), lookup, m.key, "top", keys, strict
            ),
            _marked(
                _cells(frames[(m.key, strict)], "other", keys), lookup, m.key, "other", keys, strict
            ),
        )
        for m in ctx.measures
        for strict in (True, False)
    ]
    compared = reported_adequacy(corpus, ctx)
    labels = {m.key: m.label for m in ctx.measures}
    reported = [
        ReportedRow(
            r["source"].replace("paper 000 ", ""),
            SCENARIOS.get(r["scenario"], r["scenario"]),
            labels.get(r["measure"], r["measure"]),
            _pair(r["pair"]),
            r["reported"],
            r["reproduced"],
            r["reproduced_rounded"],
            r["difference"],
            bool(r["disagrees"]),
            r["note"],
            r["status"] != engine.ILLEGIBLE,
        )
        for r in compared.to_dict("records")
    ]
    pair_of = corpus.translations.drop_duplicates("paragraph").set_index("paragraph")["pair"]
    counts = pair_of[sorted(items)].value_counts() if items is not None else pair_of.value_counts()
    systems = set(ctx.names) - set(ctx.human)
    frame = _long(frames, ctx)
    return AdequacyView(
        [_pair(k) for k in keys],
        keys,
        rows,
        [ctx.names.get(s, s) for s in sorted(conf.top)],
        [ctx.names.get(s, s) for s in sorted(systems - set(conf.others_exclude))],
        conf.sample or "all paragraphs",
        [(pair_label(p), int(counts.get(p, 0))) for p in ctx.pairs],
        reported,
        sorted({r.note for r in reported if r.note}),
        sum(r.disagrees for r in reported),
        frame,
        compared.assign(data_version=ctx.data_version),
        illegible=sum(not r.legible for r in reported),
    )


def reported_adequacy(corpus: Corpus, ctx: Context) -> pd.DataFrame:
    """The published adequacy numbers (measure ``adequacy`` of the reported table) of the shown
    campaigns, compared by litboard.reported: source, scenario, measure (campaign), pair,
    reported, reproduced, reproduced_rounded, difference, disagrees, note."""
    table = engine.key_columns(
        engine.compare(corpus, _adequacy_records(corpus, ctx)), ["scenario", "campaign", "pair"]
    )
    table = table.drop(columns="measure").rename(
        columns={"value": "reported", "campaign": "measure"}
    )
    return table[
        [
            "source",
            "scenario",
            "measure",
            "pair",
            "reported",
            "reproduced",
            "reproduced_rounded",
            "difference",
            "disagrees",
            "status",
            "note",
        ]
    ]


def _adequacy_records(corpus: Corpus, ctx: Context) -> pd.DataFrame:
    records = corpus.tables["reported"]
    shown = {m.key for m in ctx.measures}
    wanted = pd.Series(
        [k.get("campaign") in shown for k in records["keys"]], index=records.index, dtype=bool
    )
    return records[(records["measure"] == "adequacy") & wanted]


def _marked(
    cells: list[PctCell],
    lookup: dict[tuple[str, str], list[Mark]],
    campaign: str,
    scenario: str,
    keys: list[str],
    strict: bool,
) -> list[PctCell]:
    """The cells with the disagreeing published numbers of their (scenario, campaign, pair);
    the paper prints the strict variant, so only records of this row's variant mark it."""
    for cell, pair in zip(cells, keys):
        cell.marks = cell_marks(
            lookup,
            "adequacy",
            {"scenario": scenario, "campaign": campaign, "pair": pair},
            {"strict": strict},
        )
    return cells


def _pair(key: str) -> str:
    return "Mean of pairs" if key == "mean" else pair_label(key)


def _cells(frame: pd.DataFrame, scenario: str, keys: list[str]) -> list[PctCell]:
    part = frame[frame["scenario"] == scenario].set_index("pair")
    cells = []
    for key in keys:
        if key not in part.index or pd.isna(part.at[key, "percent"]):
            cells.append(PctCell(None, 0, 0))
        else:
            cells.append(
                PctCell(
                    float(part.at[key, "percent"]),
                    int(part.at[key, "wins"]),
                    int(part.at[key, "items"]),
                )
            )
    return cells


def _long(frames: dict[tuple[str, bool], pd.DataFrame], ctx: Context) -> pd.DataFrame:
    provenance = {m.key: m.provenance for m in ctx.measures}
    parts = [
        frame.assign(measure=key, variant=VARIANTS[strict], provenance=provenance[key])
        for (key, strict), frame in frames.items()
    ]
    table = pd.concat(parts, ignore_index=True)
    return table[
        ["measure", "variant", "scenario", "pair", "items", "wins", "percent", "provenance"]
    ]


# ---------------------------------------------------------------- meta-evaluation


@dataclass
class MatrixCell:
    value: float | None
    title: str


@dataclass
class MatrixView:
    id: str
    title: str
    caption: str
    corner: str
    columns: list[str]
    rows: list[tuple[str, list[MatrixCell]]]
    frame: pd.DataFrame
    percent: bool = False

    @property
    def csv(self) -> str:
        return f"{self.id}.csv"


def tau_views(
    corpus: Corpus, ctx: Context, settings: LitEvalSettings = SETTINGS
) -> list[MatrixView]:
    """Fig. 2a (every metric) and Fig. 2b (categories of ``category_metric``) as matrices."""
    wide = metaeval.wide_scores(corpus.metric_scores)
    ref, cat, labels = (
        settings.reference,
        settings.category_metric,
        {m.key: m.label for m in ctx.measures},
    )
    ref_label, cat_label = labels.get(ref, ref), labels.get(cat, cat)
    metrics = [m.key for m in ctx.measures if m.key != ref and m.key in wide.columns]
    first = metaeval.kendall(wide, [(ref, m) for m in metrics])
    pairs = [(f"{ref}-{c}", f"{cat}-{c}") for c in settings.categories] + [(ref, cat)]
    second = metaeval.kendall(wide, [p for p in pairs if set(p) <= set(wide.columns)])
    second = second.assign(
        category=[
            m.removeprefix(f"{cat}-") if m != cat else ALL_CATEGORIES for m in second["metric"]
        ]
    )
    return [
        _tau_matrix(
            "tau-metrics",
            "Kendall τ-b per metric (Fig. 2a)",
            f"Segment-level Kendall τ-b of each metric with {ref_label} per pair "
            "(paper 000 Fig. 2a)",
            first,
            "metric",
            [(m, labels.get(m, m)) for m in metrics],
            ctx,
        ),
        _tau_matrix(
            "tau-categories",
            f"Kendall τ-b per error category, {cat_label} (Fig. 2b)",
            f"Kendall τ-b per error category: {cat_label} category points vs {ref_label} "
            f"category points (paper 000 Fig. 2b; '{ALL_CATEGORIES}' = total score)",
            second,
            "category",
            [(c, c) for c in [*settings.categories, ALL_CATEGORIES]],
            ctx,
        ),
    ]


def _tau_matrix(
    name: str,
    title: str,
    caption: str,
    taus: pd.DataFrame,
    by: str,
    columns: list[tuple[str, str]],
    ctx: Context,
) -> MatrixView:
    index = {(r["pair"], r[by]): r for r in taus.to_dict("records")}
    rows = []
    for pair in ctx.pairs:
        cells = []
        for key, _ in columns:
            r = index.get((pair, key))
            cells.append(
                MatrixCell(None, "no translation with both scores")
                if r is None
                else MatrixCell(
                    float(r["tau"]),
                    f"τ-b over {int(r['n'])} translations of {int(r['paragraphs'])} paragraphs, "
                    f"95% CI [{float(r['ci_low']):.2f}, {float(r['ci_high']):.2f}], "
                    f"{p_text(float(r['p_value']), RESAMPLES)} (paired bootstrap over paragraphs, "
                    f"{RESAMPLES} resamples); {r['human']} vs {r['metric']}",
                )
            )
        rows.append((pair_label(pair), cells))
    frame = taus.assign(
        pair_label=taus["pair"].map(pair_label),
        column=taus[by].map(dict(columns)),
        provenance=taus["metric"].map(lambda k: ctx.provenance.get(k, ctx.data_version)),
    )
    return MatrixView(name, title, caption, "Pair", [label for _, label in columns], rows, frame)


def accuracy_view(
    corpus: Corpus,
    ctx: Context,
    settings: LitEvalSettings = SETTINGS,
    computed: LitEvalRankings | None = None,
) -> MatrixView:
    """System-level pairwise accuracy of each metric against the reference, humans pooled."""
    metrics = [m for m in ctx.measures if m.key != settings.reference]
    table = computed.accuracy if computed else accuracy_frame(corpus, ctx.measures, settings)
    index = {(r["pair"], r["metric"]): r for r in table.to_dict("records")}
    ref = next((m.label for m in ctx.measures if m.key == settings.reference), settings.reference)
    rows = []
    for pair in ctx.pairs:
        cells = []
        for m in metrics:
            r = index.get((pair, m.key))
            cells.append(
                MatrixCell(None, "no scores")
                if r is None
                else MatrixCell(
                    float(r["accuracy"]),
                    f"{r['agree']} of {r['pairs']} system pairs ordered as by {ref} "
                    f"({r['systems']} systems)",
                )
            )
        rows.append((pair_label(pair), cells))
    frame = table.assign(provenance=table["metric"].map(ctx.provenance))
    return MatrixView(
        "pairwise-accuracy",
        "System-level pairwise accuracy",
        f"System-level pairwise accuracy (%): share of system pairs a metric orders like {ref}",
        "Pair",
        [m.label for m in metrics],
        rows,
        frame,
        percent=True,
    )


# ---------------------------------------------------------------- pages per pair


@dataclass
class PairView:
    pair: str
    label: str
    ranking: RankingView
    adequacy: list[tuple[Measure, str, PctCell, PctCell]]
    tau: list[tuple[Measure, MatrixCell]]
    paragraphs: list[dict[str, Any]]


def pair_views(
    corpus: Corpus,
    ctx: Context,
    rankings: list[RankingView],
    adequacy: AdequacyView,
    tau: MatrixView,
) -> list[PairView]:
    """One view per language pair: its ranking, adequacy rows, tau row and paragraphs."""
    by_key = {r.key: r for r in rankings}
    by_label = {m.label: m for m in ctx.measures}
    sample = SETTINGS.adequacy.sample
    counts = corpus.translations.groupby("paragraph")["system"].count()
    pair_of = corpus.translations.drop_duplicates("paragraph").set_index("paragraph")["pair"]
    paragraphs = corpus.paragraphs.sort_values(["index", "paragraph"], kind="stable")
    views = []
    for i, pair in enumerate(ctx.pairs):
        column = adequacy.keys.index(pair)
        rows = [(r.measure, r.variant, r.top[column], r.other[column]) for r in adequacy.rows]
        mine = paragraphs[paragraphs["paragraph"].map(pair_of) == pair]
        listed = [
            {
                "paragraph": p,
                "snippet": str(s or ""),
                "translations": int(counts.get(p, 0)),
                "sampled": bool(sample) and sample in (sub or ()),
            }
            for p, s, sub in zip(mine["paragraph"], mine["snippet"], mine["subsets"])
        ]
        taus = [(by_label[c], cell) for c, cell in zip(tau.columns, tau.rows[i][1])]
        views.append(PairView(pair, pair_label(pair), by_key[pair], rows, taus, listed))
    return views
