"""Issue 43 must-show 4 / issue 59 goal 6 (one definition everywhere): the BLEU/chrF/TER a board
shows are what the Scoring page defines — sacreBLEU's corpus score, the number the ``sacrebleu``
command line prints for the system's paragraphs (one a line, every human translation of the
paragraph as a reference) — for two systems on two pairs of the demo track; and the downloads'
``<measure> mean of paragraph scores`` column is the mean of the command line's sentence scores
(``--sentence-level``). Until issue 59 the board showed that mean (the definition changed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from litboard.analysis.boards import analyse
from litboard.cli import main
from litboard.load import load
from litboard.render.core.views import board_csv, boards

SACREBLEU = Path(sys.executable).with_name("sacrebleu")
SYSTEMS = ("demo-llm", "demo-nmt")
PAIRS = ("de-en", "en-zh")
MEASURES = ("bleu", "chrf", "ter")


def _options(measure: str, pair: str) -> list[str]:
    """The options the Scoring page names: zh tokenizer for Chinese BLEU, normalised TER with Asian
    support."""
    if pair.endswith("-zh"):
        return {
            "bleu": ["-tok", "zh"],
            "chrf": [],
            "ter": ["--ter-normalized", "--ter-asian-support"],
        }[measure]
    return []


def _files(corpus: object, system: str, pair: str, folder: Path) -> tuple[Path, list[Path]]:
    """The system's paragraphs (one a line) and one reference file per human translation."""
    table = corpus.tables["translations"]  # type: ignore[attr-defined]
    humans = set(corpus.tables["systems"].query("is_human")["system"])  # type: ignore[attr-defined]
    mine = table[(table["system"] == system) & (table["pair"] == pair)].sort_values("paragraph")
    refs = table[table["system"].isin(humans) & (table["pair"] == pair)]
    names = sorted(refs["system"].unique())
    hyp = folder / f"{system}.{pair}.txt"
    hyp.write_text("".join(t.replace("\n", " ") + "\n" for t in mine["text"]), encoding="utf-8")
    ref_files = []
    for name in names:
        by_paragraph = refs[refs["system"] == name].set_index("paragraph")["text"]
        # the CLI needs every reference on every line
        assert set(mine["paragraph"]) <= set(by_paragraph.index)
        path = folder / f"ref.{name}.{pair}.txt"
        path.write_text(
            "".join(by_paragraph[p].replace("\n", " ") + "\n" for p in mine["paragraph"]),
            encoding="utf-8",
        )
        ref_files.append(path)
    return hyp, ref_files


def _cli(hyp: Path, refs: list[Path], measure: str, pair: str, sentence: bool) -> list[float]:
    args = [
        str(SACREBLEU),
        *map(str, refs),
        "-i",
        str(hyp),
        "-m",
        measure,
        "-b",
        "-w",
        "6",
        *_options(measure, pair),
        *(["-sl"] if sentence else []),
    ]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True)
    return [float(line) for line in done.stdout.split()]


@pytest.mark.skipif(not SACREBLEU.is_file(), reason="the sacrebleu command of the test environment")
def test_shown_scores_are_the_sacrebleu_cli_corpus_scores(
    repo_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "scores"
    assert main(["track", "score", "demo", "--out", str(out), "--repo", str(repo_copy)]) == 0
    corpus = load([repo_copy, out / "demo"])
    by_pair = {b.pair: b for b in boards(corpus, analyse(corpus))}
    checked = 0
    for pair in PAIRS:
        board = by_pair[pair]
        rows = {r.system: r for r in board.rows + board.unranked}
        csv = board_csv(board).set_index("system")
        for system in SYSTEMS:
            hyp, refs = _files(corpus, system, pair, tmp_path)
            for measure in MEASURES:
                column = next(c for c in board.columns if c.key == f"metric:sacrebleu-{measure}")
                sentences = _cli(hyp, refs, measure, pair, sentence=True)
                assert len(sentences) == rows[system].cells[column.key].n == 3
                shown = rows[system].cells[column.key].value
                [whole] = _cli(hyp, refs, measure, pair, sentence=False)
                assert shown == pytest.approx(whole, abs=1e-6), (pair, system, measure)
                assert csv.loc[system, column.label] == pytest.approx(shown, abs=1e-9)
                mean = csv.loc[system, f"{column.label} mean of paragraph scores"]
                assert mean == pytest.approx(sum(sentences) / len(sentences), abs=1e-4)
                checked += 1
    assert checked == len(PAIRS) * len(SYSTEMS) * len(MEASURES)


def test_hiding_a_measure_on_the_board_also_drops_its_corpus_column_from_the_shown_download() -> (
    None
):
    from litboard.cite.paper_table import measure_groups
    from litboard.cite.shown import kept_columns

    header = [
        "system",
        "BLEU",
        "BLEU corpus",
        "BLEU ci_low",
        "BLEU ci_high",
        "BLEU n",
        "chrF",
        "chrF corpus",
    ]
    assert kept_columns(header, ["BLEU"]) == [0, 6, 7]
    assert measure_groups(header)["BLEU"] == [1, 3, 4, 5, 2]  # the corpus score is BLEU's companion
