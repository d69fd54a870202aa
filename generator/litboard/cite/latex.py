"""LaTeX tables that compile unedited: booktabs rules, every cell escaped, CI in the cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

# Characters with no glyph of their own in pdflatex's default OT1 text font (``\_`` is a drawn
# rule, ``\{`` a math glyph) are taken from the typewriter font by code point: they print and
# copy out of the PDF as themselves under OT1 and T1 alike.
_TT = "\\{}~^_<>|"
_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            **{ch: rf"{{\ttfamily\char{ord(ch)}}}" for ch in _TT}}
# The usual text escapes, for BibTeX fields (BibTeX styles decide the fonts).
_PLAIN = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
          "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}",
          "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}


_PUNCTUATION = set("–—‘’“”…•€†‡")
# Latin-1 / Latin Extended-A letters the default OT1 encoding has no glyph for (found by
# compiling every code point of U+00A0-U+017F; tests/cite/test_latex.py keeps it honest).
_NOT_OT1 = set("«»ÐÞðþĄąĐđĘęĦħĮįĸĿŀŉŊŋŦŧŲųſ")
# Quotation marks OT1 lacks, drawn with what it has (the CSV/JSON keep the exact text).
_LOOKALIKE = {"«": r"\ensuremath{\ll}", "»": r"\ensuremath{\gg}", "„": ",,", "‚": ","}


def _typesettable(ch: str) -> bool:
    """What pdflatex prints with its default utf8 input and OT1 fonts, no extra packages."""
    code = ord(ch)
    return (0x20 <= code < 0x7F or 0xA0 <= code <= 0x17F or ch in _PUNCTUATION) and ch not in _NOT_OT1


def escape(text: str, table: dict[str, str] | None = None) -> str:
    """``text`` as LaTeX that prints it literally.

    ASCII specials are escaped; characters pdflatex cannot typeset without extra packages
    (CJK, emoji, control characters, a few Latin letters OT1 lacks) are written as ``U+XXXX``
    and guillemets/low quotes as look-alikes, so the table still compiles — the CSV and JSON
    downloads keep the exact text.
    """
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


def merge_ci(header: Sequence[str]) -> list[Column]:
    """Fold ``ci_low``/``ci_high`` columns into the value column they belong to.

    ``X ci_low`` + ``X ci_high`` belong to ``X``; a bare ``ci_low`` + ``ci_high`` pair belongs
    to the column right before ``ci_low`` (e.g. ``mean``).
    """
    index = {name: i for i, name in enumerate(header)}
    used: set[int] = set()
    owner: dict[int, tuple[int, int]] = {}
    for i, name in enumerate(header):
        if name.endswith("ci_low"):
            base = name[: -len("ci_low")].rstrip()
            high = index.get(f"{base} ci_high" if base else "ci_high")
            target = index.get(base) if base else (i - 1 if i > 0 else None)
            if high is not None and target is not None and target not in used:
                owner[target] = (i, high)
                used.update({i, high})
    return [Column(name + (" [95% CI]" if i in owner else ""), i, owner.get(i))
            for i, name in enumerate(header) if i not in used]


def _cell(row: Sequence[str], column: Column) -> str:
    value = row[column.value] if column.value < len(row) else ""
    if column.ci is None:
        return escape(value)
    low, high = (row[i] if i < len(row) else "" for i in column.ci)
    return escape(value) + (f" [{escape(low)}, {escape(high)}]" if low and high else "")


def table_tex(header: Sequence[str], rows: Sequence[Sequence[str]], caption: str, label: str,
              command: str = "") -> str:
    """A ``table`` float with a booktabs ``tabular``; compiles with only ``booktabs`` loaded.

    ``caption`` is plain text (escaped here); ``command`` is set in typewriter type so it
    copies out of the PDF as typed (no ``--`` ligature, no hyphenation).
    """
    recompute = rf" Recompute: \texttt{{{escape(command)}}}" if command else ""
    columns = merge_ci(header)
    spec = "".join("l" for _ in columns)
    lines = [r"\begin{table}[htbp]", r"\centering", r"\small",
             rf"\caption{{{escape(caption)}{recompute}}}", rf"\label{{{_label(label)}}}",
             rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(escape(c.header) for c in columns) + r" \\", r"\midrule"]
    lines += [" & ".join(_cell(row, c) for c in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]
    return "\n".join(lines)


def _label(text: str) -> str:
    """Labels may not hold specials at all: keep letters, digits, ``-``, ``:`` and ``.``."""
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-:.") else "-" for ch in text)
