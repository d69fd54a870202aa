"""Compile many LaTeX tables at once, in parallel batches, and say what went wrong with each.

Each table is ``\\input`` into an ACL-like two-column page (latexdoc.ACL_PREAMBLE) on a page of
its own, so a ``table`` float is set in one 219 pt column and a ``table*`` across the 455 pt text
width: an overfull box means the table does not fit where it declares itself. ``-file-line-error``
names the table of each error; overfull boxes are given to the table LaTeX was reading when it
reported them. ``\\caption`` is wrapped so the log also holds each caption's height in lines.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .latexdoc import ACL_PREAMBLE, require

BATCH = 40  # tables per document: one pdflatex start-up (~0.3 s) per batch, not per table
# The caption is also set in a box of the float's width, its height written to the log.
_MEASURE = (
    "\\makeatletter\\let\\lbcaption\\caption\n"
    "\\renewcommand{\\caption}[1]{\\setbox0=\\vbox{\\hsize=\\linewidth\\parindent=0pt"
    " Table 999: #1}\\typeout{LBCAPTION \\the\\dimexpr\\ht0+\\dp0\\relax\\space"
    "\\the\\baselineskip}\\lbcaption{#1}}\\makeatother\n"
)
_TOKEN = re.compile(
    r"\(\./(?P<open>t\d{4}\.tex)"
    r"|\./(?P<err>t\d{4}\.tex):\d+: (?P<msg>[^\n]*)"
    r"|Overfull \\hbox \((?P<over>\d+(?:\.\d+)?)pt too wide\)"
    r"|LBCAPTION (?P<height>[\d.]+)pt (?P<skip>[\d.]+)pt"
    r"|Float too large for page by (?P<tall>[\d.]+)pt"
)


@dataclass
class Checked:
    """What compiling one table found."""

    errors: list[str] = field(default_factory=list)
    overfull: list[float] = field(default_factory=list)  # points too wide, each box
    caption_lines: list[int] = field(default_factory=list)
    too_tall: list[float] = field(default_factory=list)  # points a float is taller than a page


@dataclass
class Report:
    tables: dict[str, Checked]
    cpu_seconds: float  # pdflatex's own CPU time, all batches
    wall_seconds: float

    def failing(self, tolerance_pt: float, max_caption_lines: int) -> dict[str, str]:
        """Table path -> what is wrong with it: errors, boxes wider than their column or page by
        more than ``tolerance_pt``, captions of more than ``max_caption_lines`` (a float taller
        than the page is counted in ``too_tall``, not failed: see the issue 59 report)."""
        out = {}
        for path, c in sorted(self.tables.items()):
            wide = [p for p in c.overfull if p > tolerance_pt]
            long = [n for n in c.caption_lines if n > max_caption_lines]
            if c.errors or wide or long or not c.caption_lines:
                out[path] = (
                    f"errors {c.errors[:2]} overfull {wide[:3]} caption lines "
                    f"{c.caption_lines or 'none read'}"
                )
        return out


def _batch(folder: Path, tables: list[tuple[str, str]], first: int) -> tuple[str, float]:
    folder.mkdir(parents=True, exist_ok=True)
    inputs = []
    for i, (path, text) in enumerate(tables, start=first):
        (folder / f"t{i:04d}.tex").write_text(text, encoding="utf-8")
        inputs.append(f"% {path}\n\\input{{t{i:04d}.tex}}\n\\clearpage\n")
    preamble = ACL_PREAMBLE.replace("\\begin{document}\n", _MEASURE + "\\begin{document}\n")
    (folder / "doc.tex").write_text(preamble + "".join(inputs) + "\\end{document}\n", "utf-8")
    before = os.times()
    subprocess.run(
        [require("pdflatex"), "-interaction=nonstopmode", "-file-line-error", "doc.tex"],
        cwd=folder,
        capture_output=True,
        timeout=600,
        check=False,
    )
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    log = (folder / "doc.log").read_text(encoding="utf-8", errors="replace")
    return log, cpu


def check_tables(folder: Path, tables: dict[str, str], jobs: int | None = None) -> Report:
    """Compile ``tables`` (path -> LaTeX) in batches of BATCH, ``jobs`` pdflatex at a time."""
    items = sorted(tables.items())
    names = {f"t{i:04d}.tex": path for i, (path, _) in enumerate(items)}
    starts = range(0, len(items), BATCH)
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 2) as pool:
        done = list(
            pool.map(lambda s: _batch(folder / f"b{s:04d}", items[s : s + BATCH], s), starts)
        )
    found = {path: Checked() for path, _ in items}
    for log, _ in done:
        current = ""
        for token in _TOKEN.finditer(log):
            if token["open"]:
                current = names[token["open"]]
            elif token["err"]:
                found[names[token["err"]]].errors.append(token["msg"])
            elif current and token["over"]:
                found[current].overfull.append(float(token["over"]))
            elif current and token["tall"]:
                found[current].too_tall.append(float(token["tall"]))
            elif current and token["height"]:
                lines = round(float(token["height"]) / float(token["skip"]))
                found[current].caption_lines.append(lines)
    return Report(found, sum(cpu for _, cpu in done), time.monotonic() - start)


def site_tex(out: Path) -> dict[str, str]:
    """Every ``.tex`` file of a built site, by its path in the site."""
    return {
        p.relative_to(out).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(out.rglob("*.tex"))
    }
