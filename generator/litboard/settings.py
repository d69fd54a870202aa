"""Analysis settings, declared once (typed, with defaults and help) and reused everywhere."""

from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass(frozen=True)
class AnalysisSettings:
    bootstrap_resamples: int = field(default=1000, metadata={
        "help": "paired bootstrap resamples behind every CI, rank interval and cluster"})
    seed: int = field(default=12345, metadata={"help": "seed of the bootstrap's random generator"})
    alpha: float = field(default=0.05, metadata={
        "help": "significance level of the paired test that separates clusters"})
    test: str = field(default="permutation", metadata={
        "help": "paired test that separates clusters: 'permutation' (paired sign-flip test, as "
                "mt-metrics-eval and WMT; exact up to 16 items, sampled beyond) or 'bootstrap' "
                "(the CI's resamples)"})
    missing: str = field(default="available", metadata={
        "help": "'available': each system's mean over its own paragraphs, tests on shared ones; "
                "'complete': only paragraphs every system has"})

    @classmethod
    def help(cls) -> dict[str, str]:
        return {f.name: str(f.metadata.get("help", "")) for f in fields(cls)}
