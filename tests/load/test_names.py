"""Look-alike display names and invisible characters (issue 43, goal 4; issue 55, goal 5: UTS #39
skeletons from the full confusables table, Default_Ignorable_Code_Point, bidi controls)."""

from __future__ import annotations

import pytest

from litboard.load.names import invisible, look_alike, prototypes, skeleton, text_hidden

PLAIN = "Human translation"


@pytest.mark.parametrize(
    "lookalike",
    [
        "Нumаn trаnslаtiоn",  # Cyrillic Н, а, о (mixed-script)
        "Human translat\u03b9on",  # Greek iota
        "H\u200buman translation",  # zero-width space
        "HUMAN  TRANSLATION",
        "Human translat1on".replace("1", "ı"),  # dotless i
        "\u202eHuman translation",  # right-to-left override
        "Human translation\u3164",  # Hangul filler after the name
        "Hum\u034fan translation",  # combining grapheme joiner
        "Human\ufe0f translation",  # variation selector-16
        "Human translati\u0585n",  # Armenian small oh
        "Human translati\u1d0fn",  # Latin letter small capital o
        "\u13bbuman translation",  # Cherokee letter mi (looks like H)
        "Human transIation",  # capital I for l
    ],
)
def test_lookalikes_look_like_the_plain_name(lookalike: str) -> None:
    assert look_alike(lookalike, PLAIN) and look_alike(PLAIN, lookalike)


def test_whole_script_confusables_from_the_full_table() -> None:
    # Cherokee D, E, M and Armenian o: no Latin letter at all, yet "DEMo"
    assert look_alike("\u13a0\u13ac\u13b7\u0585", "Demo")
    table = prototypes()
    assert len(table) > 6000  # the whole of confusables.txt, not a hand-made list
    assert table["\u0585"] == "o" and table["\u13a0"] == "D" and table["m"] == "rn"


def test_digits_and_letter_pairs_that_look_alike() -> None:
    assert look_alike("G0ogle", "Google") and look_alike("modern", "modem")
    assert skeleton("Il1") == "ill" and skeleton("H\u200bT") == skeleton("HT") == "ht"


def test_different_names_stay_different() -> None:
    assert not look_alike("GPT-4o", "GPT-4") and not look_alike("Café", "Cafe")
    # Cyrillic without Latin look-alikes for every letter stays different
    assert not look_alike("Человек", "Chelovek") and not look_alike("Claude 3", "Claude 3.5")


def test_invisible_names_each_hidden_character() -> None:
    assert invisible("H\u200bT") == ["U+200B ZERO WIDTH SPACE"]
    assert invisible("a\u202eb\u2066c\ufeff") == [
        "U+202E RIGHT-TO-LEFT OVERRIDE",
        "U+2066 LEFT-TO-RIGHT ISOLATE",
        "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    ]
    assert invisible("line\nbreak\x00") == ["U+000A control character", "U+0000 control character"]
    assert invisible("line\nbreak", frozenset("\n")) == [] and invisible("Plain name") == []


@pytest.mark.parametrize(
    "char,name",
    [
        ("\u3164", "HANGUL FILLER"),
        ("\u115f", "HANGUL CHOSEONG FILLER"),
        ("\u1160", "HANGUL JUNGSEONG FILLER"),
        ("\uffa0", "HALFWIDTH HANGUL FILLER"),
        ("\ufe0f", "VARIATION SELECTOR-16"),
        ("\U000e0100", "VARIATION SELECTOR-17"),
        ("\u034f", "COMBINING GRAPHEME JOINER"),
        ("\u2800", "BRAILLE PATTERN BLANK"),
        ("\u00ad", "SOFT HYPHEN"),
        ("\u061c", "ARABIC LETTER MARK"),
        ("\U000e0041", "TAG LATIN CAPITAL LETTER A"),
        ("\ue000", "private-use character"),
    ],
)
def test_default_ignorable_and_blank_code_points_are_refused_in_names(
    char: str, name: str
) -> None:
    assert invisible(f"Demo{char} LLM") == [f"U+{ord(char):04X} {name}"]


def test_texts_keep_joiners_between_letters_only() -> None:
    # Persian ZWNJ (می‌خواهم) and a Devanagari ZWJ are the script's; a ZWSP or RLO is not
    assert text_hidden("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") == []
    assert text_hidden("\u0915\u094d\u200d\u0937") == []
    assert text_hidden("Ig\u200bnore \u202eit\u200d") == [
        (2, "\u200b"),
        (8, "\u202e"),
        (11, "\u200d"),
    ]
    assert text_hidden("two\nlines\tand a tab") == []
