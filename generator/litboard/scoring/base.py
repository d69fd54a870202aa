"""A small metric base (validate -> per-segment -> aggregate -> score) and the signature type.

A metric scores ``Segment`` items (one translation of one paragraph with its references)
and returns metric records in the judgments format (generator/litboard/load/schemas/metric.json).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence


@dataclass(frozen=True)
class Signature:
    """A reproducibility signature: ordered key:value fields joined by '|' (sacreBLEU style)."""

    fields: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, **items: Any) -> "Signature":
        return cls(tuple((k, _text(v)) for k, v in items.items() if v is not None))

    @classmethod
    def parse(cls, text: str) -> "Signature":
        pairs = [part.split(":", 1) for part in text.split("|") if part]
        return cls(tuple((k, v) for k, v in pairs))

    def format(self) -> str:
        return "|".join(f"{k}:{v}" for k, v in self.fields)

    def __str__(self) -> str:
        return self.format()


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class Segment:
    """One translation to score: the hypothesis, its source and its references (may be empty)."""

    system: str
    pair: str
    paragraph: str
    text: str
    source: str = ""
    references: tuple[str, ...] = ()
    work: str = ""
    title: str = ""
    author: str = ""
    prev_source: str = ""
    prev_text: str = ""
    next_source: str = ""
    next_text: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.system, self.pair, self.paragraph)


@dataclass
class MetricResult:
    """Records to write, plus what could not be scored and why."""

    records: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    signature: str = ""


class Metric(ABC):
    """validate -> segment_scores -> aggregate; ``score`` runs the three for one system and pair."""

    name: str = ""
    higher_is_better: bool = True
    minimum: float | None = None
    maximum: float | None = None

    def validate(self, segments: Sequence[Segment]) -> tuple[list[Segment], list[str]]:
        """(segments that can be scored, reasons for those that cannot)."""
        return list(segments), []

    @abstractmethod
    def segment_scores(self, segments: Sequence[Segment]) -> list[float]:
        """One score per segment, in order."""

    @abstractmethod
    def aggregate(self, segments: Sequence[Segment]) -> float | None:
        """The system-level (corpus) score of the segments, or None when there are none."""

    @abstractmethod
    def signature(self) -> Signature:
        """How the numbers were made, stored in campaign.yaml."""

    def campaign_metric(self) -> dict[str, Any]:
        """The ``metric`` block of campaign.yaml."""
        block: dict[str, Any] = {"name": self.name, "higher_is_better": self.higher_is_better}
        if self.minimum is not None:
            block["min"] = self.minimum
        if self.maximum is not None:
            block["max"] = self.maximum
        block["signature"] = self.signature().format()
        return block

    def score(self, segments: Sequence[Segment]) -> MetricResult:
        """Segment records plus one system-level record per (system, pair)."""
        usable, skipped = self.validate(segments)
        result = MetricResult(skipped=skipped)
        scores = self.segment_scores(usable)
        for seg, value in zip(usable, scores):
            result.records.append(
                {
                    "system": seg.system,
                    "pair": seg.pair,
                    "paragraph": seg.paragraph,
                    "level": "segment",
                    "score": round_score(value),
                }
            )
        groups: dict[tuple[str, str], list[Segment]] = {}
        for seg in usable:
            groups.setdefault((seg.system, seg.pair), []).append(seg)
        for (system, pair), group in sorted(groups.items()):
            total = self.aggregate(group)
            if total is not None:
                result.records.append(
                    {"system": system, "pair": pair, "level": "system", "score": round_score(total)}
                )
        result.signature = self.signature().format()
        return result


def round_score(value: float) -> float:
    """Scores are stored with 6 decimals so files are stable across platforms."""
    return round(float(value), 6)
