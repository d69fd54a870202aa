"""Page 'Errors and preferences' for any corpus with pairwise judgments and MQM error spans.

The two headline tables of such a study: error spans by main category per system (and per
annotator group), and the preference rate of each comparison summed over language pairs with
a bootstrap CI, followed by the per-pair breakdown. Every table is also written as CSV.
Applies whenever the corpus has both pairwise records and MQM error spans.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ...analysis import pairwise_spans as ps
from ...analysis.direct_comparisons import direct_opponents
from ...analysis.error_counts import by_label, unweighted_campaigns
from ...analysis.bt_graph import comparison_graph
from ...analysis.pairwise import bradley_terry
from ...analysis.campaign_status import without_pending
from ...model import Corpus
from ..core.extra_pages import Files, PageSet
from ..core.jinja import render
from ..core.pages import csv_text, page
from ...analysis.tables import Analysis

FOLDER = "pairwise-errors"
TEMPLATE = "pairwise_spans/page.html.j2"


@dataclass(frozen=True)
class CountTable:
    caption: str
    keys: list[str]  # leading columns (expertise, system)
    categories: list[str]
    rows: list[dict[str, Any]]
    csv: str


@dataclass(frozen=True)
class RateTable:
    caption: str
    rows: list[dict[str, Any]]
    csv: str
    note: str = ""  # e.g. which pairs were never compared (analysis.bt_graph)


def build(corpus: Corpus, analysis: Analysis, templates: Path) -> PageSet:
    t = corpus.tables
    # partial plans rank nothing
    pairwise, errors = without_pending(corpus, t["pairwise"]), t["mqm_errors"]
    if pairwise.empty or errors.empty:
        return PageSet()
    names = {k: str(v.get("name", k)) for k, v in corpus.systems.items()}
    files: Files = {}
    items = t["mqm"]
    counts = [
        _counts(
            ps.error_counts(errors, items=items),
            "Error spans by category per system",
            "errors-by-system.csv",
            names,
            files,
        ),
        _counts(
            ps.error_counts(errors, t["annotators"], by_group=True, items=items),
            "Error spans by category per annotator group and system",
            "errors-by-group.csv",
            names,
            files,
        ),
    ]
    focal = ps.focal_of(t["campaigns"])
    pooled = ps.preference_rates(pairwise, focal=focal)
    rates = [
        _rates(
            pooled,
            "Preference rate per comparison, all language pairs summed",
            "preferences.csv",
            names,
            files,
        ),
        _rates(
            ps.preference_rates(pairwise, per_pair=True, focal=focal),
            "Preference rate per comparison and language pair",
            "preferences-by-pair.csv",
            names,
            files,
        ),
    ]
    statements = [ps.statement(r, names) for r in pooled.to_dict("records")]
    ranking = _ranking(pairwise, names, files)
    unweighted = unweighted_campaigns(errors, corpus.campaigns)
    per_words = _per_words(errors, items, corpus, unweighted, names, files)
    unspecified = int((errors["severity"].astype(str) == "unspecified").sum())
    body = render(
        TEMPLATE,
        templates,
        counts=counts,
        rates=rates,
        base="../",
        unspecified=unspecified,
        n_errors=len(errors),
        signature=ps.signature(),
        version=corpus.data_version(),
        statements=statements,
        ranking=ranking,
        per_words=per_words,
        no_severities=bool(unweighted) and len(unweighted) == errors["campaign"].nunique(),
    )
    files[f"{FOLDER}/index.md"] = page("Errors and preferences", body, corpus.is_demo, templates)
    return PageSet(files, [{"Errors and preferences": f"{FOLDER}/index.md"}])


def _ranking(pairwise: pd.DataFrame, names: dict[str, str], files: Files) -> RateTable:
    """Bradley-Terry strengths over all language pairs with bootstrap CIs (resampling paragraphs
    of a pair together)."""
    items = pairwise.assign(
        item=pairwise["pair"].astype(str) + "/" + pairwise["paragraph"].astype(str)
    )
    table = bradley_terry(items, item="item").reset_index()
    met = direct_opponents(pairwise)  # the ranking says which pairs rest on a direct comparison
    table["compared_directly_with"] = [" ".join(met.get(str(s), [])) for s in table["system"]]
    files[f"{FOLDER}/bradley-terry.csv"] = csv_text(table)
    rows = [
        {
            **r,
            "name": names.get(str(r["system"]), str(r["system"])),
            "met": [names.get(o, o) for o in met.get(str(r["system"]), [])],
        }
        for r in table.to_dict("records")
    ]
    return RateTable(
        "Bradley–Terry ranking over all language pairs",
        rows,
        "bradley-terry.csv",
        comparison_graph(items, names),
    )


def _per_words(
    errors: pd.DataFrame,
    items: pd.DataFrame,
    corpus: Corpus,
    campaigns: list[str],
    names: dict[str, str],
    files: Files,
) -> RateTable | None:
    """Error spans per label and per 100 source words by system (campaigns without severities)."""
    if not campaigns:
        return None
    mine = errors[errors["campaign"].isin(campaigns)]
    table = by_label(mine, items[items["campaign"].isin(campaigns)], corpus.tables["paragraphs"])
    files[f"{FOLDER}/errors-per-100-words.csv"] = csv_text(table)
    labels = sorted(str(c) for c in mine["category"].unique())
    rows = [
        {**r, "name": names.get(str(r["system"]), str(r["system"])), "labels": labels}
        for r in table.to_dict("records")
    ]
    return RateTable(
        "Error spans per label and per 100 source words, by translation type",
        rows,
        "errors-per-100-words.csv",
    )


def _counts(
    frame: pd.DataFrame, caption: str, csv: str, names: dict[str, str], files: Files
) -> CountTable:
    files[f"{FOLDER}/{csv}"] = csv_text(frame)
    keys = [k for k in ("expertise", "system") if k in frame.columns]
    categories = [c for c in frame.columns if c not in keys and c != "total"]
    rows = [
        {**r, "name": names.get(str(r["system"]), str(r["system"]))}
        for r in frame.to_dict("records")
    ]
    return CountTable(caption, keys, categories, rows, csv)


def _rates(
    frame: pd.DataFrame, caption: str, csv: str, names: dict[str, str], files: Files
) -> RateTable:
    files[f"{FOLDER}/{csv}"] = csv_text(frame)
    rows = [
        {
            **r,
            "first_name": names.get(r["first"], r["first"]),
            "second_name": names.get(r["second"], r["second"]),
        }
        for r in frame.to_dict("records")
    ]
    return RateTable(caption, rows, csv)
