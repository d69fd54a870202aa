"""The papers' own "who spots the human translation" figures, as data (issue 56): the shares a
paper prints for schemes whose judgments are not in its public release (paper 000's BWS and SQM),
and the headline figures the home page puts beside the reproduced ones. Each names where the
paper prints it (section, table, row and column) and quotes the paper's text; where the paper
prints two values for one quantity (BWS: 82.1 % in Sec. 4.2 and Table 3, 81.1 % in Sec. 1),
both are listed. tests/analysis/test_finding.py checks every value against the paper's text.
"""

from __future__ import annotations

from .tables import ReportedFigure

HUMAN, METRIC, LLM = "human judgment", "automatic metric", "LLM judge"
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


# Paper 003 (Creativity Bias) ranks nothing: it counts, per modality (HT, PE, MT), the creative
# shifts each judge finds among the same 188 units of creative potential. Professionals find
# most in the human translation; the LLM judge finds about as many in each (Sec. 4.2).
UNITS = "of 188 units"
MODALITIES = "post-edited (PE) and machine (MT) translations"
TABLE_13 = "App. G.2, Table 13 (CS/R/O per modality), professional column CS, row Total"
CS_PROFESSIONALS = tuple(
    ReportedFigure(
        dataset="creativity-bias",
        paper="paper 003",
        measure="creative shifts, professionals",
        kind=HUMAN,
        compared=MODALITIES,
        value=value,
        decimals=0,
        source=f"{TABLE_13} of the {modality} block",
        where="Table 13",
        quote=row,
        released=True,
        unit=UNITS,
        modality=modality,
    )
    for modality, value, row in (
        ("HT", 103.0, "| Total | 103 | 82 | 3 | 188 |"),
        ("PE", 66.0, "| Total | 66 | 119 | 3 | 188 |"),
        ("MT", 35.0, "| Total | 35 | 151 | 2 | 188 |"),
    )
)
CS_LLM = tuple(
    ReportedFigure(
        dataset="creativity-bias",
        paper="paper 003",
        measure="creative shifts, LLM judge (GPT-5.2)",
        kind=LLM,
        compared=MODALITIES,
        value=value,
        decimals=0,
        source="Sec. 4.2, CS classification (also Table 13, LLM rows CS, column Total)",
        where="Sec. 4.2",
        quote="very similar numbers of CSs to each modality (HT: 55, PE: 56, MT: 54)",
        released=True,
        unit=UNITS,
        modality=modality,
    )
    for modality, value in (("HT", 55.0), ("PE", 56.0), ("MT", 54.0))
)
REPORTED = REPORTED + CS_PROFESSIONALS + CS_LLM

# Datasets whose study is not among the papers litboard ships (../shared/papers): no reported
# figure can be checked against its text, so the home page says so instead of showing one.
UNREPORTED: dict[str, str] = {
    "wmt21-ted-zhen": "Freitag et al., WMT 2021 metrics task",
    "wmt24-literary-esa": "Kocmi et al., WMT24 findings",
    "literary-translation": "Karpinska & Iyyer, WMT 2023",
}


def unreported_for(dataset: str) -> str:
    """Why ``dataset`` shows no reported figure ("" when it shows some or is unknown)."""
    study = "" if reported_for(dataset) else UNREPORTED.get(dataset, "")
    return f"its paper ({study}) is not one of the studies litboard ships" if study else ""


def reported_for(dataset: str) -> tuple[ReportedFigure, ...]:
    """The reported figures of ``dataset``'s paper, in the order above."""
    return tuple(r for r in REPORTED if r.dataset == dataset)
