"""The order rule of the copy checks (``copy_measures.Measures.displaced``), on hand-made texts:
a translation's sentences reordered within their paragraphs, with words changed, are a copy; the
same sentences in the same order, or another text, are not displaced at all."""

from __future__ import annotations

from litboard.errors import Problems
from litboard.tracks.copy_measures import Features, measure
from litboard.tracks.copy_rules import SYSTEM_DEFAULT, check_file

from .redteam import rows_of

# four sentences of 7, 5, 7 and 5 words (24 units)
ORIGINAL = {
    "p1": "The old house stood by the river. Its windows were always dark. Nobody "
    "in the village went near it. Children told stories about ghosts."
}
REVERSED = {
    "p1": "Children told stories about ghosts. Nobody in the village went near it. Its "
    "windows were always dark. The old house stood by the river."
}


def _measure(mine: dict[str, str], theirs: dict[str, str]) -> float:
    return measure(Features.of(mine), [Features.of(theirs)], [["p1"]]).displaced


def test_the_same_order_is_not_displaced() -> None:
    assert _measure(ORIGINAL, ORIGINAL) == 0.0


def test_reversed_sentences_are_displaced_but_the_heaviest_in_order() -> None:
    # reversed: any one sentence is an increasing run; the heaviest keeps 7 of 24 units in place
    assert _measure(REVERSED, ORIGINAL) == (24 - 7) / 24


def test_a_changed_word_keeps_a_sentence_copied() -> None:
    # "river" -> "stream" leaves 5 of the sentence's 6 word pairs (at least 80 %): still copied
    edited = {"p1": REVERSED["p1"].replace("river", "stream")}
    assert _measure(edited, ORIGINAL) == (24 - 7) / 24


def test_other_text_is_not_displaced() -> None:
    other = {"p1": "A storm came over the hills at night. The farmers brought their cattle in."}
    assert _measure(other, ORIGINAL) == 0.0


def test_reversed_copy_of_a_system_is_refused_with_its_reason() -> None:
    # words changed in every other sentence: the file measures stay below the system limits of a
    # new track (0.99 words), only the order gives the copy away
    found = Problems()
    copy = {"p1": REVERSED["p1"].replace("ghosts", "witches").replace("dark", "shut")}
    assert _measure(copy, ORIGINAL) >= SYSTEM_DEFAULT.displaced
    assert check_file(
        rows_of("copy", "de-en", copy),
        {"model": rows_of("model", "de-en", ORIGINAL)},
        set(),
        "a-new-track",
        [["p1"]],
        found,
    )
    assert "in another order" in found.items[0].message
