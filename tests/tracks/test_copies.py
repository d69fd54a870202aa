"""The measures behind the copy rules (``litboard.tracks.copies``), on hand-computed cases."""

from __future__ import annotations

from litboard.tracks.copies import (
    in_place,
    in_place_share,
    matched,
    misplaced,
    similarity,
    tokens,
    units,
)


def test_tokens_are_words_and_marks_or_characters() -> None:
    assert tokens("The cat, sat.") == ["the", "cat", ",", "sat", "."]
    assert tokens("猫が座った。") == ["猫", "が", "座", "っ", "た", "。"]


def test_similarity_is_the_in_order_share_of_my_tokens() -> None:
    assert matched(["a", "b", "c", "d"], ["a", "x", "c", "d"]) == 3
    assert matched(["a", "b"], ["b", "a"]) == 1  # in order: one of the two
    sim = similarity(
        {"p1": ["a", "b", "c", "d"], "p2": ["e", "f"]},
        {"p1": ["a", "x", "c", "d"], "p2": ["g", "h"], "p3": ["i"]},
    )
    assert sim.corpus == 3 / 6 and sim.paragraphs == {"p1": 0.75, "p2": 0.0}
    assert sim.close(0.7) == ["p1"]


def test_units_are_words_or_characters_as_they_stand() -> None:
    assert units("The  Cat sat") == ["the", "cat", "sat"]
    # Japanese: characters, line breaks kept, no NFKC (one ellipsis stays one position)
    text = "猫が…\n座った" + "。犬は走った" * 4  # 31 characters, 2 "words": characters
    assert units(text)[:7] == ["猫", "が", "…", "\n", "座", "っ", "た"]
    assert len(units(text)) == len(text)


def test_in_place_counts_positions_of_the_longer_text() -> None:
    assert in_place(["a", "b", "c", "d"], ["a", "x", "c", "d"]) == 0.75
    # one word inserted at the front: nothing stays in place, though 4 of 5 match in order
    assert in_place(["z", "a", "b", "c", "d"], ["a", "b", "c", "d"]) == 0.0
    assert in_place([], []) == 0.0
    kept, shared = in_place_share(
        {"p1": ["a", "b"], "p2": ["a", "b"], "p3": ["a"]},
        {"p1": ["a", "x"], "p2": ["y", "x"], "p4": ["a"]},
        0.5,
    )
    assert (kept, shared) == (["p1"], 2)


def test_misplaced_paragraphs_match_a_neighbour_better() -> None:
    reference = {
        "p1": "the old man and the sea",
        "p2": "a tale of two cities",
        "p3": "war and peace",
    }
    mine = {"p1": "a tale of two cities", "p2": "a tale of two towns", "p3": "war and peace"}
    assert misplaced(mine, reference, [["p1", "p2", "p3"]]) == ["p1"]
    assert misplaced(mine, reference, [["p1"], ["p2"], ["p3"]]) == []  # no neighbours across works
