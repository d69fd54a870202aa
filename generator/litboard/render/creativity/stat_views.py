"""View models of the page 'Creativity: correlations and tests' (paper 003 Fig. 2 and 4,
Table 12's post-hoc tests, the Bowker post-hoc test, App. G.2): each table reproduced from the
data, the published value beside it from the ``reported`` records (PublishedIndex), flagged
where the two disagree, with the record's reason. Every table is also a CSV."""

from __future__ import annotations

from itertools import product

import pandas as pd

from ...reported import posthoc_measures as ph
from ...reported import text_measures as tm
from ...reported.stats import kruskal
from .published import PublishedIndex, paper_text
from .tables import Col, csv_frame, table_view
from .views import GENRES, MODALITIES, UCPS, CreativityData, Table

HUMANS = {"pro-error-points": "errors (inverted)", "pro-cs": "CS", "pro-ci": "CI"}
CORRELATION = {"method": "spearman", "negate": ["pro-error-points"], "human": list(HUMANS)}
TESTED = {"pro-error-points": "Errors (error points)", "pro-cs": "CS", "pro-ci": "CI"}
ALL = "all"


def correlations(data: CreativityData) -> pd.DataFrame:
    """Spearman ρ of every automatic metric with every human score, per genre and over all texts
    ("" = all), with n (texts having both) and the metric's name: the data of Fig. 2 and 4."""
    table = tm.text_correlation(data.corpus, CORRELATION)
    texts = data.texts
    counts = []
    for metric, human, genre in zip(table["metric"], table["human"], table["genre"]):
        part = texts if genre == "" else texts[texts["genre"] == genre]
        counts.append(int(part[[metric, human]].dropna().shape[0]))
    known = data.corpus.tables["campaigns"].set_index("campaign")["metric"].to_dict()
    return table.assign(n=counts, metric_name=[str(known.get(m) or m) for m in table["metric"]])


def _metric_order(frame: pd.DataFrame) -> list[str]:
    return sorted(
        set(frame["metric"]),
        key=lambda m: str(frame.loc[frame["metric"] == m, "metric_name"].iloc[0]),
    )


def figure_2(data: CreativityData, rho: pd.DataFrame, published: PublishedIndex) -> Table:
    """Fig. 2 as a table (the heatmap's accessible fallback): one row per metric, ρ with each human
    score over all texts, n and what the paper prints for the cell."""
    overall = rho[rho["genre"] == ""]
    rows, flags = [], []
    for metric in _metric_order(overall):
        mine = overall[overall["metric"] == metric].set_index("human")
        row = {
            "metric_name": mine["metric_name"].iloc[0],
            "metric": metric,
            "n": int(mine["n"].max()),
        }
        for human, label in HUMANS.items():
            found = published.all("text-correlation", metric=metric, human=human, genre="")
            row[human], row[f"paper {human}"] = mine.at[human, "value"], paper_text(found)
            flags += [p.flag(f"{row['metric_name']} vs {label}") for p in found if p.disagrees]
        rows.append(row)
    frame = pd.DataFrame(rows)
    cols = [
        Col("metric_name", "Metric", "text"),
        Col("n", "n texts", "int", title="texts with both scores"),
    ]
    for human, label in HUMANS.items():
        cols += [
            Col(
                human, f"ρ {label}", digits=3, title=data.title(human, "Spearman ρ over all texts")
            ),
            Col(f"paper {human}", "paper", "text", title="printed in paper 003's text (Sec. 4.1)"),
        ]
    how = (
        "Spearman ρ over every text with both scores (reference-based metrics have no score for "
        "HT, "
        "the reference); error points negated so that higher is better, as in the paper. The "
        "figure "
        "is an image: 'paper' shows the values its text prints, the rest are reproduced only."
    )
    view = table_view(
        "figure-2",
        "Fig. 2: automatic metrics vs professional annotations (Spearman ρ)",
        frame,
        cols,
        data.provenance([*frame["metric"], *HUMANS], how),
        "figure-2.csv",
        notes=flags,
    )
    return view, csv_frame(frame, [Col("metric", ""), *cols], data.version)


def figure_4(data: CreativityData, rho: pd.DataFrame) -> Table:
    """Fig. 4 as a table: ρ per metric, genre and human score (81 values), plus the mean over
    metrics."""
    per_genre = rho[rho["genre"] != ""]
    rows = []
    for metric in _metric_order(per_genre):
        mine = per_genre[per_genre["metric"] == metric].set_index(["genre", "human"])
        row = {
            "metric_name": mine["metric_name"].iloc[0],
            "metric": metric,
            "n": f"{int(mine['n'].min())}–{int(mine['n'].max())}"
            if mine["n"].nunique() > 1
            else str(int(mine["n"].iloc[0])),
        }
        row.update(
            {
                f"{g}|{h}": mine["value"].get((g, h), float("nan"))
                for g, h in product(GENRES, HUMANS)
            }
        )
        rows.append(row)
    frame = pd.DataFrame(rows)
    means = {k: frame[k].mean() for k in frame.columns if "|" in k}
    frame = pd.concat(
        [
            frame,
            pd.DataFrame(
                [{"metric_name": "mean over the metrics", "metric": "mean", "n": "", **means}]
            ),
        ],
        ignore_index=True,
    )
    cols = [Col("metric_name", "Metric", "text"), Col("n", "n per genre", "text")]
    cols += [
        Col(
            f"{g}|{h}",
            f"{g}: {label}",
            digits=3,
            title=data.title(h, f"Spearman ρ over the {g} texts"),
        )
        for g, (h, label) in product(GENRES, HUMANS.items())
    ]
    how = (
        "Spearman ρ within each genre, over the texts having both scores (n per genre; "
        "reference-based "
        "metrics have none for HT). The paper prints no "
        "value of Fig. 4; its text says correlations with CS and CI are much higher for "
        "thrillers than "
        "for poems: compare the last row."
    )
    view = table_view(
        "figure-4",
        "Fig. 4: automatic metrics vs professional annotations per genre (Spearman ρ)",
        frame,
        cols,
        data.provenance([*per_genre["metric"].unique(), *HUMANS], how),
        "figure-4.csv",
    )
    return view, csv_frame(frame, [Col("metric", ""), *cols], data.version)


def posthoc(data: CreativityData, published: PublishedIndex) -> Table | None:
    """Table 12's post-hoc tests: rank-sum p (raw and Holm) of every pair of modalities and genres
    for errors, CS and CI, the Kruskal–Wallis p of the grouping and the printed p (None: no score
    varies)."""
    frame = data.texts
    parts, flags = [], []
    for by in ("modality", "genre"):
        for variable in [v for v in TESTED if v in frame and frame[v].nunique() > 1]:
            family = ph.rank_sum_family(frame, variable, by)
            family["kruskal_p"] = kruskal(frame, variable, by)[1]
            family["paper"] = ""
            for i, r in family.iterrows():
                found = published.all(
                    "posthoc-rank-sum",
                    variable=variable,
                    by=by,
                    first=r["first"],
                    second=r["second"],
                    stat="p",
                )
                family.at[i, "paper"] = paper_text(found)
                flags += [
                    p.flag(f"{TESTED[variable]}, {r['first']}–{r['second']}")
                    for p in found
                    if p.disagrees
                ]
            parts.append(family)
    if not parts:
        return None
    out = pd.concat(parts, ignore_index=True)
    out["score"] = out["variable"].map(TESTED)
    out["comparison"] = out["first"] + " – " + out["second"]
    out["_css"] = ["lb-disagree" if "✗" in p else "" for p in out["paper"]]
    cols = [
        Col("score", "Score", "text"),
        Col("by", "Grouping", "text"),
        Col("comparison", "Comparison", "text"),
        Col(
            "p",
            "p (Holm)",
            "p",
            digits=4,
            title="Holm-adjusted over the three pairs of the grouping",
        ),
        Col("paper", "paper (Holm)", "text", title="as printed in paper 003 Table 12"),
        Col("p_raw", "p (raw)", "p", digits=4),
        Col("method", "p from", "text"),
        Col(
            "kruskal_p",
            "Kruskal–Wallis p",
            "p",
            digits=3,
            title="of the grouping; the paper runs the post-hoc "
            "tests only after a significant one (p < .05)",
        ),
        Col("n1", "n₁", "int"),
        Col("n2", "n₂", "int"),
    ]
    how = (
        "Two-sided Wilcoxon rank-sum tests (unpaired, as the paper names them) between the texts "
        "of two "
        "groups, Holm-corrected within each score and grouping; exact p without ties, else the "
        "normal "
        "approximation with tie and continuity correction (R's wilcox.test default)."
    )
    view = table_view(
        "posthoc",
        "Table 12: post-hoc rank-sum tests with Holm correction",
        out,
        cols,
        data.provenance([*TESTED], how),
        "posthoc.csv",
        notes=flags,
    )
    return view, csv_frame(
        out,
        [Col("variable", ""), Col("first", ""), Col("second", ""), Col("u", ""), *cols],
        data.version,
    )


def symmetry(data: CreativityData, published: PublishedIndex) -> Table:
    """The post-hoc pairwise symmetry tests after McNemar–Bowker, over all texts and per
    modality."""
    present = set(data.corpus.tables["systems"]["modality"].dropna())
    parts, flags = [], []
    for modality in ("", *[m for m in MODALITIES if m in present]):
        pairs = ph.symmetry_table(data.corpus, modality).assign(modality=modality or ALL)
        pairs["paper"] = [
            paper_text(
                published.all(
                    "ucp-symmetry-posthoc", modality=modality, first=a, second=b, stat="p_holm"
                )
            )
            for a, b in zip(pairs["first"], pairs["second"])
        ]
        for a, b in zip(pairs["first"], pairs["second"]):
            found = published.all(
                "ucp-symmetry-posthoc", modality=modality, first=a, second=b, stat="p_holm"
            )
            flags += [p.flag(f"{a} vs {b} ({modality or ALL})") for p in found if p.disagrees]
        parts.append(pairs)
    out = pd.concat(parts, ignore_index=True)
    out["comparison"] = out["first"] + " vs " + out["second"]
    out["_css"] = ["lb-disagree" if "✗" in p else "" for p in out["paper"]]
    cols = [
        Col("modality", "Modality", "text"),
        Col("comparison", "Classes", "text"),
        Col("n_first_second", "LLM first, professionals second", "int"),
        Col("n_second_first", "LLM second, professionals first", "int"),
        Col("chi2", "McNemar χ²", digits=3),
        Col("p", "p (raw)", "p", digits=4),
        Col(
            "p_holm",
            "p (Holm)",
            "p",
            digits=4,
            title="Holm-adjusted over the three pairs of classes",
        ),
        Col("paper", "paper", "text", title="as printed in paper 003 Sec. 4.2"),
    ]
    how = (
        "McNemar's χ² (1 df, no continuity correction) on the two off-diagonal counts of each "
        "pair of "
        "classes, Holm-corrected over the three pairs; the paper does not name its post-hoc test."
    )
    view = table_view(
        "symmetry",
        "Post-hoc pairwise symmetry tests of the UCP classes (after McNemar–Bowker)",
        out,
        cols,
        data.provenance([UCPS], how),
        "symmetry.csv",
        sortable=False,
        notes=flags,
    )
    return view, csv_frame(out, cols, data.version)


def match_rates(data: CreativityData, published: PublishedIndex) -> Table:
    """App. G.2: UCPs both annotators put in the same class, over all texts and per modality."""
    table = ph.ucp_agreement(data.corpus, {})
    wide = table.pivot(index="modality", columns="stat", values="value").reset_index()
    order = ["", *MODALITIES]
    wide = (
        wide.set_index("modality")
        .loc[[m for m in order if m in set(wide["modality"])]]
        .reset_index()
    )
    flags = []
    for stat in ("matched", "percent"):
        wide[f"paper {stat}"] = [
            paper_text(published.all("ucp-agreement", modality=m, stat=stat))
            for m in wide["modality"]
        ]
        flags += [
            p.flag(f"{stat} ({m or ALL})")
            for m in wide["modality"]
            for p in published.all("ucp-agreement", modality=m, stat=stat)
            if p.disagrees
        ]
    wide["modality"] = wide["modality"].replace("", ALL)
    cols = [
        Col("modality", "Modality", "text"),
        Col("matched", "same class", "int"),
        Col("matched-cs-r", "of which CS or R", "int"),
        Col("total", "UCPs", "int"),
        Col("percent", "% same class", digits=1),
        Col("paper matched", "paper: same class", "text"),
        Col("paper percent", "paper: %", "text"),
    ]
    how = "Classes simplified (CSA/CSM/CSC → CS); the diagonal of Tables 8 and 13."
    view = table_view(
        "match-rates",
        "App. G.2: UCPs the LLM and the professionals class alike",
        wide,
        cols,
        data.provenance([UCPS], how),
        "match-rates.csv",
        sortable=False,
        notes=flags,
    )
    return view, csv_frame(wide, cols, data.version)
