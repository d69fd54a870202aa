"""The theme's indentation is dropped outside a page's article, never inside it (issue 32)."""

from __future__ import annotations

from litboard.render.core.chrome import compact

PAGE = """<!doctype html>
<html>
  <head>
    <title>t</title>

  </head>
  <body>
    <nav>
      <a href="x">
        Home
      </a>
    </nav>
    <article class="md-content__inner md-typeset">
<p class="lb-text" style="white-space: pre-wrap">two  spaces
    and an indented line</p>
<pre>  code
    block</pre>
    </article>
    <footer>
      made
    </footer>
  </body>
</html>
"""


def test_outside_the_article_each_break_and_its_indentation_is_one_line_break() -> None:
    out = compact(PAGE)
    head, rest = out.split('<article class="md-content__inner', 1)
    assert head == (
        "<!doctype html>\n<html>\n<head>\n<title>t</title>\n</head>\n<body>\n<nav>\n<a "
        "href=\"x\">\nHome\n</a>\n</nav>\n"
    )
    assert out.endswith("</article>\n<footer>\nmade\n</footer>\n</body>\n</html>\n")


def test_the_article_is_left_byte_for_byte() -> None:
    start = PAGE.index('<article class="md-content__inner')
    end = PAGE.rindex("</article>")
    out = compact(PAGE)
    assert PAGE[start:end] in out
    assert "two  spaces\n    and an indented line" in out and "<pre>  code\n    block</pre>" in out


def test_a_page_without_an_article_is_compacted_only_when_nothing_in_it_keeps_whitespace() -> None:
    plain = "<html>\n  <body>\n    <p>x</p>\n  </body>\n</html>\n"
    assert compact(plain) == "<html>\n<body>\n<p>x</p>\n</body>\n</html>\n"
    kept = "<html>\n  <body>\n<pre>  a\n    b</pre>\n  </body>\n</html>\n"
    assert compact(kept) == kept
    assert compact(compact(PAGE)) == compact(PAGE)  # idempotent: a rebuilt page is the same
