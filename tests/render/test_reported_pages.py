"""The generic 'Published vs reproduced' page: a data root with a reported/ table gets it with
no dataset-specific code (demo data + a made-up paper table; golden fragment, escaping)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from litboard.load.read import load
from litboard.render.schemes import reported_pages
from litboard.render.core.jinja import DEFAULT_TEMPLATES

from ..golden import check_golden

REPO = Path(__file__).resolve().parents[2]
RECORDS = [
    {
        "source": "paper X Table 2",
        "measure": "system-mean",
        "keys": {"pair": "all", "system": "demo-llm"},
        "params": {"campaigns": ["chrf"]},
        "value": 45.5,
        "decimals": 1,
        "label": "chrF",
    },
    {
        "source": "paper X Table 2",
        "measure": "system-rank",
        "keys": {"pair": "all", "system": "demo-llm"},
        "params": {"campaigns": ["chrf"]},
        "value": 1,
        "decimals": 0,
        "label": "rank",
    },
    {
        "source": "paper X Fig. 1",
        "measure": "not-in-the-registry",
        "keys": {"pair": "de-en"},
        "value": 0.5,
        "decimals": 2,
        "label": "<script>alert(1)</script>",
        "note": "a & b",
    },
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("reported") / "root"
    for folder in ("corpus", "judgments"):
        shutil.copytree(REPO / folder, out / folder)
    (out / "reported").mkdir()
    (out / "reported" / "paper-x.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in RECORDS), "utf-8"
    )
    return out


@pytest.fixture(scope="module")
def pages(root: Path) -> dict[str, str | bytes]:
    return reported_pages.build(load([root]), None, DEFAULT_TEMPLATES).files  # type: ignore[arg-type]


def test_no_reported_table_no_page() -> None:
    assert (
        reported_pages.build(
            load([REPO / "tests" / "fixtures" / "tiny"]),
            None,  # type: ignore[arg-type]
            DEFAULT_TEMPLATES,
        ).files
        == {}
    )


def test_page_and_csv(pages: dict[str, str | bytes], root: Path) -> None:
    assert set(pages) == {"reported/index.md", "reported/reported.csv"}
    page = str(pages["reported/index.md"])
    check_golden("reported/index.md", page)
    assert (
        "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page and "a &amp; b" in page
    )
    csv = pd.read_csv(pd.io.common.StringIO(str(pages["reported/reported.csv"])))
    scores = load([root]).tables["metric_scores"]
    mine = scores[
        (scores["campaign"] == "chrf")
        & (scores["system"] == "demo-llm")
        & (scores["level"] == "segment")
    ]["score"]
    row = csv[csv["measure"] == "system-mean"].iloc[0]
    # segment-level chrF records only
    assert row["reproduced"] == pytest.approx(mine.mean(), abs=1e-4)
    assert round(mine.mean(), 1) == 45.5 and row["status"] == "agrees"
    assert csv[csv["measure"] == "system-rank"][["reproduced", "status"]].values.tolist() == [
        [4.0, "disagrees"]
    ]
    # a disagreement without a documented reason is "unexplained", and its note says so
    assert csv[csv["measure"] == "system-rank"][["reason", "note"]].values.tolist() == [
        ["unexplained", "Reason: unexplained."]
    ]
    assert csv.loc[csv["status"] != "disagrees", "reason"].isna().all()
    assert csv[csv["measure"] == "not-in-the-registry"]["status"].tolist() == ["reported only"]


def test_the_caption_names_every_reason_the_engine_gives(pages: dict[str, str | bytes]) -> None:
    """Issue 59 goal 5: the page's caption says how each cell's reason is found, for every reason
    the engine can give (so a new reason cannot appear in a note without the caption naming it)."""
    from litboard.reported import engine

    page = str(pages["reported/index.md"])
    caption = page[page.index("A disagreement's note opens with its reason") :]
    caption = caption[: caption.index("</p>")]
    for reason in engine.REASONS:
        assert f"<em>{reason}</em>" in caption, reason
    assert "proved by litboard from the two numbers" in caption
    assert "never changes the reproduced one" in caption
