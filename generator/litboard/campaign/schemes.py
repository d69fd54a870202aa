"""The schemes a campaign can plan, declared once: CLI choices, cost defaults and the docs.

Minutes per item are planning defaults a maintainer overrides with ``--minutes``. Only the
pairwise figure is measured: the Label Studio ``lead_time`` of LiteraryTranslation's 540
annotations has a median of 28.8 minutes per paragraph pair (it includes idle time; a test pins
it). The others are planning guesses scaled from it: MQM on one translation 2/3 of a pair, ESA
half of MQM (spans without categories, then one score), BWS a pair and a half for 4 texts,
RULER (four 1-5 ratings, no spans) a little more than ESA.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scheme:
    name: str
    minutes: float  # default minutes per item (one annotator, one item)
    systems_per_item: int  # 1: one translation per item; 2: a pair; 0: a tuple (--tuple-size)
    imports_as: tuple[str, ...]  # litboard campaign schemes the import writes
    help: str


SCHEMES: dict[str, Scheme] = {
    s.name: s
    for s in (
        Scheme(
            "mqm",
            20.0,
            1,
            ("mqm",),
            "MQM error spans with category and severity from the track's "
            "typology, one translation per item",
        ),
        Scheme(
            "esa",
            10.0,
            1,
            ("mqm", "sqm"),
            "Error Span Annotation: spans marked minor or major, then "
            "a 0-100 score, one translation per item",
        ),
        Scheme(
            "pairwise",
            29.0,
            2,
            ("pairwise", "mqm"),
            "two translations side by side (blind, order "
            "randomised): error spans, the better one and a "
            "rationale, as in LiteraryTranslation",
        ),
        Scheme(
            "bws",
            43.0,
            0,
            ("bws",),
            "best-worst scaling: a tuple of translations, the best and the worst",
        ),
        Scheme(
            "ruler",
            12.0,
            1,
            ("ruler",),
            "RULER (paper 004): one translation rated 1-5 on four "
            "criteria (lexical choice, honorifics, syntax and grammar, "
            "content accuracy)",
        ),
    )
}
DEFAULT_DOUBLE_SHARE = 0.1
DEFAULT_PARAGRAPHS = 10
DEFAULT_ANNOTATORS = 2
DEFAULT_TUPLE = 4
ESA_SCALE = (0.0, 100.0)
RULER_SCALE = (1, 5)


@dataclass(frozen=True)
class Criterion:
    name: str  # the Label Studio control
    title: str  # paper 004's name of the criterion (the campaign card's criteria)
    help: str  # what the annotator rates (paper 004, section 4.1; the full rubric is Appendix C)


RULER_CRITERIA: tuple[Criterion, ...] = (
    Criterion(
        "lexical",
        "Lexical choice",
        "proper use of idiomatic expressions and general word "
        "choices that demonstrate fluency in the target language",
    ),
    Criterion(
        "honorifics",
        "Proper use of honorifics in dialogues",
        "verb endings and forms of "
        "address that reflect the status of and relationships among the speakers (rate 5 when "
        "the paragraph has no dialogue or register to render)",
    ),
    Criterion(
        "syntax",
        "Syntax and grammar",
        "grammatical accuracy: embedded clauses, conjunctions, "
        "sentence connectors, internal logic and punctuation, so that the translation reads "
        "naturally",
    ),
    Criterion(
        "content",
        "Content accuracy",
        "the meaning of the original is preserved, literary "
        "expressions included; no substantial words or phrases added or left out",
    ),
)
