"""Stable ids on every generated table and body row (the permalink targets).

Row ids come from what the row is about (the system or paragraph it links to, else its
first cell), never from its position, so a permalink keeps pointing at the same system
after a rebuild or a data change that reorders the table. Tables are numbered per page.
The id goes after the existing attributes and the cells stay untouched; the permalink
icon itself is added by ``litboard.js`` (progressive enhancement: ``#id`` works without it).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

_TABLE = re.compile(r"<table\b([^>]*)>(.*?)</table>", re.S)
_ROW = re.compile(r"<tr\b([^>]*)>(.*?)</tr>", re.S)
_CELL = re.compile(r"<t([dh])\b([^>]*)>", re.S)
_LINK = re.compile(r'href="[^"#]*?(?:systems|paragraphs|works|pairs)/([^"/#]+?)\.(?:html|md)"')
_TAGS = re.compile(r"<[^>]+>")
_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    return _SLUG.sub("-", html.unescape(text).lower()).strip("-")[:60] or "row"


def _row_name(body: str) -> str:
    link = _LINK.search(body)
    if link:
        return slug(link.group(1))
    cells = [c for c in re.split(r"</t[dh]>", body) if _TAGS.sub("", c).strip()]
    return slug(_TAGS.sub(" ", cells[0])) if cells else "row"


def anchor_tables(page: str, prefix: str) -> str:
    """``page`` with an ``id`` on each table and body row lacking one."""
    count = 0

    def table(match: re.Match[str]) -> str:
        nonlocal count
        attrs, inner = match.group(1), match.group(2)
        # a table with its own id takes no number: adding one (a board's head-to-head matrix)
        # leaves the numbered ids of the tables after it, and their permalinks, as they were
        table_id = _existing(attrs)
        if not table_id:
            count += 1
            table_id = f"{prefix}-t{count}"
            attrs = f'{attrs} id="{table_id}"'
        head, sep, body = inner.rpartition("</thead>")
        rows = _anchor_rows(body if sep else inner, table_id)
        return f"<table{attrs}>" + (head + sep + rows if sep else rows) + "</table>"

    return _TABLE.sub(table, page)


def _anchor_rows(body: str, table_id: str) -> str:
    seen: dict[str, int] = {}

    def row(match: re.Match[str]) -> str:
        attrs, inner = match.group(1), match.group(2)
        if not _CELL.search(inner) or _existing(attrs) or 'scope="rowgroup"' in inner:
            return match.group(0)
        name = _row_name(inner)
        seen[name] = seen.get(name, 0) + 1
        row_id = f"{table_id}-{name}" + (f"-{seen[name]}" if seen[name] > 1 else "")
        return f'<tr{attrs} id="{row_id}">{inner}</tr>'

    return _ROW.sub(row, body)


def _existing(attrs: str) -> str:
    found = re.search(r'(?:^|\s)id="([^"]+)"', attrs)
    return found.group(1) if found else ""


def page_prefix(path: str) -> str:
    """Table id prefix for a generated page: its path without suffix, slugged."""
    return slug(str(Path(path).with_suffix("")))
