"""The two mkdocs shortcuts (raw pages skip Markdown; reader pages are filled into one shell
per folder) change nothing in the output: the public site built with them is byte for byte
the site mkdocs writes when every page goes through Markdown and the theme."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from litboard.render.core import bulk
from litboard.pipeline.mkdocs_plugin import raw_body
from litboard.render.search_bodies import MARK, TITLE_ONLY_START, hold_back, put_back

from ..combined_site import combined_site


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_public_site_pages_went_through_the_shortcuts(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The public site built with the shortcuts; that it is byte-identical without them (mkdocs'
    plain page writing, ``PLAIN_SWITCH``) is checked by the one build of the whole site from a
    fresh clone, tests/cite/test_recompute_commands.py (a second build here cost 100 s)."""
    site = combined_site(tmp_path_factory)
    fast = _tree(site.out)
    readers = [n for n in fast if "/paragraphs/" in n and n.endswith(".html")]
    assert len(readers) > 250  # the reader pages of all four datasets went through the shells
    assert not any(bulk.SHELL_NAME in n for n in fast)
    # a title-only page is one search entry, not one more (titled like the page, no text) per
    # heading with an id inside its body (liteval/adequacy.html#reproduction, ...)
    index = json.loads(fast["search/search_index.json"])["docs"]
    assert [e["location"] for e in index if "#" in e["location"] and not e["text"]] == []
    assert any(e["location"] == "liteval/liteval/adequacy.html" for e in index)
    assert 'id="reproduction"' in fast["liteval/liteval/adequacy.html"].decode()


def _markdown_page(title: str, body: str) -> str:
    return f'---\ntitle: "{title}"\nlitboard_bulk: true\nsearch:\n  exclude: true\n---\n\n{body}\n'


def test_a_page_qualifies_only_as_one_raw_block_with_a_heading() -> None:
    good = '<div class="lb-page" markdown="0">\n<h1>T</h1>\n<p>x</p>\n</div>'
    assert bulk.parse(_markdown_page("T &amp; U", good)) == bulk.BulkPage("T &amp; U", good)
    # theme adds a title
    assert bulk.parse(_markdown_page("T", good.replace("<h1>T</h1>", ""))) is None
    assert bulk.parse(_markdown_page("T", good + "\n\nsome *Markdown*")) is None
    assert bulk.parse(good) is None  # no front matter
    assert raw_body("# Title\n\n" + good) is None
    assert raw_body(good.replace("<p>x</p>", "\t<p>x</p>\n   \n")) == good.replace(
        "<p>x</p>", "    <p>x</p>\n\n"
    )


def test_excluded_blocks_are_held_back_from_the_search_and_put_back() -> None:
    table = (
        '<table class="lb-table" data-search-exclude><tr><td '
        'data-search-x="y">0.5</td></tr></table>'
    )
    title_only = f'{TITLE_ONLY_START}<h2 id="a">A</h2>{table}</article>'
    page = (
        f'<div class="lb-page"><h1>T</h1><p>indexed</p>{table}<ul data-search-exclude><li><h3 '
        f'id="b">B</h3></li></ul></div>'
    )
    shown, bodies = hold_back(page, plain=False)
    # not the list: a heading
    assert shown == page.replace("<tr><td data-search-x=\"y\">0.5</td></tr>", f"<!--{MARK}0-->")
    # as the search plugin leaves it
    assert put_back(shown, bodies) == page.replace(' data-search-x="y"', "")
    # tests/test_bulk_pages: the index is the same either way
    assert hold_back(page, plain=True) == (page, [])
    # a title-only body goes, headings and all, in both modes
    shown, bodies = hold_back(title_only, plain=True)
    assert shown == f"{TITLE_ONLY_START}<!--{MARK}0--></article>" and put_back(
        shown, bodies
    ).startswith(TITLE_ONLY_START + "<h2")
    # unclosed: the parser's exclusion would not end at </table>
    for kept in (
        table.replace("</td>", ""),
        table.replace("0.5", "<!-- </table> -->"),
        table.replace("0.5", "<br/>"),
        page.replace("<p>indexed</p>", f"<p>{MARK}</p>"),
    ):
        assert hold_back(kept, plain=False)[1] == []
    script = table.replace(
        "0.5", '<script type="application/json">{"a": "\\u003c/table\\u003e"}</script>'
    )
    assert hold_back(script, plain=False)[1] != []  # a JSON script hides no tag
    with pytest.raises(ValueError, match="mark"):
        put_back("<p></p>", ["x"])


def test_split_leaves_other_pages_to_mkdocs_and_adds_one_shell_per_folder() -> None:
    page = _markdown_page("P", '<div class="lb-page" markdown="0">\n<h1>P</h1>\n</div>')
    files = {
        "d/paragraphs/a.md": page,
        "d/paragraphs/b.md": page,
        "d/paragraphs/index.md": "# List\n",
        "d/paragraphs/a.csv": "x\n",
        "e/paragraphs/c.md": page,
    }
    rest, pages = bulk.split(files)
    assert sorted(pages) == ["d/paragraphs", "e/paragraphs"]
    assert sorted(pages["d/paragraphs"]) == ["a.md", "b.md"]
    assert sorted(rest) == [
        "d/paragraphs/a.csv",
        "d/paragraphs/index.md",
        f"d/paragraphs/{bulk.SHELL_NAME}.md",
        f"e/paragraphs/{bulk.SHELL_NAME}.md",
    ]
    with pytest.raises(ValueError, match="reserved"):
        bulk.split({**files, f"d/paragraphs/{bulk.SHELL_NAME}.md": page})


def test_write_fills_title_and_body_and_removes_the_shell(tmp_path: Path) -> None:
    folder = tmp_path / "d" / "paragraphs"
    folder.mkdir(parents=True)
    shell = (
        f"<title>{bulk.TITLE_MARK} - "
        f"site</title><main>{bulk.SHELL_BODY}</main><b>{bulk.TITLE_MARK}</b>"
    )
    (folder / f"{bulk.SHELL_NAME}.html").write_text(shell, encoding="utf-8")
    pages = {"d/paragraphs": {"a.md": bulk.BulkPage("A &lt;b&gt;", "<h1>A</h1>")}}
    assert bulk.write(tmp_path, pages) == 1
    assert (folder / "a.html").read_text(
        encoding="utf-8"
    ) == "<title>A &lt;b&gt; - site</title><main><h1>A</h1></main><b>A &lt;b&gt;</b>"
    assert not (folder / f"{bulk.SHELL_NAME}.html").exists()
    assert os.listdir(folder) == ["a.html"]


def test_background_and_map_give_in_process_results_and_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from litboard.errors import DataError, Problem
    from litboard.runtime import parallel

    monkeypatch.setattr(parallel, "MIN_PER_WORKER", 2)
    for count in ("1", "2"):
        monkeypatch.setenv("LITBOARD_WORKERS", count)
        assert parallel.map_ordered(lambda i: i * i, 11) == [i * i for i in range(11)]
        assert parallel.Background(lambda: {"a": "b"}).result() == {"a": "b"}

        def fail() -> None:
            raise DataError([Problem("f.jsonl", 3, "start", "outside", "fix it")])

        with pytest.raises(DataError) as caught:
            parallel.Background(fail).result()
        assert caught.value.problems == [Problem("f.jsonl", 3, "start", "outside", "fix it")]
    monkeypatch.setenv("LITBOARD_WORKERS", "0")
    with pytest.raises(ValueError, match="LITBOARD_WORKERS"):
        parallel.workers()


def test_forked_workers_nest_and_return_results_in_order() -> None:
    """In a fresh process (no browser threads: forking is safe) a dataset's child process forks
    the reader workers and the page-set process; results come back in order, errors intact."""
    import subprocess
    import sys
    import textwrap

    from ..conftest import REPO

    code = textwrap.dedent("""
        import os
        from litboard.runtime import parallel
        from litboard.errors import DataError, Problem
        parallel.MIN_PER_WORKER = 2
        assert parallel.can_fork()
        def inner():
            return (os.getpid(), parallel.map_ordered(lambda i: (i * i, os.getpid()), 9),
                    parallel.Background(lambda: os.getpid()).result())
        child, squares, grandchild = parallel.Background(inner).result()
        assert [s for s, _ in squares] == [i * i for i in range(9)]
        pids = {os.getpid(), child, grandchild, *(p for _, p in squares)}
        assert len(pids) >= 4, pids
        def fail():
            raise DataError([Problem("f.jsonl", 2, "x", "bad", "fix")])
        try:
            parallel.Background(fail).result()
        except DataError as exc:
            assert exc.problems == [Problem("f.jsonl", 2, "x", "bad", "fix")]
        else:
            raise AssertionError("no error")
        print("forked ok")
    """)
    done = subprocess.run(
        [sys.executable, "-c", code],
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
    assert done.stdout.strip() == "forked ok"


def test_a_failure_before_the_background_result_does_not_hang_the_build() -> None:
    """The dataset's page-set child sends a result far larger than a pipe's buffer; when the parent
    fails before reading it, ``cancel()`` stops the child, so the process exits with the parent's
    error instead of waiting forever for a child blocked on its send."""
    import subprocess
    import sys
    import textwrap

    from ..conftest import REPO

    code = textwrap.dedent("""
        from litboard.runtime import parallel
        assert parallel.can_fork()
        job = parallel.Background(lambda: "x" * 5_000_000)
        try:
            raise ValueError("the reader pages failed")
        except ValueError:
            job.cancel()
            assert not job._process.is_alive()
            print("cancelled")
    """)
    done = subprocess.run(
        [sys.executable, "-c", code],
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
    assert done.stdout == "cancelled\n"
