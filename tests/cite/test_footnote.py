"""Issue 59 goal 1: a LaTeX table's caption stays short and its note prints each measure's
signature once, only for the measures the table shows (a LiteraryTranslation board listed the
sacreBLEU signatures of all 18 pairs in every caption, 39 KB, and did not compile)."""

from __future__ import annotations

from pathlib import Path

from litboard.cite.downloads import tex_texts
from litboard.cite.provenance import Provenance, footnote_of

from .texcheck import check_tables

PAIRS = [f"{a}-{b}" for a in ("cs", "de", "en", "fr", "ja", "pl") for b in ("en", "ja", "pl")]
PAIRS = [p for p in PAIRS if p[:2] != p[3:]][:18]


def _signature(tok: str) -> str:
    return f"segment[nrefs:1|case:mixed|eff:yes|tok:{tok}|smooth:exp|version:2.6.0]"


PROV = Provenance(
    data_version="literary-translation marzenakrp/LiteraryTranslation@7875c8ae052c",
    datasets=({"id": "literary-translation", "version": "1"},),
    signatures=(
        {
            "campaign": "sacrebleu-bleu",
            "metric": "BLEU",
            "signature": "; ".join(
                f"{p}: {_signature('ja-mecab' if p.endswith('ja') else '13a')}" for p in PAIRS
            ),
        },
        {"campaign": "sacrebleu-chrf", "metric": "chrF", "signature": "chrF2|nc:6|nw:0"},
    ),
    judges=({"campaign": "gemba-mqm-literary", "model": "gpt-4o", "prompt_sha256": "ab" * 20},),
    build_command="litboard build --releases",
    packages=(("sacrebleu", "2.6.0"),),
)


def _words(path: str, header: list[str]) -> str:
    return " ".join([path, *header])


def test_only_the_shown_measures_and_pairs_are_signed() -> None:
    block = PROV.block("x.csv")
    board = footnote_of(block, _words("lt/leaderboard-de-en.csv", ["system", "BLEU", "BLEU n"]))
    assert board.count("Signatures: BLEU: ") == 1 and _signature("13a") in board
    assert "chrF" not in board and "tok:ja-mecab" not in board and "Judges" not in board
    # an overlap matrix between systems uses no stored measure: no signature at all
    overlap = footnote_of(block, _words("lt/overlap/de-en.csv", ["system", "gtr", "para"]))
    assert "Signatures" not in overlap and "Judges" not in overlap
    # all pairs: each distinct signature once, with the pairs it holds for
    every = footnote_of(block, _words("lt/leaderboard-all.csv", ["pair", "BLEU", *PAIRS]))
    assert every.count(_signature("13a")) == 1 and every.count(_signature("ja-mecab")) == 1
    assert "(cs-ja, de-ja" in every
    # a judge by its campaign, as a board header names it; BLEURT is not BLEU
    judged = footnote_of(block, _words("b.csv", ["GEMBA-MQM (Literary)", "BLEURT"]))
    assert "Judges: gpt-4o prompt abababababab" in judged and "Signatures" not in judged


def test_an_eighteen_pair_board_compiles_with_a_short_caption(tmp_path: Path) -> None:
    header = ["rank", "system", "name", "BLEU", "BLEU ci_low", "BLEU ci_high", "BLEU n"]
    rows = [[str(i), f"s{i}", f"System {i}", f"{30 - i}.5", "1", "40", "20"] for i in range(1, 6)]
    texts = tex_texts("literary-translation/leaderboard-de-en.csv", header, rows, PROV)
    tex = texts["literary-translation/leaderboard-de-en.tex"]
    caption = tex[tex.index("\\caption{") : tex.index("\\label")]
    assert len(caption) < 200 and "nrefs" not in caption
    assert tex.count("nrefs") == 1 and "Recompute" in tex.rsplit("\\end{tabular}", 1)[1]
    report = check_tables(tmp_path, texts)
    assert report.failing(1.0, 3) == {}
    assert report.tables["literary-translation/leaderboard-de-en.tex"].caption_lines == [1]
