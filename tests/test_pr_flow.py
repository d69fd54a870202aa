"""A pull request as a new contributor makes it: one new system folder, validate -> score -> build."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from .helpers import copy_root

REPO = Path(__file__).resolve().parents[1]


def litboard(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def add_system(root: Path) -> Path:
    """The new folder: a card plus outputs for every paragraph of both pairs (reworded LLM outputs)."""
    folder = root / "corpus/systems/contrib-mt"
    folder.mkdir()
    (folder / "system.yaml").write_text(
        "id: contrib-mt\nname: Contributed MT <b>v1</b>\nkind: llm\nmodality: MT\nmodel: example-7b\n"
        "date: '2026-11-01'\nsubmitted_by: a new contributor\nlicence: CC-BY-4.0\n", encoding="utf-8")
    for source in sorted((root / "corpus/systems/demo-llm").glob("*.jsonl")):
        lines = [json.loads(x) for x in source.read_text(encoding="utf-8").splitlines() if x.strip()]
        reworded = [{"paragraph": r["paragraph"], "text": r["text"].replace(" the ", " that ", 1) + " (v1)"}
                    for r in lines]
        (folder / source.name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in reworded),
                                          encoding="utf-8")
    return folder


def test_new_system_appears_with_badge_and_provisional_rank(tmp_path: Path) -> None:
    root = copy_root(REPO, tmp_path / "data")
    add_system(root)
    assert litboard("validate", "--data", str(root)).returncode == 0
    scored = litboard("score", "--data", str(root), "--metric", "bleu", "--metric", "chrf", "--metric", "ter")
    assert scored.returncode == 0, scored.stderr
    assert "contrib-mt" in (root / "judgments/chrf/de-en.jsonl").read_text(encoding="utf-8")
    out = tmp_path / "site"
    built = litboard("build", "--data", str(root), "--out", str(out))
    assert built.returncode == 0, built.stderr
    out = out / "demo"  # the demo dataset's folder
    index = (out / "index.html").read_text(encoding="utf-8")
    board = index[index.index('id="pair-de-en"'):index.index('id="pair-en-zh"')]
    unranked = board[board.index('class="lb-unranked"'):]
    row = unranked[unranked.index("systems/contrib-mt.html"):]
    row = row[:row.index("</tr>")]
    assert "Contributed MT &lt;b&gt;v1&lt;/b&gt;" in row
    assert "automatic scores only" in row
    # no human score: an em dash, never 0; automatic columns carry a provisional rank range
    assert "\u2014" in row
    assert re.search(r"r\d+(–\d+)? · c\d+", row), row
    system_page = (out / "systems/contrib-mt.html").read_text(encoding="utf-8")
    assert "automatic scores only" in system_page
