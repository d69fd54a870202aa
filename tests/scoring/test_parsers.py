"""GEMBA-MQM parsing pinned on paper 000 Table 11's few-shot answers; TSA, RULER, VERSE parsers;
prompts."""

from __future__ import annotations

import pytest

from litboard.scoring.base import Segment
from litboard.scoring.llm import gemba, ruler, templates, tsa, verse
from litboard.scoring.llm.cache import Answer
from litboard.scoring.settings import ScoreSettings

# Table 11 answers as printed in the paper (run together on one line), with their target segments.
ORIGINAL_ENDE = (
    'Critical: no-error Major: accuracy/mistranslation - "involvement" accuracy/omission - '
    '"the account holder" Minor: fluency/grammar - "wäre" style/register - "dir"'
)
ORIGINAL_ENDE_TARGET = (
    "Ich entschuldige mich dafür, wir müssen die Erlaubnis einholen, um eine Bestellung mit "
    "einer anderen Person zu besprechen. Ich entschuldige mich, falls dies zuvor geschehen "
    "wäre, aber ohne die Erlaubnis des Kontoinhabers wäre ich nicht in der Lage, dies mit "
    "dir involvement."
)
ORIGINAL_ZHEN = (
    'Critical: accuracy/addition - "of high-speed rail" Major: accuracy/mistranslation - '
    '"go to the reviews" Minor: style/awkward - "etc.,"'
)
LITERARY_ENDE = (
    'Critical: accuracy/mistranslation (Too-literal) - "studierte" Major: accuracy/omission - '
    '"das Aussehen" Minor: no-error'
)
LITERARY_ZHEN = (
    'Critical: style/awkward - "ah" Major: fluency/grammar - "gently and quietly moved" '
    'Minor: accuracy/mistranslation (Too-literal) - "he has feet"'
)
LITERARY_ZHEN_TARGET = "The sun he has feet, ah, gently and quietly moved."


@pytest.mark.parametrize(
    "answer, counts, expected",
    [
        (ORIGINAL_ENDE, {"critical": 0, "major": 2, "minor": 2}, -12.0),  # -(5*2 + 1*2)
        (ORIGINAL_ZHEN, {"critical": 1, "major": 1, "minor": 1}, -25.0),  # -31 capped at -25
        (LITERARY_ENDE, {"critical": 1, "major": 1, "minor": 0}, -25.0),  # -30 capped
        (LITERARY_ZHEN, {"critical": 1, "major": 1, "minor": 1}, -25.0),
    ],
)
def test_gemba_table11_answers(answer: str, counts: dict[str, int], expected: float) -> None:
    parsed = gemba.parse(answer)
    assert {s: sum(e.severity == s for e in parsed.errors) for s in gemba.WEIGHTS} == counts
    assert parsed.score == expected


def test_gemba_multiline_answers_from_the_prompt_file_parse_the_same() -> None:
    prompt = templates.load("gemba_mqm_original.v1")
    first_answer = [text for role, text in prompt.messages if role == "assistant"][0]
    assert [(e.severity, e.category, e.text) for e in gemba.parse(first_answer).errors] == [
        (e.severity, e.category, e.text) for e in gemba.parse(ORIGINAL_ENDE).errors
    ]


def test_gemba_errors_and_spans() -> None:
    errors = gemba.parse(ORIGINAL_ENDE).errors
    assert [(e.severity, e.category, e.text) for e in errors] == [
        ("major", "accuracy/mistranslation", "involvement"),
        ("major", "accuracy/omission", "the account holder"),
        ("minor", "fluency/grammar", "wäre"),
        ("minor", "style/register", "dir"),
    ]
    spans = gemba.spans(errors, ORIGINAL_ENDE_TARGET)
    # "the account holder" is not in the German text: counted in the score, no span.
    assert [(s["start"], s["end"], s["severity"]) for s in spans] == [
        (
            ORIGINAL_ENDE_TARGET.index("involvement"),
            ORIGINAL_ENDE_TARGET.index("involvement") + 11,
            "major",
        ),
        (ORIGINAL_ENDE_TARGET.index("wäre"), ORIGINAL_ENDE_TARGET.index("wäre") + 4, "minor"),
        (ORIGINAL_ENDE_TARGET.index("dir"), ORIGINAL_ENDE_TARGET.index("dir") + 3, "minor"),
    ]
    assert spans[0]["category"] == "Accuracy" and spans[0]["subcategory"] == "Mistranslation"
    literary = gemba.spans(gemba.parse(LITERARY_ZHEN).errors, LITERARY_ZHEN_TARGET)
    assert literary[0] == {
        "start": 21,
        "end": 23,
        "category": "Style",
        "severity": "critical",
        "subcategory": "Awkward",
    }
    assert literary[2]["comment"] == "Too-literal"


def test_gemba_unparseable_answer_is_kept_raw_without_a_score() -> None:
    judge = gemba.Gemba("literary")
    seg = Segment("mt", "de-en", "p1", "Hello.", source="Hallo.")
    settings = ScoreSettings()
    request = judge.requests(seg, 0, {}, settings)[0]
    record = judge.record(
        seg, {request.key: Answer(request.key, "I cannot help with that.")}, settings
    )
    assert record is not None
    assert record["score"] is None and record["raw"] == "I cannot help with that."
    assert "no 'Critical:'" in record["error"] and record["request_sha256"] == request.key
    assert gemba.parse("Critical:\nno-error\nMajor:\nno-error\nMinor:\nno-error").score == 0.0


def test_tsa_tags_become_spans() -> None:
    text = "Ve Vídni se ve Vídni obnovily rozhovory."
    answer = (
        '{"annotated_translation": "Ve Vídni se <v0>ve Vídni</v0> obnovily<v1></v1> rozhovory.", '
        '"errors": [{"severity": "Major", "category": "accuracy/addition"}, '
        '{"severity": "Minor", "category": "accuracy/omission"}]}'
    )
    spans, error = tsa.parse(answer, text)
    assert error == ""
    assert [(s["start"], s["end"], s["severity"], s["subcategory"]) for s in spans] == [
        (12, 20, "major", "Addition"),
        (29, 29, "minor", "Omission"),
    ]
    assert text[12:20] == "ve Vídni"
    assert tsa.score(spans) == -6.0
    assert tsa.parse("no json here", text)[1] == "no JSON object in the answer"
    assert (
        "differs"
        in tsa.parse('{"annotated_translation": "Something else entirely.", "errors": []}', text)[1]
    )
    assert (
        "no entry"
        in tsa.parse(
            '{"annotated_translation": "Ve Vídni se <v0>ve</v0> Vídni obnovily '
            'rozhovory.", "errors": []}',
            text,
        )[1]
    )


@pytest.mark.parametrize(
    "answer, value",
    [("<4>", 4), ("4", 4), (" <5> ", 5), ("<4> or <5>", None), ("<6>", None), ("good", None)],
)
def test_ruler_answers(answer: str, value: int | None) -> None:
    assert ruler.parse(answer)[0] == value


def test_verse_parsers() -> None:
    answer = "1. Does the translation keep the narrator's irony?\n2. Is the storm imagery vivid?\n"
    questions = verse.parse_questions(answer)
    assert questions == [
        "Does the translation keep the narrator's irony?",
        "Is the storm imagery vivid?",
    ]
    cats = '["Affective and Stylistic Resonance", "Imagery and Descriptive Quality"]'
    assert verse.parse_categories(cats, 2) == [
        "Affective and Stylistic Resonance",
        "Imagery and Descriptive Quality",
    ]
    assert verse.parse_categories('["Imagery and Descriptive Quality"]', 2) is None
    assert verse.parse_answer("<3>") == 3 and verse.parse_answer("<4>") is None


def test_prompt_header_is_not_hashed_and_placeholders_fill_once() -> None:
    a = templates.parse("x.v1", "# cited from somewhere\n=== user\nSay {word}.\n")
    b = templates.parse("x.v1", "# cited from elsewhere\n# second note\n=== user\nSay {word}.\n")
    assert a.sha256 == b.sha256
    assert a.render(word="{word}") == [{"role": "user", "content": "Say {word}."}]
    with pytest.raises(KeyError):
        a.render()
    for name in (
        "gemba_mqm_original.v1",
        "gemba_mqm_literary.v1",
        "tsa.v1",
        "ruler.v1",
        "verse_questions.v1",
        "verse_classify.v1",
        "verse_answer.v1",
    ):
        assert templates.load(name).body.startswith("===")
