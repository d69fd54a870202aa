"""Look-alike display names and invisible characters (issue 43, goal 4)."""

from __future__ import annotations

import pytest

from litboard.load.names import invisible, skeleton


@pytest.mark.parametrize(
    "lookalike",
    [
        "Нumаn trаnslаtiоn",  # Cyrillic Н, а, о
        "Human translat\u03b9on",  # Greek iota
        "H\u200buman translation",  # zero-width space
        "HUMAN  TRANSLATION",
        "Human translat1on".replace("1", "ı"),  # dotless i
        "\u202eHuman translation",
    ],
)  # right-to-left override
def test_lookalikes_share_the_skeleton_of_the_plain_name(lookalike: str) -> None:
    assert skeleton(lookalike) == skeleton("Human translation") == "human translation"


def test_digits_and_letter_pairs_that_look_alike() -> None:
    assert skeleton("G0ogle") == skeleton("Google") and skeleton("modern") == skeleton("modem")
    assert skeleton("Il1") == "ill" and skeleton("H\u200bT") == skeleton("HT") == "ht"


def test_different_names_stay_different() -> None:
    assert skeleton("GPT-4o") != skeleton("GPT-4") and skeleton("Café") != skeleton("Cafe")
    # Cyrillic without Latin look-alikes stays Cyrillic
    assert skeleton("Человек") != skeleton("Chelovek")


def test_invisible_names_each_format_and_control_character() -> None:
    assert invisible("H\u200bT") == ["U+200B ZERO WIDTH SPACE"]
    assert invisible("a\u202eb\u2066c\ufeff") == [
        "U+202E RIGHT-TO-LEFT OVERRIDE",
        "U+2066 LEFT-TO-RIGHT ISOLATE",
        "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    ]
    assert invisible("line\nbreak\x00") == ["U+000A control character", "U+0000 control character"]
    assert invisible("line\nbreak", frozenset("\n")) == [] and invisible("Plain name") == []
