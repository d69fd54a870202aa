"""tests/linkcheck.py finds a missing target and ignores external addresses and fragments."""

from __future__ import annotations

from pathlib import Path

from .linkcheck import broken_links


def test_broken_links_of_a_small_site(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("x", encoding="utf-8")
    (tmp_path / "style.css").write_text("", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<a href="a/">ok</a><a href="a/index.html#t">ok</a><link href="style.css"><a '
        'href="#top">ok</a>'
        '<a href="https://example.org/x">ext</a><a href="mailto:x@y">m</a>'
        '<a href="submit.html">gone</a><img src="img/x%20y.png">',
        encoding="utf-8",
    )
    assert broken_links(tmp_path) == ["index.html -> submit.html", "index.html -> img/x%20y.png"]
