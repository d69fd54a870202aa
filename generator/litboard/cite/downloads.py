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

from .latex import table_tex
from .provenance import Provenance

Files = dict[str, str | bytes]


def parse_csv(text: str) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(text)))
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


def json_text(path: str, header: list[str], rows: list[list[str]], prov: Provenance) -> str:
    records = [{name: _value(row[i] if i < len(row) else "") for i, name in enumerate(header)}
               for row in rows]
    document = {"table": path, "columns": header, "rows": records, "provenance": prov.block(path)}
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def tex_text(path: str, header: list[str], rows: list[list[str]], prov: Provenance) -> str:
    name = path.rsplit("/", 1)[-1].removesuffix(".csv")
    caption = f"{name} ({len(rows)} rows). {prov.caption(path)}"
    return (f"% litboard table {path}; needs \\usepackage{{booktabs}}\n"
            f"% computed with {prov.computed_with()}\n"
            + table_tex(header, rows, caption, f"tab:{path.removesuffix('.csv')}", prov.command_for(path)))


def add_downloads(files: Files, prov: Provenance) -> Files:
    """``files`` plus, for every ``X.csv``, ``X.json`` and ``X.tex`` (existing files win)."""
    out = dict(files)
    for path, content in sorted(files.items()):
        if not path.endswith(".csv") or not isinstance(content, str):
            continue
        header, rows = parse_csv(content)
        stem = path.removesuffix(".csv")
        out.setdefault(f"{stem}.json", json_text(path, header, rows, prov))
        out.setdefault(f"{stem}.tex", tex_text(path, header, rows, prov))
    return out
