"""The papers' own "who spots the human translation" figures, as data (issue 56): the shares a
paper prints for schemes whose judgments are not in its public release (paper 000's BWS and SQM),
and the headline figures the home page puts beside the reproduced ones. Each names where the
paper prints it (section, table, row and column) and quotes the paper's text; where the paper
prints two values for one quantity (BWS: 82.1 % in Sec. 4.2 and Table 3, 81.1 % in Sec. 1),
both are listed. tests/analysis/test_finding.py checks every value against the paper's text.
"""

from __future__ import annotations

from .tables import ReportedFigure

HUMAN, METRIC = "human judgment", "automatic metric"
TOP = "top systems (GPT-4o, DeepL, Google Translate, Qwen 2)"
TABLE_3 = "Sec. 4.2, Table 3 (Human > Top Systems), row Mean"

REPORTED: tuple[ReportedFigure, ...] = (
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="BWS, students",
        kind=HUMAN,
        compared=TOP,
        value=82.1,
        decimals=1,
        source=f"{TABLE_3}, column Student BWS; also the text of Sec. 4.2",
        where="Table 3, Sec. 4.2",
        quote="On average, **BWS** ranks second with 82.1%",
        cell=("Mean", 3),
    ),
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="BWS, students",
        kind=HUMAN,
        compared=TOP,
        value=81.1,
        decimals=1,
        source="Sec. 1 (Introduction), contribution (iii): the paper prints 81.1 % here",
        where="Sec. 1",
        quote="81.1% for student BWS",
    ),
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="SQM, professionals",
        kind=HUMAN,
        compared=TOP,
        value=94.4,
        decimals=1,
        source=f"{TABLE_3}, column Professional SQM (mean of 3 pairs: no De-Zh)",
        where="Table 3",
        quote="94.4% for professional SQM",
        cell=("Mean", 4),
    ),
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="SQM, students",
        kind=HUMAN,
        compared=TOP,
        value=42.5,
        decimals=1,
        source=f"{TABLE_3}, column Student SQM",
        where="Table 3",
        quote="~42% for student **SQM** and **MQM**",
        cell=("Mean", 2),
    ),
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="MQM, students",
        kind=HUMAN,
        compared=TOP,
        value=42.7,
        decimals=1,
        source=f"{TABLE_3}, column Student MQM (mean of the 4 pairs)",
        where="Table 3",
        quote="42% for student MQM and SQM",
        released=True,
        cell=("Mean", 1),
    ),
    ReportedFigure(
        dataset="liteval",
        paper="paper 000",
        measure="automatic metrics, at most",
        kind=METRIC,
        compared="machine translations",
        value=20.0,
        decimals=0,
        source="Abstract",
        where="Abstract",
        quote="Automatic metrics fare dramatically worse, with rates of at most 20%.",
        released=True,
    ),
)


def reported_for(dataset: str) -> tuple[ReportedFigure, ...]:
    """The reported figures of ``dataset``'s paper, in the order above."""
    return tuple(r for r in REPORTED if r.dataset == dataset)
