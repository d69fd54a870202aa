"""Issue 59 goal 4: a release's stored BLEU/chrF/TER checked against its own texts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
import sacrebleu

from litboard.analysis.stored_scores import (
    SHIFTED,
    TOLERANCE,
    check_stored_scores,
    flag_text,
    stored_score_checks,
)
from litboard.importers import get
from litboard.load.read import load

from ..conftest import shared_path

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("creativity") / "root"
    get("creativity-bias")(shared_path("creativity-bias"), out)
    return out


def _cell(table: pd.DataFrame, campaign: str, system: str, pair: str, work: str) -> dict:
    rows = table[
        (table["campaign"] == campaign)
        & (table["system"] == system)
        & (table["pair"] == pair)
        & (table["work"] == work)
    ]
    assert len(rows) == 1
    return dict(rows.iloc[0])


def test_the_release_scores_are_checked_and_the_en_ca_thriller_is_not_reproduced(
    root: Path,
) -> None:
    table = check_stored_scores(load([root]))
    assert len(table) == 54  # BLEU, chrF2, TER x MT, PE x 9 texts (HT is the reference)
    ok = _cell(table, "aem-bleu", "mt", "en-nl", "en-poem")
    assert ok["reproduced"] and ok["stored"] == 29.9 and abs(ok["recomputed"] - 29.9) <= TOLERANCE
    off = _cell(table, "aem-bleu", "mt", "en-ca", "en-thriller")
    assert not off["reproduced"] and off["stored"] == 0.5
    assert off["recomputed"] == pytest.approx(28.7, abs=0.05) and off["cause"] == SHIFTED
    note = flag_text(off)
    assert "gives 28.7, the release stores 0.5" in note and "misaligned lines" in note
    assert flag_text(ok) == ""
    # by hand: sacreBLEU on the texts themselves, and with the lines shifted by one
    mt, ht = _lines(root, "mt", "en-ca", "en-thriller"), _lines(root, "ht", "en-ca", "en-thriller")
    assert len(mt) == len(ht) == 9
    assert sacrebleu.corpus_bleu(mt, [ht]).score == pytest.approx(off["recomputed"])
    assert round(sacrebleu.corpus_bleu(mt[:-1], [ht[1:]]).score, 1) == 0.5


def _lines(root: Path, system: str, pair: str, work: str) -> list[str]:
    path = root / f"corpus/systems/{system}/{pair}.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [r["text"] for r in records if r["paragraph"].startswith(f"{work}-")]


def test_a_planted_one_line_shift_is_caught(root: Path, tmp_path: Path) -> None:
    """A copy of the release whose stored MT BLEU for the en-nl poem was computed on lines
    shifted by one (each hypothesis line against the next reference line), as the EN-CA
    thriller's was: the check recomputes 29.9 from the texts and names the shift."""
    planted = tmp_path / "root"
    shutil.copytree(root, planted)
    mt, ht = _lines(root, "mt", "en-nl", "en-poem"), _lines(root, "ht", "en-nl", "en-poem")
    shifted = round(sacrebleu.corpus_bleu(mt[:-1], [ht[1:]]).score, 1)
    assert shifted < 5
    path = planted / "judgments/aem-bleu/aem-bleu.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for r in records:
        if (r["system"], r["pair"], r["work"]) == ("mt", "en-nl", "en-poem"):
            r["score"] = shifted
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    table = check_stored_scores(load([planted]))
    cell = _cell(table, "aem-bleu", "mt", "en-nl", "en-poem")
    assert not cell["reproduced"] and cell["stored"] == shifted
    assert cell["recomputed"] == pytest.approx(29.9, abs=TOLERANCE)
    assert cell["cause"] == SHIFTED and abs(cell["shifted"] - shifted) <= TOLERANCE
    assert f"the release stores {shifted:.1f}" in flag_text(cell)
    assert _cell(table, "aem-bleu", "pe", "en-nl", "en-poem")["reproduced"]  # PE untouched


def test_the_creativity_metrics_table_flags_what_the_texts_do_not_reproduce(root: Path) -> None:
    from litboard.render.creativity.views import creativity_data, metrics

    corpus = load([root])
    data = creativity_data(corpus, stored_score_checks(corpus))
    view, _ = metrics(data)
    off = data.stored[~data.stored["reproduced"]]
    assert len(view.notes) == len(off) > 0
    assert any(
        note.startswith("BLEU of ")
        and "(en-ca, MT)" in note
        and "gives 28.7" in note
        and "misaligned lines" in note
        for note in view.notes
    )
    assert f"{len(off)} of {len(data.stored)} stored BLEU, chrF and TER" in view.provenance


def test_the_creativity_reported_table_flags_them_too(root: Path) -> None:
    """The paper-vs-data table shows the stored per-text scores (App. G.1) as reproduced."""
    from litboard.render.creativity.reported import comparison, reported_table
    from litboard.render.creativity.views import creativity_data

    corpus = load([root])
    data = creativity_data(corpus, stored_score_checks(corpus))
    view, _ = reported_table(data, comparison(data))
    assert any("(en-ca, MT)" in n and "gives 28.7" in n for n in view.notes)
    assert "not what sacreBLEU gives on the release's own texts" in view.provenance
