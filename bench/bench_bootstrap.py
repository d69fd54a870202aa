"""Wall time of all paired-bootstrap work on the LitEval release (a figure, not a test).

For every language pair and every numeric column of metric_df.csv, build the items x
systems matrix (items = ``source_``, systems = ``model_human``, duplicates averaged) and
run ``paired_bootstrap`` (CIs, rank ranges, all pairwise p-values, clusters).

    .venv/bin/python bench/bench_bootstrap.py [--resamples 1000] [--repeat 3]

The data folder is ``$LITBOARD_SHARED_DATA/liteval-public`` (default ../shared/data).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pandas as pd

from litboard.analysis.uncertainty import paired_bootstrap, score_matrix

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("LITBOARD_SHARED_DATA", REPO.parent / "shared" / "data"))


def run(metric_df: pd.DataFrame, n_resamples: int) -> int:
    """Every (pair, column) bootstrap once; returns how many were run."""
    columns = [c for c in metric_df.columns if pd.api.types.is_numeric_dtype(metric_df[c])]
    runs = 0
    for _, rows in metric_df.groupby("pair", sort=True):
        for column in columns:
            scores = score_matrix(rows, value=column, item="source_", system="model_human")
            paired_bootstrap(scores, n_resamples=n_resamples, seed=12345)
            runs += 1
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    path = DATA / "liteval-public" / "metric_df.csv"
    metric_df = pd.read_csv(path)
    timings = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        runs = run(metric_df, args.resamples)
        timings.append(time.perf_counter() - start)
    print(
        f"{path}: {runs} bootstraps (pairs x numeric columns), R={args.resamples}, 10 systems each"
    )
    print(
        f"wall time: best {min(timings):.3f} s, mean {sum(timings) / len(timings):.3f} s "
        f"over {args.repeat} run(s); {min(timings) / runs * 1000:.1f} ms per bootstrap"
    )


if __name__ == "__main__":
    main()
