"""The theme's chrome without its template indentation.

mkdocs-material's templates indent the head, header, navigation and footer of every page;
at 20,000 reader pages that indentation alone is ~80 MB of the site. ``compact`` turns each
run of whitespace that holds a line break into one line break, outside the page's article
only: HTML renders any run of whitespace between tags as one space, the chrome holds no
``pre``/``textarea`` and its scripts are one-liners, while the article (the page's own
content: ``white-space: pre-wrap`` texts, code blocks) is left byte for byte as it was.
"""

from __future__ import annotations

import re

ARTICLE_START = '<article class="md-content__inner'
ARTICLE_END = "</article>"
_INDENT = re.compile(r"\n[ \t\n]*")


def compact(page: str) -> str:
    """``page`` with the line breaks and indentation outside its article collapsed."""
    start = page.find(ARTICLE_START)
    end = page.rfind(ARTICLE_END)
    if start < 0 or end < start:
        return _INDENT.sub("\n", page) if "<pre" not in page and "<textarea" not in page else page
    return _INDENT.sub("\n", page[:start]) + page[start:end] + _INDENT.sub("\n", page[end:])
