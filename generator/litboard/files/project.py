"""Where a build finds its things: the study it runs in, and what litboard itself ships.

A *study* is a folder holding an ``mkdocs.yml`` (``litboard init DIR`` writes one; the public
leaderboard's repository is one too). Run from inside it, ``litboard build``/``serve``/
``validate`` need no flags: the data roots are those of the ``litboard`` plugin in its
``mkdocs.yml``, caches go to its own ``.cache/``. Run elsewhere (with ``--data``), litboard's
default configuration and base pages are used and caches go to the user's cache folder
(platformdirs); never to where the package is installed.

The package ships the templates (with the site's CSS/JS), the base pages (methodology, scoring,
data format, importers, how to cite) and the files ``litboard init`` writes (``study/``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem

PACKAGE = Path(__file__).resolve().parents[1]  # generator/litboard
TEMPLATES = PACKAGE / "templates"
# the base pages every site gets (a study's own page of the same name wins)
PAGES = PACKAGE / "pages"
STUDY = PACKAGE / "study"  # what `litboard init` writes, and the default configuration
DEFAULT_CONFIG = STUDY / "mkdocs.yml"
CONFIG_NAME = "mkdocs.yml"
PLUGIN = "litboard"


@dataclass(frozen=True)
class Project:
    """The study a command runs in (``config`` None: no ``mkdocs.yml`` here)."""

    root: Path
    config: Path | None
    roots: tuple[Path, ...]

    @property
    def config_file(self) -> Path:
        """The mkdocs configuration a build uses: the study's, else litboard's default."""
        return self.config if self.config is not None else DEFAULT_CONFIG

    @property
    def overrides(self) -> dict[str, str]:
        """mkdocs settings a build passes on top of ``config_file`` (the default configuration's
        ``docs_dir`` is the study's; without a study, the base pages are the whole site)."""
        return {} if self.config is not None else {"docs_dir": str(PAGES)}

    @property
    def cache(self) -> Path:
        """The cache folder: the study's own ``.cache/``, else the user's cache folder."""
        if self.config is not None:
            return self.root / ".cache"
        from platformdirs import user_cache_path

        return user_cache_path("litboard", appauthor=False)

    def data_roots(self) -> list[Path]:
        """The study's data roots; a DataError when there is none to use."""
        if not self.roots:
            where = self.config or self.root / CONFIG_NAME
            raise DataError(
                [
                    Problem(
                        str(where),
                        0,
                        "roots",
                        "no data root: this folder is not a study",
                        "run inside a study (a folder with mkdocs.yml; `litboard init DIR` "
                        "makes one) or pass --data DIR",
                    )
                ]
            )
        return list(self.roots)


def find(folder: Path | None = None) -> Project:
    """The study in ``folder`` (default: the current folder)."""
    root = (folder or Path.cwd()).resolve()
    config = root / CONFIG_NAME
    if not config.is_file():
        return Project(root, None, ())
    return Project(root, config, tuple(plugin_roots(config)))


def plugin_roots(config: Path) -> list[Path]:
    """The ``roots`` of the litboard plugin in an mkdocs.yml (relative to it); [] without the
    plugin."""
    from mkdocs.utils import yaml_load

    try:
        with config.open("rb") as handle:
            data: Any = yaml_load(handle) or {}
    # yaml and INHERIT errors alike: the file is not a usable configuration
    except Exception as exc:
        raise DataError(
            [
                Problem(
                    str(config),
                    0,
                    "mkdocs.yml",
                    f"cannot be read: {exc}",
                    "fix the YAML (mkdocs build shows the same error)",
                )
            ]
        ) from None
    plugins = data.get("plugins") if isinstance(data, dict) else None
    entries = [{k: v} for k, v in plugins.items()] if isinstance(plugins, dict) else plugins or []
    for entry in entries:
        if isinstance(entry, dict) and PLUGIN in entry:
            options = entry[PLUGIN] if isinstance(entry[PLUGIN], dict) else {}
            return [(config.parent / str(r)).resolve() for r in options.get("roots", ["."])]
        if entry == PLUGIN:
            return [config.parent.resolve()]
    return []
