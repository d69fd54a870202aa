"""The paper-vs-data view of the Creativity pages: every number transcribed from paper 003
(analysis.reported_creativity) beside the same number recomputed from the data, plus the
numbers the paper prints differently in two of its own tables."""

from __future__ import annotations

import pandas as pd

from ..analysis import reported_creativity as rc
from ..analysis.rounding import format_number
from .creativity_tables import Col, csv_frame, table_view
from .creativity_views import ERRORS, UCPS, CreativityData, Table

DISAGREE = "✗ disagrees"
AGREE = "✓ agrees"
QUANTITIES = {"pro-cs": "CS (professionals)", "pro-error-points": "error points (professionals)",
              "pro-kudos": "kudos (professionals)", "pro-ci": "CI (professionals)", "llm-ci": "CI (LLM)",
              "errors": "errors (professionals)", "professional": "errors by professionals",
              "llm": "errors by LLM", "match": "errors by both", "spearman ci": "Spearman ρ, CI LLM vs professional"}


def comparison(data: CreativityData) -> pd.DataFrame:
    """reported_creativity.compare over every published number, plus what other tables report."""
    t = data.corpus.tables
    reported = rc.reported()
    joined = rc.compare(reported, rc.reproduced(data.texts, t["ucps"], t["mqm_errors"], t["paragraphs"],
                                                t["systems"], t["works"]))
    same = ["pair", "genre", "modality", "quantity"]
    printed: dict[tuple[object, ...], list[dict[str, object]]] = {}
    for r in reported.to_dict("records"):
        printed.setdefault(tuple(r[k] for k in same), []).append(r)
    others = ["; ".join(f"{h['table']}: {float(h['value']):.{int(h['decimals'])}f}"  # type: ignore[call-overload]
                        for h in printed.get(tuple(row[k] for k in same), []) if h["table"] != row["table"])
              for row in joined.to_dict("records")]
    joined["other_reports"] = others
    joined["self_conflict"] = [any(_conflicts(row, part) for part in o.split("; ") if o)
                               for row, o in zip(joined.to_dict("records"), others)]
    return joined


def _conflicts(row: dict[str, object], part: str) -> bool:
    value = float(part.split(": ")[1])
    return abs(value - float(row["value"])) > 0.5 * 10.0 ** -int(row["decimals"]) + 1e-9  # type: ignore[arg-type]


def reported_table(data: CreativityData, joined: pd.DataFrame) -> Table:
    """Every published number, disagreements first (stable within each group)."""
    frame = joined.copy()
    frame["status"] = [DISAGREE if d else AGREE for d in frame["disagrees"]]
    frame.loc[frame["reproduced"].isna(), "status"] = "? not reproduced"
    frame["shown"] = [f"{v:.{int(d)}f}" for v, d in zip(frame["value"], frame["decimals"])]
    frame["what"] = frame["quantity"].map(lambda q: QUANTITIES.get(q, q))
    frame["_css"] = ["lb-disagree" if d else "" for d in frame["disagrees"]]
    frame = frame.sort_values("disagrees", ascending=False, kind="stable").reset_index(drop=True)
    cols = [Col("status", "Status", "text"), Col("table", "Paper table", "text"), Col("pair", "Pair", "text"),
            Col("genre", "Genre", "text"), Col("modality", "Modality", "text"), Col("what", "Quantity", "text"),
            Col("shown", "Reported", "text", title="as printed in paper 003"),
            Col("reproduced", "Reproduced", digits=3, title="computed by litboard from the data"),
            Col("difference", "Difference", digits=3, title="reproduced − reported"),
            Col("other_reports", "Other tables report", "text",
                title="the same quantity as printed in another table of the paper")]
    n = int(frame["disagrees"].sum())
    how = (f"{n} of {len(frame)} published numbers disagree with the data: |reproduced − reported| is more "
           "than half a unit of the printed precision (e.g. > 0.05 for one decimal).")
    csv_cols = [Col(k, "") for k in ("table", "pair", "genre", "modality", "quantity", "value", "decimals",
                                      "reproduced", "difference", "disagrees", "other_reports", "self_conflict")]
    return (table_view("reported", "Paper 003 vs the data: every published number", frame, cols,
                       data.provenance(_reported_campaigns(data), how), "reported.csv"),
            csv_frame(frame, csv_cols, data.version))


def _reported_campaigns(data: CreativityData) -> list[str]:
    texts = [c for c in data.texts.columns if c.startswith(("pro-", "llm-", "aem-"))]
    return [*texts, ERRORS, UCPS]


def reported_summary(data: CreativityData, joined: pd.DataFrame) -> Table:
    """Per paper table: numbers compared, agreeing, disagreeing."""
    grouped = joined.groupby("table", sort=False)
    frame = pd.DataFrame({"table": list(grouped.groups), "numbers": grouped.size().values,
                          "disagree": grouped["disagrees"].sum().astype(int).values})
    frame["agree"] = frame["numbers"] - frame["disagree"]
    frame["_css"] = ["lb-disagree" if d else "" for d in frame["disagree"]]
    cols = [Col("table", "Paper table", "text"), Col("numbers", "numbers", "int"),
            Col("agree", "agree", "int"), Col("disagree", "disagree", "int")]
    return (table_view("reported-summary", "Agreement per paper table", frame, cols,
                       data.provenance(_reported_campaigns(data)), "reported-summary.csv"),
            csv_frame(frame, cols, data.version))


def self_conflicts(joined: pd.DataFrame) -> list[str]:
    """One sentence per number the paper prints differently in two of its tables."""
    out = []
    keys = ["pair", "genre", "modality", "quantity"]
    for _, group in joined[joined["self_conflict"]].groupby(keys, sort=False):
        row = group.iloc[0]
        where = ", ".join(str(x) for x in (row["pair"].upper(), row["genre"], row["modality"]) if x)
        printed = ", ".join(f"{r['table']} prints {format_number(r['value'], int(r['decimals']))}"
                            for r in group.to_dict("records"))
        data = "cannot be reproduced" if pd.isna(row["reproduced"]) else f"give {format_number(row['reproduced'], 3)}"
        out.append(f"{QUANTITIES.get(row['quantity'], row['quantity'])} of {where}: {printed}; the data {data}.")
    return out
