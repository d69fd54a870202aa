"""LaTeX tables that compile unedited: booktabs rules, every cell escaped, CI in the cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
            "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}",
            "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}


_PUNCTUATION = set("–—‘’‚“”„…•€†‡")


def _typesettable(ch: str) -> bool:
    """What pdflatex's default utf8 input with OT1/T1 fonts prints: Latin-1, Latin Extended-A."""
    code = ord(ch)
    return 0x20 <= code < 0x7F or 0xA0 <= code <= 0x17F or ch in _PUNCTUATION


def escape(text: str) -> str:
    """``text`` as LaTeX that prints it literally.

    ASCII specials are escaped; characters pdflatex cannot typeset without extra packages
    (CJK, emoji, control characters) are written as ``U+XXXX`` so the table still compiles —
    the CSV and JSON downloads keep the exact text.
    """
    out = []
    for ch in text:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch in "\r\n\t":
            out.append(" ")
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


def table_tex(header: Sequence[str], rows: Sequence[Sequence[str]], caption: str, label: str) -> str:
    """A ``table`` float with a booktabs ``tabular``; compiles with only ``booktabs`` loaded."""
    columns = merge_ci(header)
    spec = "".join("l" for _ in columns)
    lines = [r"\begin{table}[htbp]", r"\centering", r"\small",
             rf"\caption{{{escape(caption)}}}", rf"\label{{{_label(label)}}}",
             rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(escape(c.header) for c in columns) + r" \\", r"\midrule"]
    lines += [" & ".join(_cell(row, c) for c in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]
    return "\n".join(lines)


def _label(text: str) -> str:
    """Labels may not hold specials at all: keep letters, digits, ``-``, ``:`` and ``.``."""
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-:.") else "-" for ch in text)
