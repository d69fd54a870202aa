"""Order independence (issue 29): shuffling the lines of the annotation files changes no number.

Two property tests: the demo data root with every judgments/*.jsonl file's lines shuffled, and
the LitEval release with metric_df.csv's rows shuffled (its doubly annotated translations used to
take their first annotation from whichever row the file listed first: en-zh S-S τ 0.572 with the
file's order, 0.558 with another). Every number compared: the boards' rankings (mean, CI, rank
interval, cluster), the judge-bias rows, the published-vs-reproduced values and the agreement of
double annotations. A third test trades the two annotations of half of LitEval's doubly annotated
translations: Krippendorff's α (the order-free figure of the Agreement page) stays the same to the
last bit while the paper's τ moves.
"""

from __future__ import annotations

import csv
import json
import random
import shutil
from pathlib import Path

import pandas as pd
import pytest

from litboard.analysis import schemes
from litboard.analysis.double_annotation import double_annotation_rows
from litboard.importers.releases import liteval
from litboard.load import load
from litboard.reported.engine import compare
from litboard.analysis.boards import analyse
from litboard.analysis.judge_bias_rows import dataset_rows

from ..helpers import copy_root
from ..liteval_site import liteval_site


def _numbers(root: Path) -> dict[str, pd.DataFrame]:
    corpus = load([root])
    analysis = analyse(corpus)
    tables = {
        f"ranking {pair} {key}": table.sort_index()
        for (pair, key), table in sorted(analysis.rankings.items())
    }
    bias = dataset_rows(corpus, analysis).drop(columns="provenance")  # names the files' sha256
    tables["judge bias"] = bias.sort_values(list(bias.columns)).reset_index(drop=True)
    tables["double annotations"] = double_annotation_rows(
        corpus.metric_scores, corpus.tables["campaigns"]
    )
    # every annotator pair, α over all annotators
    tables["agreement"] = schemes.agreement_rows(corpus)
    tables["span agreement"] = schemes.span_agreement(corpus)
    reported = compare(corpus)
    if len(reported):
        reported = reported.assign(
            keys=reported["keys"].map(lambda k: json.dumps(k, sort_keys=True)),
            params=reported["params"].map(lambda k: json.dumps(k, sort_keys=True)),
        )
        tables["reported"] = reported.sort_values(
            ["source", "measure", "keys", "params", "label"], kind="stable"
        ).reset_index(drop=True)
    return tables


def _shuffle_lines(path: Path, seed: int, header: bool = False) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head, body = (lines[:1], lines[1:]) if header else ([], lines)
    random.Random(seed).shuffle(body)
    path.write_text("".join(head + body), encoding="utf-8")


def _shuffle_csv_rows(path: Path, seed: int) -> None:
    """Shuffle a CSV's records (some quoted fields span lines), the header first."""
    with path.open(encoding="utf-8", newline="") as handle:
        header, *body = list(csv.reader(handle))
    random.Random(seed).shuffle(body)
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([header, *body])


def _assert_same(first: dict[str, pd.DataFrame], second: dict[str, pd.DataFrame]) -> None:
    assert sorted(first) == sorted(second)
    for name, table in first.items():
        pd.testing.assert_frame_equal(table, second[name], check_exact=True, obj=name)


@pytest.mark.parametrize("seed", [1, 2])
def test_shuffled_judgment_files_change_no_number(repo: Path, tmp_path: Path, seed: int) -> None:
    shuffled = copy_root(repo, tmp_path / "shuffled")
    files = sorted((shuffled / "judgments").rglob("*.jsonl"))
    assert files
    for path in files:
        _shuffle_lines(path, seed)
    _assert_same(_numbers(repo), _numbers(shuffled))


@pytest.mark.shared
def test_shuffled_liteval_release_changes_no_number(liteval_release: Path, tmp_path: Path) -> None:
    release = tmp_path / "release"
    shutil.copytree(liteval_release, release)
    _shuffle_csv_rows(release / "metric_df.csv", seed=7)
    liteval.run(liteval_release, tmp_path / "plain")
    liteval.run(release, tmp_path / "shuffled")
    _assert_same(_numbers(tmp_path / "plain"), _numbers(tmp_path / "shuffled"))


@pytest.mark.shared
def test_trading_liteval_annotations_leaves_alpha_unchanged(
    liteval_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    corpus = load([liteval_site(liteval_release, tmp_path_factory)[0]])
    scores, campaigns = corpus.metric_scores, corpus.tables["campaigns"]
    unit = ["system", "pair", "paragraph"]
    keys = scores[unit].astype(str).agg("|".join, axis=1)
    second = set(keys[scores["campaign"] == "student-mqm-second"])
    doubled = sorted(second & set(keys[scores["campaign"] == "student-mqm"]))
    assert len(doubled) == 55 + 54 + 33  # de-en, en-de, en-zh (Table 2a's pairs)
    traded = set(random.Random(3).sample(doubled, len(doubled) // 2))
    flip = keys.isin(traded) & scores["campaign"].isin(["student-mqm", "student-mqm-second"])
    swapped = scores.assign(
        campaign=scores["campaign"].where(
            ~flip,
            scores["campaign"].map(
                {"student-mqm": "student-mqm-second", "student-mqm-second": "student-mqm"}
            ),
        )
    )
    before = double_annotation_rows(scores, campaigns).set_index(["pair", "statistic"])["value"]
    after = double_annotation_rows(swapped, campaigns).set_index(["pair", "statistic"])["value"]
    alpha = [k for k in before.index if k[1].startswith("Krippendorff")]
    tau = [k for k in before.index if k[1].startswith("Kendall")]
    assert len(alpha) == len(tau) == 3
    assert all(before[k] == after[k] for k in alpha)
    # the paper's figure depends on the order
    assert all(abs(before[k] - after[k]) > 1e-3 for k in tau)
