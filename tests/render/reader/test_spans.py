"""split_runs: overlapping spans, omissions and code points (CJK, combining marks, emoji)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from litboard.errors import DataError
from litboard.render.core.spans import split_runs


@dataclass(frozen=True)
class S:
    start: int
    end: int
    name: str = ""


def shape(runs: list) -> list[tuple[str, list[str]]]:
    return [(r.text, [s.name for s in r.spans]) for r in runs]


def test_overlapping_spans_split_into_runs_that_know_all_their_spans() -> None:
    a, b = S(0, 4, "a"), S(2, 6, "b")
    assert shape(split_runs("abcdefgh", [a, b])) == [
        ("ab", ["a"]),
        ("cd", ["a", "b"]),
        ("ef", ["b"]),
        ("gh", []),
    ]


def test_nested_and_identical_spans_keep_input_order() -> None:
    outer, inner, twin = S(0, 6, "outer"), S(2, 3, "inner"), S(2, 3, "twin")
    assert shape(split_runs("abcdef", [twin, outer, inner])) == [
        ("ab", ["outer"]),
        ("c", ["twin", "outer", "inner"]),
        ("def", ["outer"]),
    ]


def test_omission_is_a_zero_width_run_inside_its_enclosing_span() -> None:
    around, gap = S(1, 5, "around"), S(3, 3, "gap")
    runs = split_runs("abcdef", [around, gap])
    assert shape(runs) == [
        ("a", []),
        ("bc", ["around"]),
        ("", ["gap", "around"]),
        ("de", ["around"]),
        ("f", []),
    ]
    assert [r.omission for r in runs] == [False, False, True, False, False]


def test_omissions_at_both_ends_and_a_span_starting_at_the_omission() -> None:
    runs = split_runs("abc", [S(0, 0, "head"), S(3, 3, "tail"), S(0, 2, "x")])
    # the omission at 0 is not inside x (x starts there), so it knows only itself
    assert shape(runs) == [("", ["head"]), ("ab", ["x"]), ("c", []), ("", ["tail"])]


def test_offsets_are_code_points_cjk_emoji_combining() -> None:
    text = "格里高尔👩\u200d👩\u200d👧醒x\u0304来🇨🇳。"
    family = text.index("👩")
    span = S(family, family + 5, "family")  # the ZWJ sequence is 5 code points
    mark = S(text.index("x"), text.index("x") + 2, "x-macron")  # base + U+0304
    flag = S(text.index("🇨"), text.index("🇨") + 2, "flag")
    runs = split_runs(text, [span, mark, flag])
    assert "".join(r.text for r in runs) == text
    picked = {r.spans[0].name: r.text for r in runs if r.spans}
    assert picked == {"family": "👩\u200d👩\u200d👧", "x-macron": "x\u0304", "flag": "🇨🇳"}


def test_empty_text_and_no_spans() -> None:
    assert split_runs("", []) == []
    assert shape(split_runs("abc", [])) == [("abc", [])]
    assert shape(split_runs("", [S(0, 0, "o")])) == [("", ["o"])]


@pytest.mark.parametrize("bad", [S(0, 9), S(-1, 1), S(3, 2)])
def test_offsets_outside_the_text_are_a_data_error(bad: S) -> None:
    with pytest.raises(DataError, match="outside the text of length 3"):
        split_runs("abc", [bad], where="x.jsonl")


def _covering(text: str, spans: list[S]) -> list[tuple[int, int, str, list[str]]]:
    """What split_runs promises, computed the slow way: cut at every offset any span names;
    a zero-width run holds the omissions at its offset, then the spans strictly around it;
    every other run the spans covering all of it; both in input order."""
    cuts = sorted({0, len(text), *(s.start for s in spans), *(s.end for s in spans)})
    out = []
    for i, here in enumerate(cuts):
        zero = [s.name for s in spans if s.start == s.end == here]
        if zero:
            out.append((here, here, "", zero + [s.name for s in spans if s.start < here < s.end]))
        if i + 1 < len(cuts):
            following = cuts[i + 1]
            out.append(
                (
                    here,
                    following,
                    text[here:following],
                    [
                        s.name
                        for s in spans
                        if s.start <= here and following <= s.end and s.start < s.end
                    ],
                )
            )
    return out


def test_runs_match_a_character_by_character_reading_on_random_spans() -> None:
    import random

    rng = random.Random(20261125)
    for case in range(3000):
        text = "".join(rng.choice("ab 語😀") for _ in range(rng.randint(0, 30)))
        spans = []
        for k in range(rng.randint(0, 9)):
            start = rng.randint(0, len(text))
            end = start if rng.random() < 0.2 else rng.randint(start, len(text))
            spans.append(S(start, end, f"s{k}"))
        if spans and rng.random() < 0.3:  # a twin: same offsets, its own span
            spans.insert(rng.randint(0, len(spans)), S(spans[0].start, spans[0].end, "twin"))
        got = [(r.start, r.end, r.text, [s.name for s in r.spans]) for r in split_runs(text, spans)]
        assert got == _covering(text, spans), (case, text, spans)
