"""The schemes a campaign can plan, declared once: CLI choices, cost defaults and the docs.

Minutes per item are planning defaults a maintainer overrides with ``--minutes``. Only the
pairwise figure is measured: the Label Studio ``lead_time`` of LiteraryTranslation's 540
annotations has a median of 28.8 minutes per paragraph pair (it includes idle time; a test pins
it). The others are planning guesses scaled from it: MQM on one translation 2/3 of a pair, ESA
half of MQM (spans without categories, then one score), BWS a pair and a half for 4 texts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scheme:
    name: str
    minutes: float          # default minutes per item (one annotator, one item)
    systems_per_item: int   # 1: one translation per item; 2: a pair; 0: a tuple (--tuple-size)
    imports_as: tuple[str, ...]  # litboard campaign schemes the import writes
    help: str


SCHEMES: dict[str, Scheme] = {s.name: s for s in (
    Scheme("mqm", 20.0, 1, ("mqm",), "MQM error spans with category and severity from the track's "
                                    "typology, one translation per item"),
    Scheme("esa", 10.0, 1, ("mqm", "sqm"), "Error Span Annotation: spans marked minor or major, then "
                                          "a 0-100 score, one translation per item"),
    Scheme("pairwise", 29.0, 2, ("pairwise", "mqm"), "two translations side by side (blind, order "
                                                    "randomised): error spans, the better one and a "
                                                    "rationale, as in LiteraryTranslation"),
    Scheme("bws", 43.0, 0, ("bws",), "best-worst scaling: a tuple of translations, the best and "
                                    "the worst"),
)}
DEFAULT_DOUBLE_SHARE = 0.1
DEFAULT_PARAGRAPHS = 10
DEFAULT_ANNOTATORS = 2
DEFAULT_TUPLE = 4
ESA_SCALE = (0.0, 100.0)
