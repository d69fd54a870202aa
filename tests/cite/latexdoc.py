"""Compile LaTeX tables the way a paper would: a minimal document that loads only booktabs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

PREAMBLE = "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n"
# The page of an ACL paper: 11pt, two columns of 219pt (7.7 cm) in a 455pt (16 cm) text width.
ACL_PREAMBLE = (
    "\\documentclass[11pt,twocolumn]{article}\n\\usepackage{booktabs}\n"
    "\\setlength{\\textwidth}{455pt}\\setlength{\\columnsep}{17pt}\n"
    "\\setlength{\\oddsidemargin}{0pt}\\setlength{\\evensidemargin}{0pt}\n"
    "\\setlength{\\textheight}{650pt}\n\\begin{document}\n"
)


def require(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.fail(
            f"{tool} is missing: `make install-test` installs Debian's texlive and poppler-utils"
        )
    return found


def compile_tables(
    folder: Path, tables: dict[str, str], preamble: str = PREAMBLE
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Write each table beside a document that \\input-s all of them; run pdflatex once."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for i, (path, text) in enumerate(sorted(tables.items())):
        name = f"t{i:03d}.tex"
        (folder / name).write_text(text, encoding="utf-8")
        names.append(f"% {path}\n\\input{{{name}}}\n\\clearpage\n")
    (folder / "doc.tex").write_text(
        preamble + "".join(names) + "\\end{document}\n", encoding="utf-8"
    )
    done = subprocess.run(
        [require("pdflatex"), "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
        cwd=folder,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=600,
        check=False,
    )
    return done, folder / "doc.pdf"


def pdf_text(pdf: Path) -> str:
    done = subprocess.run(
        [require("pdftotext"), "-layout", str(pdf), "-"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def overfull(folder: Path, tables: dict[str, str]) -> list[tuple[str, float]]:
    """(table path, points too wide) of every overfull box in ``folder/doc.log``; the path is
    found from the ``t000.tex`` file LaTeX was reading (its opening parenthesis in the log)."""
    names = {f"t{i:03d}.tex": path for i, path in enumerate(sorted(tables))}
    log = (folder / "doc.log").read_text(encoding="utf-8", errors="replace")
    found, current = [], "doc.tex"
    for token in re.finditer(
        r"\(\./(t\d{3}\.tex)|Overfull \\hbox \((\d+(?:\.\d+)?)pt too wide\)", log
    ):
        if token.group(1):
            current = names.get(token.group(1), token.group(1))
        else:
            found.append((current, float(token.group(2))))
    return found
