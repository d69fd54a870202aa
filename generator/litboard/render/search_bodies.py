"""What the search plugin is handed of a page: excluded bodies are held back, then put back.

mkdocs-material's search plugin parses every indexed page with Python's ``html.parser``
only to skip the blocks marked ``data-search-exclude`` (score tables, system cards, the
bodies of title-only pages), which made it the largest cost of a rebuild. The plugin hands
it the page with those blocks' contents replaced by a comment (a parser ignores comments)
and, once the page is indexed, puts them back with the search plugin's own attribute
clean-up applied, so the written page is unchanged.

Two kinds of block are held back:

* the body of a title-only page (``templates/page.md.j2``), always: the search parser still
  made an entry, titled like the page and without text, for each heading with an id inside
  it (duplicates in the results), and a title-only page is meant to be one entry;
* any other excluded block whose body is plain, balanced markup (no heading, no block of
  its own tag, no comment, script or style, as many closing tags as non-void opening ones),
  unless ``plain`` (LITBOARD_PLAIN_MKDOCS=1): the index is then the same as with
  the whole page parsed (tests/pipeline/test_bulk_pages.py compares the two sites byte for byte).
"""

from __future__ import annotations

import re

TITLE_ONLY_START = '<article class="lb-body" data-search-exclude>'
# What the search plugin strips from every page it indexes (material/plugins/search/plugin.py).
SEARCH_ATTRIBUTE = re.compile(r'\s?data-search-\w+="[^"]+"')
MARK = "litboard-held-back-"
_EXCLUDED = re.compile(
    r'<(table|ul|ol|dl|p|div|section|details|span)\b[^<>]*\sdata-search-exclude(?=[\s>])[^<>]*>'
)
_HEADING = re.compile(r"<h[1-6][\s>]")
# where a closing tag may not end a block
_OPAQUE = ("<!--", "<script", "<style", "<textarea", "<title", "<![", "/>")
# A script or style with no "<" inside (JSON from jinja's tojson, which escapes it) hides no tag.
_INERT = re.compile(r"<(script|style)\b[^<>]*>[^<]*</\1>")
_OPENING = re.compile(r"<[a-zA-Z]")
# Elements the search parser never pushes (material/plugins/search/plugin.py's ``void``).
_VOID = re.compile(
    r"<(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)[\s/>]"
)


def hold_back(html: str, plain: bool) -> tuple[str, list[str]]:
    """(the page as the search plugin should see it, the held-back bodies in order)."""
    if MARK in html:
        return html, []
    bodies: list[str] = []
    shown: list[str] = []
    position = 0
    for start, end, tag in _blocks(html):
        if start < position:
            continue
        title_only = html.startswith(TITLE_ONLY_START, start)
        inner = html.index(">", start) + 1
        body = html[inner:end]
        if not _plain_markup(body, tag) or (not title_only and (plain or _HEADING.search(body))):
            continue
        shown += [html[position:inner], f"<!--{MARK}{len(bodies)}-->"]
        bodies.append(body)
        position = end
    return "".join(shown) + html[position:], bodies


def put_back(content: str, bodies: list[str]) -> str:
    """The indexed page with its held-back bodies restored (as the search plugin would have left
    them)."""
    for i, body in enumerate(bodies):
        mark = f"<!--{MARK}{i}-->"
        if content.count(mark) != 1:
            raise ValueError(f"the search plugin changed a held-back block's mark {mark!r}")
        content = content.replace(mark, SEARCH_ATTRIBUTE.sub("", body), 1)
    return content


def _blocks(html: str) -> list[tuple[int, int, str]]:
    """(start of the opening tag, start of the first closing tag of that name, tag) of every
    excluded block: the search parser ends an exclusion at the first closing tag of its name."""
    out = []
    for match in _EXCLUDED.finditer(html):
        tag = match.group(1)
        end = html.find(f"</{tag}>", match.end())
        if end >= 0:
            out.append((match.start(), end, tag))
    start = html.find(TITLE_ONLY_START)
    if start >= 0:
        end = html.find("</article>", start)
        if end >= 0:
            out.append((start, end, "article"))
    return sorted(out)


def _plain_markup(body: str, tag: str) -> bool:
    """Whether the search parser's exclusion surely ends at the block's first ``</tag>``: no
    block of the same tag inside, nothing that hides tags, every element closed."""
    body = _INERT.sub("", body)
    if f"<{tag}" in body or any(token in body for token in _OPAQUE):
        return False
    return len(_OPENING.findall(body)) - len(_VOID.findall(body)) == body.count("</")
