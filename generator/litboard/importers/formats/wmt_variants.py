"""The published layouts of google/wmt-mqm-human-evaluation: one named variant per release year.

Every release is a TSV with one row per error (an error-free rating is one ``No-error`` row);
the releases differ in their column names, in an optional trailing metadata column, in the
annotation tool's attention checks, and in how the release weighs its categories:

| variant | year | files | columns (header as published) |
| --- | --- | --- | --- |
| newstest2020 | 2020 | ``mqm_newstest2020_{ende,zhen}.tsv``, ``.source-errors.tsv`` | 2020 layout |
| newstest2021 | 2021 | ``mqm_newstest2021_*.tsv``, TED: ``mqm_ted_*.tsv`` | 2020 layout |
| generalMT2022 | 2022 | ``mqm_generalMT2022_*.tsv`` (HOTW-test rows) | 2020 layout |
| generalMT2023 | 2023 | ``mqm_generalMT2023_*.tsv``, side by side: | Marot layout |
| | | ``sxs_mqm_generalMT2023_*.3ratingsPerSegment.tsv`` | |
| generalMT2024 | 2024 | ``mqm_generalMT2024_*.tsv`` | Marot layout |

2020 layout: ``system doc doc_id seg_id rater source target category severity [comment]``.
Marot layout (the MQM Viewer / Marot format): ``system doc docSegId globalSegId rater source
target category severity [metadata]``; ``docSegId`` is the segment's 1-based position in its
doc (read as ``doc_id``) and ``globalSegId`` the segment id (read as ``seg_id``).

The header decides the layout (names are matched case-insensitively, in any order); the file
name decides the year among the layout's variants (else the mapping's ``variant``, else the
layout's first variant, said in a note). Cells beyond the header (an unnamed trailing column,
as the 2023 side-by-side files have) and named columns litboard does not read are metadata:
kept, never a reason to refuse a row. A row missing only its trailing metadata cell is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...errors import DataError, Problem

# The columns every variant has, under litboard's names.
REQUIRED = (
    "system",
    "doc",
    "doc_id",
    "seg_id",
    "rater",
    "source",
    "target",
    "category",
    "severity",
)
LAYOUT_2020 = REQUIRED
LAYOUT_MAROT = (
    "system",
    "doc",
    "docsegid",
    "globalsegid",
    "rater",
    "source",
    "target",
    "category",
    "severity",
)
ALIASES = {"docsegid": "doc_id", "globalsegid": "seg_id"}


@dataclass(frozen=True)
class Variant:
    """One release year's format: its columns, its files and the weight table it defines."""

    name: str
    year: int
    layout: tuple[str, ...]
    files: str
    weights: str  # a table of litboard.analysis.mqm_weights.TABLES
    note: str


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "newstest2020",
        2020,
        LAYOUT_2020,
        "mqm_newstest2020_{pair}.tsv (and .source-errors.tsv)",
        "wmt",
        "WMT20 news; system names carry a submission number (Online-A.1574)",
    ),
    Variant(
        "newstest2021",
        2021,
        LAYOUT_2020,
        "mqm_newstest2021_{pair}.tsv, mqm_ted_{pair}.tsv",
        "wmt",
        "WMT21 news and the TED talks test suite",
    ),
    Variant(
        "generalMT2022",
        2022,
        LAYOUT_2020,
        "mqm_generalMT2022_{pair}.tsv",
        "wmt",
        "WMT22 general MT; the annotation tool's HOTW-test attention checks appear",
    ),
    Variant(
        "generalMT2023",
        2023,
        LAYOUT_MAROT,
        "mqm_generalMT2023_{pair}.tsv, sxs_mqm_generalMT2023_{pair}.3ratingsPerSegment.tsv",
        "wmt2023",
        "WMT23 general MT (Marot layout, JSON metadata column; the side-by-side "
        "files have three raters per segment and a metadata column the header may not name)",
    ),
    Variant(
        "generalMT2024",
        2024,
        LAYOUT_MAROT,
        "mqm_generalMT2024_{pair}.tsv",
        "wmt2023",
        "WMT24 general MT (Marot layout, metadata '{}'); weights as 2023's",
    ),
)
NAMES = tuple(v.name for v in VARIANTS)
_RELEASE = re.compile(r"(?:^|[_.-])(newstest20\d\d|generalmt20\d\d|ted)(?=[_.-]|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Layout:
    """Where each column of one file is, and which variant the file is."""

    variant: Variant
    columns: dict[str, int]  # litboard name -> cell index
    metadata: dict[str, int]  # other named columns -> cell index
    width: int  # cells named by the header
    how: str  # how the variant was chosen (for the report)

    def needed(self) -> int:
        """Cells a row must have: up to the last column litboard reads."""
        return max(self.columns[c] for c in REQUIRED) + 1


def detect(header: list[str], src: Path, chosen: str = "") -> Layout:
    """The layout of a file from its header (DataError naming what is missing and the fix)."""
    names = [h.strip().lower() for h in header]
    while names and not names[-1]:
        names.pop()  # a trailing tab after the last name
    layouts = [lay for lay in (LAYOUT_2020, LAYOUT_MAROT) if all(c in names for c in lay)]
    if not layouts:
        best = min((LAYOUT_2020, LAYOUT_MAROT), key=lambda lay: sum(c not in names for c in lay))
        missing = [c for c in best if c not in names]
        raise DataError(
            [
                Problem(
                    str(src),
                    1,
                    "header",
                    f"missing columns: {', '.join(missing)}",
                    "use a header of google/wmt-mqm-human-evaluation: "
                    + " or ".join(" ".join(_shown(lay)) for lay in (LAYOUT_2020, LAYOUT_MAROT))
                    + " [comment or metadata]",
                )
            ]
        )
    layout = layouts[0]
    columns = {ALIASES.get(c, c): names.index(c) for c in layout}
    if "comment" in names:
        columns["comment"] = names.index("comment")
    metadata = {n: i for i, n in enumerate(names) if n and i not in columns.values()}
    variant, how = _variant(layout, src, chosen)
    return Layout(variant, columns, metadata, len(names), how)


def _shown(layout: tuple[str, ...]) -> list[str]:
    return [{"docsegid": "docSegId", "globalsegid": "globalSegId"}.get(c, c) for c in layout]


def _variant(layout: tuple[str, ...], src: Path, chosen: str) -> tuple[Variant, str]:
    fits = [v for v in VARIANTS if v.layout == layout]
    if chosen:
        named = next((v for v in VARIANTS if v.name == chosen), None)
        if named is None or named not in fits:
            raise DataError(
                [
                    Problem(
                        str(src),
                        1,
                        "variant",
                        f"the mapping's variant {chosen!r} does not have this file's columns",
                        "use one of: " + ", ".join(v.name for v in fits),
                    )
                ]
            )
        return named, "the mapping's variant"
    found = _RELEASE.search(src.name)
    if found:
        release = found.group(1).lower()
        release = "newstest2021" if release == "ted" else release
        named = next((v for v in fits if v.name.lower() == release), None)
        if named is not None:
            return named, "the header and the file name"
    return fits[0], (
        f"the header (the file name names no release of this layout; set "
        "'variant:' in the mapping to choose one of "
        f"{', '.join(v.name for v in fits)})"
    )
