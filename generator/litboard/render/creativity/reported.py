"""The paper-vs-data view of the Creativity pages: every published number of the dataset's
``reported`` table (litboard.reported) beside the same number recomputed from the data, plus
the numbers the paper prints differently in two of its own tables."""

from __future__ import annotations

import pandas as pd

from ...analysis.rounding import format_number
from ...reported import engine
from ...reported.marks import anchor_of
from .tables import Col, csv_frame, table_view
from .views import ERRORS, UCPS, CreativityData, Table, stored_flags

DISAGREE = "✗ disagrees"
AGREE = "✓ agrees"
STATUS = {
    engine.AGREES: AGREE,
    engine.DISAGREES: DISAGREE,
    engine.MISSING: "? not reproduced",
    engine.UNKNOWN: "? reported only",
    engine.ILLEGIBLE: "? not legible in the paper",
}
KEYS = ["pair", "genre", "modality"]


def comparison(data: CreativityData) -> pd.DataFrame:
    """engine.compare over the published numbers of the creativity dataset, plus what other tables
    report."""
    corpus = data.corpus
    campaigns = corpus.tables["campaigns"]
    datasets = set(campaigns.loc[campaigns["campaign"] == "pro-ci", "dataset"])
    records = corpus.tables["reported"]
    joined = engine.other_reports(
        engine.compare(corpus, records[records["dataset"].isin(datasets)])
    )
    joined = engine.key_columns(joined, KEYS)
    joined["table"] = [engine.short_source(s) for s in joined["source"]]
    joined["quantity"] = [label or m for label, m in zip(joined["label"], joined["measure"])]
    return joined


def reported_table(data: CreativityData, joined: pd.DataFrame) -> Table:
    """Every published number, disagreements first (stable within each group)."""
    frame = joined.copy()
    frame["status"] = frame["status"].map(STATUS)
    frame["shown"] = [
        "not legible" if pd.isna(v) else format_number(v, int(d))
        for v, d in zip(frame["value"], frame["decimals"])
    ]
    frame["difference"] = frame["raw_difference"]
    frame["_css"] = ["lb-disagree" if d else "" for d in frame["disagrees"]]
    # the id of the record's row on "Published vs reproduced" too: a link names the number, not a
    # position
    frame["_anchor"] = [anchor_of(r) for r in frame.to_dict("records")]
    frame = frame.sort_values("disagrees", ascending=False, kind="stable").reset_index(drop=True)
    cols = [
        Col("status", "Status", "text"),
        Col("table", "Paper table", "text"),
        Col("pair", "Pair", "text"),
        Col("genre", "Genre", "text"),
        Col("modality", "Modality", "text"),
        Col("quantity", "Quantity", "text"),
        Col("shown", "Reported", "text", title="as printed in paper 003"),
        Col("reproduced", "Reproduced", digits=3, title="computed by litboard from the data"),
        Col("difference", "Difference", digits=3, title="reproduced − reported"),
        Col(
            "other_reports",
            "Other tables report",
            "text",
            title="the same quantity as printed in another table of the paper",
        ),
    ]
    n = int(frame["disagrees"].sum())
    how = (
        f"{n} of {len(frame)} published numbers disagree with the data: the reproduced value "
        f"rounded "
        "half up to the printed precision is not the printed value."
    )
    # a stored per-text score is "reproduced" as stored: say where the texts give another value
    flags = stored_flags(data, sorted({str(k.get("campaign", "")) for k in frame["keys"]}))
    if flags:
        how += (
            f" {len(flags)} stored BLEU, chrF and TER scores compared here are not what sacreBLEU "
            "gives on the release's own texts (listed below)."
        )
    csv_cols = [
        Col(k, "")
        for k in (
            "table",
            "measure",
            "pair",
            "genre",
            "modality",
            "quantity",
            "value",
            "decimals",
            "reproduced",
            "difference",
            "disagrees",
            "other_reports",
            "self_conflict",
        )
    ]
    return (
        table_view(
            "reported",
            "Paper 003 vs the data: every published number",
            frame,
            cols,
            data.provenance(_reported_campaigns(data), how),
            "reported.csv",
            notes=flags,
        ),
        csv_frame(frame, csv_cols, data.version),
    )


def _reported_campaigns(data: CreativityData) -> list[str]:
    texts = [c for c in data.texts.columns if c.startswith(("pro-", "llm-", "aem-"))]
    return [*texts, ERRORS, UCPS]


def reported_summary(data: CreativityData, joined: pd.DataFrame) -> Table:
    """Per paper table: numbers compared, agreeing, disagreeing."""
    grouped = joined.groupby("table", sort=False)
    frame = pd.DataFrame(
        {
            "table": list(grouped.groups),
            "numbers": grouped.size().values,
            "disagree": grouped["disagrees"].sum().astype(int).values,
        }
    )
    frame["agree"] = frame["numbers"] - frame["disagree"]
    frame["_css"] = ["lb-disagree" if d else "" for d in frame["disagree"]]
    cols = [
        Col("table", "Paper table", "text"),
        Col("numbers", "numbers", "int"),
        Col("agree", "agree", "int"),
        Col("disagree", "disagree", "int"),
    ]
    return (
        table_view(
            "reported-summary",
            "Agreement per paper table",
            frame,
            cols,
            data.provenance(_reported_campaigns(data)),
            "reported-summary.csv",
        ),
        csv_frame(frame, cols, data.version),
    )


def self_conflicts(joined: pd.DataFrame) -> list[str]:
    """One sentence per number the paper prints differently in two of its tables."""
    out = []
    ident = [engine.identity(k, p) for k, p in zip(joined["keys"], joined["params"])]
    conflicted = joined.assign(_id=ident, _measure=joined["measure"])[joined["self_conflict"]]
    for _, group in conflicted.groupby(["_measure", "_id"], sort=False):
        row = group.iloc[0]
        where = ", ".join(str(x) for x in (row["pair"].upper(), row["genre"], row["modality"]) if x)
        shown = ", ".join(
            f"{r['table']} prints {format_number(r['value'], int(r['decimals']))}"
            for r in group.to_dict("records")
        )
        data = (
            "cannot be reproduced"
            if pd.isna(row["reproduced"])
            else f"give {format_number(row['reproduced'], 3)}"
        )
        out.append(f"{row['quantity']} of {where}: {shown}; the data {data}.")
    return out
