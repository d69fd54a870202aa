"""The Judge bias page's rules (issues 56 goal 3, 59 goal 3) on hand-made rows: each measure's
direction is stated, a share over fewer than 5 items is greyed and shown as a count without a
"95% CI", merged compared groups are named, every page row is distinct, a dataset without rows
says why, and the chart draws a full label and an x-axis for every dataset."""

from __future__ import annotations

import json

import lxml.html
import pandas as pd
import pytest

from litboard.analysis.judge_bias_rows import COLUMNS
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.render.schemes import judge_bias_page

LONG = "MQM (Error annotations: professionals and LLM (paper 003 overview)) per 100 words"


def _row(dataset: str, measure: str, higher: bool, items: int, above: int, **extra: object) -> dict:
    share = 100.0 * above / items
    small = items < 5
    return {
        "dataset": dataset,
        "dataset_title": dataset.upper(),
        "measure": measure,
        "kind": "automatic metric",
        "higher_is_better": higher,
        "compared": "all machine systems",
        "same_as": "",
        "sample": "",
        "scope": "all",
        "group": "all",
        "items": items,
        "above": above,
        "percent": share,
        "ci_low": float("nan") if small else share - 10,
        "ci_high": float("nan") if small else min(share + 10, 100.0),
        "provenance": f"{measure}, data v1",
        **extra,
    }


@pytest.fixture(scope="module")
def built() -> tuple[dict, lxml.html.HtmlElement]:
    one = pd.DataFrame(
        [
            _row("one", "BLEU", True, 40, 10, same_as="MT systems"),
            _row("one", "TER", False, 40, 12),
            _row("one", "<b>Kudos</b>", True, 1, 1),  # a submitted name stays text
            _row("one", "BLEU", True, 20, 6, scope="pair", group="de-en"),
        ]
    )[COLUMNS]
    two = pd.DataFrame([_row("two", LONG, False, 3, 2)])[COLUMNS]
    creative = pd.DataFrame(
        [
            {
                "dataset": "one",
                "measure": "TER",
                "kind": "automatic metric",
                "higher_is_better": False,
                "rho": 0.06,
                "p": 0.8,
                "texts": 18,
                "provenance": "ter",
                "count_note": "",
            },
        ]
    )
    files, _ = judge_bias_page.build_from_rows(
        # the empty frame: a dataset without rows (its object columns once broke the chart JSON)
        [one, pd.DataFrame(columns=COLUMNS), two],
        [creative],
        DEFAULT_TEMPLATES,
        absent=[("Three", "it has no human one.")],
    )
    page = str(files["judge-bias/index.md"])
    return files, lxml.html.fromstring(page[page.index("<") :])


def _rows(doc: lxml.html.HtmlElement, section: str) -> list[lxml.html.HtmlElement]:
    return doc.xpath(f"//section[@id='bias-{section}']//table/tbody/tr")


def test_every_measure_states_its_direction(built: tuple) -> None:
    _, doc = built
    cells = {
        r.xpath("./td")[0].text_content(): r.xpath("./td")[1].text_content()
        for r in _rows(doc, "one")
    }
    assert cells["BLEU"] == "higher = better" and cells["TER"] == "lower = better"
    creative = doc.xpath("//section[@id='bias-creative-shifts']//tbody/tr/td")
    assert [c.text_content() for c in creative[1:3]] == [
        "TER",
        "lower = better: ρ of the negated score",
    ]


def test_small_n_is_greyed_as_a_count_without_an_interval(built: tuple) -> None:
    _, doc = built
    headers = " ".join(doc.xpath("//th/text()"))
    assert "95% CI" not in headers and "95% Wilson interval (≥ 5 items)" in headers
    for section in ("one", "two"):
        for row in _rows(doc, section):
            cells = [c.text_content() for c in row.xpath("./td")]
            items = int(cells[-2].split(" of ")[1])
            assert (row.get("class") == "lb-small-n") == (items < 5)
            if items < 5:
                assert cells[-1] == f"too few items for an interval (n = {items})"
            else:
                assert cells[-1].startswith("[") and cells[-1].endswith("]")
    assert [c.text_content() for c in _rows(doc, "two")[0].xpath("./td")][-2:] == [
        "2 of 3",
        "too few items for an interval (n = 3)",
    ]


def test_rows_are_distinct_merged_groups_named_and_breakdown_folded(built: tuple) -> None:
    _, doc = built
    pooled = [tuple(c.text_content() for c in r.xpath("./td")) for r in _rows(doc, "one")]
    assert len(pooled) == len(set(pooled)) == 4  # 3 pooled + 1 breakdown row
    assert pooled[0][3] == "all machine systems (same items and outcome as: MT systems)"
    folded = doc.xpath("//section[@id='bias-one']//details[@class='lb-bias-breakdown']//tbody/tr")
    assert len(folded) == 1 and folded[0].xpath("./td")[4].text_content() == "pair: de-en"
    assert doc.xpath("//section[@id='bias-one']//tbody/tr/td[1]")[2].text_content() == (
        "<b>Kudos</b>"
    )


def test_a_dataset_without_rows_says_why(built: tuple) -> None:
    _, doc = built
    note = doc.xpath("//p[contains(@class, 'lb-bias-absent')]")[0].text_content()
    assert note == "Not on this page: Three — it has no human one."
    intro = doc.xpath("//p")[0].text_content()
    assert "every dataset on the site whose data allows it (ONE, TWO)" in intro


def test_chart_has_a_full_label_and_an_x_axis_per_dataset_small_n_grey(built: tuple) -> None:
    files, _ = built
    spec = json.loads(files["judge-bias/human-first.vl.json"])
    charts = spec["vconcat"]
    # one chart, so one x-axis, per dataset
    assert [c["title"] for c in charts] == [["ONE"], ["TWO"]]
    rows = [r for d in spec["datasets"].values() for r in d]
    labels = {r["measure"]: r["label"] for r in rows}
    assert labels[LONG].replace("\n", " ") == LONG and "\n" in labels[LONG]
    assert not any("…" in label for label in labels.values())
    assert {r["measure"]: r["small"] for r in rows} == {
        "BLEU": False,
        "TER": False,
        "<b>Kudos</b>": True,
        LONG: True,
    }
    dots = charts[0]["layer"][1]["encoding"]["color"]
    assert dots["condition"] == {"test": "datum.small", "value": "#a8a8a8"}
    assert dots["field"] == "kind"  # the others by kind
    # small rows last: never a 1-item share drawn first
    assert charts[0]["layer"][1]["encoding"]["y"]["sort"][-1] == "<b>Kudos</b>"
    assert (
        "50 %" in str(files["judge-bias/index.md"])
        and "dashed line" in str(files["judge-bias/index.md"]).lower()
    )


def test_the_chart_json_is_strict_json(built: tuple) -> None:
    """No NaN in the spec (vl-convert and browsers refuse it): a share without an interval has
    null bounds."""
    files, _ = built
    text = files["judge-bias/human-first.vl.json"]
    json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in the chart JSON"))
    rows = [r for d in json.loads(text)["datasets"].values() for r in d]
    assert [r["ci_low"] for r in rows if r["small"]] == [None, None]
