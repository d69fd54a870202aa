"""Tag parser (litboard.spans.tags) and offset alignment: hand-made cases."""

from __future__ import annotations

import pytest

from litboard.spans.align import offset_map
from litboard.spans.tags import TagError, TaggedSpan, parse_tags


def test_indexed_tags_give_code_point_offsets() -> None:
    text, spans = parse_tags("De <v0>dag</v0> is <v1>licht</v1>.")
    assert text == "De dag is licht."
    assert spans == [TaggedSpan(3, 6, 0, "dag"), TaggedSpan(10, 15, 1, "licht")]


def test_empty_tags_are_zero_width_omissions() -> None:
    text, spans = parse_tags("door het <v0></v0>raam")
    assert text == "door het raam"
    assert spans == [TaggedSpan(9, 9, 0, "")]


def test_indices_need_not_follow_position_unless_sequential() -> None:
    text, spans = parse_tags("a<v1></v1> b <v0>c</v0>")
    assert [(s.index, s.start, s.end) for s in spans] == [(1, 1, 1), (0, 4, 5)]
    with pytest.raises(TagError, match="out of order") as error:
        parse_tags("a<v1></v1> b <v0>c</v0>", sequential=True)
    assert error.value.position == 1


@pytest.mark.parametrize(
    "annotated, text, span",
    [
        ("东京<v0>很热</v0>。", "东京很热。", (2, 4, "很热")),
        ("ok 👍🏽 <v0>fine</v0>", "ok 👍🏽 fine", (6, 10, "fine")),
        ("cafe\u0301 <v0>noir</v0>", "cafe\u0301 noir", (6, 10, "noir")),
        ("<v0>😀</v0>x", "😀x", (0, 1, "😀")),
    ],
)
def test_offsets_count_code_points(annotated: str, text: str, span: tuple[int, int, str]) -> None:
    got_text, spans = parse_tags(annotated)
    assert got_text == text
    assert (spans[0].start, spans[0].end, spans[0].text) == span
    assert got_text[span[0] : span[1]] == span[2]


def test_plain_tags_wmt_style() -> None:
    text, spans = parse_tags("a <v>b</v> c <v></v>", indexed=False)
    assert text == "a b c "
    assert [(s.start, s.end, s.index) for s in spans] == [(2, 3, None), (6, 6, None)]


def test_nesting_only_when_allowed() -> None:
    with pytest.raises(TagError, match="opens inside") as error:
        parse_tags("<v0>a<v1>b</v1></v0>")
    assert error.value.position == 5
    text, spans = parse_tags("<v0>a<v1>b</v1>c</v0>", allow_nested=True)
    assert text == "abc" and [(s.index, s.start, s.end) for s in spans] == [(0, 0, 3), (1, 1, 2)]
    text, spans = parse_tags("<v0>a<v1>b</v0>c</v1>", allow_nested=True)  # overlap by index
    assert [(s.index, s.start, s.end) for s in spans] == [(0, 0, 2), (1, 1, 3)]
    text, spans = parse_tags("<v>a<v>b</v></v>", indexed=False, allow_nested=True)
    assert [(s.start, s.end) for s in spans] == [(0, 2), (1, 2)]


@pytest.mark.parametrize(
    "annotated, message, position",
    [
        ("a</v0>", "without an opening tag", 1),
        ("<v0>a", "never closed", 0),
        ("<v0>a</v1>", "does not match", 5),
        ("<v0>a</v0><v0>b</v0>", "used twice", 10),
        ("<v>a</v>", "has no index", 0),
        ("x <v2>a</v2>", None, None),
    ],
)
def test_malformed_input_raises_with_position(
    annotated: str, message: str | None, position: int | None
) -> None:
    if message is None:  # a gap in the indices is not a syntax error
        assert parse_tags(annotated)[1][0].index == 2
        return
    with pytest.raises(TagError, match=message) as error:
        parse_tags(annotated)
    assert error.value.position == position


def test_indexed_tag_rejected_in_plain_mode() -> None:
    with pytest.raises(TagError, match="plain"):
        parse_tags("<v0>a</v0>", indexed=False)


def test_other_angle_brackets_are_text() -> None:
    assert parse_tags("1 < 2 <b>x</b> <v0>y</v0>")[0] == "1 < 2 <b>x</b> y"


def test_offset_map_absorbs_doubled_space() -> None:
    mapped = offset_map("per  la", "per la")
    assert (mapped(4, False), mapped(5, False), mapped(7, True)) == (4, 4, 6)
    same = offset_map("abc", "abc")
    assert same(2, True) == 2
