"""Board leftovers of issue 30 on the demo site: one demo banner, and an automatic-only section
whose header tells the truth about its order after a browser re-sort."""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from litboard.pipeline.build import build_site
from litboard.load.datasets import declared_id

from ..helpers import DEMO, copy_root
from .conftest import serve


def test_the_demo_board_shows_its_banner_once(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    assert page.locator(".lb-demo").count() == 1
    assert page.locator(".lb-demo").is_visible()
    assert page.get_by_text("Demo data.", exact=True).count() == 1


def _unranked(board) -> tuple[list[str], str]:
    systems = board.locator("tbody.lb-unranked tr.lb-row").evaluate_all(
        "rows => rows.map(r => r.dataset.system)"
    )
    head = board.locator("tr.lb-unranked-head th").inner_text()
    return systems, " ".join(head.split())


def test_the_automatic_only_header_follows_a_re_sort(page, demo_site: str) -> None:
    page.goto(f"{demo_site}/index.html")
    board = page.locator("section.lb-board[data-pair='de-en']")
    unranked = board.locator("tbody.lb-unranked")
    # the build ranks every system by the human scheme: the automatic-only section is empty
    assert unranked.is_hidden() and _unranked(board)[0] == []
    built_head = board.locator("[data-lb-unranked-original]").inner_text()
    assert "Ordered by chrF" in built_head
    # rank by a measure only some systems have: the others are listed by name under a header
    # that names the current ranking and its order, not the build's ("Ordered by chrF")
    board.locator("th.lb-col[data-col='score:released-scores']").click()
    systems, head = _unranked(board)
    assert unranked.is_visible() and len(systems) >= 2
    assert head == "Not in this ranking (no Released MQM scores (demo) score); listed by name."
    names = unranked.locator("tr.lb-row").evaluate_all("rows => rows.map(r => r.dataset.name)")
    assert names == sorted(names, key=str.lower)
    # worst first keeps the same rows and header
    board.locator("th.lb-col[data-col='score:released-scores']").click()
    assert "dir=worst" in page.url and _unranked(board) == (systems, head)
    # back to the default ranking: the build's section and header
    board.locator("th.lb-col[data-col='mqm:mqm-students']").click()
    assert unranked.is_hidden()
    assert board.locator("[data-lb-unranked-original]").inner_text() == built_head
    assert board.locator("[data-lb-unranked-resorted]").is_hidden()


@pytest.fixture(scope="module")
def unranked_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo with two de-en systems left out of the human ranking (their student MQM
    judgments removed): the board lists them in its unranked section, in the build's order."""
    root = copy_root(DEMO, tmp_path_factory.mktemp("unranked") / "root")
    (root / "README.md").write_text(
        (DEMO / "README.md").read_text(encoding="utf-8"), encoding="utf-8"
    )
    judgments = root / "judgments/mqm-students/de-en.jsonl"
    kept = [
        line
        for line in judgments.read_text(encoding="utf-8").splitlines()
        if json.loads(line)["system"] not in ("demo-llm", "demo-nmt")
    ]
    judgments.write_text("\n".join(kept) + "\n", encoding="utf-8")
    out = build_site([root], tmp_path_factory.mktemp("unranked-site") / "public").out
    url, server = serve(out)
    yield f"{url}/{declared_id(root)}"
    server.shutdown()


def test_the_default_ranking_keeps_the_build_order_and_header(page, unranked_site: str) -> None:
    page.goto(f"{unranked_site}/index.html")
    board = page.locator("section.lb-board[data-pair='de-en']")
    built, head = _unranked(board)
    assert sorted(built) == ["demo-llm", "demo-nmt"]
    names = board.locator("tbody.lb-unranked tr.lb-row").evaluate_all(
        "rows => rows.map(r => r.dataset.name)"
    )
    assert names != sorted(names, key=str.lower)  # the build's order is not the by-name order
    assert head.startswith("Not in this ranking (no MQM by students (demo) score)")
    # another ranking: the header says how the rows are listed now
    board.locator("th.lb-col[data-col='score:released-scores']").click()
    assert (
        _unranked(board)[1]
        == "Not in this ranking (no Released MQM scores (demo) score); listed by name."
    )
    # the default ranking again, worst first: the build's rows, order and header
    board.locator("th.lb-col[data-col='mqm:mqm-students']").click()
    board.locator("th.lb-col[data-col='mqm:mqm-students']").click()
    assert "dir=worst" in page.url
    assert _unranked(board) == (built, head)
