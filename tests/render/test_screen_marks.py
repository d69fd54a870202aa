"""Issue 43, goal 8 on the pages: an LLM-judge score that rests on outputs the screen flagged
(``screen`` in its metric record) is shown with a visible mark on the board, the system page and
in both downloads; the same corpus without the flag shows no mark and no extra column."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd

from litboard.analysis.boards import analyse
from litboard.importers import write_jsonl, write_yaml
from litboard.load import load
from litboard.render.site_pages import browse_files, leaderboard_html, reader_files

from ..scoring.conftest import build_root

REASON = "an instruction to ignore the judge's instructions"
MARK = f"screened: 1 output flagged ({REASON})"
JUDGE = {
    "id": "gemba-lit",
    "title": "GEMBA-MQM (Literary) judge",
    "scheme": "metric",
    "metric": {"name": "GEMBA-MQM (Literary)", "higher_is_better": True},
    "judge": {"model": "judge-model-1", "prompt_sha256": "ab" * 32, "temperature": 0},
}
SCORES = {("human", "p1"): 95.0, ("human", "p2"): 90.0, ("mt-a", "p1"): 80.0}
SCORES |= {("mt-a", "p2"): 70.0, ("mt-b", "p1"): 100.0, ("mt-b", "p2"): 40.0}


def _root(tmp_path: Path, flagged: bool) -> Path:
    root = build_root(tmp_path / ("flagged" if flagged else "plain"))
    folder = root / "judgments" / "gemba-lit"
    write_yaml(folder / "campaign.yaml", JUDGE)
    records = []
    for (system, paragraph), score in sorted(SCORES.items()):
        record = {"system": system, "pair": "de-en", "paragraph": paragraph, "score": score}
        if flagged and (system, paragraph) == ("mt-b", "p1"):
            record["screen"] = REASON  # what scoring/llm/screen.mark writes
        records.append(record)
    write_jsonl(folder / "de-en.jsonl", records)
    return root


def _pages(root: Path) -> tuple[str, dict[str, str], dict[str, str]]:
    corpus = load([root])
    analysis = analyse(corpus)
    board, downloads = leaderboard_html(corpus, analysis)
    files = browse_files(corpus, analysis) | reader_files(corpus, analysis)
    return board, {k: str(v) for k, v in downloads.items()}, {k: str(v) for k, v in files.items()}


def _csv(text: str) -> pd.DataFrame:
    return pd.read_csv(io.StringIO(text), keep_default_na=False)


def test_a_flagged_llm_judge_score_is_marked_everywhere_it_is_shown(tmp_path: Path) -> None:
    board, downloads, files = _pages(_root(tmp_path, flagged=True))
    label = "GEMBA-MQM (Literary)"
    # the board: the mark beside mt-b's judge score, only there
    row = next(r for r in board.split("<tr") if 'data-system="mt-b"' in r)
    assert "lb-mark-screen" in row and "⚠" in row and MARK.replace("'", "&#39;") in row
    assert board.count("lb-mark-screen") == 1
    # the board's download: a "screened" column beside the judge's, empty for the others
    table = _csv(downloads["leaderboard-de-en.csv"]).set_index("system")
    assert table.loc["mt-b", f"{label} screened"] == MARK
    assert table.loc["mt-a", f"{label} screened"] == "" and table.loc["mt-b", label] == 70.0
    # the system page: the mean and the flagged paragraph's row
    page = files["systems/mt-b.md"]
    assert MARK.replace("'", "&#39;") in page and page.count("lb-mark-screen") == 2
    assert "lb-mark-screen" not in files["systems/mt-a.md"]
    # the system's download: the reasons beside the flagged paragraph's score
    mine = _csv(files["systems/mt-b-de-en.csv"]).set_index("paragraph")
    assert mine.loc["p1", f"{label} screened"] == REASON
    assert mine.loc["p2", f"{label} screened"] == "" and mine.loc["p1", label] == 100.0
    # the reader page of p1: the mark beside mt-b's judge score only
    reader = files["paragraphs/p1.md"]
    assert reader.count("lb-mark-screen") == 1
    assert f"screened: {REASON}".replace("'", "&#39;") in reader
    assert "lb-mark-screen" not in files["paragraphs/p2.md"]


def test_without_a_flag_no_mark_and_no_column(tmp_path: Path) -> None:
    board, downloads, files = _pages(_root(tmp_path, flagged=False))
    assert "screened" not in board and "lb-mark-screen" not in board
    assert all("screened" not in text for text in downloads.values())
    assert all("screened" not in text for text in files.values())
