"""How a dataset's build is split across processes (issue 32, build time): the extra page sets
that read only the corpus are built beside the analysis, and the reader pages are handed out in
chunks small enough that the last one does not leave a core idle for long. Neither changes a
byte of the site (tests/test_bulk_pages.py and the golden tests compare the pages)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from litboard.load import load
from litboard import parallel
from litboard.render.core import extra_pages
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.render.core.views import analyse


def test_the_corpus_and_analysis_parts_together_are_every_page_set(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    every = extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES)
    early = extra_pages.build_sets(corpus, None, DEFAULT_TEMPLATES, "corpus")  # no analysis needed
    late = extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES, "analysis")
    assert set(early) and set(late) and not set(early) & set(late)
    assert set(early) | set(late) == set(every)
    for name in early:
        assert not importlib.import_module(f"{extra_pages.PACKAGE}.{name}").NEEDS_ANALYSIS
        assert early[name] == every[name]
    whole, parts = extra_pages.merge_sets([every]), extra_pages.merge_sets([late, early])
    assert parts.nav == whole.nav and parts.files == whole.files
    assert [next(iter(e)) for e in whole.nav][:2] == ["Rankings by scheme", "Agreement"]  # BUILDERS order
    with pytest.raises(ValueError, match="part must be one of"):
        extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES, "reader")


@pytest.mark.parametrize(("count", "processes"), [(20_000, 2), (2_000, 2), (1_001, 8), (401, 2), (7, 3)])
def test_chunks_cover_every_item_once_in_order(count: int, processes: int) -> None:
    bounds = parallel.chunk_bounds(count, processes)
    assert [i for start, end in bounds for i in range(start, end)] == list(range(count))
    assert len(bounds) >= min(count, processes * 4)
    if count >= processes * 4 * parallel.CHUNK:
        assert max(end - start for start, end in bounds) <= parallel.CHUNK + 1
