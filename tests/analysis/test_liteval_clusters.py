"""Paired bootstrap on the LitEval release: the test never separates two cluster mates.

Items are the ``source_`` keys (first 20 characters of the source paragraph) within a
``pair``; systems are ``model_human``; the score is the student MQM ``mqm_score``.
Several rows can share (pair, source_, system) — the human translator has more than one
translation of some paragraphs — so they are averaged per item first.
"""

from __future__ import annotations

from itertools import combinations

import pandas as pd
import pytest

from litboard.analysis.significance import clusters_consistent
from litboard.analysis.uncertainty import paired_bootstrap, score_matrix

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def metric_df(liteval_release) -> pd.DataFrame:
    return pd.read_csv(liteval_release / "metric_df.csv")


@pytest.mark.parametrize("missing", ["complete", "available"])
def test_separated_systems_never_share_a_cluster(metric_df: pd.DataFrame, missing: str) -> None:
    pairs = sorted(metric_df["pair"].unique())
    assert pairs == ["de-en", "de-zh", "en-de", "en-zh"]
    for pair in pairs:
        rows = metric_df[metric_df["pair"] == pair]
        scores = score_matrix(rows, value="mqm_score", item="source_", system="model_human")
        assert scores.shape[1] == 10
        result = paired_bootstrap(scores, n_resamples=1000, seed=12345, missing=missing)
        cluster_of = result.table["cluster"]
        separated = 0
        for first, second in combinations(result.table.index, 2):
            if result.p_values.at[first, second] < result.alpha:
                separated += 1
                assert cluster_of[first] != cluster_of[second], (pair, first, second)
        assert clusters_consistent(result.p_values, result.clusters, result.alpha)
        assert separated > 0, pair  # ten systems from human to NLLB: some differ
        assert len(result.clusters) >= 2, pair
        table = result.table
        assert ((table["ci_low"] <= table["mean"]) & (table["mean"] <= table["ci_high"])).all()
        assert ((table["rank_min"] <= table["rank"]) & (table["rank"] <= table["rank_max"])).all()
