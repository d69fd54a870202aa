"""Paper 000's published numbers (typed from the paper, with their table), and joins with
what litboard recomputes from the LitEval release.

``reported()`` has one row per published percentage: source (table or section), scenario
("top": human > GPT-4o, DeepL, Google Translate, Qwen; "other": human > the systems
excluding GPT-4o, DeepL, Google Translate), measure (litboard campaign id), pair ("mean"
for the Mean row), value, decimals, note. ``compare`` rounds the reproduced value to the
printed precision (half up) and flags ``disagrees`` when it differs by more than 0.05
percentage points. ``TABLE_7`` and ``compare_ranking`` do the same for the system ranking.

Only numbers the public release can reproduce are typed here: Table 3's SQM, BWS and
professional columns need judgments the release does not contain, and Fig. 2a's values are
not printed in the paper's text (only Fig. 9, against SQM, is).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Mapping

import pandas as pd

PAIRS = ("de-en", "en-de", "de-zh", "en-zh", "mean")
KEYS = ["scenario", "measure", "pair"]
COLUMNS = ["source", "scenario", "measure", "pair", "value", "decimals", "note"]
TOLERANCE = 0.05

# Table 3 (Sec. 4.2): De-En, En-De, De-Zh, En-Zh, Mean.
TABLE_3 = {("top", "student-mqm"): "60.0 35.0 30.0 45.8 42.7",
           ("top", "gemba-mqm-original"): "6.7 0.0 15.0 0.0 5.4",
           ("top", "gemba-mqm-literary"): "0.0 10.0 20.0 8.3 9.6",
           ("other", "student-mqm"): "86.7 95.0 95.0 87.5 91.0",
           ("other", "gemba-mqm-original"): "26.7 70.0 45.0 41.7 45.8",
           ("other", "gemba-mqm-literary"): "33.3 60.0 50.0 50.0 48.3"}
# Table 14 (Appendix F.5), the automatic-metric columns Table 3 does not have.
TABLE_14 = {("top", "xcomet-xl"): "6.7 5.0 15.0 8.3 10.0",
            ("top", "xcomet-xxl"): "13.3 20.0 30.0 10.7 21.3",
            ("other", "prometheus"): "6.7 10.0 25.0 4.2 11.5",
            ("other", "xcomet-xl"): "20.0 70.0 30.0 70.8 47.7",
            ("other", "xcomet-xxl"): "33.3 75.0 45.0 75.0 57.1"}
TABLE_14_NOTE = ("Scenario 1 of Table 14 prints two values per row under three headers (Prometheus 2, "
                 "XCOMET XL, XXL) in the paper's text; they are read as XL and XXL. The Mean row "
                 "(10.0, 21.3) disagrees with the means of its own cells (8.8, 18.5) and with Sec. 5, "
                 "which gives XL 15.6 and XXL 21.3; 10.7 (En-Zh) is not a possible share of 24 items.")
# Sec. 5: "average performances of 15.6% and 21.3% in scenario (1)" for XCOMET-XL / -XXL.
SECTION_5 = {("top", "xcomet-xl"): "15.6", ("top", "xcomet-xxl"): "21.3"}


@dataclass(frozen=True)
class RankedSystem:
    """One row of paper 000 Table 7 (student MQM column)."""

    name: str
    system: str
    size: str
    mqm: float
    rank: int


# Table 7 (Appendix D.2), student MQM mean over all segments of the four pairs, and its rank.
TABLE_7 = (RankedSystem("Human", "human", "-", -1.3, 1),
           RankedSystem("Google Translate", "google-translate", "?", -3.1, 3),
           RankedSystem("DeepL", "deepl", "?", -3.2, 4),
           RankedSystem("GPT-4o", "gpt4o", ">200", -1.7, 2),
           RankedSystem("Qwen", "qwen2-beta-7b-chat", "7.0", -8.7, 5),
           RankedSystem("Towerinstruct", "towerinstruct-7b-v0-2", "7.0", -9.0, 6),
           RankedSystem("Llama 3", "meta-llama-3-8b-instruct", "8.0", -12.3, 9),
           RankedSystem("Gemma", "gemma-1-1-7b-it", "7.0", -12.6, 10),
           RankedSystem("M2M", "m2m", "3.3", -11.2, 7),
           RankedSystem("NLLB", "nllb", "1.3", -11.9, 8))


def reported() -> pd.DataFrame:
    """Every typed percentage with its source."""
    rows = []
    for source, table, note in (("paper 000 Table 3", TABLE_3, ""),
                                ("paper 000 Table 14", TABLE_14, TABLE_14_NOTE),
                                ("paper 000 Sec. 5", SECTION_5, "")):
        for (scenario, measure), text in table.items():
            pairs = PAIRS if len(text.split()) == len(PAIRS) else ("mean",)
            for pair, value in zip(pairs, text.split()):
                rows.append({"source": source, "scenario": scenario, "measure": measure,
                             "pair": pair, "value": float(value), "decimals": len(value.split(".")[1]),
                             "note": note if source.endswith("14") and scenario == "top" else ""})
    return pd.DataFrame(rows, columns=COLUMNS)


def reproduced_adequacy(frames: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Stack ``adequacy()`` results (measure -> table) as scenario, measure, pair, value."""
    parts = [frame.assign(measure=measure).rename(columns={"percent": "value"})[KEYS + ["value"]]
             for measure, frame in frames.items()]
    return pd.concat(parts, ignore_index=True)


def round_half_up(value: float, decimals: int) -> float:
    """Round like the paper prints (0.25 -> 0.3), robust to float noise such as 21.2499999."""
    if pd.isna(value):
        return float("nan")
    exact = Decimal(repr(round(float(value), 9)))
    return float(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


def compare(reported_rows: pd.DataFrame, reproduced: pd.DataFrame) -> pd.DataFrame:
    """Reported beside reproduced: adds reproduced, reproduced_rounded, difference, disagrees."""
    table = reported_rows.merge(reproduced, on=KEYS, how="left", suffixes=("", "_reproduced"))
    table = table.rename(columns={"value": "reported", "value_reproduced": "reproduced"})
    table["reproduced_rounded"] = [round_half_up(v, d) for v, d in
                                   zip(table["reproduced"], table["decimals"])]
    table["difference"] = (table["reproduced_rounded"] - table["reported"]).round(6)
    table["disagrees"] = table["difference"].abs() > TOLERANCE
    return table[["source", "scenario", "measure", "pair", "reported", "reproduced",
                  "reproduced_rounded", "difference", "disagrees", "note"]]


def compare_ranking(ranking: pd.DataFrame, rows: tuple[RankedSystem, ...] = TABLE_7) -> pd.DataFrame:
    """Table 7 beside a ``metaeval.system_ranking`` result for pair "all".

    Columns: name, system, reported_mean, reproduced_mean, mean_difference (after rounding
    to one decimal), reported_rank, reproduced_rank, disagrees (mean off by more than 0.05
    or a different rank); sorted by reported rank.
    """
    mine = ranking[ranking["pair"] == "all"].set_index("system")
    out = []
    for row in sorted(rows, key=lambda r: r.rank):
        mean = float(mine["mean"].get(row.system, float("nan")))
        rank = mine["rank"].get(row.system)
        diff = round(round_half_up(mean, 1) - row.mqm, 6)
        out.append({"name": row.name, "system": row.system, "reported_mean": row.mqm,
                    "reproduced_mean": mean, "mean_difference": diff, "reported_rank": row.rank,
                    "reproduced_rank": None if rank is None else int(rank),
                    "disagrees": bool(abs(diff) > TOLERANCE or rank != row.rank)})
    return pd.DataFrame(out)
