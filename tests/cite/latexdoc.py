"""Compile LaTeX tables the way a paper would: a minimal document that loads only booktabs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

PREAMBLE = "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n"


def require(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.fail(f"{tool} is missing: `make install-test` installs Debian's texlive and poppler-utils")
    return found


def compile_tables(folder: Path, tables: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Write each table beside a document that \\input-s all of them; run pdflatex once."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for i, (path, text) in enumerate(sorted(tables.items())):
        name = f"t{i:03d}.tex"
        (folder / name).write_text(text, encoding="utf-8")
        names.append(f"% {path}\n\\input{{{name}}}\n\\clearpage\n")
    (folder / "doc.tex").write_text(PREAMBLE + "".join(names) + "\\end{document}\n", encoding="utf-8")
    done = subprocess.run([require("pdflatex"), "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          cwd=folder, capture_output=True, text=True, timeout=600, check=False)
    return done, folder / "doc.pdf"


def pdf_text(pdf: Path) -> str:
    done = subprocess.run([require("pdftotext"), "-layout", str(pdf), "-"], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout
