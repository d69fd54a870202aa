"""The jinja environment's direct output path (``render.core.jinja._Output``): every autoescaped
``{{ value }}`` prints exactly what jinja2's own ``escape(finalize(value))`` prints."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from jinja2 import DictLoader, Environment, StrictUndefined, UndefinedError
from markupsafe import Markup, escape

from litboard.render.core import jinja
from litboard.render.core.jinja import escaped, written

VALUES = [
    "plain",
    "<b>&\"'</b>",
    "„Zitat“ — ü ✓ 𝄞",
    "",
    Markup("<i>safe</i>"),
    0,
    -12,
    10**30,
    True,
    False,
    None,
    0.1 + 0.2,
    2.5,
    float("nan"),
    float("inf"),
    np.int64(7),
    np.float64(1 / 3),
    ["a", "<"],
    {"k": "<v>"},
    (1, 2.0),
]


class Html:
    def __html__(self) -> str:
        return "<u>as html</u>"

    def __repr__(self) -> str:  # a test id the same in every process (pytest-xdist compares them)
        return "Html()"


@pytest.mark.parametrize("value", [*VALUES, Html()], ids=repr)
def test_escaped_is_escape_of_written(value: object) -> None:
    assert escaped(value) == str(escape(written(value)))
    assert type(escaped(value)) in (str, Markup)


TEMPLATES = {
    "page.html": "<p title=\"{{ v }}\">{{ v }}|{{ v|length if v is string else v }}|{{ n + 1 }}</p>"
    "{% autoescape false %}[{{ raw }}]{% endautoescape %}"
    "{% autoescape flag %}({{ raw }}){% endautoescape %}"
    "{% macro m(x) %}<em>{{ x }}</em>{% endmacro %}{{ m(v) }}{% set s %}<b>{{ v }}</b>{% endset "
    "%}{{ s }}",
}


def plain_environment() -> Environment:
    """jinja2's own code generator with litboard's settings."""
    env = Environment(
        loader=DictLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined, finalize=written
    )
    return env


def litboard_environment() -> Environment:
    env = jinja._Environment(
        loader=DictLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined, finalize=written
    )
    return env


@pytest.mark.parametrize(
    "v", ["<a href='x'>&amp;</a>", Markup("<b>ok</b>"), 3, 0.30000000000000004, None]
)
@pytest.mark.parametrize("flag", [True, False])
def test_templates_print_what_jinja_prints(v: object, flag: bool) -> None:
    context = {"v": v, "n": 41, "raw": "<raw>", "flag": flag}
    ours = litboard_environment().get_template("page.html").render(**context)
    theirs = plain_environment().get_template("page.html").render(**context)
    assert ours == theirs
    assert "[<raw>]" in ours  # the autoescape blocks still hold
    if flag:
        assert "(&lt;raw&gt;)" in ours
    else:
        assert "(<raw>)" in ours


def test_direct_path_is_used_and_undefined_still_fails() -> None:
    env = litboard_environment()
    source = env.compile(TEMPLATES["page.html"], raw=True)
    assert "environment.escaped(" in source
    # the autoescaped part
    assert "escape(environment.finalize(" not in source.split("autoescape")[0]
    with pytest.raises(UndefinedError):
        env.get_template("page.html").render(n=1, raw="", flag=True)


def test_compiled_templates_of_another_generator_are_not_reused(tmp_path: Path) -> None:
    """The bytecode cache's checksum names the generator: a file jinja2's own generator wrote
    for the same source is compiled again."""
    source = "{{ x }}"
    ours = jinja._CompiledTemplates(str(tmp_path)).get_source_checksum(source)
    from jinja2 import FileSystemBytecodeCache

    theirs = FileSystemBytecodeCache(str(tmp_path)).get_source_checksum(source)
    assert ours != theirs
