"""How a build is split across processes (issue 32, build time): the loader reads the corpus
folders beside the judgments, the extra page sets that read only the corpus are built beside
the analysis, and the reader pages are handed out in chunks small enough that the last one does
not leave a core idle for long. None of it changes a row, a problem's place or a byte of the
site (tests/pipeline/test_bulk_pages.py and the golden tests compare the pages)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from litboard.load import load
from litboard.runtime import parallel
from litboard.render.core import extra_pages
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.analysis.boards import analyse


def test_the_corpus_and_analysis_parts_together_are_every_page_set(demo_root: Path) -> None:
    corpus = load([demo_root])
    analysis = analyse(corpus)
    every = extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES)
    early = extra_pages.build_sets(corpus, None, DEFAULT_TEMPLATES, "corpus")  # no analysis needed
    late = extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES, "analysis")
    # the corpus part may be empty: since issue 54 the Agreement page reads its tables from the
    # results too (no page set computes); the parts still partition the page sets
    assert set(late) and not set(early) & set(late)
    assert set(early) | set(late) == set(every)
    for name in early:
        assert not importlib.import_module(f"{extra_pages.PACKAGE}.{name}").NEEDS_ANALYSIS
        assert early[name] == every[name]
    whole, parts = extra_pages.merge_sets([every]), extra_pages.merge_sets([late, early])
    assert parts.nav == whole.nav and parts.files == whole.files
    # BUILDERS order
    assert [next(iter(e)) for e in whole.nav][:2] == ["Rankings by scheme", "Agreement"]
    with pytest.raises(ValueError, match="part must be one of"):
        extra_pages.build_sets(corpus, analysis, DEFAULT_TEMPLATES, "reader")


@pytest.mark.parametrize(
    ("count", "processes"), [(20_000, 2), (2_000, 2), (1_001, 8), (401, 2), (7, 3)]
)
def test_chunks_cover_every_item_once_in_order(count: int, processes: int) -> None:
    bounds = parallel.chunk_bounds(count, processes)
    assert [i for start, end in bounds for i in range(start, end)] == list(range(count))
    assert len(bounds) >= min(count, processes * 4)
    if count >= processes * 4 * parallel.CHUNK:
        assert max(end - start for start, end in bounds) <= parallel.CHUNK + 1


def test_the_loader_reads_corpus_and_judgments_side_by_side_in_reading_order(
    demo_root: Path, tmp_path: Path
) -> None:
    """read_roots reads the corpus folders in a child process while it reads the judgments: rows
    and problems come out exactly as reading the roots one after the other, problems of both
    parts of several roots included (a broken translation line, a broken judgment line, a root
    whose judgments are a link, a root without a corpus). The parallel read runs in a fresh
    process, where forking is safe (this one may have loaded the chart runtime)."""
    import json
    import shutil
    import subprocess
    import sys
    import textwrap

    from litboard.errors import Problems
    from litboard.load import read

    from ..conftest import REPO

    broken = tmp_path / "broken"
    shutil.copytree(demo_root, broken)
    output = next((broken / "corpus" / "systems").glob("*/*.jsonl"))
    output.write_text(output.read_text(encoding="utf-8") + "{not json\n", encoding="utf-8")
    judged = next((broken / "judgments").glob("*/*.jsonl"))
    judged.write_text(judged.read_text(encoding="utf-8") + '{"system": 1}\n', encoding="utf-8")
    linked = tmp_path / "linked"
    shutil.copytree(demo_root / "corpus", linked / "corpus")
    (linked / "judgments").symlink_to(demo_root / "judgments")
    (tmp_path / "empty").mkdir()
    roots = [broken, demo_root, linked, tmp_path / "empty"]

    def digest(raw: read.RawData, problems: Problems) -> object:
        return json.loads(
            json.dumps(
                {
                    "rows": {
                        kind: [[r.file, r.line, r.data, r.context, r.root] for r in rows]
                        for kind, rows in raw.rows.items()
                    },
                    "campaigns": list(raw.campaigns),
                    "folders": sorted(raw.system_folders),
                    "tracks": sorted(raw.track_roots),
                    "problems": [
                        [p.file, p.line, p.field, p.message, p.fix] for p in problems.items
                    ],
                }
            )
        )

    expected, expected_problems = read.RawData(), Problems()
    for root in roots:
        if read._read_corpus(root, expected, expected_problems):
            read._read_judgments(root, expected, expected_problems)
    code = textwrap.dedent("""
        import json, sys
        from pathlib import Path
        from litboard.runtime import parallel
        from litboard.errors import Problems
        from litboard.load import read
        assert parallel.can_fork()
        problems = Problems()
        raw = read.read_roots([Path(p) for p in sys.argv[1:]], problems)
        print(json.dumps({
            "rows": {kind: [[r.file, r.line, r.data, r.context, r.root] for r in rows] for kind, rows in raw.rows.items()},
            "campaigns": list(raw.campaigns), "folders": sorted(raw.system_folders), "tracks": sorted(raw.track_roots),
            "problems": [[p.file, p.line, p.field, p.message, p.fix] for p in problems.items]}))
    """)  # noqa: E501
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, roots)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **__import__("os").environ,
            "LITBOARD_WORKERS": "2",
            "PYTHONPATH": str(REPO / "generator"),
        },
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    want = digest(expected, expected_problems)
    assert got["problems"] == want["problems"]  # type: ignore[index]
    assert {"json", "folder", "data root"} <= {p[2] for p in got["problems"]}
    assert got == want
