"""LaTeX tables that compile unedited: booktabs rules, every cell escaped, CI in the cell."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence


# Characters with no glyph of their own in pdflatex's default OT1 text font (``\_`` is a drawn
# rule, ``\{`` a math glyph) are taken from the typewriter font by code point: they print and
# copy out of the PDF as themselves under OT1 and T1 alike.
_TT = "\\{}~^_<>|"
# ``[`` is braced: after a ``\\`` row or line end it would be read as the optional skip.
_SPECIAL = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "[": "{[}",
    **{ch: rf"{{\ttfamily\char{ord(ch)}}}" for ch in _TT},
}
# The usual text escapes, for BibTeX fields (BibTeX styles decide the fonts).
_PLAIN = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "\\": r"\textbackslash{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
}


_PUNCTUATION = set("–—‘’“”…•€†‡")
# Latin-1 / Latin Extended-A letters the default OT1 encoding has no glyph for (found by
# compiling every code point of U+00A0-U+017F; tests/cite/test_latex.py keeps it honest).
_NOT_OT1 = set("«»ÐÞðþĄąĐđĘęĦħĮįĸĿŀŉŊŋŦŧŲųſ")
# Quotation marks OT1 lacks, drawn with what it has (the CSV/JSON keep the exact text).
_LOOKALIKE = {"«": r"\ensuremath{\ll}", "»": r"\ensuremath{\gg}", "„": ",,", "‚": ","}


# Printable ASCII that neither table escapes: ``escape`` returns such a text as it is.
_PLAIN_ASCII = re.compile(
    "["
    + "".join(re.escape(chr(c)) for c in range(0x20, 0x7F) if chr(c) not in {*_SPECIAL, *_PLAIN})
    + "]*"
)


def _typesettable(ch: str) -> bool:
    """What pdflatex prints with its default utf8 input and OT1 fonts, no extra packages."""
    code = ord(ch)
    return (
        0x20 <= code < 0x7F or 0xA0 <= code <= 0x17F or ch in _PUNCTUATION
    ) and ch not in _NOT_OT1


def escape(text: str, table: dict[str, str] | None = None) -> str:
    """``text`` as LaTeX that prints it literally.

    ASCII specials are escaped; characters pdflatex cannot typeset without extra packages
    (CJK, emoji, control characters, a few Latin letters OT1 lacks) are written as ``U+XXXX``
    and guillemets/low quotes as look-alikes, so the table still compiles — the CSV and JSON
    downloads keep the exact text.
    """
    if _PLAIN_ASCII.fullmatch(text):
        return text  # nothing to escape (most cells: numbers, ids): what the loop below returns
    specials = _SPECIAL if table is None else table
    out = []
    for ch in text:
        if ch in specials:
            out.append(specials[ch])
        elif ch in "\r\n\t":
            out.append(" ")
        elif ch in _LOOKALIKE:
            out.append(_LOOKALIKE[ch])
        elif _typesettable(ch):
            out.append(ch)
        else:
            out.append(f"U+{ord(ch):04X}")
    return "".join(out)


@dataclass(frozen=True)
class Column:
    """One printed column: the header and where its value (and optional CI) come from."""

    header: str
    value: int
    ci: tuple[int, int] | None = None


def escape_field(text: str) -> str:
    """``text`` for a BibTeX field value: the usual ``\\_``-style escapes."""
    return escape(text, _PLAIN)


def merge_ci(header: Sequence[str], rows: Sequence[Sequence[str]] = ()) -> list[Column]:
    """Fold ``ci_low``/``ci_high`` columns into the value column they belong to.

    ``X ci_low`` + ``X ci_high`` belong to ``X``; a bare ``ci_low`` + ``ci_high`` pair belongs
    to the nearest column before it whose values lie inside the interval on every row (e.g. a
    Bradley-Terry ``strength`` followed by its ``log_*`` columns), else the column right before.
    """
    index = {name: i for i, name in enumerate(header)}
    used: set[int] = set()
    owner: dict[int, tuple[int, int]] = {}
    for i, name in enumerate(header):
        if name.endswith("ci_low"):
            base = name[: -len("ci_low")].rstrip()
            high = index.get(f"{base} ci_high" if base else "ci_high")
            target = index.get(base) if base else _bare_owner(header, rows, i, high)
            if high is not None and target is not None and target not in used:
                owner[target] = (i, high)
                used.update({i, high})
    return [
        Column(name + (" [95% CI]" if i in owner else ""), i, owner.get(i))
        for i, name in enumerate(header)
        if i not in used
    ]


def _number(row: Sequence[str], i: int) -> float | None:
    try:
        return float(row[i]) if i < len(row) and row[i] != "" else None
    except ValueError:
        return None


def _bare_owner(
    header: Sequence[str], rows: Sequence[Sequence[str]], low: int, high: int | None
) -> int | None:
    if low == 0 or high is None:
        return None
    for j in range(low - 1, -1, -1):
        if header[j].endswith(("ci_low", "ci_high")):
            continue
        inside = [
            (lo, v, hi)
            for row in rows
            if None not in (lo := _number(row, low), v := _number(row, j), hi := _number(row, high))
        ]
        if inside and all(lo <= v <= hi for lo, v, hi in inside):  # type: ignore[operator]
            return j
    return low - 1


def _cell(row: Sequence[str], column: Column) -> str:
    value = row[column.value] if column.value < len(row) else ""
    if column.ci is None:
        return escape(value)
    low, high = (row[i] if i < len(row) else "" for i in column.ci)
    return escape(value) + (f" [{escape(low)}, {escape(high)}]" if low and high else "")


def table_tex(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    caption: str,
    label: str,
    command: str = "",
    float_env: str = "table",
) -> str:
    """A ``table`` float with a booktabs ``tabular``; compiles with only ``booktabs`` loaded.

    ``caption`` is plain text (escaped here); ``command`` is set in typewriter type so it
    copies out of the PDF as typed (no ``--`` ligature, no hyphenation).
    """
    recompute = rf" Recompute: \texttt{{{escape(command)}}}" if command else ""
    columns = merge_ci(header, rows)
    spec = "".join("l" for _ in columns)
    lines = [
        rf"\begin{{{float_env}}}[htbp]",
        r"\centering",
        r"\small",
        rf"\caption{{{escape(caption)}{recompute}}}",
        rf"\label{{{_label(label)}}}",
        rf"\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        " & ".join(escape(c.header) for c in columns) + r" \\",
        r"\midrule",
    ]
    lines += [" & ".join(_cell(row, c) for c in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}", rf"\end{{{float_env}}}", ""]
    return "\n".join(lines)


_BREAK_AFTER = set("|/:,=_-")
HEADER_CHARS = 12  # header words are stacked into lines of about this many characters


def header_lines(header: str) -> list[str]:
    """A header stacked into lines of about HEADER_CHARS characters, split at spaces."""
    lines: list[str] = []
    for word in header.split():
        if lines and len(lines[-1]) + 1 + len(word) <= HEADER_CHARS:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


BREAK_RUN = 16  # printed characters after which a run without a break point may break


def breakable(text: str) -> str:
    """``escape(text)`` with a line-break opportunity after ``| / : , = _ -``, after each
    ``U+XXXX`` (a CJK text breaks between any two characters) and inside any run of BREAK_RUN
    printed characters without one (hashes): long signatures, paths and words in captions and
    wrapped cells never run into the margin."""
    out, run = [], 0
    for ch in text:
        piece = escape(ch)
        run = 0 if ch.isspace() else run + (8 if piece.startswith("U+") else 1)
        out.append(piece)
        if ch in _BREAK_AFTER or run >= BREAK_RUN or piece.startswith("U+"):
            out.append(r"\allowbreak{}")
            run = 0
    return "".join(out)


def _stacked(title: str, lines: Sequence[str]) -> str:
    """A header cell of several lines (a nested tabular: no package needed)."""
    if len(lines) == 1:
        return escape(title)
    return (
        r"\begin{tabular}[b]{@{}l@{}}" + r" \\ ".join(escape(x) for x in lines) + r"\end{tabular}"
    )


def numeric(cells: Sequence[str]) -> bool:
    return all(not c or c[0] in "+-0123456789" and any(d.isdigit() for d in c) for c in cells)


def paper_tex(
    columns: Sequence[tuple[str, list[str]]],
    widths: Sequence[float],
    *,
    float_env: str,
    narrow: bool,
    caption: str,
    label: str,
    command: str = "",
    footnote: str = "",
) -> str:
    """A paper-shaped table: numeric columns right-aligned, long text wrapped in ``p{}``
    columns of ``widths`` (pt, 0 for natural width), stacked headers, a short caption; what a
    reader needs to recompute the numbers (``footnote``: data version, signatures, left-out
    columns; the ``command``) in a footnote-sized paragraph under the table."""
    spec = "".join(
        f"p{{{w:.0f}pt}}" if w else ("r" if numeric(cells) else "l")
        for (_, cells), w in zip(columns, widths)
    )
    size = [r"\footnotesize", r"\setlength{\tabcolsep}{3pt}"] if narrow else [r"\small"]
    lines = [
        rf"\begin{{{float_env}}}[htbp]",
        r"\centering",
        *size,
        rf"\caption{{{breakable(caption)}}}",
        rf"\label{{{_label(label)}}}",
        rf"\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        " & ".join(_stacked(t, header_lines(t)) for t, _ in columns) + r" \\",
        r"\midrule",
    ]
    for r in range(len(columns[0][1]) if columns else 0):
        cells = [
            breakable(col[1][r]) if w else escape(col[1][r]) for col, w in zip(columns, widths)
        ]
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    recompute = rf" Recompute: \texttt{{{breakable(command)}}}" if command else ""
    if footnote or recompute:
        note = breakable(footnote) + recompute
        lines.append(r"\par\smallskip{\footnotesize\raggedright " + note + r"\par}")
    lines += [rf"\end{{{float_env}}}", ""]
    return "\n".join(lines)


def _label(text: str) -> str:
    """Labels may not hold specials at all: keep letters, digits, ``-``, ``:`` and ``.``."""
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-:.") else "-" for ch in text)
