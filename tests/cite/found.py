"""Find generated files and the leaderboard page without hard-coding the site layout
(pages may sit at the site root or under a dataset folder)."""

from __future__ import annotations

from litboard.pipeline.site import Generated


def one(files: dict, name: str) -> str:
    """The single generated path that is ``name`` or ends with ``/name``."""
    hits = [p for p in files if p == name or p.endswith("/" + name)]
    assert len(hits) == 1, (name, hits)
    return hits[0]


def board_page(result: Generated) -> str:
    """The HTML/Markdown holding the leaderboard (a fragment or a dataset's index page)."""
    pages = [t for t in result.fragments.values() if 'class="lb-board" id="pair-' in t]
    pages += [
        t
        for p, t in result.files.items()  # a dataset's index page: <dataset>/index.md
        if p.endswith("/index.md") and isinstance(t, str) and 'class="lb-board" id="pair-' in t
    ]
    assert len(pages) == 1, len(pages)
    return pages[0]
