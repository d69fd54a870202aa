"""Issue 43 goal 6 on the board: every automatic measure's agreement with the human ranking, or a
note saying why there is none (never an empty line)."""

from __future__ import annotations

from types import SimpleNamespace as NS

from litboard.analysis.measure_agreement import Agreement
from litboard.render.core.trust import board_trust


def _row(**values: float | None) -> NS:
    return NS(cells={k: NS(value=v) for k, v in values.items()})


# error points: lower is better
HUMAN = NS(key="h", label="MQM", group="human", higher_is_better=False)
BLEU = NS(key="b", label="BLEU", group="metric", higher_is_better=True)
JUDGE = NS(key="j", label="GEMBA", group="llm", higher_is_better=True)


def _missing(value: object) -> bool:
    return value is None


def test_each_automatic_measure_gets_its_agreement_with_n_and_an_interval() -> None:
    # MQM: A 1 < B 2 < C 3 (A best); BLEU A 30 > C 20 > B 10: (A,B) (A,C) agree, (B,C) not;
    # the judge scored only A and B and agrees on that one pair
    rows = [_row(h=1.0, b=30.0, j=9.0), _row(h=2.0, b=10.0, j=5.0), _row(h=3.0, b=20.0, j=None)]
    trust = board_trust(rows, [HUMAN, BLEU, JUDGE], HUMAN, _missing)
    assert trust.note == "" and trust.human == "MQM"
    assert [(m.label, m.agreement) for m in trust.measures] == [
        ("BLEU", Agreement(2, 3)),
        ("GEMBA", Agreement(1, 1)),
    ]
    assert trust.measures[0].text == "BLEU: 67% (2 of 3 system pairs)"
    assert trust.measures[1].text == "GEMBA: 100% (1 of 1 system pair)"


def test_without_a_human_ranking_or_a_comparable_pair_the_note_says_why() -> None:
    rows = [_row(b=30.0), _row(b=10.0)]
    assert "no human judgments on this pair yet" in board_trust(rows, [BLEU], BLEU, _missing).note
    assert "no human judgments" in board_trust(rows, [BLEU], None, _missing).note
    lone = board_trust([_row(h=1.0, b=3.0)], [HUMAN, BLEU], HUMAN, _missing)
    assert lone.measures and "cannot be measured yet" in lone.note
    assert "no automatic measure" in board_trust([_row(h=1.0)], [HUMAN], HUMAN, _missing).note
