"""View models of the Creativity pages (paper 003): every table as a TableView + its CSV.

``creativity_data`` computes the per-text frame once (analysis.creativity); each
function below turns it into one table. Ordering, labels, flags and provenance are
decided here; templates under ``templates/creativity/`` only loop and branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pandas as pd

from ...analysis import creativity as cr
from ...analysis.rounding import format_number
from ...model import Corpus
from .tables import Col, TableView, column_title, csv_frame, provenance, table_view

MODALITIES = ("HT", "PE", "MT")
GENRES = ("poem", "short story", "thriller")
PAIR_ORDER = ("en-nl", "en-ca", "ru-nl")  # the paper's order; other pairs follow alphabetically
CI_TOLERANCE = 0.01  # |CI in the data - CI from its components| above this is flagged
ERRORS = "pro-errors"  # error overview campaign (pro + llm, matches share a link)
UCPS = "creativity"  # UCP classes by pro and llm

Table = tuple[TableView, pd.DataFrame]  # the view and its CSV frame


@dataclass
class CreativityData:
    """The per-text frame (one row per text = system x pair x work) and what labels need."""

    corpus: Corpus
    texts: pd.DataFrame
    version: str
    # the stored BLEU/chrF/TER checked against the release's texts (``Results.stored``)
    stored: pd.DataFrame = field(default_factory=pd.DataFrame)

    def title(self, campaign: str, extra: str = "") -> str:
        return column_title(self.corpus, campaign, extra)

    def provenance(self, campaigns: Sequence[str], how: str = "") -> str:
        return provenance(self.corpus, campaigns, how)


def applies(corpus: Corpus) -> bool:
    """True when the corpus has per-text professional CI scores (metric campaign pro-ci with
    work)."""
    scores = corpus.tables["metric_scores"]
    return bool(((scores["campaign"] == cr.PRO["ci"]) & (scores["work"].fillna("") != "")).any())


def pair_rank(pair: str) -> tuple[int, str]:
    return (PAIR_ORDER.index(pair), pair) if pair in PAIR_ORDER else (len(PAIR_ORDER), pair)


def _order(frame: pd.DataFrame, keys: Sequence[str]) -> pd.DataFrame:
    def key(column: pd.Series) -> pd.Series:
        if column.name == "pair":
            return column.map(pair_rank)
        if column.name == "modality":
            return column.map(lambda m: MODALITIES.index(m) if m in MODALITIES else len(MODALITIES))
        if column.name == "genre":
            return column.map(lambda g: GENRES.index(g) if g in GENRES else len(GENRES))
        return column

    return frame.sort_values(list(keys), key=key, kind="stable").reset_index(drop=True)


def text_page(work: str, pair: str) -> str:
    """Reader page of one text (work x pair), relative to creativity/."""
    return f"texts/{work}-{pair}.html"


def creativity_data(corpus: Corpus, stored: pd.DataFrame | None = None) -> CreativityData:
    """``stored``: the results table's check of the stored scores (``Results.stored``)."""
    t = corpus.tables
    texts = cr.text_scores(t["metric_scores"], t["systems"], t["works"])
    if (t["mqm_errors"]["campaign"] == ERRORS).any():
        counts = cr.error_counts(t["mqm_errors"], t["paragraphs"])
        texts = texts.merge(counts, on=["pair", "work", "system"], how="left")
        texts[["professional", "llm", "match"]] = texts[["professional", "llm", "match"]].fillna(0)
    titles = {w: str(d.get("title", w)) for w, d in corpus.works.items()}
    texts["title"] = texts["work"].map(lambda w: titles.get(w, w))
    texts["text_page"] = [text_page(w, p) for w, p in zip(texts["work"], texts["pair"])]
    if "ci_from_components" in texts:
        texts["ci_difference"] = texts["pro-ci"] - texts["ci_from_components"]
    return CreativityData(
        corpus,
        _order(texts, ["pair", "genre", "modality"]),
        corpus.data_version(),
        pd.DataFrame() if stored is None else stored,
    )


def stored_flags(data: CreativityData, campaigns: Sequence[str]) -> list[str]:
    """A note for each stored score of ``campaigns`` that the release's texts do not reproduce."""
    if data.stored.empty:
        return []
    off = data.stored[~data.stored["reproduced"] & data.stored["campaign"].isin(campaigns)]
    titles = dict(zip(data.texts["work"], data.texts["title"]))
    modality = data.corpus.tables["systems"].set_index("system")["modality"].astype(str)
    return [
        f"{r['metric']} of {titles.get(r['work'], r['work'])} ({r['pair']}, "
        f"{modality.get(r['system'], r['system'])}): {r['note']}."
        for r in off.to_dict("records")
    ]


def _present(data: CreativityData, columns: Sequence[Col]) -> list[Col]:
    return [
        c
        for c in columns
        if c.key in data.texts.columns or c.key in ("pair", "modality", "genre", "n_texts")
    ]


def _score_cols(data: CreativityData, llm: bool = True) -> list[Col]:
    cols = [
        Col("pro-ci", "CI", title=data.title("pro-ci", "mean over texts")),
        Col("pro-cs", "CS", title=data.title("pro-cs", "mean creative shifts per text")),
        Col(
            "professional", "errors", title=data.title(ERRORS, "mean professional errors per text")
        ),
        Col(
            "pro-error-points",
            "error points",
            title=data.title("pro-error-points", "mean per text"),
        ),
        Col("pro-kudos", "kudos", title=data.title("pro-kudos", "mean per text")),
    ]
    if llm:
        cols.append(Col("llm-ci", "CI (LLM)", title=data.title("llm-ci", "mean over texts")))
    return _present(data, cols) + [Col("n_texts", "n texts", "int", title="texts averaged")]


def _campaigns(cols: Sequence[Col]) -> list[str]:
    by_key = {"professional": ERRORS, "llm": ERRORS, "match": ERRORS}
    return [by_key.get(c.key, c.key) for c in cols if c.key in by_key or "-" in c.key]


def _breakdown(
    data: CreativityData, by: list[str], id: str, caption: str, llm: bool = True
) -> Table:
    scores = _score_cols(data, llm)
    frame = _order(cr.breakdown(data.texts, by, [c.key for c in scores if c.key != "n_texts"]), by)
    labels = {"pair": "Pair", "modality": "Modality", "genre": "Genre"}
    cols = [Col(k, labels[k], "text") for k in by] + scores
    how = "Means over texts (one text = one modality of one work in one pair)."
    return (
        table_view(id, caption, frame, cols, data.provenance(_campaigns(cols), how), f"{id}.csv"),
        csv_frame(frame, cols, data.version),
    )


def leaderboard(data: CreativityData) -> Table:
    """Modality x pair: professional CI, CS, errors, error points, kudos (means over genres), LLM
    CI."""
    return _breakdown(
        data,
        ["pair", "modality"],
        "leaderboard",
        "Creativity by language pair and modality (means over the three genres)",
    )


def by_modality(data: CreativityData) -> Table:
    return _breakdown(data, ["modality"], "by-modality", "By modality (all pairs and genres)")


def by_pair(data: CreativityData) -> Table:
    return _breakdown(data, ["pair"], "by-pair", "By language pair (all modalities and genres)")


def by_genre(data: CreativityData) -> Table:
    return _breakdown(data, ["genre"], "by-genre", "By genre (all pairs and modalities)")


def per_text(data: CreativityData) -> Table:
    """Every text: components, CI from the data, CI recomputed, the difference (flagged), LLM CI."""
    frame = data.texts.copy()
    off = frame["ci_difference"].abs() > CI_TOLERANCE
    frame["check"] = ["✗ differs" if o else "✓" for o in off]
    frame["_css"] = ["lb-disagree" if o else "" for o in off]
    frame["_link"] = frame["text_page"]
    cols = [
        Col("title", "Text", "text"),
        Col("pair", "Pair", "text"),
        Col("genre", "Genre", "text"),
        Col("modality", "Modality", "text"),
        Col("pro-cs", "CS", "int", title=data.title("pro-cs")),
        Col("ucp-count", "UCP", "int", title=data.title("ucp-count")),
        Col("pro-error-points", "EP", "int", title=data.title("pro-error-points")),
        Col("pro-kudos", "kudos", "int", title=data.title("pro-kudos")),
        Col("source-words", "words", "int", title=data.title("source-words")),
        Col("pro-ci", "CI (data)", title=data.title("pro-ci")),
        Col("ci_from_components", "CI recomputed", title="100 × (CS/UCP − (EP − kudos)/words)"),
        Col("ci_difference", "difference", title="CI (data) − CI recomputed"),
        Col("check", "check", "text", title=f"✗ when |difference| > {CI_TOLERANCE}"),
        Col("llm-ci", "CI (LLM)", title=data.title("llm-ci")),
    ]
    cols = [c for c in cols if c.key in frame.columns]
    n_off = int(off.sum())
    how = (
        f"CI recomputed = 100 × (CS/UCP − (error points − kudos)/words) (paper 003, Sec. 3.3); "
        f"{n_off} of {len(frame)} texts differ by more than {CI_TOLERANCE}."
    )
    notes = [
        f"{r['title']} ({r['pair']}, {r['modality']}): CI {format_number(r['pro-ci'], 2)} in the "
        f"data, "
        f"{format_number(r['ci_from_components'], 2)} from its components"
        for r in frame[off].to_dict("records")
    ]
    view = table_view(
        "texts",
        "Every text: creativity index from the data and recomputed",
        frame,
        cols,
        data.provenance(_campaigns(cols), how),
        "texts.csv",
        notes=notes,
    )
    return view, csv_frame(
        frame.rename(columns={"title": "work_title"}),
        [Col("work", "")] + [Col("work_title" if c.key == "title" else c.key, "") for c in cols],
        data.version,
    )


def metrics(data: CreativityData) -> Table:
    """Table 4: professional CI and automatic metrics per pair and modality."""
    frame = _order(cr.metrics_by_modality(data.texts), ["pair", "modality"])
    known = data.corpus.tables["campaigns"].set_index("campaign")
    cols = [
        Col("pair", "Pair", "text"),
        Col("modality", "Modality", "text"),
        Col("pro-ci", "CI", title=data.title("pro-ci")),
    ]
    for key in cr.AEMS:
        if key in frame.columns:
            arrow = "↑" if bool(known.loc[key, "higher_is_better"]) else "↓"
            cols.append(
                Col(key, f"{known.loc[key, 'metric'] or key} {arrow}", title=data.title(key))
            )
    cols.append(Col("n_texts", "n texts", "int"))
    how = (
        "Means over the three genres (paper 003, Table 4). Reference-based metrics use the HT as "
        "reference, so HT has none (—)."
    )
    flags = stored_flags(data, _campaigns(cols))
    if flags:
        how += (
            f" {len(flags)} of {len(data.stored)} stored BLEU, chrF and TER scores are not what "
            "sacreBLEU gives on the release's own texts (listed below); the means include them."
        )
    return (
        table_view(
            "metrics",
            "Automatic metrics by pair and modality (Table 4)",
            frame,
            cols,
            data.provenance(_campaigns(cols), how),
            "metrics.csv",
            notes=flags,
        ),
        csv_frame(frame, cols, data.version),
    )


def confusion(data: CreativityData, modality: str | None = None) -> Table:
    """Tables 8 / 13: LLM class (rows) x professional class (columns), CS/R/O with totals."""
    t = data.corpus.tables
    table = cr.ucp_confusion(t["ucps"], t["systems"], modality, campaign=UCPS)
    frame = table.reset_index().rename(columns={"llm": "LLM \\ professional"})
    frame.columns = [str(c) for c in frame.columns]
    frame["_css"] = ""
    scope = modality or "all"
    cols = [Col("LLM \\ professional", "LLM ↓ · professionals →", "text")] + [
        Col(c, c, "int") for c in (*cr.CLASSES, "Total")
    ]
    agree = sum(int(table.loc[c, c]) for c in cr.CLASSES)
    total = int(table.loc["Total", "Total"])
    how = (
        (
            f"Classes simplified (CSA/CSM/CSC → CS). Same class: {agree} of {total} units "
            f"({format_number(100 * agree / total, 1)}%)."
        )
        if total
        else ""
    )
    name = "Table 8, all modalities" if modality is None else f"Table 13, {modality}"
    return (
        table_view(
            f"confusion-{scope.lower()}",
            f"UCP classes, professionals vs LLM ({name})",
            frame,
            cols,
            data.provenance([UCPS], how),
            f"confusion-{scope.lower()}.csv",
            sortable=False,
        ),
        csv_frame(frame, cols, data.version),
    )


def errors_by_genre(data: CreativityData) -> Table:
    """Table 9: errors found by the professionals, by the LLM and by both, per genre."""
    frame = _order(
        data.texts.groupby("genre")[["professional", "llm", "match"]].sum().reset_index(), ["genre"]
    )
    cols = [Col("genre", "Genre", "text"), *_error_cols(data)]
    return (
        table_view(
            "errors-by-genre",
            "Errors per genre: professionals, LLM, both (Table 9)",
            frame,
            cols,
            data.provenance([ERRORS], "Sums over pairs and modalities."),
            "errors-by-genre.csv",
        ),
        csv_frame(frame, cols, data.version),
    )


def errors_per_text(data: CreativityData) -> Table:
    """Table 5: the same counts per text."""
    frame = data.texts.assign(_link=data.texts["text_page"])
    cols = [
        Col("title", "Text", "text"),
        Col("pair", "Pair", "text"),
        Col("genre", "Genre", "text"),
        Col("modality", "Modality", "text"),
        *_error_cols(data),
    ]
    view = table_view(
        "errors-per-text",
        "Errors per text: professionals, LLM, both (Table 5)",
        frame,
        cols,
        data.provenance([ERRORS]),
        "errors-per-text.csv",
    )
    return view, csv_frame(frame, [Col("work", "")] + cols[1:], data.version)


def _error_cols(data: CreativityData) -> list[Col]:
    return [
        Col(
            "professional",
            "professionals",
            "int",
            title=data.title(ERRORS, "errors by annotator pro"),
        ),
        Col("llm", "LLM", "int", title=data.title(ERRORS, "errors by annotator llm")),
        Col(
            "match",
            "both",
            "int",
            title=data.title(ERRORS, "pro errors sharing a link with an llm error"),
        ),
    ]
