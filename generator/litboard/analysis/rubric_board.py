"""The board column of a RULER campaign (paper 004): one rubric score per translation.

An annotator's rubric score of a translation is the mean of its criterion ratings (1-5, the
campaign card's ``criteria``); a translation's score is the mean over its annotators, and the
board's cell the mean over paragraphs with the bootstrap CI and rank interval of every column.
Each criterion keeps its own ranking on the 'Rankings by scheme' page (``schemes``).
"""

from __future__ import annotations

import pandas as pd

from ..model import Corpus
from .leaderboard import Column, Parts, by_annotator, llm_annotators

KEYS = ["campaign", "system", "pair", "paragraph", "annotator"]


def ruler_parts(corpus: Corpus) -> Parts:
    """(per-annotation rubric scores, column) per RULER campaign, human and LLM annotators
    apart."""
    ruler = corpus.ruler
    if ruler.empty:
        return []
    per_annotation = ruler.groupby(KEYS, as_index=False)["score"].mean()
    titles = corpus.tables["campaigns"].set_index("campaign")["title"]
    version, llm, parts = corpus.data_version(), llm_annotators(corpus), []
    for cid, group in per_annotation.groupby("campaign", sort=True):
        criteria = sorted(set(ruler.loc[ruler["campaign"] == cid, "criterion"].astype(str)))
        for part, kind, suffix in by_annotator(group, llm):
            title = str(titles.get(cid, cid))
            label = title if "ruler" in title.lower() else f"RULER ({title})"
            parts.append(
                (
                    part,
                    Column(
                        f"ruler:{cid}{suffix}",
                        label + (" (LLM annotators)" if suffix else ""),
                        str(cid),
                        True,
                        f"{cid}, RULER rubric score: mean of an annotator's 1-5 ratings on "
                        f"{len(criteria)} criteria ({', '.join(criteria)}), then over "
                        f"annotators, {kind} annotators, data {version}",
                        kind,
                    ),
                )
            )
    return parts
