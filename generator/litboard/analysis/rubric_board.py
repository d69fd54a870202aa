"""What a RULER campaign's board column reads (paper 004): one rubric score per annotation.

An annotator's rubric score of a translation is the mean of its criterion ratings (1-5, the
campaign card's ``criteria``); the board (``leaderboard``) averages a translation's annotators,
then paragraphs, with the bootstrap CI and rank interval of every column. Each criterion keeps
its own ranking on the 'Rankings by scheme' page (``schemes.criterion_scores``).
"""

from __future__ import annotations

import pandas as pd

KEYS = ["campaign", "system", "pair", "paragraph", "annotator"]


def rubric_scores(ruler: pd.DataFrame) -> pd.DataFrame:
    """Per (campaign, system, pair, paragraph, annotator): the mean of the criterion ratings."""
    if ruler.empty:
        return pd.DataFrame(columns=KEYS + ["score"])
    return ruler.groupby(KEYS, as_index=False)["score"].mean()


def criteria_text(ruler: pd.DataFrame, campaign: str) -> str:
    """'4 criteria (Content accuracy, ...)': what a campaign's rubric score averages."""
    names = sorted(set(ruler.loc[ruler["campaign"] == campaign, "criterion"].astype(str)))
    return f"{len(names)} criteria ({', '.join(names)})"
