"""The home page's finding (issue 56): per dataset, how often each human scheme, automatic metric
and LLM judge ranks the human translation above the machine ones -- the judge-bias records
(``judge_bias.human_above``, all pairs pooled, against the dataset's first compared group, as on
the Judge bias page) read back from the dataset's data API file, grouped by kind, beside the
figures its paper reports without released data (``reported_finding``). Selects and groups
records; computes no new statistic.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pandas as pd

from .judge_bias import KIND_LABELS
from .proportions import SMALL_N
from .records import Record
from .reported_finding import reported_for, unreported_for
from .tables import FindingDataset, FindingFigure, FindingGroup

DEFINITION = "judge_bias.human_above"
POOLED = "pooled over pairs"


def headline_records(records: Iterable[Record], compared: str) -> list[Record]:
    """The dataset's judge-bias shares over every pair pooled, against ``compared``."""
    return [
        r
        for r in records
        if r.definition == DEFINITION
        and r.pair == "all"
        and dict(r.qualifiers).get("scope") == POOLED
        and r.subject == f"human vs {compared}"
    ]


def _figure(record: Record) -> FindingFigure:
    interval = record.interval
    value = float(record.value) if isinstance(record.value, (int, float)) else float("nan")
    n = int(record.n or 0)
    return FindingFigure(
        record=record.id,
        measure=record.label or record.measure,
        value=value,
        low=float(interval.low) if interval and interval.low is not None else value,
        high=float(interval.high) if interval and interval.high is not None else value,
        n=n,
        small=n < SMALL_N,
        provenance=_provenance(record),
    )


def _provenance(record: Record) -> str:
    """The measure's signature, with the data version unless the signature names it."""
    signature, version = record.provenance.signature, record.provenance.data_version
    return signature if version in signature else f"{signature}; data {version}"


def _groups(records: list[Record], kinds: dict[str, str]) -> tuple[FindingGroup, ...]:
    groups = []
    for kind in KIND_LABELS.values():
        figures = sorted(
            (_figure(r) for r in records if kinds.get(r.measure) == kind),
            key=lambda f: (-f.value, f.measure),
        )
        if figures:
            groups.append(
                FindingGroup(
                    kind=kind,
                    figures=tuple(figures),
                    low=min(f.value for f in figures),
                    high=max(f.value for f in figures),
                    n_low=min(f.n for f in figures),
                    n_high=max(f.n for f in figures),
                    best=next((f for f in figures if not f.small), figures[0]),
                )
            )
    return tuple(groups)


def dataset_finding(
    dataset: str, title: str, demo: bool, records: Sequence[Record], rows: pd.DataFrame
) -> FindingDataset | None:
    """One dataset's line: its records (the data API's), its judge-bias rows (each measure's
    kind, and the compared groups in their order); None when it has neither a reproduced nor a
    reported figure."""
    reported = reported_for(dataset)
    if rows.empty and not reported:
        return None
    compared = str(rows["compared"].iloc[0]) if not rows.empty else ""
    kinds = dict(zip(rows["measure"].astype(str), rows["kind"].astype(str)))
    chosen = headline_records(records, compared) if compared else []
    groups = _groups(chosen, kinds)
    if not groups and not reported:
        return None
    sample = str(rows["sample"].iloc[0]) if not rows.empty else ""
    version = chosen[0].provenance.data_version if chosen else ""
    return FindingDataset(
        dataset, title, demo, compared, sample, version, groups, reported, unreported_for(dataset)
    )


def site_finding(datasets: Sequence[FindingDataset | None]) -> list[FindingDataset]:
    """The datasets the home page shows, in page order: illustrative (demo) datasets only when
    the site has no other, as on the Judge bias page."""
    present = [d for d in datasets if d is not None]
    real = [d for d in present if not d.demo]
    return real or present
