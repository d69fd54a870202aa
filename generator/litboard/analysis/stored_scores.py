"""A release's stored automatic scores checked against its own texts.

A release may store BLEU, chrF or TER per translated text, computed elsewhere (Creativity Bias:
with MATEO). Where the release also holds the texts — the system's translation and one human
(HT) translation of the same text and pair, the reference — sacreBLEU's corpus score over the
text's paragraphs (in paragraph order, sacreBLEU's default settings) is recomputed here. A stored
score further than TOLERANCE from it is not reproduced by the release's texts; when scoring the
lines shifted by one (each hypothesis paragraph against the reference's next or previous one)
gives the stored score, that is named as the likely cause. Pure: corpus tables in, a table out.
"""

from __future__ import annotations

from typing import Any, Callable

import pandas as pd

from ..model import Corpus

# sacreBLEU metric by the lower-cased name a campaign's metric block gives
METRICS = {"bleu": "BLEU", "chrf": "CHRF", "chrf2": "CHRF", "ter": "TER"}
SHOWN = {"BLEU": "BLEU", "CHRF": "chrF", "TER": "TER"}  # sacreBLEU's own spelling
TOLERANCE = 0.1  # score points: the scores are stored to one decimal (half a unit, and more)
SHIFTED = "lines shifted by one"
COLUMNS = [
    "campaign",
    "metric",
    "system",
    "pair",
    "work",
    "stored",
    "recomputed",
    "reproduced",
    "cause",
    "shifted",
]

Score = Callable[[list[str], list[str]], float]


def _scorer(name: str) -> Score:
    import sacrebleu  # lazily: a build without stored sacreBLEU scores never needs it

    metric = getattr(sacrebleu.metrics, METRICS[name])()

    def score(hyps: list[str], refs: list[str]) -> float:
        return float(metric.corpus_score(hyps, [refs]).score)

    return score


def _texts(corpus: Corpus) -> pd.DataFrame:
    """Every translation with its work and paragraph order."""
    paragraphs = corpus.tables["paragraphs"][["paragraph", "work", "index"]]
    translations = corpus.tables["translations"][["system", "pair", "paragraph", "text"]]
    return translations.merge(paragraphs, on="paragraph").sort_values(["index", "paragraph"])


def _human(corpus: Corpus) -> set[str]:
    systems = corpus.tables["systems"]
    return set(systems.loc[systems["modality"].astype(str) == "HT", "system"].astype(str))


def _stored(corpus: Corpus) -> list[tuple[str, str, dict[str, Any]]]:
    """(campaign, metric key, record) of every stored text-level sacreBLEU-family score."""
    scores = corpus.tables["metric_scores"]
    out = []
    for cid, campaign in sorted(corpus.campaigns.items()):
        name = str((campaign.get("metric") or {}).get("name", "")).lower()
        if name not in METRICS:
            continue
        mine = scores[(scores["campaign"] == cid) & (scores["level"] == "system")]
        out += [(cid, name, r) for r in mine.to_dict("records") if r.get("work")]
    return out


def check_stored_scores(corpus: Corpus) -> pd.DataFrame:
    """One row per stored score whose texts exist (see the module docstring)."""
    if "metric_scores" not in corpus.tables or "translations" not in corpus.tables:
        return pd.DataFrame(columns=COLUMNS)
    texts, human = _texts(corpus), _human(corpus)
    scorers: dict[str, Score] = {}
    rows = []
    for cid, name, r in _stored(corpus):
        of_text = texts[(texts["pair"] == r["pair"]) & (texts["work"] == r["work"])]
        refs = of_text[of_text["system"].isin(human)]
        hyps = of_text[of_text["system"] == r["system"]]
        if refs["system"].nunique() != 1 or hyps.empty or r["system"] in human:
            continue  # no single reference, or no text: nothing to check against
        ref = refs.set_index("paragraph")["text"]
        hyp = hyps.set_index("paragraph")["text"]
        common = [p for p in ref.index if p in hyp.index]
        if not common:
            continue
        score = scorers.setdefault(name, _scorer(name))
        rows.append(_row(cid, name, r, score, hyp[common].tolist(), ref[common].tolist()))
    return pd.DataFrame(rows, columns=COLUMNS)


def stored_score_checks(corpus: Corpus) -> pd.DataFrame:
    """``check_stored_scores`` with the note each row's page shows (``flag_text``) in
    ``note``: what the results table keeps, so pages only read it."""
    table = check_stored_scores(corpus)
    table["note"] = [flag_text(r) for r in table.to_dict("records")]
    return table


def _row(
    cid: str, name: str, r: dict[str, Any], score: Score, hyp: list[str], ref: list[str]
) -> dict[str, Any]:
    stored = float(r["score"])
    recomputed = score(hyp, ref)
    reproduced = abs(recomputed - stored) <= TOLERANCE
    shifted = [score(hyp[1:], ref[:-1]), score(hyp[:-1], ref[1:])] if len(hyp) > 1 else []
    near = [s for s in shifted if abs(s - stored) <= TOLERANCE]
    return {
        "campaign": cid,
        "metric": SHOWN[METRICS[name]],
        "system": str(r["system"]),
        "pair": str(r["pair"]),
        "work": str(r["work"]),
        "stored": stored,
        "recomputed": recomputed,
        "reproduced": reproduced,
        "cause": SHIFTED if near and not reproduced else "",
        "shifted": near[0] if near else float("nan"),
    }


def flag_text(row: dict[str, Any]) -> str:
    """The note a page shows beside a stored score its texts do not reproduce ("" if they do)."""
    if row["reproduced"]:
        return ""
    cause = (
        f"; scoring the lines shifted by one gives {row['shifted']:.1f}, so the stored score "
        "was likely computed on misaligned lines"
        if row["cause"] == SHIFTED
        else ""
    )
    return (
        f"not reproduced by the release's texts: sacreBLEU {row['metric']} on them gives "
        f"{row['recomputed']:.1f}, the release stores {row['stored']:.1f}{cause}"
    )
