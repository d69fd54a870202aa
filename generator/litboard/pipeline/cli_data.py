"""The data options several commands share (--data, --releases, --mirror, --cache, --track-scores)
and the data roots they name: ``litboard`` and ``litboard campaign`` both use them; the site
cache options of ``build`` and ``serve`` (--site-cache, --site-cache-size, --no-site-cache)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..runtime.progress import step
from ..settings import BUILD, BuildSettings


def data_roots(args: argparse.Namespace) -> list[Path]:
    """--data roots (default: the study's, from its mkdocs.yml), plus the pinned releases with
    --releases."""
    from .build import default_roots

    roots = [Path(v) for v in args.data] if args.data else default_roots()
    if getattr(args, "releases", None):
        from ..files.project import find
        from ..importers.pinned import prepare
        from ..tracks.roots import track_roots

        cache = args.cache or find().cache / "releases"
        with step(f"fetching and importing the releases of {args.releases}"):
            imported = prepare(args.releases, cache, args.mirror)
        given = list(roots)  # the repositories: each may hold tracks/<track>/ (the submissions)
        roots += imported + [
            r for base in given for r in track_roots(base, imported) if r not in roots
        ]
    scores = getattr(args, "track_scores", None)
    if scores is not None:
        from ..load.track_decl import TRACK_FILE

        roots += (
            sorted(d for d in scores.iterdir() if (d / "corpus" / TRACK_FILE).is_file())
            if scores.is_dir()
            else []
        )
    return roots


def add_data(parser: argparse.ArgumentParser, releases: bool = False) -> None:
    parser.add_argument(
        "--data",
        action="append",
        metavar="DIR",
        help="data root (a folder with corpus/ and judgments/); repeat to combine "
        "several; default: the roots of the litboard plugin in ./mkdocs.yml",
    )
    if not releases:
        return
    group = parser.add_argument_group("pinned releases (the public site)")
    group.add_argument(
        "--releases",
        nargs="?",
        type=Path,
        const=Path("releases.yaml"),
        metavar="MANIFEST",
        help="also fetch (sha256-checked), import and include every release the manifest "
        "pins (default manifest: releases.yaml)",
    )
    group.add_argument(
        "--mirror",
        type=Path,
        metavar="DIR",
        help="read release files from DIR/<mirror>/<name> instead of the network "
        "(e.g. ../shared/data)",
    )
    group.add_argument(
        "--cache",
        type=Path,
        metavar="DIR",
        help="where fetched files and imported roots are kept (default: .cache/releases "
        "in a study, else litboard's folder in the user cache)",
    )
    group.add_argument(
        "--track-scores",
        type=Path,
        metavar="DIR",
        help="also load the tracks' scores written by `litboard track score --out DIR`",
    )


def add_site_cache(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("incremental builds")
    group.add_argument(
        "--site-cache",
        type=Path,
        metavar="DIR",
        help="keep each dataset's generated pages here, keyed by the bytes of its data, "
        "the code and the release stamp, so a rebuild regenerates only the datasets "
        "that changed (default: .cache/site in a study, else litboard's folder in the "
        "user cache)",
    )
    group.add_argument(
        "--site-cache-size",
        metavar="SIZE",
        help=f"{BuildSettings.help()['site_cache_size']} (default "
        f"{BUILD.site_cache_size}; env LITBOARD_SITE_CACHE_SIZE; mkdocs.yml: "
        "site_cache_size)",
    )
    group.add_argument("--no-site-cache", action="store_true", help="regenerate every dataset")


def add_reader_pages(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reader-pages",
        choices=("auto", "packed", "plain"),
        help="store each paragraph's reader page body gzip-compressed in the page, shown "
        "with JavaScript (a quarter of the bytes: a 20,000-segment WMT set fits on "
        "GitHub Pages), or plain; auto (default) packs a dataset's pages when it has more than "
        "1,000 paragraphs (env LITBOARD_READER_PAGES; mkdocs.yml: reader_pages)",
    )


def site_cache(args: argparse.Namespace) -> Path | None:
    from ..files.project import find

    return None if args.no_site_cache else args.site_cache or find().cache / "site"


def cache_size(args: argparse.Namespace) -> str | None:
    """``--site-cache-size``, checked before anything is built (None: not given)."""
    from ..render.core.cache_files import parse_size

    if args.site_cache_size is not None:
        parse_size(args.site_cache_size, "command line", "--site-cache-size")
    return args.site_cache_size
