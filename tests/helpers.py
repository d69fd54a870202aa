"""Small helpers shared by tests: copying data roots and planting defects."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
# frozen copy of the demo root (issue 27: goldens never read the repository's own)
DEMO = FIXTURES / "demo"


def copy_root(src: Path, dst: Path) -> Path:
    """Copy a data root's corpus/ and judgments/ (and nothing else) to ``dst``."""
    for part in ("corpus", "judgments"):
        if (src / part).exists():
            shutil.copytree(src / part, dst / part)
    return dst


def append_line(path: Path, line: str) -> int:
    """Append a line to a JSONL file; returns its 1-based line number."""
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text += "\n"
    text += line + "\n"
    path.write_text(text, encoding="utf-8")
    return text.count("\n")


def first_record(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


def annotator_rows(page: str, table_class: str) -> dict[str, list[str]]:
    """The rows of the campaign page's table of class ``table_class`` (one row per annotator,
    ``data-annotator``): annotator -> the text of each cell."""
    at = page.index(table_class)
    table = page[at : page.index("</table>", at)]
    return {
        who: [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for who, row in re.findall(r'<tr data-annotator="([^"]+)"[^>]*>(.*?)</tr>', table, re.S)
    }
