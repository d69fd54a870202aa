"""Paper-shaped LaTeX tables: the columns a paper prints, at the precision the page shows,
no wider than an ACL page.

A site table (CSV) can have dozens of columns (a leaderboard has value, CI, rank range,
cluster and n for every measure). The default ``X.tex`` keeps what a paper prints — the
identity columns, the first measure with its CI, rank range and cluster, and up to
``MAX_OTHER_MEASURES`` further measure values — and declares itself ``table`` when it fits one
column of a two-column ACL page, ``table*`` when it fits the text width. Columns that do not fit
are left out and the caption names them; ``X.full.tex`` then keeps every column for an
appendix. Widths are estimated from the characters of each cell (Computer Modern at
``\\small``, a deliberate over-estimate); the tests compile every default table in an ACL-like
document and parse the log for overfull boxes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence, NamedTuple

from ..analysis.rounding import format_number
from .latex import header_lines, merge_ci, paper_tex

COLUMN_PT = 219.0  # \columnwidth of an ACL two-column page (7.7 cm)
TEXT_PT = 455.0  # \textwidth of an ACL page (16 cm)
TABCOLSEP_PT = 6.0
FONT_PT = 10.0  # \small in an 11pt document
MAX_OTHER_MEASURES = 4
TEXT_NUMBER = 1e15  # beyond the stated 12 significant digits: printed as written, never rounded
MAX_ROWS = 40  # a float taller than a page does not compile; longer tables print their first rows
WRAP_PT = 90.0  # a text column wider than this wraps (p{} column)
SAFETY = 1.0  # the character widths above are already rounded up (measured: ~3-8% over)

# Companion columns of a measure ``X`` in a site CSV (``X ci_low``, ``X rank_range``, ...; ``X
# corpus``: sacreBLEU's stored corpus score beside a mean the board shows; ``X mean of paragraph
# scores``: the mean beside the corpus score the board shows; render/core/corpus_scores.py).
COMPANIONS = (
    "ci_low", "ci_high", "rank_range", "cluster", "n", "corpus", "mean of paragraph scores"
)  # fmt: skip
SHORT = {"rank_range": "ranks", "cluster": "cluster", "n": "n", "corpus": "corpus"}
IDENTITY_DROP = ("system", "kind")  # shown on the page as a link / tag; the name says it


@dataclass(frozen=True)
class Shape:
    """What the default table prints: column indices, float digits, float kind and omissions."""

    columns: list[int]
    float_env: str  # "table" or "table*"
    omitted: list[str]
    narrow: bool  # \footnotesize and a smaller \tabcolsep were needed
    wraps: list[float]  # p{} width (pt) of each printed column that wraps, 0 for natural width


def digits_for(header: str) -> int:
    """Decimals a page prints for a column of this name (site rule, see
    generator/litboard/pages/cite.md)."""
    name = header.lower()
    if "%" in name or "percent" in name or "share" in name or name.startswith("pct"):
        return 1
    if re.search(
        r"τ|ρ|κ|α|kappa|alpha|strength|pearson|spearman|kendall|(^|[^a-z])(tau|rho|corr|p)([^a-z]|$)",  # noqa: E501
        name,
    ):
        return 3
    return 2


def format_cell(text: str, digits: int) -> str:
    """A CSV cell as printed: floats at ``digits`` decimals, everything else unchanged."""
    if text == "" or re.fullmatch(r"[+-]?\d+", text):
        return text
    try:
        value = float(text)
    except ValueError:
        return text
    if not math.isfinite(value) or abs(value) >= TEXT_NUMBER:
        return text  # a text that reads as a huge number ("1e99" as a name) stays as written
    return format_number(value, digits)


_NUMBER_CELL = re.compile(r"[+-]?[0-9][0-9.,eE+-]*%?( \[[^\]]*\])?")


def _numbers(cells: Sequence[str]) -> bool:
    """Every cell a number (with its CI or a rank range): ``numeric`` also takes a text that
    starts with a digit ("95% profile likelihood, ..."), which must wrap, not sit in an ``r``."""
    return all(not c or _NUMBER_CELL.fullmatch(c) for c in cells)


def _char_pt(ch: str) -> float:
    """Width in em of one character in Computer Modern Roman (rounded up; see cmr10.tfm)."""
    if ch.isdigit():
        return 0.5
    if ch in ".,:;'[]()!|":
        return 0.3
    if ch in " -/":
        return 0.34
    if ch in "mwMW%&@#—":
        return 1.0
    if ch.isupper():
        return 0.76
    return 0.52 if ch.isascii() else 0.8


def text_pt(text: str, font: float = FONT_PT) -> float:
    """A conservative width of ``text`` set in Computer Modern at ``font`` pt."""
    return SAFETY * sum(_char_pt(ch) for ch in text) * font


def column_pt(cells: Sequence[str], header: str, font: float = FONT_PT) -> float:
    """Width of one column: its widest cell or header line (a long text column wraps)."""
    widest = max((text_pt(c, font) for c in cells), default=0.0)
    head = max(text_pt(line, font) for line in header_lines(header))
    return max(head, min(widest, WRAP_PT))


def measure_groups(header: Sequence[str]) -> dict[str, list[int]]:
    """Measure name -> [value index, companion indices...] for every ``X`` with ``X n`` or CI."""
    index = {name: i for i, name in enumerate(header)}
    groups: dict[str, list[int]] = {}
    for i, name in enumerate(header):
        companions = [index[f"{name} {c}"] for c in COMPANIONS if f"{name} {c}" in index]
        if companions:
            groups[name] = [i, *companions]
    return groups


Unit = list[int]  # one printed column: a value index plus the CI indices folded into it


def _units(header: Sequence[str], rows: Sequence[Sequence[str]]) -> tuple[list[Unit], list[Unit]]:
    """(required, optional) printed columns in the order a paper reads them."""
    bare = {c.value: c.ci for c in merge_ci(header, rows) if c.ci and header[c.ci[0]] == "ci_low"}
    groups = measure_groups(header)
    taken = {i for g in groups.values() for i in g}
    bare_ci = {i for i, h in enumerate(header) if h in ("ci_low", "ci_high")}
    loose = [i for i in range(len(header)) if i not in taken and i not in bare_ci]
    if "name" in header:
        loose = [i for i in loose if header[i] not in IDENTITY_DROP]
    index = {h: i for i, h in enumerate(header)}

    def with_ci(i: int, name: str) -> Unit:
        if f"{name} ci_low" in index and f"{name} ci_high" in index:
            return [i, index[f"{name} ci_low"], index[f"{name} ci_high"]]
        return [i, *bare.get(i, ())]

    units = [with_ci(i, header[i]) for i in loose]
    if not groups:
        return units[:1], units[1:]
    names = list(groups)
    first = names[0]
    extras = [[index[f"{first} {c}"]] for c in ("rank_range", "cluster") if f"{first} {c}" in index]
    # category breakdowns ("... Accuracy points") and second annotations come after whole measures
    rest = sorted(names[1:], key=lambda m: m.endswith(" points") or "second annotation" in m)
    others = [[index[m]] for m in rest[:MAX_OTHER_MEASURES]]
    return units + [with_ci(index[first], first)] + extras, others


def _printed(
    header: Sequence[str], rows: Sequence[Sequence[str]], unit: Unit
) -> tuple[str, list[str]]:
    """The header and cells of one printed column (value with its CI folded in)."""
    name = header[unit[0]]
    digits = digits_for(name)
    decimal = any(_is_decimal(row[i]) for row in rows for i in unit if i < len(row))

    def cell(row: Sequence[str], i: int) -> str:
        text = row[i] if i < len(row) else ""
        return format_cell(
            f"{text}.0" if decimal and re.fullmatch(r"[+-]?\d+", text) else text, digits
        )

    cells = []
    for row in rows:
        value = cell(row, unit[0])
        if len(unit) == 3 and cell(row, unit[1]) and cell(row, unit[2]):
            value += f" [{cell(row, unit[1])}, {cell(row, unit[2])}]"
        cells.append(value)
    title = name.rsplit(" ", 1)
    if (
        len(title) == 2
        and title[1] in SHORT
        and " " in name
        and unit[0] not in _group_values(header)
    ):
        name = SHORT[title[1]]
    return name + (" [95% CI]" if len(unit) == 3 else ""), cells


def _is_decimal(text: str) -> bool:
    return bool(re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+|\d+(\.\d*)?[eE][+-]?\d+)", text))


def _group_values(header: Sequence[str]) -> set[int]:
    return {g[0] for g in measure_groups(header).values()}


def _empty(header: Sequence[str], rows: Sequence[Sequence[str]], unit: Unit) -> bool:
    """A column with no value on any row (e.g. rank ranges where nothing was bootstrapped)."""
    return not any(cell for cell in _printed(header, rows, unit)[1])


def width(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    units: Sequence[Unit],
    font: float = FONT_PT,
    sep: float = TABCOLSEP_PT,
) -> float:
    total = 0.0
    for unit in units:
        title, cells = _printed(header, rows, unit)
        total += column_pt(cells, title, font) + 2 * sep
    return total


class Fit(NamedTuple):
    """How a table fits TEXT_PT: the printed units, the left-out column names, and whether it
    is set in the narrow font."""

    units: list[Unit]
    left_out: list[str]
    narrow: bool


def fit(header: Sequence[str], rows: Sequence[Sequence[str]]) -> Fit:
    """The printed units, left-out column names and font of a table no wider than TEXT_PT."""
    required, optional = _units(header, rows)
    required = [u for u in required if not _empty(header, rows, u)] or required[:1]
    optional = [u for u in optional if not _empty(header, rows, u)]
    narrow = width(header, rows, required) > TEXT_PT
    font, sep = (8.0, 3.0) if narrow else (FONT_PT, TABCOLSEP_PT)
    while len(required) > 1 and width(header, rows, required, font, sep) > TEXT_PT:
        optional.insert(0, required.pop())
    chosen = list(required)
    for unit in optional:
        if width(header, rows, chosen + [unit], font, sep) <= TEXT_PT:
            chosen.append(unit)
    printed = {i for u in chosen for i in u}
    left_out = [h for i, h in enumerate(header) if i not in printed]
    chosen.sort(key=lambda u: u[0])
    return Fit(chosen, left_out, narrow)


def printed_columns(
    header: Sequence[str], rows: Sequence[Sequence[str]], units: Sequence[Unit]
) -> list[tuple[str, list[str]]]:
    return [_printed(header, rows, u) for u in units]


def shape(
    header: Sequence[str], rows: Sequence[Sequence[str]]
) -> tuple[list[tuple[str, list[str]]], Shape]:
    """The printed columns of the default table and how it is set."""
    fitted = fit(header, rows)
    units = fitted.units
    font, sep = (8.0, 3.0) if fitted.narrow else (FONT_PT, TABCOLSEP_PT)
    wide = width(header, rows, units, font, sep) > COLUMN_PT
    columns = printed_columns(header, rows, units)
    wraps = [
        WRAP_PT
        if not _numbers(cells) and max((text_pt(c, font) for c in cells), default=0.0) > WRAP_PT
        else 0.0
        for _, cells in columns
    ]
    return columns, Shape(
        [u[0] for u in units], "table*" if wide else "table", fitted.left_out, fitted.narrow, wraps
    )


def paper_text(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    caption: str,
    label: str,
    command: str = "",
    full_name: str = "",
    footnote: str = "",
) -> tuple[str, bool]:
    """(the default table's LaTeX, whether columns were left out and a full variant is due).

    The caption stays short (``caption``, and why a ``table*`` spans both columns); what was
    left out and ``footnote`` (provenance) go in the note under the table."""
    shown = rows[:MAX_ROWS]
    columns, how = shape(header, shown)
    notes = [omitted_note(header, how.omitted)] if how.omitted else []
    if len(rows) > MAX_ROWS:
        notes.append(f"The first {MAX_ROWS} of {len(rows)} rows.")
    if notes:
        notes.append(f"Every column and row: {full_name}.")
    if how.float_env == "table*":
        caption += f" Across both columns: its {len(columns)} columns are wider than one."
    return paper_tex(
        columns,
        how.wraps,
        float_env=how.float_env,
        narrow=how.narrow,
        caption=caption,
        label=label,
        command=command,
        footnote=" ".join([*notes, footnote] if footnote else notes),
    ), bool(notes)


IDENTITY = ("rank", "system", "name", "pair")  # repeated in every part of a full table
# A full table's parts are filled to this width: Computer Modern at 8 pt is relatively wider than
# at 10 pt (cmr8's digits are 0.53 em), so the 10 pt estimates above fall short by up to ~5%.
FULL_PT = 0.9 * TEXT_PT


def full_text(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    caption: str,
    label: str,
    command: str = "",
    footnote: str = "",
) -> str:
    """Every column and row as floats that each fit the text width: the identity columns in
    every part, the other columns (a value with its CI) in order, as many per part as fit at
    ``\\footnotesize``; rows in runs of MAX_ROWS, each part on a page of its own. The note comes
    once, under the first part."""
    units = [[c.value, *(c.ci or ())] for c in merge_ci(header, rows)]
    ident = [u for u in units if header[u[0]] in IDENTITY] or units[:1]
    groups: list[list[Unit]] = []
    for unit in (u for u in units if u not in ident):
        if groups and width(header, rows, ident + groups[-1] + [unit], 8.0, 3.0) <= FULL_PT:
            groups[-1].append(unit)
        else:
            groups.append([unit])
    runs = [rows[i : i + MAX_ROWS] for i in range(0, len(rows), MAX_ROWS)] or [rows]
    parts = [(sorted(ident + g, key=lambda u: u[0]), run) for g in groups or [[]] for run in runs]
    out = []
    for k, (part, run) in enumerate(parts, start=1):
        many = len(parts) > 1
        out.append(
            _part_tex(
                printed_columns(header, run, part),
                width(header, run, part, 8.0, 3.0),
                caption + (f", part {k} of {len(parts)}" if many else "") + ".",
                f"{label}:{k}" if many else label,
                command if k == 1 else "",
                footnote if k == 1 else "",
            )
        )
    # each part on a page of its own: LaTeX holds at most 18 floats it has not placed yet
    return "\\clearpage\n".join(out)


def _part_tex(
    columns: list[tuple[str, list[str]]],
    wrapped_pt: float,
    caption: str,
    label: str,
    command: str,
    footnote: str,
) -> str:
    """One part of a full table at ``\\footnotesize``, ``wrapped_pt`` wide with its long texts
    wrapped: a ``table`` when it fits one column (wrapped if it must), else a ``table*`` that
    says why (wrapped only if it does not fit the text width without)."""
    natural = [max((text_pt(c, 8.0) for c in cells), default=0.0) for _, cells in columns]
    unwrapped = sum(
        max(w, *(text_pt(x, 8.0) for x in header_lines(t))) + 6.0
        for (t, _), w in zip(columns, natural)
    )
    narrow_pt = 0.9 * COLUMN_PT
    wide = min(unwrapped, wrapped_pt) > narrow_pt
    wrap = unwrapped > (FULL_PT if wide else narrow_pt)
    wraps = [  # a header line does not wrap: the column is at least as wide (its ``_`` are
        # typewriter glyphs, wider than the estimate, hence the margin)
        max(WRAP_PT, 1.15 * max(text_pt(x, 8.0) for x in header_lines(t)))
        if wrap and not _numbers(cells) and w > WRAP_PT
        else 0.0
        for (t, cells), w in zip(columns, natural)
    ]
    if wide:
        caption += f" Across both columns: its {len(columns)} columns are wider than one."
    return paper_tex(
        columns,
        wraps,
        float_env="table*" if wide else "table",
        narrow=True,
        caption=caption,
        label=label,
        command=command,
        footnote=footnote,
    )


def omitted_note(header: Sequence[str], omitted: Sequence[str]) -> str:
    """What the default table leaves out, by measure rather than column by column."""
    groups = measure_groups(header)
    gone = set(omitted)
    measures = [m for m in groups if m in gone]
    companions = [
        h
        for h in omitted
        if any(h.startswith(f"{m} ") for m in groups)
        and not any(h.startswith(f"{m} ") for m in measures)
    ]
    plain = [
        h
        for h in omitted
        if h not in groups
        and not any(h.startswith(f"{m} ") for m in groups)
        and not ("name" in header and h in IDENTITY_DROP)
    ]
    parts = []
    if measures:
        parts.append("the measures " + "; ".join(measures))
    if plain:
        parts.append("the columns " + ", ".join(plain))
    if companions:
        parts.append("the n, CI, rank-range and cluster columns not printed here")
    if not parts:
        return "System ids and kinds are in the CSV."
    return "Left out to fit the page: " + ", and ".join(parts) + "."
