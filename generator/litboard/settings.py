"""Settings, declared once (typed, with defaults and help) and reused everywhere: the analysis's
and the build's (the CLI's help, the mkdocs plugin's options and the code read these defaults)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal


@dataclass(frozen=True)
class AnalysisSettings:
    bootstrap_resamples: int = field(
        default=1000,
        metadata={"help": "paired bootstrap resamples behind every CI, rank interval and cluster"},
    )
    seed: int = field(default=12345, metadata={"help": "seed of the bootstrap's random generator"})
    alpha: float = field(
        default=0.05,
        metadata={"help": "significance level of the paired test that separates clusters"},
    )
    test: Literal["bootstrap", "permutation"] = field(
        default="permutation",
        metadata={
            "help": "paired test that separates clusters: 'permutation' (paired sign-flip test, as "
            "mt-metrics-eval and WMT; exact up to 16 items, sampled beyond) or 'bootstrap' "
            "(the CI's resamples)"
        },
    )
    missing: Literal["complete", "available"] = field(
        default="available",
        metadata={
            "help": "'available': each system's mean over its own paragraphs, tests on shared "
            "ones; "
            "'complete': only paragraphs every system has"
        },
    )

    @classmethod
    def help(cls) -> dict[str, str]:
        return {f.name: str(f.metadata.get("help", "")) for f in fields(cls)}


@dataclass(frozen=True)
class BuildSettings:
    site_cache_size: str = field(
        default="1GB",
        metadata={
            "help": "bound of the site cache, least recently used files removed first, never one "
            "this "
            "build used"
        },
    )
    reader_pages: str = field(
        default="auto",
        metadata={
            "help": "'packed' (gzip-compressed reader page bodies, shown with JavaScript), "
            "'plain', or "
            "'auto' (packed when a dataset has more than 1,000 paragraphs)"
        },
    )

    @classmethod
    def help(cls) -> dict[str, str]:
        return {f.name: str(f.metadata.get("help", "")) for f in fields(cls)}


BUILD = BuildSettings()
