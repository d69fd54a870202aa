"""The thin mkdocs glue: ask the generator for files and hand them to mkdocs.

Configuration (mkdocs.yml)::

    plugins:
      - search
      - litboard:
          roots: [.]         # data roots, relative to mkdocs.yml
          templates: templates

The environment variable LITBOARD_DATA (paths separated by os.pathsep) overrides
``data``; ``litboard build --data`` uses it. A ``DataError`` becomes a build error
that names every problem.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from ..errors import DataError
from .core.site import Generated, generate


class LitboardConfig(Config):
    roots = opt.Type(list, default=["."])
    templates = opt.Type(str, default="templates")


class LitboardPlugin(BasePlugin[LitboardConfig]):
    def __init__(self) -> None:
        self.generated: Generated | None = None
        self.error: DataError | None = None  # kept so build_site can re-raise it as is

    def on_config(self, config: Any) -> Any:
        base = Path(config["config_file_path"]).parent
        override = os.environ.get("LITBOARD_DATA")
        roots = override.split(os.pathsep) if override else self.config.roots
        paths = [(base / r).resolve() for r in roots]
        try:
            self.generated = generate(paths, (base / self.config.templates).resolve())
        except DataError as exc:
            self.error = exc
            raise PluginError(str(exc)) from None
        nav = config.get("nav")
        if nav is not None:
            config["nav"] = _merge_nav(list(nav), self.generated.nav)
        for name in ("litboard.css", "reader.css", "home.css"):
            config["extra_css"].append(f"assets/litboard/{name}")
        for name in ("litboard.js", "reader.js"):
            config["extra_javascript"].append(f"assets/litboard/{name}")
        return config

    def on_files(self, files: Files, config: Any) -> Files:
        if self.generated is None:
            return files
        for path, content in sorted(self.generated.files.items()):
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=content))
        return files

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Files) -> str:
        if self.generated is None:
            return markdown
        for marker, fragment in self.generated.fragments.items():
            if marker in markdown:
                markdown = markdown.replace(marker, fragment)
        return markdown


def _merge_nav(nav: list[Any], generated: list[dict[str, Any]]) -> list[Any]:
    """Insert the generated sections (one per dataset) after the first entry (Home);
    a section whose title the hand-written nav already has is left to it."""
    present = {str(k) for entry in nav if isinstance(entry, dict) for k in entry}
    extra = [e for e in generated if next(iter(e)) not in present]
    return nav[:1] + extra + nav[1:]
