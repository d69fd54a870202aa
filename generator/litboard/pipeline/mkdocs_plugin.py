"""The thin mkdocs glue: ask the generator for files and hand them to mkdocs.

Two shortcuts keep large sites fast: a generated page whose Markdown is one raw HTML block
skips Markdown (``raw_body``), and the one-per-paragraph reader pages are filled into a
shell mkdocs renders once per folder (``core.bulk``). The search plugin is handed pages
without the blocks it would skip anyway (``search_bodies``).

Configuration (mkdocs.yml)::

    plugins:
      - search
      - litboard:
          roots: [.]         # data roots, relative to mkdocs.yml
          templates: ""      # a folder of templates overriding litboard's own, one by one;
                             # its index.md, if any, is the site's home page (unless the
                             # docs_dir has an index.md of its own; ``add_home_page``)
          base_pages: true   # add litboard's base pages (methodology, data format, ...) that
                             # the docs_dir does not have itself
          site_cache_size: 1GB  # bound of the incremental-build cache (least recently used
                                # entries go first); LITBOARD_SITE_CACHE_SIZE overrides it
          reader_pages: auto # packed (body gzip-compressed in the page, shown with JavaScript),
                             # plain, or auto: packed for a dataset of more than 1,000 paragraphs
                             # (``core.packed_reader``); LITBOARD_READER_PAGES overrides it
          kept_releases: ""  # the folder `litboard release --releases` writes: the site lists
                             # them (releases.md) and serves them under v/ (``cite.kept``)

``litboard build`` (``build.build_site``) hands the plugin object its ``BuildRequest`` and
``BuildContext`` (``request``) before mkdocs starts: data roots, cache folder and bound, reader
pages, kept releases and the site being replaced, with no environment round-trip; the result and
a ``DataError`` come back on the context. Without one (plain ``mkdocs build``/``serve``,
``litboard serve``) the plugin makes its request from these options and the user-facing
environment overrides: LITBOARD_DATA (paths separated by os.pathsep) over ``roots``,
LITBOARD_SITE_CACHE (the incremental-build cache folder; unset or empty: none),
LITBOARD_SITE_CACHE_SIZE over ``site_cache_size`` and LITBOARD_READER_PAGES over
``reader_pages``. A ``DataError`` becomes a build error that names every problem.

Where the site is built from (``cite.source.Source``) is part of the request: mkdocs.yml's
``repo_url`` and ``site_url``, else the user-facing overrides LITBOARD_REPO_URL (in GitHub
Actions, the workflow's repository: GITHUB_SERVER_URL/GITHUB_REPOSITORY) and LITBOARD_SITE_URL,
and the commit (LITBOARD_COMMIT, else git HEAD of the study), read once where the request is
made (``request.built_from``). The plugin sets the two addresses in the configuration (the
header's repository link, sitemap.xml) and hands the Source to ``generate`` (the cite boxes),
the releases page and the Submit page's repository marker; it sets no environment variable.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from ..cite import kept, source
from ..errors import DataError
from ..settings import BUILD
from ..files.project import PAGES, TEMPLATES
from ..render import search_bodies
from ..render.core import bulk, chrome, packed_reader
from ..render.core.bulk import raw_body
from .site import Generated, generate
from ..render.core.cache_files import parse_size
from . import sitemap
from .request import READER_VARIABLE, SIZE_VARIABLE, BuildContext, BuildRequest
from .site_cache import DATA_PARTS


class LitboardConfig(Config):
    roots = opt.Type(list, default=["."])
    templates = opt.Type(str, default="")
    base_pages = opt.Type(bool, default=True)
    # LITBOARD_SITE_CACHE_SIZE / --site-cache-size win
    site_cache_size = opt.Type(str, default=BUILD.site_cache_size)
    kept_releases = opt.Type(str, default="")
    # LITBOARD_READER_PAGES / --reader-pages win
    reader_pages = opt.Type(str, default=BUILD.reader_pages)


class LitboardPlugin(BasePlugin[LitboardConfig]):
    def __init__(self) -> None:
        # build_site's request and context (None: made from the options in on_config)
        self.context: BuildContext | None = None
        self.generated: Generated | None = None
        self.raw: dict[str, str] = {}  # src path -> the HTML of a page that bypasses Markdown
        # src path -> blocks the search plugin need not parse
        self.held_back: dict[str, list[str]] = {}
        # what mkdocs renders (bulk pages: one shell per folder)
        self.files: dict[str, str | bytes] = {}
        self.bulk: bulk.Bulk = {}
        self.plain = False  # LITBOARD_PLAIN_MKDOCS=1: every page through Markdown and the theme
        self.roots: list[Path] = []
        self.kept: Path | None = None  # the kept releases' folder (None: no release is served)
        self.releases_page = ""
        self.templates = TEMPLATES  # the folder of the ``templates`` option (default: litboard's)

    def on_config(self, config: Any) -> Any:
        base = Path(config["config_file_path"]).parent
        if self.context is None:
            self.context = BuildContext(BuildRequest.from_options(self.config.roots, config))
        request = self.context.request
        self.roots = list(request.roots)
        _configure(config, request.source)
        try:
            templates = (
                (base / self.config.templates).resolve() if self.config.templates else TEMPLATES
            )
            self.templates = templates
            self.generated = generate(
                self.roots,
                templates,
                request.cache,
                self._cache_size(request, config["config_file_path"]),
                self._reader_pages(request, config["config_file_path"]),
                source=request.source,
            )
            self.context.generated = self.generated
            folder = self.config.kept_releases
            self.kept = request.kept or ((base / folder).resolve() if folder else None)
            self.releases_page = kept.releases_page(
                self.kept, self.generated.files, templates, request.source
            )
        except DataError as exc:
            self.context.error = exc  # build_site re-raises it as is
            raise PluginError(str(exc)) from None
        self.plain = os.environ.get(PLAIN_SWITCH) == "1"
        # a shell's links are right only beside its pages
        if config["use_directory_urls"] or self.plain:
            self.files, self.bulk = bulk.unpacked(self.generated.files), {}
        else:
            self.files, self.bulk = bulk.split(self.generated.files)
        nav = config.get("nav")
        if nav is not None:
            config["nav"] = kept.with_nav(_merge_nav(list(nav), self.generated.nav))
        _add_theme_dir(config)
        for name in ("litboard.css", "reader.css", "home.css"):
            config["extra_css"].append(f"assets/litboard/{name}")
        for name in ("packed.js", "litboard.js", "reader.js", "versions.js"):  # packed.js first
            config["extra_javascript"].append(f"assets/litboard/{name}")
        return config

    def _cache_size(self, request: BuildRequest, config_file: str) -> int:
        """The site cache's bound: the request's (``--site-cache-size``), else
        LITBOARD_SITE_CACHE_SIZE, else the plugin's ``site_cache_size`` in mkdocs.yml (default
        ``BUILD.site_cache_size``)."""
        given = request.cache_size
        value = (given if given is not None else os.environ.get(SIZE_VARIABLE, "")).strip()
        if value:
            return parse_size(value, SIZE_VARIABLE, "--site-cache-size")
        return parse_size(
            self.config.site_cache_size, config_file, "plugins: litboard: site_cache_size"
        )

    def _reader_pages(self, request: BuildRequest, config_file: str) -> str:
        """The request's (``--reader-pages``), else LITBOARD_READER_PAGES, else the plugin's
        ``reader_pages`` (auto)."""
        given = request.reader_pages
        value = (given if given is not None else os.environ.get(READER_VARIABLE, "")).strip()
        if value:
            return packed_reader.check_mode(value, READER_VARIABLE, "--reader-pages")
        return packed_reader.check_mode(
            self.config.reader_pages, config_file, "plugins: litboard: reader_pages"
        )

    def on_serve(self, server: Any, config: Any, builder: Any) -> Any:
        """``mkdocs serve`` / ``litboard serve``: rebuild when a data file of any root changes (its
        corpus/, judgments/ and reported/ folders; not the whole root, which may hold the cache)."""
        for root in self.roots:
            for part in DATA_PARTS:
                if (root / part).is_dir():
                    server.watch(str(root / part))
        home = self.templates / HOME
        if self.templates != TEMPLATES and home.is_file():
            server.watch(str(home))
        return server

    def on_files(self, files: Files, config: Any) -> Files:
        if self.generated is None:
            return files
        for path, content in sorted(self.files.items()):
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=content))
        add_home_page(files, config, self.templates)
        if self.config.base_pages:
            add_base_pages(files, config)
        if files.get_file_from_path(kept.PAGE) is None:  # a page of the site's own wins
            files.append(File.generated(config, kept.PAGE, content=self.releases_page))
        return files

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Files) -> str:
        if self.generated is None:
            return markdown
        raw = None if self.plain else raw_body(markdown)
        if raw is not None:  # a generated page that is one HTML block: no Markdown to run
            self.raw[page.file.src_uri] = raw
            return RAW_PLACEHOLDER
        markdown = with_fragments(markdown, self.generated.fragments)
        if source.MARKER in markdown and self.context is not None:
            markdown = markdown.replace(
                source.MARKER, source.named(self.context.request.source.repo_url)
            )
        return markdown

    def on_page_content(self, html: str, page: Any, config: Any, files: Files) -> str:
        raw = self.raw.pop(page.file.src_uri, None)
        if raw is not None:
            if html.strip() != RAW_HTML:
                raise PluginError(
                    f"{page.file.src_uri}: Markdown changed the placeholder of a raw page: "
                    f"{html[:80]!r}"
                )
            html = raw
        if self.generated is None or (page.meta.get("search") or {}).get("exclude"):
            return html
        shown, bodies = search_bodies.hold_back(html, self.plain)
        if bodies:
            self.held_back[page.file.src_uri] = bodies
        return shown

    @event_priority(-100)  # after the search plugin (priority 0) has indexed the page
    def on_page_context(self, context: Any, page: Any, config: Any, nav: Any) -> Any:
        bodies = self.held_back.pop(page.file.src_uri, None)
        if bodies:
            page.content = search_bodies.put_back(page.content, bodies)
        return context

    def on_nav(self, nav: Any, config: Any, files: Files) -> Any:
        from ..runtime import progress

        self.pages = progress.Counter("pages rendered", len(files.documentation_pages()))
        return nav

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        if getattr(self, "pages", None) is not None:
            self.pages.tick(1)
        return chrome.compact(output)

    def on_post_build(self, config: Any) -> None:
        if getattr(self, "pages", None) is not None:
            self.pages.close()
        if self.generated is not None:
            kept.serve(Path(config["site_dir"]), self.kept)
        if self.bulk:
            previous = self.context.request.previous if self.context is not None else None
            bulk.write(Path(config["site_dir"]), self.bulk, previous)
            sitemap.fill(Path(config["site_dir"]), self.bulk, config["site_url"] or "")


# Both shortcuts give byte-identical output (tests/pipeline/test_bulk_pages.py builds the site both
# ways);
# the switch turns them off, for that test and for debugging.
PLAIN_SWITCH = "LITBOARD_PLAIN_MKDOCS"
RAW_PLACEHOLDER = "LITBOARDRAWPAGE"
RAW_HTML = f"<p>{RAW_PLACEHOLDER}</p>"


THEME_DIR = Path(__file__).resolve().parents[1] / "theme"


def _configure(config: Any, built_from: source.Source) -> None:
    """The request's repository and site addresses in ``config`` (the header's repository link,
    sitemap.xml), where mkdocs.yml names another or none (mkdocs.yml's own name of its
    repository stays)."""
    if built_from.repo_url and built_from.repo_url != (config["repo_url"] or "").rstrip("/"):
        config["repo_url"], config["repo_name"] = built_from.repo_url, built_from.repo_name()
    site = built_from.site_url.rstrip("/") + "/" if built_from.site_url else ""
    if site and site != config["site_url"]:
        config["site_url"] = site


def _add_theme_dir(config: Any) -> None:
    """litboard's template overrides (theme/main.html: the reader pages' light shell) before the
    theme's own templates, after a study's ``custom_dir`` (whose ``main.html`` wins)."""
    dirs = config["theme"].dirs
    if str(THEME_DIR) not in dirs:
        dirs.insert(1 if config["theme"].custom_dir else 0, str(THEME_DIR))


HOME = "index.md"  # the home page's name, in a docs_dir, a templates folder and litboard's pages


def add_home_page(files: Files, config: Any, templates: Path) -> None:
    """The home page from the ``templates`` folder (``templates/index.md``: Markdown with the
    ``<!-- litboard:finding -->`` and ``<!-- litboard:datasets -->`` markers) when the docs_dir
    has none of its own; without either, litboard's base home page comes with the base pages."""
    if files.get_file_from_path(HOME) is not None or templates == TEMPLATES:
        return
    if (templates / HOME).is_file():
        files.append(File(HOME, str(templates), config["site_dir"], config["use_directory_urls"]))


def add_base_pages(files: Files, config: Any) -> None:
    """litboard's base pages (``project.PAGES``) that the site has no page of its own for."""
    for path in sorted(PAGES.rglob("*.md")):
        name = path.relative_to(PAGES).as_posix()
        if files.get_file_from_path(name) is None:
            files.append(File(name, str(PAGES), config["site_dir"], config["use_directory_urls"]))


def _merge_nav(nav: list[Any], generated: list[dict[str, Any]]) -> list[Any]:
    """Insert the generated sections (one per dataset) after the first entry (Home);
    a section whose title the hand-written nav already has is left to it."""
    present = {str(k) for entry in nav if isinstance(entry, dict) for k in entry}
    extra = [e for e in generated if next(iter(e)) not in present]
    return nav[:1] + extra + nav[1:]


def with_fragments(markdown: str, fragments: dict[str, str]) -> str:
    """``markdown`` with each marker that stands on a line of its own replaced by its fragment; a
    marker quoted in the text (the Study page's table names them in backticks) stays as written."""
    lines = markdown.split("\n")
    return "\n".join(fragments.get(line.strip(), line) for line in lines)

