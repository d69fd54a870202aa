"""Human titles for what the WMT MQM files name only by file and document name (issue 30).

``mqm_ted_zhen.head300.tsv`` -> "WMT expert MQM: TED talks, zh-en (first 300 rows)",
``mqm_newstest2020_ende.tsv`` -> "WMT expert MQM: newstest2020, en-de"; document ``talk.2``
-> "TED talk 2". A name that does not follow the repository's pattern is kept as it is.
"""

from __future__ import annotations

import re

_FILE = re.compile(
    r"mqm_(?P<domain>[a-z]+?)(?P<year>\d{4})?_(?P<src>[a-z]{2})(?P<tgt>[a-z]{2})"
    r"(?:\.head(?P<head>\d+))?(?:\.[a-z]+)*",
    re.IGNORECASE,
)
_DOMAINS = {"ted": "TED talks", "newstest": "newstest", "generaltest": "generaltest"}
_TALK = re.compile(r"talk[._-]?(?P<n>\d+)", re.IGNORECASE)


def file_title(name: str) -> str:
    """The campaign and dataset title for one TSV file."""
    found = _FILE.fullmatch(name)
    if found is None:
        return f"WMT expert MQM ({name})"
    domain = found["domain"].lower()
    what = _DOMAINS.get(domain, domain) + (found["year"] or "")
    pair = f"{found['src'].lower()}-{found['tgt'].lower()}"
    head = f" (first {found['head']} rows)" if found["head"] else ""
    return f"WMT expert MQM: {what}, {pair}{head}"


def doc_title(doc: str) -> str:
    """A document's title: TED's ``talk.N`` is "TED talk N"; other names are kept."""
    found = _TALK.fullmatch(doc.strip())
    return f"TED talk {int(found['n'])}" if found else doc
