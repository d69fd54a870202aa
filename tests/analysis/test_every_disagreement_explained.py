"""Issue 46 goal 4: every disagreement between a paper and the released data has a reason.

Each dataset's shipped reported records are compared with the real release (as the site does);
a disagreement's reason is either declared by its record (with the evidence in the note) or
"rounding" (computed by the engine); a declared "unexplained" must say what was tried."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from litboard.importers import get
from litboard.load.read import load
from litboard.reported import engine

from ..conftest import shared_path

pytestmark = pytest.mark.shared

RELEASES = {
    "liteval": "liteval-public",
    "creativity-bias": "creativity-bias",
    "literary-translation": "literary-translation",
}


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    tables = []
    for name, folder in RELEASES.items():
        out = tmp_path_factory.mktemp(name) / "root"
        get(name)(shared_path(folder), out)
        corpus = load([out])
        table = engine.compare(corpus)
        declared = corpus.tables["reported"]["reason"].fillna("").astype(str).tolist()
        tables.append(table.assign(declared=declared))
    return pd.concat(tables, ignore_index=True)


def test_every_disagreement_has_a_reason(compared: pd.DataFrame) -> None:
    off = compared[compared["disagrees"]]
    assert len(off) == 67  # the count issue 46 names; a new one needs its own reason
    assert (off["reason"].str.len() > 0).all()
    assert set(off["reason"]) <= set(engine.REASONS)
    computed = {"rounding", "double rounding", "truncation"}  # proved by the engine's arithmetic
    unchecked = off[(off["declared"] == "") & ~off["reason"].isin(computed)]
    assert unchecked.empty, unchecked[["source", "label", "keys"]].to_string()


def test_unexplained_says_what_was_tried(compared: pd.DataFrame) -> None:
    unexplained = compared[compared["disagrees"] & (compared["reason"] == engine.UNEXPLAINED)]
    # checked; 18 of the 43 issue 46 listed have a found cause. Issue 59: Table 7's Google -3.1
    # was put down to rounding, but -3.04 rounds to -3.0: unexplained like the other means (26).
    # Issue 59 goal 2 found 10 more causes (tests/analysis/test_reason_probes.py pins each to its
    # computation), then 4 more: paper 003's Table 9 (Table 5 summed per genre: the release's sums)
    # shows four Table 5/11 counts to be paper typos. The goal's target of at most 5 is not reached:
    # these 12 resist every probe of bench/reported_reasons.py, and each note lists what was tried
    assert len(unexplained) == 12
    by_source = unexplained["source"].value_counts().to_dict()
    assert by_source == {
        "paper 000 Table 7": 6,  # the student MQM means
        "paper 003 Table 5": 2,  # RU-NL poem PE / MT matches
        "paper 000 Table 3": 2,  # De-En GEMBA-MQM (Original)
        "paper 003 App. G.1": 2,  # COMETKiwi 78.0, 66.7
    }
    for note in unexplained["note"]:
        assert note.startswith("Reason: unexplained.") and "Tried" in note, note
        assert "bench/reported_reasons.py" in note or "recounted" in note, note


def test_reasons_pinned(compared: pd.DataFrame) -> None:
    """A few reasons with their evidence, as found by hand in the papers and the releases."""

    def reason(source: str, **keys: str) -> str:
        rows = compared[
            (compared["source"] == source)
            & (compared["keys"].map(engine.identity) == engine.identity(keys))
        ]
        return str(rows[rows["disagrees"]]["reason"].iloc[0])

    assert (
        reason(
            "paper 003 Table 11", campaign="pro-ci", pair="ru-nl", genre="thriller", modality="PE"
        )
        == "copied from another cell"
    )
    assert (
        reason("paper 003 App. G.1", campaign="aem-ter", pair="ru-nl", genre="poem", modality="MT")
        == "paper typo"
    )
    assert (
        reason(
            "paper 003 Table 12",
            variable="pro-error-points",
            by="modality",
            first="HT",
            second="MT",
            stat="p",
        )
        == "copied from another cell"
    )
    assert (
        reason("paper 003 Table 4", campaign="aem-litransproqa", pair="en-ca", modality="PE")
        == "data subset"
    )
    assert (
        reason("paper 000 Table 14", scenario="other", campaign="prometheus", pair="en-de")
        == "paper typo"
    )


def _row(compared: pd.DataFrame, source: str, **keys: str) -> dict[str, object]:
    rows = compared[
        (compared["source"] == source)
        & (compared["keys"].map(engine.identity) == engine.identity(keys))
        & compared["disagrees"]
    ]
    assert len(rows) >= 1, (source, keys)
    return dict(rows.iloc[0])


def test_issue_59_reasons_are_true_and_specific(compared: pd.DataFrame) -> None:
    """Checked by hand against paper 000 (Tables 1, 2a, 5, 7) and the releases."""
    google = _row(compared, "paper 000 Table 7", pair="all", system="google-translate")
    assert google["reason"] == "unexplained" and "rounds to −3.0" in str(google["note"])
    for pair in ("en-de", "de-zh"):  # Table 5's per-book counts sum to Table 1's
        row = _row(compared, "paper 000 Table 1", pair=pair, stat="paragraphs")
        assert row["reason"] == "release differs from paper"
        assert "9 + 13 + 8 + 16 = 46" in str(row["note"]) and "Heimsuchung" in str(row["note"])
    tau = _row(compared, "paper 000 Table 2a", pair="de-en", stat="tau")
    assert "45 De-En, 53 En-De and 33 En-Zh, against the release's 55, 54 and 33" in str(
        tau["note"]
    )
    off = compared[compared["disagrees"]]
    double = off[off["reason"] == "double rounding"]
    assert len(double) == 5 and not (off["reason"] == "rounding").any()
    assert all("rounded to" in str(n) and "first" in str(n) for n in double["note"])
