"""Probes behind the reasons of published-vs-reproduced disagreements (issue 59 goal 2).

Each probe recomputes a paper's cell from the release files in a way the paper may have used
(another annotation pass, another subset, a cell computed from other printed cells, another
column of the release) with pandas alone, nothing from litboard, so that the reasons in
generator/litboard/importers/reported/*.jsonl can be checked by anyone. A reason is recorded only
where a probe gives the paper's figure; the other probes are the "tried" of an unexplained note.
tests/analysis/test_reason_probes.py pins every figure below to the paper's printed cell.

    python bench/reported_reasons.py [DATA]     # DATA = ../shared/data (default)
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import pandas as pd

PAIRS = ("de-en", "en-de", "de-zh", "en-zh")
TOP = ("deepl", "google translate", "gpt4o", "qwen2-beta-7b-chat")
OTHERS_EXCLUDE = ("deepl", "google translate", "gpt4o")
HUMAN = "translator"
SENTENCES = {"de-en": 4310, "en-de": 2790, "de-zh": 3039, "en-zh": 3162}  # paper 000 Table 1
# paper 003 maps the LLM's MQM categories onto its three (Table 7); fluency is Linguistic Convention
LLM_CATEGORY = {"accuracy": "Accuracy", "fluency": "Linguistic Convention", "style": "Style"}


def half_up(x: float, decimals: int) -> float:
    return math.floor(x * 10**decimals + 0.5 + 1e-9) / 10**decimals


# --- paper 000 (LitEval) --------------------------------------------------------------------


def liteval(data: Path) -> tuple[pd.DataFrame, set[str]]:
    """metric_df.csv with row numbers and the occurrence of repeated (pair, source, system)."""
    folder = data / "liteval-public"
    frame = pd.read_csv(folder / "metric_df.csv")
    frame["row"] = frame["model_id"].str.split("//").str[1].astype(int)
    frame = frame.sort_values("row", kind="stable")
    keys = ["pair", "source_", "model_human", "tgt_"]
    frame["occurrence"] = frame.groupby(keys).cumcount()
    sample = set(pd.read_csv(folder / "bws_sampled_source.csv")["source_"])
    return frame, sample


def adequacy(frame: pd.DataFrame, column: str, scenario: str) -> dict[str, float]:
    """Table 3: % of sources whose best human translation strictly beats the best of the top
    systems ("top") or of the other systems ("other"), per pair (first occurrences)."""
    frame = frame[frame["occurrence"] == 0]
    out = {}
    for pair in sorted(set(frame["pair"])):
        wins = total = 0
        for _, group in frame[frame["pair"] == pair].groupby("source_"):
            human = group[group["model_human"] == HUMAN][column].max()
            if pd.isna(human):
                continue
            if scenario == "top":
                rival = group[group["model_human"].isin(TOP)][column]
            else:
                rival = group[~group["model_human"].isin((*OTHERS_EXCLUDE, HUMAN))][column]
            total += 1
            wins += bool(human > rival.max())
        out[pair] = 100 * wins / total
    return out


def table3_mean_with(printed_de_en: float, reproduced: dict[str, float]) -> float:
    """The Mean column from the paper's own De-En cell and the release's three other pairs."""
    return (printed_de_en + sum(reproduced[p] for p in PAIRS[1:])) / 4


def table3_tries(frame: pd.DataFrame, sample: set[str]) -> dict[str, tuple[float, float]]:
    """De-En GEMBA-MQM (Original), (top, other) in %, under the variants tried."""
    de_en = frame[(frame["pair"] == "de-en") & frame["source_"].isin(sample)]
    de_en = de_en[de_en["occurrence"] == 0]
    translator = de_en["model_id"].str.split("//").str[0]
    variants = {
        "best translator": de_en,
        "translator1 only": de_en[(de_en["model_human"] != HUMAN) | (translator == "translator1")],
        "all sources": frame[(frame["pair"] == "de-en") & (frame["occurrence"] == 0)],
    }
    out = {}
    for name, part in variants.items():
        top = adequacy(part, "gemba_all_orig", "top")["de-en"]
        other = adequacy(part, "gemba_all_orig", "other")["de-en"]
        out[name] = (half_up(top, 1), half_up(other, 1))
    return out


def table3_any_column(frame: pd.DataFrame, sample: set[str]) -> set[tuple[float, float]]:
    """De-En (top, other) in % from every numeric column of metric_df.csv, a source's human side
    its best, worst, mean, first or last translation, 'better' strict or not."""
    de_en = frame[(frame["pair"] == "de-en") & frame["source_"].isin(sample)]
    de_en = de_en[de_en["occurrence"] == 0]
    columns = [c for c in de_en.select_dtypes("number").columns if c not in ("row", "occurrence")]
    found = set()
    for column in columns:
        for how in ("max", "min", "mean", "first", "last"):
            for strict in (True, False):
                cells = (_share(de_en, column, s, how, strict) for s in ("top", "other"))
                found.add(tuple(half_up(c, 1) for c in cells))
    return found


def _share(frame: pd.DataFrame, column: str, scenario: str, how: str, strict: bool) -> float:
    wins = total = 0
    for _, group in frame.groupby("source_"):
        human = group[group["model_human"] == HUMAN][column]
        if scenario == "top":
            rival = group[group["model_human"].isin(TOP)][column].max()
        else:
            rival = group[~group["model_human"].isin((*OTHERS_EXCLUDE, HUMAN))][column].max()
        if human.empty:
            continue
        v = human.tolist()
        pick = {"max": max(v), "min": min(v), "mean": sum(v) / len(v), "first": v[0], "last": v[-1]}
        mine = pick[how]
        total += 1
        wins += bool(mine > rival if strict else mine >= rival)
    return 100 * wins / total


def ranks(means: dict[str, float]) -> dict[str, int]:
    """Rank 1 = highest mean (MQM scores are negative: closer to 0 is better)."""
    order = sorted(means, key=lambda s: -means[s])
    return {system: order.index(system) + 1 for system in means}


def table7_tries(frame: pd.DataFrame, sample: set[str]) -> dict[str, dict[str, float]]:
    """Student MQM mean per system (printed precision) under the variants tried."""
    keys = ["pair", "source_", "model_human", "tgt_"]
    last = frame.groupby(keys, as_index=False).last()
    variants = {
        "pooled, both annotations": frame,
        "pooled, first annotation": frame[frame["occurrence"] == 0],
        "pooled, second annotation replacing the first": last,
        "pooled, BWS-sampled sources": frame[frame["source_"].isin(sample)],
    }
    out = {
        name: part.groupby("model_human")["mqm_score"].mean().to_dict()
        for name, part in variants.items()
    }
    out["mean of per-pair means"] = (
        frame.groupby(["model_human", "pair"])["mqm_score"].mean().groupby("model_human").mean()
    ).to_dict()
    out["median"] = frame.groupby("model_human")["mqm_score"].median().to_dict()
    out.update(table7_more_tries(frame))
    return {name: {s: half_up(v, 1) for s, v in means.items()} for name, means in out.items()}


def table7_more_tries(frame: pd.DataFrame) -> dict[str, dict[str, float]]:
    """Unrounded means of the second round of variants (issue 59 goal 2)."""
    keys = ["pair", "source_", "model_human", "tgt_"]
    systems = frame.groupby(["pair", "source_"])["model_human"].transform("nunique")
    annotations = frame.groupby(keys)["row"].transform("size")
    variants = {
        "sources with all ten systems": frame[systems == 10],
        "non-zero rows": frame[frame["mqm_score"] != 0],
        "single-annotated segments": frame[annotations == 1],
        "double-annotated segments": frame[annotations > 1],
    }
    out = {n: p.groupby("model_human")["mqm_score"].mean().to_dict() for n, p in variants.items()}
    weight = frame["pair"].map(SENTENCES)  # a pair's rows weigh its share of the sentences
    weighted = (frame["mqm_score"] * weight).groupby(frame["model_human"]).sum()
    out["rows weighted by Table 1's sentences"] = (
        weighted / weight.groupby(frame["model_human"]).sum()
    ).to_dict()
    return out


def table7_best_handling(frame: pd.DataFrame, printed: dict[str, float]) -> int:
    """The most printed means any handling of the repeated annotations gets right: per pair
    both annotations, the first, the last, their mean, or the pair left out (625 choices),
    pooled or as the mean of the pair means."""
    from itertools import product

    keys = ["pair", "source_", "model_human", "tgt_"]
    last = frame.groupby(keys)["row"].transform("max") == frame["row"]
    choices = {}
    for pair in PAIRS:
        rows = frame[frame["pair"] == pair]
        choices[pair] = [
            rows,
            rows[rows["occurrence"] == 0],
            rows[last[rows.index]],
            rows.groupby(keys, as_index=False)["mqm_score"].mean(),
            rows.iloc[0:0],
        ]
    best = 0
    for combo in product(range(5), repeat=4):
        part = pd.concat([choices[p][c] for p, c in zip(PAIRS, combo)])
        if part.empty:
            continue
        pooled = part.groupby("model_human")["mqm_score"].mean()
        by_pair = part.groupby(["model_human", "pair"])["mqm_score"].mean().groupby(level=0).mean()
        for means in (pooled, by_pair):
            right = sum(s in means and half_up(means[s], 1) == v for s, v in printed.items())
            best = max(best, right)
    return best


def segment_scores(frame: pd.DataFrame, source: str) -> dict[str, float]:
    """The released student MQM of every translation of one source paragraph (first
    annotations), by system; human translations by model_id (translator1, ...)."""
    rows = frame[frame["source_"].str.startswith(source) & (frame["occurrence"] == 0)]
    who = rows["model_id"].str.split("//").str[0].where(rows["model_human"] == HUMAN)
    return dict(zip(who.fillna(rows["model_human"]), rows["mqm_score"]))


def table7_best_pair_subset(frame: pd.DataFrame, printed: dict[str, float]) -> int:
    """The most of the printed means any pooled mean over a subset of 1-3 pairs gets right."""
    from itertools import combinations

    best = 0
    for k in (1, 2, 3):
        for pairs in combinations(PAIRS, k):
            means = frame[frame["pair"].isin(pairs)].groupby("model_human")["mqm_score"].mean()
            best = max(best, sum(half_up(means[s], 1) == v for s, v in printed.items()))
    return best


# --- paper 003 (Creativity Bias) ------------------------------------------------------------


def overview(data: Path) -> pd.DataFrame:
    path = data / "creativity-bias" / "Overview_error_annotations.csv"
    frame = pd.read_csv(path, sep=";", encoding="utf-8-sig")
    return frame.assign(file_line=frame.index + 2)  # line 1 is the header


def error_counts(rows: pd.DataFrame, unmatched: tuple[int, ...] = ()) -> dict[str, int]:
    """Table 5's three counts for one text; the Match rows on the file lines in ``unmatched``
    are counted as one professional-only and one LLM-only error."""
    whose = rows["Whose_error"].where(~rows["file_line"].isin(unmatched), "split")
    n = whose.value_counts().to_dict()
    match, split = n.get("Match", 0), n.get("split", 0)
    return {
        "professional": n.get("Human", 0) + match + split,
        "llm": n.get("AE", 0) + match + split,
        "match": match,
    }


def genre_totals(frame: pd.DataFrame) -> dict[str, dict[str, int]]:
    """Table 9: Table 5's three counts per genre, summed over the pairs and modalities."""
    return {genre: error_counts(rows) for genre, rows in frame.groupby(frame["Genre"].str.strip())}


def text_rows(frame: pd.DataFrame, st: str, tt: str, genre: str, modality: str) -> pd.DataFrame:
    return frame[
        (frame["ST"] == st)
        & (frame["TT"] == tt)
        & (frame["Genre"].str.strip() == genre)
        & (frame["Modality"] == modality)
    ]


def llm_spans(data: Path) -> dict[str, list[tuple[str, str]]]:
    """Per text file stem (EN-NL_Poem_PE): the LLM's (span text, category) from its own output."""
    out: dict[str, list[tuple[str, str]]] = {}
    for path in sorted((data / "creativity-bias" / "llm-judge-errors").glob("*.json")):
        stem = path.name.split("_ANNOTATED")[0]  # RU-NL poems: *_ANNOTATED_longlines.json
        for line in json.loads(path.read_text(encoding="utf-8")):
            answer = line["model_output_json"]
            marked = str(answer.get("annotated_translation", ""))
            tags = dict(re.findall(r"<v(\d+)>(.*?)</v\1>", marked, re.S))
            for i, error in enumerate(answer.get("errors", [])):
                out.setdefault(stem, []).append((tags.get(str(i), "").strip(), error["category"]))
    return out


def _stem(row: pd.Series) -> str:
    lang = {"English": "EN", "Russian": "RU", "Dutch": "NL", "Catalan": "CA"}
    return f"{lang[row['ST']]}-{lang[row['TT']]}_{row['Genre'].strip()}_{row['Modality']}"


def output_category(data: Path, line: int) -> str:
    """The LLM's own category (llm-judge-errors/) of the Match row on this overview line."""
    frame = overview(data)
    row = frame[frame["file_line"] == line].iloc[0]
    found = [c for t, c in llm_spans(data).get(_stem(row), []) if t == str(row["Span_2"]).strip()]
    return found[0] if found else ""


def table7_matches(data: Path, from_output: tuple[int, ...] = (), extra: str = "") -> pd.DataFrame:
    """Table 7's matches (rows: LLM category, columns: professional category) from the
    overview's Category_main_2; the Match rows on the lines ``from_output`` take the LLM's
    category from its own output instead; a category outside the three goes to ``extra``
    (kept as it is when empty)."""
    frame = overview(data)
    matches = frame[frame["Whose_error"] == "Match"]
    llm = []
    for _, row in matches.iterrows():
        category = str(row["Category_main_2"])
        if row["file_line"] in from_output:
            category = LLM_CATEGORY[output_category(data, row["file_line"]).split("/")[0]]
        if extra and category not in LLM_CATEGORY.values():
            category = extra
        llm.append(category)
    pro = matches["Category_main"].tolist()
    return pd.crosstab(pd.Series(llm, name="llm"), pd.Series(pro, name="pro"))


def table7_llm_totals(data: Path, matrix: pd.DataFrame) -> dict[str, int]:
    """Table 7's 'Total LLM' column: LLM-only rows by their category plus the matches."""
    frame = overview(data)
    alone = frame[frame["Whose_error"] == "AE"]["Category_main"].value_counts()
    return {c: int(alone.get(c, 0) + matrix.loc[c].sum()) for c in matrix.index}


def cometkiwi_means(data: Path) -> pd.Series:
    """Table 4's COMETKiwi: the mean over the three genres per (pair, modality)."""
    path = data / "creativity-bias" / "Scores_metrics_and_human_creativity.csv"
    frame = pd.read_csv(path, sep=";", encoding="utf-8-sig", decimal=",")
    return frame.groupby(["Language_pair", "Modality"])["COMETKiwi"].mean()


def main(data: Path) -> None:
    frame, sample = liteval(data)
    bws = frame[frame["source_"].isin(sample)]
    for scenario in ("top", "other"):
        cells = adequacy(bws, "gemba_all_orig", scenario)
        print(f"Table 3 GEMBA-MQM Original {scenario}: {cells}")
    print(f"Table 3 De-En tries: {table3_tries(frame, sample)}")
    for name, means in table7_tries(frame, sample).items():
        print(f"Table 7 {name}: {means}")
    rows = overview(data)
    for modality in ("HT", "PE", "MT"):
        text = text_rows(rows, "Russian", "Dutch", "Poem", modality)
        print(f"Table 5 RU-NL poem {modality}: {error_counts(text)}")
    print(f"Table 9 per genre: {genre_totals(rows)}")
    text = text_rows(rows, "Russian", "Dutch", "Poem", "HT")
    loose = text[(text["Whose_error"] == "Match") & text["Span_2"].isna()]["file_line"]
    print(f"  HT with lines {tuple(loose)} unmatched: {error_counts(text, tuple(loose))}")
    print(f"Table 7 as released:\n{table7_matches(data)}")
    print(f"  line 179 in the LLM's output: {output_category(data, 179)}")
    matrix = table7_matches(data, (179,), "Linguistic Convention")
    print(f"Table 7, line 179 from the LLM's output, Terminology as Ling Con:\n{matrix}")
    print(f"  Total LLM: {table7_llm_totals(data, matrix)}")
    print(f"Table 4 COMETKiwi means:\n{cometkiwi_means(data).round(3)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[1] / "../shared/data")
