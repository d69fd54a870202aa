"""The data API (issue 54, must-show 3): the published records, loaded with pandas as the Data
API page shows, hold the numbers five pages of the LitEval site show -- the board, adequacy,
metric meta-evaluation, a pair's page and the judge-bias panel -- and validate against the
published schema; the index lists them with their sha256."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import jsonschema
import lxml.html
import pandas as pd
import pytest

from ..liteval_site import liteval_site


@pytest.fixture(scope="module")
def site(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return liteval_site(liteval_release, tmp_path_factory)[1].parent


@pytest.fixture(scope="module")
def records(site: Path) -> pd.DataFrame:
    index = json.loads((site / "api" / "index.json").read_text(encoding="utf-8"))
    frames = [
        pd.read_json(site / "api" / d["file"], lines=True, dtype=False) for d in index["datasets"]
    ]
    return pd.json_normalize(pd.concat(frames).to_dict("records"))


def _cells(site: Path, page: str, table_id: str) -> list[list[str]]:
    table = lxml.html.parse(str(site / page)).getroot().get_element_by_id(table_id)
    return [
        [" ".join(c.text_content().split()) for c in tr.xpath("./th|./td")]
        for tr in table.xpath("./tbody/tr")
    ]


def _header(site: Path, page: str, table_id: str) -> list[str]:
    table = lxml.html.parse(str(site / page)).getroot().get_element_by_id(table_id)
    cells = table.xpath("./thead/tr/th")
    return [" ".join(th.text_content().replace("↑", "").split()) for th in cells]


def _one(records: pd.DataFrame, **keys: object) -> pd.Series:
    mask = pd.Series(True, index=records.index)
    for name, value in keys.items():
        mask &= records[name] == value
    found = records[mask]
    assert len(found) == 1, (keys, len(found))
    return found.iloc[0]


@pytest.mark.shared
def test_index_schema_and_files(site: Path) -> None:
    index = json.loads((site / "api" / "index.json").read_text(encoding="utf-8"))
    schema = json.loads((site / "api" / "schema.json").read_text(encoding="utf-8"))
    assert index["schema_version"] == schema["version"]
    [entry] = index["datasets"]
    text = (site / "api" / entry["file"]).read_text(encoding="utf-8")
    assert hashlib.sha256(text.encode()).hexdigest() == entry["sha256"]
    lines = text.splitlines()
    assert len(lines) == entry["records"] > 1000
    for line in lines:
        jsonschema.validate(json.loads(line), schema)
    assert (site / "data-api.html").is_file()
    board = (site / "liteval" / "index.html").read_text(encoding="utf-8")
    assert 'href="../data-api.html">Data API</a>' in board  # the downloads line links it


@pytest.mark.shared
def test_the_board_shows_the_board_records(site: Path, records: pd.DataFrame) -> None:
    page = lxml.html.parse(str(site / "liteval" / "index.html")).getroot()
    [table] = page.xpath('//table[@id="liteval-index-t1"]')  # de-en, first pair
    [row] = [
        tr
        for tr in table.xpath("./tbody/tr")
        if tr.xpath("./th")[0].text_content().strip().startswith("Human translation 1")
    ]
    [cell] = row.xpath('./td[@data-col="score:student-mqm"]')  # wherever the card columns put it
    mean = _one(
        records, definition="board.mean", pair="de-en", measure="score:student-mqm",
        subject="human-1",
    )  # fmt: skip
    rank = _one(
        records, definition="board.rank", pair="de-en", measure="score:student-mqm",
        subject="human-1",
    )  # fmt: skip
    cluster = _one(
        records, definition="board.cluster", pair="de-en", measure="score:student-mqm",
        subject="human-1",
    )  # fmt: skip
    shown = (
        f"{mean['value']:.2f} r{int(rank['interval.low'])}–{int(rank['interval.high'])} · "
        f"c{int(cluster['value'])}95% CI [{mean['interval.low']:.2f}, "
        f"{mean['interval.high']:.2f}], n = {int(mean['n'])}"
    )
    assert " ".join(cell.text_content().split()) == shown


@pytest.mark.shared
def test_adequacy_and_the_pair_page_show_the_adequacy_records(
    site: Path, records: pd.DataFrame
) -> None:
    strict = next(
        r
        for r in _cells(site, "liteval/liteval/adequacy.html", "table-adequacy")
        if r[:2] == ["Student MQM (paper 000)", "strict"]
    )
    adequacy = records[
        records["definition"].str.startswith("adequacy.human_above")
        & (records["measure"] == "student-mqm")
        & (records["subject"] == "human vs top systems")
        & (records["qualifiers.strict"] == "strict")
    ].set_index("pair")
    for cell, pair in zip(strict[2:7], ["de-en", "en-de", "de-zh", "en-zh", "all"]):
        assert cell.split()[0] == f"{adequacy.loc[pair, 'value']:.1f}", (pair, cell)
        assert cell.split()[1].endswith(f"/{int(adequacy.loc[pair, 'n'])}")
    pair_row = next(
        r
        for r in _cells(site, "liteval/liteval/pairs/de-en.html", "table-pair-adequacy")
        if r[:2] == ["Student MQM (paper 000)", "strict"]
    )
    assert pair_row[2] == strict[2] == "60.0 9/15"


@pytest.mark.shared
def test_metaeval_shows_the_pairwise_accuracy_records(site: Path, records: pd.DataFrame) -> None:
    page = "liteval/liteval/metaeval.html"
    header = _header(site, page, "table-pairwise-accuracy")
    de_en = next(r for r in _cells(site, page, "table-pairwise-accuracy") if r[0] == "De-En")
    shown = dict(zip(header[1:], de_en[1:]))
    accuracy = records[
        (records["definition"] == "metaeval.pairwise_accuracy") & (records["pair"] == "de-en")
    ]
    assert len(accuracy) == len(shown) == 5
    for r in accuracy.itertuples():
        assert shown[r.label] == f"{r.value:.1f}", r.label
    assert shown["XCOMET-XL"] == "73.3"


@pytest.mark.shared
def test_the_judge_bias_panel_shows_the_judge_bias_records(
    site: Path, records: pd.DataFrame
) -> None:
    page = lxml.html.parse(str(site / "judge-bias" / "index.html")).getroot()
    table = page.xpath("//table")[0]
    rows = [[" ".join(c.text_content().split()) for c in tr.xpath("./td|./th")]
            for tr in table.xpath("./tbody/tr")]  # fmt: skip
    first = next(r for r in rows if r[0] == "Student MQM (paper 000)" and r[1:3] == [
        "higher = better", "human judgment"] and r[3].startswith("top systems"))  # fmt: skip
    share = _one(
        records, definition="judge_bias.human_above", pair="all",
        label="Student MQM (paper 000)", subject="human vs top systems",
        **{"qualifiers.scope": "pooled over pairs"},
    )  # fmt: skip
    assert first[4:7] == [
        f"{share['value']:.1f}",
        f"{round(share['value'] * share['n'] / 100)} of {int(share['n'])}",
        f"[{share['interval.low']:.1f}, {share['interval.high']:.1f}]",
    ]
    assert first[4] == "41.8"  # pooled over 79 items; adequacy's 42.7 is the mean of pairs


def _close(shown: object, value: object) -> bool:
    """A CSV cell (12 significant digits) and a record's unrounded value: the same number."""
    return math.isclose(float(shown), float(value), rel_tol=1e-9, abs_tol=1e-10)  # type: ignore


@pytest.mark.shared
def test_one_quantity_one_value_in_the_board_downloads(site: Path, records: pd.DataFrame) -> None:
    """Every mean and CI of the dataset board's and the LitEval rankings' CSV downloads is the
    record of its key: the two LitEval boards show one value per (definition, inputs)."""
    means = records[records["definition"] == "board.mean"]
    plain = means[means["qualifiers.humans"].isna()]
    by_label = plain.set_index(["pair", "label", "subject"])
    checked = 0
    for path in sorted((site / "liteval").glob("leaderboard-*.csv")):
        pair = path.stem.removeprefix("leaderboard-")
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        labels = [c for c in frame.columns if f"{c} ci_low" in frame.columns]
        for row in frame.to_dict("records"):
            for label in labels:
                if row[label] == "":
                    continue
                record = by_label.loc[(pair, label, row["system"])]
                assert _close(row[label], record["value"]), (pair, label, row["system"])
                assert _close(row[f"{label} ci_low"], record["interval.low"])
                checked += 1
    for path in sorted((site / "liteval" / "liteval").glob("ranking-*.csv")):
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        for row in frame.to_dict("records"):
            if row["mean"] == "":
                continue
            pooled = row["ranked_among"] != "systems as imported"
            humans = means["qualifiers.humans"]
            part = means[
                (means["pair"] == row["scope"])
                & (means["measure"].str.split(":").str[1] == row["measure"])
                & (means["subject"] == row["system"])
                & (humans.eq("pooled") if pooled else humans.isna())
            ]
            assert len(part) == 1, row
            assert _close(row["mean"], part["value"].iloc[0]), row
            checked += 1
    assert checked > 1000
