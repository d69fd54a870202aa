"""The jinja2 environment: autoescaping everywhere, strict undefined, a few formatting filters.

Templates come from the folder a build names, and any template (or asset) missing there from
the ones litboard ships (``project.TEMPLATES``): a study overrides only what it changes.

Every float a template prints raw (``data-value="{{ x }}"``, a style width) or embeds with
``tojson`` leaves at the stated precision (``analysis.rounding.stated``): the environment's
``finalize`` and its JSON policy, so no template can forget it.

An autoescaped ``{{ value }}`` is compiled to one call of ``escaped`` (``_Output``) instead of
jinja's ``escape(environment.finalize(value))``: the same text, without building a ``Markup``
for every string (a WMT-sized reader page prints ~1,500 values)."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import Expr
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from jinja2 import (
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    select_autoescape,
)

from ...analysis.p_format import SMALL_N
from ...analysis.rounding import format_number, stated_tree
from ...files.project import TEMPLATES
from . import run_markup
from .escaping import escaped, written

DEFAULT_TEMPLATES = TEMPLATES
DASH = "\u2014"


def fmt(value: Any, digits: int = 2) -> str:
    """A number for display, rounded half up (``analysis.rounding``); missing is an em dash, never
    0."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    if isinstance(value, float):
        return format_number(value, digits)
    return str(value)


def pct(value: Any, digits: int = 1) -> str:
    """A share in [0, 1] as a percentage, rounded like ``fmt``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    return format_number(100 * float(value), digits)


class _Output(CodeGenerator):
    """jinja2's code generator with one change: an output expression in autoescaped code (known
    at compile time, as everywhere in litboard's templates) is ``environment.escaped(x)``, not
    ``escape(environment.finalize(x))``. Anything else is generated as jinja2 does."""

    def _direct(self, frame: Frame) -> bool:
        return (
            frame.eval_ctx.autoescape
            and not frame.eval_ctx.volatile
            and self.environment.finalize is written
        )

    def _output_child_pre(self, node: Expr, frame: Frame, finalize: Any) -> None:
        if self._direct(frame):
            self.write("environment.escaped(")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: Expr, frame: Frame, finalize: Any) -> None:
        if self._direct(frame):
            self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)


class _Environment(Environment):
    code_generator_class = _Output
    escaped = staticmethod(escaped)


class _CompiledTemplates(FileSystemBytecodeCache):
    """jinja2's compiled-template files, whose checksum also names the code generator: a file
    compiled by another one (an earlier litboard) is compiled again, never run."""

    def get_source_checksum(self, source: str) -> str:
        return super().get_source_checksum(f"litboard._Output 1\n{source}")


def json_text(value: Any, **options: Any) -> str:
    """``tojson``'s serializer: the value with its floats at the stated precision."""
    return json.dumps(stated_tree(value), **options)


def tojson_compact(value: Any) -> Markup:
    """``tojson`` without the blanks after separators (for data islands repeated on thousands of
    pages): HTML-safe the same way, ``<``, ``>``, ``&`` and ``'`` escaped and, as json.dumps
    writes every non-ASCII character as an escape, U+2028/U+2029 too."""
    return htmlsafe_json_dumps(value, dumps=json_text, sort_keys=True, separators=(",", ":"))


def url_href(value: Any) -> str:
    """The value as a link target when it is one plain http(s) URL (no spaces), else ''."""
    text = str(value).strip()
    if text.startswith(("https://", "http://")) and not any(
        c.isspace() or c in "\"'<>" for c in text
    ):
        return text
    return ""


def search_path(templates: Path) -> list[Path]:
    """The folders templates are looked up in, first match wins."""
    return (
        [templates] if templates.resolve() == DEFAULT_TEMPLATES else [templates, DEFAULT_TEMPLATES]
    )


def template_file(templates: Path, name: str) -> Path:
    """The file of template or asset ``name`` (a path under the templates folder)."""
    for folder in search_path(templates):
        if (folder / name).is_file():
            return folder / name
    return DEFAULT_TEMPLATES / name  # reading it raises the missing-file error with litboard's path


_bytecode: list[Path] = []  # the folder of use_cache, if any


def use_cache(folder: Path | None) -> None:
    """Start a build: a fresh environment (templates are read once per build, not checked for
    changes on every page), keeping compiled templates in ``folder``/jinja if given (jinja2
    keys them by name and source checksum)."""
    _bytecode[:] = [folder / "jinja"] if folder is not None else []
    if _bytecode:
        _bytecode[0].mkdir(parents=True, exist_ok=True)
    environment.cache_clear()


@lru_cache(maxsize=4)
def environment(templates: Path = DEFAULT_TEMPLATES) -> Environment:
    env = _Environment(
        loader=FileSystemLoader([str(f) for f in search_path(templates)]),
        bytecode_cache=_CompiledTemplates(str(_bytecode[0])) if _bytecode else None,
        auto_reload=False,  # use_cache starts each build with a new environment
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=written,
    )
    env.policies["json.dumps_function"] = json_text
    env.filters["tojson_compact"] = tojson_compact
    env.filters["fmt"] = fmt
    env.filters["pct"] = pct
    env.filters["url_href"] = url_href
    # rows and cells over fewer items are greyed, their n printed (small_n.html.j2)
    env.globals["small_n"] = SMALL_N
    # annotated texts (text.html.j2): their runs and span lists, written in Python (run_markup)
    env.globals["runs"] = run_markup.runs
    env.globals["described_runs"] = run_markup.described_runs
    env.globals["described"] = run_markup.described
    return env


def render(template: str, templates: Path = DEFAULT_TEMPLATES, **context: Any) -> str:
    return environment(templates).get_template(template).render(**context)
