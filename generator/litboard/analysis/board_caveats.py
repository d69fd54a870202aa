"""What a scheme's own paper warns about it, as data (issue 56 goal 4): the boards that show the
scheme's column repeat the warning, quoting the paper and naming the section it is printed in.
tests/analysis/test_board_caveats.py finds every quote and figure in the paper's text.

A caveat names the dataset (release id) and the board column key it applies to: a dataset
without one shows none, whatever systems it holds.
"""

from __future__ import annotations

from .tables import Analysis, BoardCaveat

CAVEATS: tuple[BoardCaveat, ...] = (
    BoardCaveat(
        dataset="liteval",
        measure="score:student-mqm",
        paper="paper 000",
        where="Sec. 4.2 (Adequacy), its summary and Table 3",
        quote=(
            "Student **MQM** is not adequate to discriminate human translations from top LLM "
            "translations. Using it may yield false conclusions."
        ),
        text=(
            "the students' MQM (this board's ranking) and SQM prefer the human translation to "
            "the top systems about 42% of the time on average (~42% for student SQM and MQM, "
            "against 82.1% for student BWS and ~94% for professional SQM; Table 3, row Mean); "
            "read a small MQM gap between a human translation and a top system with that in mind"
        ),
    ),
)


def board_caveats(dataset: str, analysis: Analysis) -> dict[str, list[BoardCaveat]]:
    """Per board column key of ``analysis``, the caveats of ``dataset`` that apply to it."""
    keys = {c.key for c in [*analysis.columns, *analysis.preferences]}
    out: dict[str, list[BoardCaveat]] = {}
    for caveat in CAVEATS:
        if caveat.dataset == dataset and caveat.measure in keys:
            out.setdefault(caveat.measure, []).append(caveat)
    return out
