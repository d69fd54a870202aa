"""Paper 003's published numbers, and a reported-vs-reproduced join.

``reported()`` returns one row per published number: table, pair, genre, modality,
quantity, value, decimals (the precision printed). ``reproduced(...)`` computes the same
keys from the tidy tables; ``compare`` joins them and sets ``disagrees`` when the
difference exceeds half a unit of the printed precision.
"""

from __future__ import annotations

import pandas as pd

from . import creativity as cr

_PAIRS = {"EN-NL": "en-nl", "EN-CA": "en-ca", "RU-NL": "ru-nl"}
_GENRES = {"Poem": "poem", "Short Story": "short story", "Thriller": "thriller"}
KEYS = ["table", "pair", "genre", "modality", "quantity"]

# Table 11 (Appendix D): Mod, Lang, Genre, # CS, # Errors, # EP, # Kudos, CI
TABLE_11 = """HT EN-NL Poem 12 3 3 3 50.0|PE EN-NL Poem 8 8 8 4 31.0|MT EN-NL Poem 5 16 48 1 -6.3
HT EN-NL Short_Story 19 4 8 3 80.0|PE EN-NL Short_Story 10 5 5 2 42.4|MT EN-NL Short_Story 2 17 109 1 -48.2
HT EN-NL Thriller 12 7 6 1 56.8|PE EN-NL Thriller 5 11 18 0 13.3|MT EN-NL Thriller 5 9 29 1 6.8
HT EN-CA Poem 12 9 9 2 46.0|PE EN-CA Poem 10 7 11 0 35.3|MT EN-CA Poem 6 16 36 0 4.2
HT EN-CA Short_Story 7 3 3 3 30.4|PE EN-CA Short_Story 3 7 19 2 4.1|MT EN-CA Short_Story 1 25 115 0 -56.2
HT EN-CA Thriller 3 4 4 2 13.7|PE EN-CA Thriller 2 7 7 1 6.1|MT EN-CA Thriller 0 18 66 0 -42.9
HT RU-NL Poem 18 7 29 2 44.7|PE RU-NL Poem 16 5 23 0 40.8|MT RU-NL Poem 7 14 176 0 -149.8
HT RU-NL Short_Story 10 4 4 3 82.7|PE RU-NL Short_Story 7 14 18 2 48.4|MT RU-NL Short_Story 3 14 18 2 15.1
HT RU-NL Thriller 10 9 9 0 52.9|PE RU-NL Thriller 7 14 18 2 48.4|MT RU-NL Thriller 4 29 63 1 -17.5"""
# Table 14 (Appendix G.3): CI professionals, CI LLM; order Poem/Short Story/Thriller x HT/PE/MT
TABLE_14 = {"EN-NL": "50.0 24.7 31.0 22.2 -6.3 17.6 80.0 16.8 42.4 19.4 -48.2 -6.2 56.8 27.0 13.3 24.0 6.8 13.6",
            "EN-CA": "46.0 26.8 35.3 25.0 4.2 12.4 30.4 3.8 4.1 7.8 -56.2 -2.0 13.7 18.3 6.1 2.0 -42.9 27.2",
            "RU-NL": "44.7 -11.4 40.8 -52.9 -149.8 -26.8 82.7 3.0 48.4 15.1 15.1 11.3 52.9 12.3 7.6 24.6 -17.5 31.8"}
# Table 5: Human / LLM / Match per pair; order Poem/Short Story/Thriller x HT/PE/MT
TABLE_5 = {"EN-NL": ("3 8 16 4 5 17 6 11 9", "8 12 12 14 8 12 8 9 9", "0 3 6 2 0 2 1 4 1"),
           "EN-CA": ("9 7 16 3 7 25 4 7 18", "13 16 9 14 6 8 9 10 5", "4 4 7 1 1 4 0 1 4"),
           "RU-NL": ("7 6 14 4 14 14 9 15 28", "19 23 24 10 13 10 9 13 20", "4 5 8 2 6 4 0 5 12")}
TABLE_9 = {"professional": (84, 93, 107), "llm": (137, 95, 93), "match": (42, 22, 28)}
# Tables 8 and 13: rows LLM CS/R/O, columns professional CS/R/O
TABLE_8 = {"all": "90 73 2 110 265 2 4 14 4", "HT": "41 12 2 59 68 0 3 2 1",
           "PE": "32 24 0 34 87 1 0 8 2", "MT": "17 37 0 17 110 1 1 4 1"}
FIG_3 = {"all": 0.161, "MT": 0.43}
# Table 4: CI, BERTscore, BLEU, BLEURT, chrF2, COMET, COMETKiwi, LiTransProQA, MetricX24, TER
TABLE_4_COLUMNS = ["pro-ci", "aem-bertscore", "aem-bleu", "aem-bleurt", "aem-chrf2", "aem-comet",
                   "aem-cometkiwi", "aem-litransproqa", "aem-metricx24", "aem-ter"]
TABLE_4 = {("EN-NL", "HT"): "62.2 - - - - - 76.7 22.3 - -",
           ("EN-NL", "PE"): "28.9 87.2 37.8 70.5 57.7 82.4 80.0 19.2 2.66 50.4",
           ("EN-NL", "MT"): "-15.9 84.2 31.4 68.0 54.2 80.0 77.5 21.4 2.91 52.5",
           ("EN-CA", "HT"): "30.0 - - - - - 63.6 14.6 - -",
           ("EN-CA", "PE"): "15.2 79.3 16.0 48.0 36.9 67.6 65.5 22.1 5.48 81.3",
           ("EN-CA", "MT"): "-31.6 79.9 14.6 48.3 35 68.8 71.4 21.2 5.06 83.6",
           ("RU-NL", "HT"): "60.1 - - - - - 65.1 20.0 - -",
           ("RU-NL", "PE"): "32.2 68.3 20.3 49.5 42.4 72.7 63.1 20.0 4.99 71.8",
           ("RU-NL", "MT"): "-50.8 68.1 14.5 50.3 40.0 73.3 63.8 20.6 4.18 76.2"}
_TEXTS = [(g, m) for g in ("poem", "short story", "thriller") for m in ("HT", "PE", "MT")]


def _row(table: str, pair: str, genre: str, modality: str, quantity: str, text: str) -> dict[str, object]:
    decimals = len(text.split(".")[1]) if "." in text else 0
    return {"table": table, "pair": pair, "genre": genre, "modality": modality, "quantity": quantity,
            "value": float(text), "decimals": decimals}


def reported() -> pd.DataFrame:
    """Every transcribed published number (columns KEYS + value, decimals)."""
    rows = []
    for line in TABLE_11.replace("\n", "|").split("|"):
        mod, pair, genre, *values = line.split()
        genre = _GENRES[genre.replace("_", " ")]
        for quantity, value in zip(["pro-cs", "errors", "pro-error-points", "pro-kudos", "pro-ci"], values):
            rows.append(_row("Table 11", _PAIRS[pair], genre, mod, quantity, value))
    for pair, numbers in TABLE_14.items():
        values = numbers.split()
        for i, (genre, mod) in enumerate(_TEXTS):
            rows.append(_row("Table 14", _PAIRS[pair], genre, mod, "pro-ci", values[2 * i]))
            rows.append(_row("Table 14", _PAIRS[pair], genre, mod, "llm-ci", values[2 * i + 1]))
    for pair, triple in TABLE_5.items():
        for quantity, numbers in zip(["professional", "llm", "match"], triple):
            for (genre, mod), value in zip(_TEXTS, numbers.split()):
                rows.append(_row("Table 5", _PAIRS[pair], genre, mod, quantity, value))
    for quantity, values in TABLE_9.items():
        for genre, value in zip(("poem", "short story", "thriller"), values):
            rows.append(_row("Table 9", "", genre, "", quantity, str(value)))
    for scope, numbers in TABLE_8.items():
        table = "Table 8" if scope == "all" else "Table 13"
        cells = [f"llm {a} / pro {b}" for a in cr.CLASSES for b in cr.CLASSES]
        for cell, value in zip(cells, numbers.split()):
            rows.append(_row(table, "", "", "" if scope == "all" else scope, cell, value))
    for scope, value in FIG_3.items():
        rows.append(_row("Fig. 3", "", "", "" if scope == "all" else scope, "spearman ci", str(value)))
    for (pair, mod), numbers in TABLE_4.items():
        for quantity, value in zip(TABLE_4_COLUMNS, numbers.split()):
            if value != "-":
                rows.append(_row("Table 4", _PAIRS[pair], "", mod, quantity, value))
    return pd.DataFrame(rows)


def reproduced(texts: pd.DataFrame, ucps: pd.DataFrame, mqm_errors: pd.DataFrame,
               paragraphs: pd.DataFrame, systems: pd.DataFrame, works: pd.DataFrame) -> pd.DataFrame:
    """The same keys computed from the data (columns KEYS + reproduced)."""
    rows: list[dict[str, object]] = []

    def add(table: str, pair: str, genre: str, mod: str, quantity: str, value: float) -> None:
        rows.append({"table": table, "pair": pair, "genre": genre, "modality": mod,
                     "quantity": quantity, "reproduced": float(value)})

    counts = cr.error_counts(mqm_errors, paragraphs).merge(works[["work", "genre"]], on="work")
    counts = counts.merge(systems[["system", "modality"]], on="system")
    for _, r in texts.iterrows():
        for quantity in ("pro-cs", "pro-error-points", "pro-kudos", "pro-ci", "llm-ci"):
            for table in ("Table 11", "Table 14"):
                add(table, r["pair"], r["genre"], r["modality"], quantity, r[quantity])
    for _, r in counts.iterrows():
        for quantity in ("professional", "llm", "match"):
            add("Table 5", r["pair"], r["genre"], r["modality"], quantity, r[quantity])
        add("Table 11", r["pair"], r["genre"], r["modality"], "errors", r["professional"])
    for genre, g in counts.groupby("genre"):
        for quantity in ("professional", "llm", "match"):
            add("Table 9", "", str(genre), "", quantity, g[quantity].sum())
    for scope in ("all", "HT", "PE", "MT"):
        table = cr.ucp_confusion(ucps, systems, None if scope == "all" else scope)
        for a in cr.CLASSES:
            for b in cr.CLASSES:
                add("Table 8" if scope == "all" else "Table 13", "", "", "" if scope == "all" else scope,
                    f"llm {a} / pro {b}", table.loc[a, b])
    for scope in ("all", "MT"):
        rho = cr.ci_correlation(texts, None if scope == "all" else scope)[0]
        add("Fig. 3", "", "", "" if scope == "all" else scope, "spearman ci", rho)
    for _, r in cr.metrics_by_modality(texts).iterrows():
        for quantity in TABLE_4_COLUMNS:
            if pd.notna(r.get(quantity)):
                add("Table 4", r["pair"], "", r["modality"], quantity, r[quantity])
    return pd.DataFrame(rows)


def compare(reported_: pd.DataFrame, reproduced_: pd.DataFrame) -> pd.DataFrame:
    """Outer join on KEYS with ``difference`` and ``disagrees`` (|diff| > half a printed unit)."""
    joined = reported_.merge(reproduced_, on=KEYS, how="left")
    joined["difference"] = joined["reproduced"] - joined["value"]
    tolerance = 0.5 * 10.0 ** (-joined["decimals"]) + 1e-9
    joined["disagrees"] = ~(joined["difference"].abs() <= tolerance)
    return joined
