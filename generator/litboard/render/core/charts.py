"""Altair charts -> an embeddable view (Vega-Lite JSON for vega-embed) plus SVG/PNG/JSON files.

Pages work offline: the vega/vega-lite/vega-embed bundle comes from the vl-convert
package and is written once as ``assets/litboard/vega-bundle.js``. With JavaScript off
the page shows the SVG. Tooltip text is data: vega-embed's tooltip handler escapes it.

vl-convert takes seconds to start and to draw; with ``use_cache(folder)`` (the site cache,
see ``pipeline.site_cache``) the bundle and every drawing are kept there, keyed by the
vl-convert version and the exact spec text, so a rebuild draws only the charts that changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

from ...analysis.rounding import stated_tree
from ...files.ids import is_safe_id
from .cache_files import keep_newest, write_atomic

BUNDLE = "assets/litboard/vega-bundle.js"


@dataclass(frozen=True)
class ChartView:
    """What the chart template needs; ``spec`` is embedded with jinja's tojson (HTML-safe)."""

    id: str
    title: str
    spec: dict[str, Any]
    svg: str
    png: str
    json: str


KEEP = 2048  # drawings kept in the cache folder (newest first)
_cache: list[Path] = []  # the folder of use_cache, if any (inherited by forked workers)


def use_cache(folder: Path | None) -> None:
    """Keep the bundle and drawings in ``folder``/charts (None: draw everything afresh)."""
    _cache[:] = [folder / "charts"] if folder is not None else []
    if _cache:
        _cache[0].mkdir(parents=True, exist_ok=True)
        keep_newest(
            (p for p in _cache[0].iterdir() if p.is_file() and not p.name.startswith(".")), KEEP
        )


_bundle: list[str] = []  # the bundle of this build (``preload_bundle``), inherited by workers


def make_bundle() -> str:
    """Make the vega + vega-lite + vega-embed bundle (or read it from the cache folder): seconds,
    the same for every build. It loads vl-convert: call it in a child process
    (``pipeline.site`` does, once per build, beside the loading)."""

    def make() -> bytes:
        import vl_convert as vlc

        return str(vlc.javascript_bundle("window.litboardVegaEmbed = vegaEmbed;")).encode()

    return _cached("vega-bundle", "js", make).decode()


def preload_bundle(text: str) -> None:
    """Give every later ``vega_bundle`` call, here and in the processes forked from here,
    ``text`` (``make_bundle``'s): one bundle per build instead of one per worker."""
    _bundle[:] = [text]


@lru_cache(maxsize=1)
def vega_bundle() -> str:
    """The bundle: the preloaded one, else made here."""
    return _bundle[0] if _bundle else make_bundle()


def chart_files(
    folder: str, name: str, title: str, chart: Any
) -> tuple[ChartView, dict[str, str | bytes]]:
    """Render one altair chart into its view and files under ``folder/name.{svg,png,vl.json}``."""
    if not is_safe_id(name):
        raise ValueError(f"chart name {name!r} is not a safe id")
    spec = stated_tree(plain_text(chart.to_dict()))  # numbers at the stated precision
    text = json.dumps(spec, sort_keys=True, ensure_ascii=False)
    base = f"{folder}/{name}" if folder else name

    def svg() -> bytes:
        import vl_convert as vlc

        return stable_ids(vlc.vegalite_to_svg(text)).encode()

    def png() -> bytes:
        import vl_convert as vlc

        return bytes(vlc.vegalite_to_png(text, scale=2))

    files: dict[str, str | bytes] = {
        f"{base}.vl.json": text + "\n",
        f"{base}.svg": _cached(text, "svg", svg).decode(),
        f"{base}.png": _cached(text, "png", png),
    }
    return ChartView(name, title, spec, f"{name}.svg", f"{name}.png", f"{name}.vl.json"), files


def _cached(what: str, kind: str, make: Callable[[], bytes]) -> bytes:
    """``make()``, or what it gave before for the same ``what`` and vl-convert version."""
    if not _cache:
        return make()
    version = metadata.version("vl-convert-python")
    key = hashlib.sha256(f"{version}\0{kind}\0{what}".encode()).hexdigest()
    path = _cache[0] / f"{key}.{kind}"
    try:
        data = path.read_bytes()
        os.utime(path)  # recently used: kept by keep_newest
        return data
    except OSError:
        pass
    data = make()
    try:
        write_atomic(path, lambda handle: handle.write(data))
    except OSError:  # a read-only or full cache folder costs speed, never the build
        pass
    return data


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def plain_text(value: Any) -> Any:
    """The spec with control characters, U+2028/U+2029 and lone surrogates replaced by U+FFFD.

    ``validate`` refuses them in names and titles, but a chart label can come from any text
    field, and vl-convert aborts the whole process (exit 134) on some of them."""
    if isinstance(value, str):
        return _UNSAFE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {plain_text(k): plain_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_text(v) for v in value]
    return value


_SVG_ID = re.compile(r'id="((?:gradient|clip|pattern|mask)[A-Za-z-]*_?)(\d+)"')


def stable_ids(svg: str) -> str:
    """Number the SVG's gradient/clip ids from 0 in document order.

    vega's SVG renderer counts them per process, so the same chart rendered twice in one build
    process (or after another chart) got other ids: the output must not depend on what was drawn
    before.
    """
    mapping: dict[str, str] = {}
    for match in _SVG_ID.finditer(svg):
        old = match.group(1) + match.group(2)
        if old not in mapping:
            mapping[old] = f"{match.group(1)}{len(mapping)}"
    if not mapping:
        return svg
    pattern = re.compile(
        r"(?<=[\"#])("
        + "|".join(re.escape(k) for k in sorted(mapping, key=len, reverse=True))
        + r")(?=[\")])"
    )
    return pattern.sub(lambda m: mapping[m.group(1)], svg)
