"""sitemap.xml with the reader pages: mkdocs lists the pages it renders, and the one-per-paragraph
reader pages are rendered once per folder as a shell (``render.core.bulk``), which mkdocs lists
instead of them and ``bulk.write`` removes. ``fill`` puts each folder's pages where its shell was
listed (same ``lastmod``), and writes sitemap.xml.gz again as mkdocs does (same gzip time stamp),
so the same build gives the same bytes. Without ``site_url`` mkdocs lists nothing: nor does this.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from xml.sax.saxutils import escape

from ..render.core.bulk import SHELL_NAME, Bulk

NAME = "sitemap.xml"


def fill(site_dir: Path, bulk: Bulk, site_url: str) -> None:
    path = site_dir / NAME
    if not site_url or not bulk or not path.is_file():
        return
    base = site_url.rstrip("/") + "/"
    text = path.read_text(encoding="utf-8")
    for folder, pages in sorted(bulk.items()):
        shell = escape(f"{base}{folder}/{SHELL_NAME}.html")
        entry = re.search(
            r"( *)<url>\s*<loc>" + re.escape(shell) + r"</loc>(.*?)</url>\n", text, re.DOTALL
        )
        if entry is None:
            continue
        indent, rest = entry.group(1), entry.group(2)
        listed = "".join(
            f"{indent}<url>\n{indent}     <loc>{escape(f'{base}{folder}/{name[:-3]}.html')}</loc>"
            f"{rest}</url>\n"
            for name in sorted(pages)
        )
        text = text[: entry.start()] + listed + text[entry.end() :]
    path.write_text(text, encoding="utf-8")
    packed = site_dir / f"{NAME}.gz"
    stamp = int.from_bytes(packed.read_bytes()[4:8], "little") if packed.is_file() else 0
    with packed.open("wb") as handle:
        with gzip.GzipFile(fileobj=handle, filename=str(packed), mode="wb", mtime=stamp) as out:
            out.write(text.encode("utf-8"))
