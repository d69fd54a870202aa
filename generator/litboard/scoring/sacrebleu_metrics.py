"""BLEU, chrF and TER through sacreBLEU: sentence scores per paragraph, corpus scores per system.

References are human translations (see ``plan.references``); a segment without one is not
scored. Targets in Chinese use sacreBLEU's ``zh`` tokenizer for BLEU, Japanese its ``char``
tokenizer, and both (and Korean) TER with ``normalized`` and ``asian_support``: sacreBLEU applies
Asian support only to normalised text, and without it a sentence written without spaces is one
word, so its TER is 100 unless it matches whole. The signature records both.
``lexical_overlap`` is paper 000 E.6 (BLEU of one system's outputs against another's).
"""

from __future__ import annotations

from typing import Any, Sequence

from .base import Metric, Segment, Signature
from ..analysis.overlap import TOKENIZE, target_lang
# the overlap page's BLEU moved to analysis (results computes it); kept importable from here
from ..analysis.overlap import lexical_overlap, mean_overlap, overlap_signature  # noqa: F401

ASIAN = {"zh", "ja", "ko"}
# BLEU tokenizers by target language: analysis.overlap.TOKENIZE (the overlap page's too)


class SacreMetric(Metric):
    """Common part: validate (needs >= 1 reference), sentence/corpus scoring, signature."""

    key = ""

    def __init__(self, target: str) -> None:
        self.target = target
        self.nrefs: set[int] = set()
        self._sentence = self._make(sentence=True)
        self._corpus = self._make(sentence=False)

    def _make(self, sentence: bool) -> Any:
        raise NotImplementedError

    def validate(self, segments: Sequence[Segment]) -> tuple[list[Segment], list[str]]:
        usable = [s for s in segments if s.references]
        skipped = [
            f"{s.system} {s.pair} {s.paragraph}: no human reference translation"
            for s in segments
            if not s.references
        ]
        self.nrefs.update(len(s.references) for s in usable)
        return usable, skipped

    def segment_scores(self, segments: Sequence[Segment]) -> list[float]:
        return [
            float(self._sentence.sentence_score(s.text, list(s.references)).score) for s in segments
        ]

    def aggregate(self, segments: Sequence[Segment]) -> float | None:
        if not segments:
            return None
        width = max(len(s.references) for s in segments)
        streams = [
            [s.references[i] if i < len(s.references) else None for s in segments]
            for i in range(width)
        ]
        return float(self._corpus.corpus_score([s.text for s in segments], streams).score)

    def signature(self) -> Signature:
        nrefs = "var" if len(self.nrefs) > 1 else (next(iter(self.nrefs)) if self.nrefs else 0)
        parts = []
        for level, metric in (("segment", self._sentence), ("system", self._corpus)):
            metric.num_refs = 1  # sacreBLEU needs a count before it builds a signature
            sig = metric.get_signature()
            sig.update("nrefs", nrefs)
            parts.append(f"{level}[{sig.format()}]")
        return Signature((("sacrebleu", " ".join(parts)),))

    def campaign_metric(self) -> dict[str, Any]:
        block = super().campaign_metric()
        block["signature"] = self.signature().fields[0][1]
        block["reference"] = (
            "human translations of the paragraph (a human system is scored "
            "against the other human translations)"
        )
        return block


class BLEU(SacreMetric):
    name, key, minimum, maximum = "BLEU", "bleu", 0.0, 100.0

    def _make(self, sentence: bool) -> Any:
        from sacrebleu.metrics import BLEU as _BLEU

        return _BLEU(tokenize=TOKENIZE.get(self.target), effective_order=sentence)


class CHRF(SacreMetric):
    name, key, minimum, maximum = "chrF", "chrf", 0.0, 100.0

    def _make(self, sentence: bool) -> Any:
        from sacrebleu.metrics import CHRF as _CHRF

        return _CHRF()


class TER(SacreMetric):
    name, key, higher_is_better, minimum = "TER", "ter", False, 0.0

    def _make(self, sentence: bool) -> Any:
        from sacrebleu.metrics import TER as _TER

        asian = self.target in ASIAN  # asian_support needs normalized (see the module docstring)
        return _TER(normalized=asian, asian_support=asian)


METRICS: dict[str, type[SacreMetric]] = {"bleu": BLEU, "chrf": CHRF, "ter": TER}


def make(key: str, pair: str) -> SacreMetric:
    return METRICS[key](target_lang(pair))
