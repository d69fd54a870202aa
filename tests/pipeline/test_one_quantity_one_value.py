"""One quantity, one value (issue 54, goal 2), on the three cases the issue names: a number that
two pages of the LitEval site show is either the same record on both, or the two are different
definitions and each page's label names its own. Each value is also recomputed here from the
release (by hand), so a page cannot agree with the records by sharing a wrong number.

- GPT-4o, Student MQM over all pairs: the rankings' "All pairs" (first annotation, record
  ``board.mean`` pair ``all``) vs the Table 7 comparison (both annotations, as the paper).
- XCOMET-XL's pairwise accuracy on de-en: the board's trust line (each human translation its own
  system) vs metric meta-evaluation (record ``metaeval.pairwise_accuracy``, humans pooled).
- "MQM spots the human": judge bias (pooled over the items of every pair) vs adequacy (the
  unweighted mean of the pairs' shares): per pair one number, over all pairs two definitions.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import lxml.html
import numpy as np
import pandas as pd
import pytest

from litboard.load.read import load

from ..liteval_site import liteval_site

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def built(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root, dataset = liteval_site(liteval_release, tmp_path_factory)
    return root, dataset.parent


@pytest.fixture(scope="module")
def records(built: tuple[Path, Path]) -> list[dict]:
    text = (built[1] / "api" / "liteval.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _doc(site: Path, page: str) -> lxml.html.HtmlElement:
    return lxml.html.parse(str(site / page)).getroot()


def _text(element: lxml.html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def _rows(doc: lxml.html.HtmlElement, table_id: str) -> list[list[str]]:
    table = doc.get_element_by_id(table_id)
    return [[_text(c) for c in tr.xpath("./th|./td")] for tr in table.xpath("./tbody/tr")]


def _only(records: list[dict], **keys: object) -> dict:
    found = [r for r in records if all(r.get(k) == v for k, v in keys.items())]
    assert len(found) == 1, (keys, len(found))
    return found[0]


def test_gpt4o_over_all_pairs_board_and_table_7_are_two_labelled_definitions(
    built: tuple[Path, Path], records: list[dict]
) -> None:
    root, site = built
    scores = load([root]).metric_scores.dropna(subset=["score"])
    gpt4o = scores[scores["system"] == "gpt4o"]
    first = gpt4o[gpt4o["campaign"] == "student-mqm"]["score"]
    both = gpt4o[gpt4o["campaign"].isin(["student-mqm", "student-mqm-second"])]["score"]
    assert (len(first), len(both)) == (186, 199)  # 13 paragraphs annotated twice
    record = _only(
        records, definition="board.mean", pair="all", measure="score:student-mqm",
        subject="gpt4o", qualifiers={},
    )  # fmt: skip
    assert record["value"] == pytest.approx(first.mean(), rel=1e-9) and record["n"] == 186
    page = _doc(site, "liteval/liteval/index.html")
    row = next(r for r in _rows(page, "table-ranking-all") if r[1] == "GPT-4o")
    assert row[2].startswith(f"{record['value']:.2f}[") and row[2].startswith("-1.59")
    table_7 = next(r for r in _rows(page, "table-7-comparison") if r[0] == "GPT-4o")
    assert table_7[2] == f"{both.mean():.1f}" == "-1.7"  # -1.656: another definition
    notes = [_text(p) for p in page.xpath("//p")]
    assert any("Student MQM here is the first student annotation alone" in n for n in notes)
    assert any("both student annotations of the doubly annotated paragraphs included" in n
               for n in notes)  # fmt: skip


def _board_accuracy(records: list[dict], pair: str, human: str, metric: str) -> tuple[int, int]:
    """Pairwise accuracy of ``metric`` against ``human`` over the board means of ``pair``,
    every system (each human translation too) its own: (pairs ordered alike, pairs compared);
    a pair tied on either side is left out, as ``measure_agreement.concordance`` does."""
    means: dict[str, dict[str, float]] = {}
    for r in records:
        if r["definition"] == "board.mean" and r["pair"] == pair and not r["qualifiers"]:
            means.setdefault(r["subject"], {})[r["measure"]] = r["value"]
    both = {s: v for s, v in means.items() if human in v and metric in v}
    signs = [
        (np.sign(both[a][human] - both[b][human]), np.sign(both[a][metric] - both[b][metric]))
        for a, b in combinations(sorted(both), 2)
    ]
    compared = [(h, m) for h, m in signs if h != 0 and m != 0]
    return sum(int(h == m) for h, m in compared), len(compared)


def test_xcomet_xl_accuracy_board_and_metaeval_are_two_labelled_definitions(
    built: tuple[Path, Path], records: list[dict]
) -> None:
    site = built[1]
    alike, pairs = _board_accuracy(records, "de-en", "score:student-mqm", "metric:xcomet-xl")
    assert (alike, pairs) == (38, 66)  # 12 systems, the 3 human translations among them
    board = _doc(site, "liteval/index.html").get_element_by_id("pair-de-en")
    [trust] = board.xpath(".//p[contains(@class, 'lb-trust')]")
    line = _text(trust)
    assert "each human translation counted as its own system" in line
    shown = re.search(r"XCOMET-XL: (\d+)% \((\d+) of (\d+) system pairs", line)
    assert shown and shown.groups() == (f"{100 * alike / pairs:.0f}", str(alike), str(pairs))
    record = _only(
        records, definition="metaeval.pairwise_accuracy", pair="de-en", label="XCOMET-XL"
    )
    # the human translations pooled into one Human: 10 systems, 45 pairs, 33 ordered alike
    assert record["qualifiers"] == {"humans": "pooled"}
    assert (record["n"], record["unit"]) == (45, "system pair")
    assert record["value"] == pytest.approx(100 * 33 / 45)
    page = _doc(site, "liteval/liteval/metaeval.html")
    header = [_text(th) for th in page.get_element_by_id("table-pairwise-accuracy").xpath(
        "./thead/tr/th")]  # fmt: skip
    de_en = next(r for r in _rows(page, "table-pairwise-accuracy") if r[0] == "De-En")
    assert dict(zip(header, de_en))["XCOMET-XL"] == f"{record['value']:.1f}" == "73.3"
    assert "over the MT systems and one pooled Human" in _text(page)


def test_mqm_spots_the_human_one_value_per_pair_two_labelled_definitions_over_all(
    built: tuple[Path, Path], records: list[dict]
) -> None:
    site = built[1]
    judged = [
        r
        for r in records
        if r["definition"] == "judge_bias.human_above"
        and r["label"] == "Student MQM (paper 000)"
        and r["subject"] == "human vs top systems"
        and r["qualifiers"]["scope"] in ("pair", "pooled over pairs")
    ]
    adequate = [
        r
        for r in records
        if r["definition"].startswith("adequacy.human_above")
        and r["measure"] == "student-mqm"
        and r["subject"] == "human vs top systems"
        and r["qualifiers"]["strict"] == "strict"
    ]
    judge, adequacy = {r["pair"]: r for r in judged}, {r["pair"]: r for r in adequate}
    pairs = ["de-en", "en-de", "de-zh", "en-zh"]
    assert len(judged) == len(adequate) == 5  # one record per pair and over all pairs
    assert set(judge) == set(adequacy) == {*pairs, "all"}
    for pair in pairs:  # one quantity per pair: both definitions give the same share and n
        assert judge[pair]["value"] == pytest.approx(adequacy[pair]["value"]), pair
        assert judge[pair]["n"] == adequacy[pair]["n"], pair
    wins = [round(adequacy[p]["value"] * adequacy[p]["n"] / 100) for p in pairs]
    items = [adequacy[p]["n"] for p in pairs]
    assert (wins, items) == ([9, 7, 6, 11], [15, 20, 20, 24])
    pooled, mean = judge["all"], adequacy["all"]
    assert pooled["value"] == pytest.approx(100 * 33 / 79) and pooled["n"] == 79  # 41.8
    assert mean["definition"] == "adequacy.human_above.mean_of_pairs"
    assert mean["value"] == pytest.approx(np.mean([100 * w / n for w, n in zip(wins, items)]))
    # each page labels its definition: "all pairs pooled" vs "Mean of pairs" (unweighted)
    first_table = _doc(site, "judge-bias/index.html").xpath("//table")[0]
    rows = [[_text(c) for c in tr.xpath("./td|./th")] for tr in first_table.xpath("./tbody/tr")]
    assert _text(first_table.xpath("./caption")[0]).startswith("All pairs pooled:")
    merged = "top systems (same items and outcome as: all machine systems)"
    shown = next(r for r in rows if r[0] == "Student MQM (paper 000)" and r[2:4] == [
        "human judgment", merged])  # fmt: skip
    assert shown[4] == f"{pooled['value']:.1f}" == "41.8" and shown[5] == "33 of 79"
    page = _doc(site, "liteval/liteval/adequacy.html")
    table = page.get_element_by_id("table-adequacy")
    header = [_text(th) for th in table.xpath("./thead/tr/th")]
    assert header[8] == "Mean of pairs"
    assert "the Mean column is the unweighted mean of the pairs' shares" in _text(table)
    strict = next(r for r in _rows(page, "table-adequacy")
                  if r[:2] == ["Student MQM (paper 000)", "strict"])  # fmt: skip
    assert strict[6] == f"{mean['value']:.1f} 33/79" == "42.7 33/79"
    assert pd.Series([pooled["value"], mean["value"]]).round(1).tolist() == [41.8, 42.7]
