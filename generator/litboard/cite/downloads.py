"""Every generated ``X.csv`` also as ``X.json`` (rows + provenance) and ``X.tex`` (booktabs).

Pure over the files dict: reads the CSV text the site already writes, so the three downloads
always hold the same numbers.
"""

from __future__ import annotations

import csv
import io
import json
import math
from typing import Any

from ..files.csv_cells import plain_cell
from ..render.core.pages import Files
from .paper_table import full_text, paper_text
from .provenance import Provenance, footnote_of


def parse_csv(text: str) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV download, each cell as written before the formula guard."""
    rows = [[plain_cell(cell) for cell in row] for row in csv.reader(io.StringIO(text))]
    return (rows[0], rows[1:]) if rows else ([], [])


def _value(text: str) -> Any:
    """CSV text -> JSON value: empty is null, numbers are numbers, True/False are booleans."""
    if text == "":
        return None
    if text in ("True", "False"):
        return text == "True"
    try:
        number = int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            return text
        return value if math.isfinite(value) else text
    return number


def json_text(
    path: str,
    header: list[str],
    rows: list[list[str]],
    prov: Provenance | dict[str, Any],
    shown: dict[str, Any] | None = None,
) -> str:
    """``X.json``: columns, rows and the provenance block (``prov`` or a block already made);
    a ``shown`` record (what the board's filters left out) comes right after the table path."""
    records = [
        {name: _value(row[i] if i < len(row) else "") for i, name in enumerate(header)}
        for row in rows
    ]
    block = prov if isinstance(prov, dict) else prov.block(path)
    document = {
        "table": path,
        **({"shown": shown} if shown is not None else {}),
        "columns": header,
        "rows": records,
        "provenance": block,
    }
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def table_words(path: str, header: list[str], rows: list[list[str]]) -> str:
    """What a table names (its path, header and cells): which measures' signatures it needs."""
    return " ".join([path, *header, *(cell for row in rows for cell in row)])


def tex_texts(
    path: str, header: list[str], rows: list[list[str]], prov: Provenance
) -> dict[str, str]:
    """``X.tex`` (paper-shaped, see paper_table) and, when it leaves columns out, ``X.full.tex``."""
    stem = path.removesuffix(".csv")
    name = stem.rsplit("/", 1)[-1]
    footnote = footnote_of(prov.block(path), table_words(path, header, rows))
    head = (
        f"% litboard table {path}; needs \\usepackage{{booktabs}}\n"
        f"% computed with {prov.computed_with()}\n"
    )
    label, command = f"tab:{stem}", prov.command_for(path)
    default, partial = paper_text(
        header, rows, f"{name} ({len(rows)} rows).", label, command, f"{name}.full.tex", footnote
    )
    out = {f"{stem}.tex": head + default}
    if partial:
        out[f"{stem}.full.tex"] = head.replace("table ", "table (every column) ", 1) + full_text(
            header,
            rows,
            f"{name}, every column and row ({len(rows)} rows)",
            f"{label}:full",
            command,
            footnote,
        )
    return out


def add_downloads(files: Files, prov: Provenance) -> Files:
    """``files`` plus, for every ``X.csv``, ``X.json`` and ``X.tex`` (existing files win)."""
    out = dict(files)
    for path, content in sorted(files.items()):
        if not path.endswith(".csv") or not isinstance(content, str):
            continue
        header, rows = parse_csv(content)
        stem = path.removesuffix(".csv")
        out.setdefault(f"{stem}.json", json_text(path, header, rows, prov))
        for name, text in tex_texts(path, header, rows, prov).items():
            out.setdefault(name, text)
    return out
