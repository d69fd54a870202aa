"""The `litboard` command: init, validate, build, serve, import, score, check-pr, release, track, campaign.

User mistakes (DataError) become exit code 1 with every problem listed; usage errors
exit 2 (argparse). No traceback for bad input.
"""  # noqa: E501

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from . import __version__
from .pipeline.cli_data import add_data as _add_data
from .pipeline.cli_data import data_roots as _roots
from .pipeline.cli_data import (
    add_reader_pages as _add_reader_pages,
    add_site_cache as _add_site_cache,
    cache_size as _cache_size,
    site_cache as _site_cache,
)
from .errors import DataError, Problem
from .importers import IMPORTERS
from .runtime import progress
from .runtime.progress import step

DEFAULT_OUT = Path("public")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="litboard", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"litboard {__version__}")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars per phase (datasets, pages rendered / total) on stderr; "
        "default: only when stderr is a terminal (CI logs get one line per step "
        "with its CPU seconds)",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress at all: no bars and no step lines (errors still print)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    from .study.scaffold import add_init

    add_init(sub)
    p = sub.add_parser("validate", help="check data roots and list every problem (exit 1 if any)")
    _add_data(p, releases=True)
    p.add_argument(
        "--format",
        choices=["human", "json", "github"],
        default="human",
        help="human lines, a JSON list, or GitHub ::error annotations",
    )
    p = sub.add_parser("build", help="build the static site (atomically) into --out")
    _add_data(p, releases=True)
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: public/)")
    p.add_argument(
        "--kept-releases",
        type=Path,
        metavar="DIR",
        help="the folder `litboard release --releases` writes: the site's Releases page lists "
        "every release kept there and the site serves them under v/VERSION/",
    )
    _add_site_cache(p)
    _add_reader_pages(p)
    p = sub.add_parser("serve", help="build and serve the site with live reload (mkdocs serve)")
    _add_data(p, releases=True)
    p.add_argument("--dev-addr", default="127.0.0.1:8000", help="address:port to serve on")
    _add_site_cache(p)
    _add_reader_pages(p)
    p = sub.add_parser(
        "import",
        help="convert a foreign format into a litboard data root",
        description="Convert a foreign format into a litboard data root. "
        "`litboard import FORMAT --help` explains one format.",
    )
    formats = p.add_subparsers(
        dest="format",
        required=True,
        metavar="FORMAT",
        help="one of: " + (", ".join(sorted(IMPORTERS)) or "(none yet)"),
    )
    for name in sorted(IMPORTERS):
        _add_import_format(formats, name)
    _add_score(sub)
    _add_release(sub)
    from .tracks.cli import add_parser as _add_track

    _add_track(sub)
    from .campaign.cli import add_campaign

    add_campaign(sub)
    p = sub.add_parser(
        "check-pr", help="fail unless the pull request only adds one new system folder of a track"
    )
    p.add_argument(
        "--base", default="origin/main", help="git ref the pull request is compared with"
    )
    p.add_argument("--repo", type=Path, default=Path("."), help="the git checkout (default: .)")
    p.add_argument(
        "--head", default="HEAD", help="the pull request's commit, read as data (default: HEAD)"
    )
    p.add_argument(
        "--format",
        choices=["human", "json", "github"],
        default="human",
        help="human lines, a JSON list, or GitHub ::error annotations",
    )
    p.add_argument(
        "--releases",
        nargs="?",
        type=Path,
        const=Path("releases.yaml"),
        metavar="MANIFEST",
        help="check a release track's submission with its pinned release (fetched, "
        "sha256-checked, imported; default manifest: releases.yaml); without it a "
        "submission to a release track gets the scope and file checks only",
    )
    p.add_argument(
        "--mirror",
        type=Path,
        metavar="DIR",
        help="read release files from DIR/<mirror>/<name> instead of the network",
    )
    p.add_argument(
        "--cache", type=Path, metavar="DIR", help="release cache (default: .cache/releases)"
    )
    return parser


# formats reading many files (folders, globs) in one import
MULTI_FILE = ("labelstudio", "wmt-mqm", "csv")
NAMESPACED = ("labelstudio", "csv", "wmt-mqm")  # formats taking --namespace / --prefix-ids


def _add_import_format(formats: argparse._SubParsersAction, name: str) -> None:
    from .importers.help import description, epilog

    text = description(name)
    p = formats.add_parser(
        name,
        help=text.splitlines()[0] if text else name,
        description=text,
        epilog=epilog(name),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    many = name in MULTI_FILE
    p.add_argument(
        "src",
        type=Path,
        metavar="SRC",
        nargs="+" if many else None,
        help="export files, folders of them, or quoted glob patterns"
        if many
        else "the release folder or export file",
    )
    p.add_argument("--out", type=Path, required=True, metavar="DST", help="data root to write")
    p.add_argument("--mapping", type=Path, help="mapping file (formats that need one)")
    if name in NAMESPACED:
        p.add_argument(
            "--namespace",
            metavar="ID",
            default="",
            help="dataset id of this import (overrides dataset.id), so two imports combine",
        )
        p.add_argument(
            "--prefix-ids",
            action="store_true",
            help="also prefix every work, paragraph and system id with the dataset id",
        )
    if name == "wmt-esa":
        p.add_argument("--domain", default="", help="only the lines of this domain, e.g. literary")
        p.add_argument("--pairs", nargs="+", metavar="PAIR", help="only these pairs, e.g. en-ja")
    p.add_argument("--strict", action="store_true", help="exit 1 if anything was skipped")


def _add_release(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "release", help="freeze a built site as RELEASES/v/VERSION (never overwrites)"
    )
    p.add_argument("version", metavar="VERSION", help="release name, e.g. 2026.11")
    _add_data(p)
    p.add_argument(
        "--site", type=Path, default=DEFAULT_OUT, help="the built site (default: public/)"
    )
    p.add_argument(
        "--releases",
        dest="releases_dir",
        type=Path,
        required=True,
        metavar="DIR",
        help="folder holding v/VERSION/ for every release and v/latest/",
    )
    p.add_argument(
        "--date",
        help="release date YYYY-MM-DD (default: the date of SOURCE_DATE_EPOCH "
        "or of the git HEAD commit, as in the site's cite box)",
    )


def _add_score(sub: argparse._SubParsersAction) -> None:
    from .scoring.api import metric_names
    from .scoring.settings import describe, value_type

    p = sub.add_parser(
        "score", help="compute missing automatic scores (sacreBLEU, LLM judges, COMET)"
    )
    _add_data(p)
    p.add_argument(
        "--metric",
        action="append",
        required=True,
        choices=metric_names(),
        metavar="METRIC",
        help="metric to compute (repeatable): " + ", ".join(metric_names()),
    )
    p.add_argument("--systems", nargs="+", metavar="ID", help="only these systems")
    p.add_argument("--pairs", nargs="+", metavar="PAIR", help="only these language pairs")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="list the work and, for LLM judges, estimated tokens and cost; send nothing",
    )
    group = p.add_argument_group("judge and runner settings")
    for name, text, default in describe():
        if isinstance(default, dict):
            continue
        group.add_argument(
            "--" + name.replace("_", "-"),
            type=value_type(name),
            default=default,
            help=f"{text} (default: {default})",
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.progress is not None or args.quiet:
        progress.configure(args.progress, quiet=args.quiet)
    try:
        return int(COMMANDS[args.command](args))
    except DataError as exc:
        _print_problems(exc.problems, getattr(args, "format", "human"))
        return 1
    except KeyboardInterrupt:  # Ctrl-C (SIGINT): a message, not a traceback
        print(
            f"litboard {args.command}: interrupted; what it was writing was left unfinished and "
            "the previous output is unchanged (run the command again)",
            file=sys.stderr,
        )
        return 130


def _print_problems(problems: list[Problem], fmt: str) -> None:
    if fmt == "json":
        print(json.dumps([p.as_dict() for p in problems], ensure_ascii=False, indent=1))
        return
    for problem in problems:
        if fmt == "github":
            message = f"{problem.field}: {problem.message}" + (
                f" (fix: {problem.fix})" if problem.fix else ""
            )
            message = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            line = f",line={problem.line}" if problem.line else ""
            where = problem.file.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            where = where.replace(":", "%3A").replace(",", "%2C")  # GitHub's property escaping
            print(f"::error file={where}{line}::{message}")
        else:
            print(problem.format(), file=sys.stderr)
    if fmt == "human":
        print(
            f"litboard: {len(problems)} problem{'s' if len(problems) != 1 else ''} found",
            file=sys.stderr,
        )


def cmd_validate(args: argparse.Namespace) -> int:
    from .load.datasets import validate_all
    from .tracks.checks import CHECKS as ROOT_CHECKS

    roots = _roots(args)
    problems = validate_all(roots, ROOT_CHECKS).items
    unchecked: list[Path] = []
    if not getattr(args, "releases", None):  # track submissions whose release is not loaded
        from .files.project import find
        from .tracks.offline import check_offline

        offline, unchecked = check_offline(find().root, roots)
        problems = problems + offline.items
    if problems:
        raise DataError(problems)
    if args.format == "json":
        print("[]")
    elif args.format == "human":
        print(f"litboard: {', '.join(map(str, roots))}: no problems found")
        _print_unchecked(unchecked)
    return 0


def _print_unchecked(folders: list[Path]) -> None:
    from .tracks.offline import NOT_CHECKED

    if folders:
        print(
            f"litboard: {len(folders)} track submission(s) checked without their release "
            f"({', '.join(str(f) for f in folders)}): files, card and output language only; "
            f"{NOT_CHECKED}"
        )


def cmd_build(args: argparse.Namespace) -> int:
    from mkdocs.exceptions import MkDocsException

    from .pipeline.build import build_site

    roots = _roots(args)
    with step(f"building the site into {args.out}"):
        try:
            result = build_site(
                roots,
                args.out,
                cache=_site_cache(args),
                kept=args.kept_releases,
                cache_size=_cache_size(args),
                reader_pages=args.reader_pages,
            )
        except MkDocsException as exc:
            print(f"litboard: build failed, previous output left intact: {exc}", file=sys.stderr)
            return 1
    print(f"litboard: built {result.pages} pages into {result.out}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    from mkdocs.commands.serve import serve

    from .files.project import find
    from .pipeline.request import BuildRequest

    study = find()
    cache = _site_cache(args)
    request = BuildRequest(
        tuple(r.resolve() for r in _roots(args)),
        cache.resolve() if cache else None,
        _cache_size(args),
        args.reader_pages,
    )
    # mkdocs starts every rebuild itself, each with a new plugin object: the request goes
    # through the plugin's documented environment overrides (pipeline.request), for this process
    os.environ.update(request.environment())
    options: dict[str, Any] = {"dev_addr": args.dev_addr, **study.overrides}  # mkdocs settings
    serve(str(study.config_file), **options)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .importers import get

    options: dict[str, object] = {"mapping": args.mapping} if args.mapping else {}
    if getattr(args, "namespace", ""):
        options["namespace"] = args.namespace
    if getattr(args, "prefix_ids", False):
        options["prefix_ids"] = True
    if getattr(args, "domain", ""):
        options["domain"] = args.domain
    if getattr(args, "pairs", None):
        options["pairs"] = args.pairs
    shown = " ".join(map(str, args.src)) if isinstance(args.src, list) else args.src
    with step(f"importing {args.format} from {shown}"):
        report = get(args.format)(args.src, args.out, **options)
    print(report.format())
    if args.strict and report.skipped:
        print(
            f"litboard: --strict: {len(report.skipped)} item(s) skipped (listed above); the data "
            f"root "
            f"{args.out} was written for inspection",
            file=sys.stderr,
        )
        return 1
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from dataclasses import fields

    from .scoring.api import score
    from .scoring.settings import ScoreSettings
    from .tracks.checks import POLICY

    values = {f.name: getattr(args, f.name) for f in fields(ScoreSettings) if hasattr(args, f.name)}
    settings = ScoreSettings(**values)
    with step("scoring" + (" (dry run)" if args.dry_run else "")):
        report = score(
            _roots(args), args.metric, args.systems, args.pairs, args.dry_run, settings,
            policy=POLICY,
        )
    print(report.format())
    return report.exit_code()


def cmd_check_pr(args: argparse.Namespace) -> int:
    from .tracks.pr_scope import check_pr

    print(
        check_pr(args.base, args.repo, args.head, _release_roots(args) if args.releases else None)
    )
    return 0


def _release_roots(args: argparse.Namespace) -> Any:
    """``check-pr --releases``: the imported pinned release of the track a pull request adds to."""
    from .files.project import find
    from .importers.pinned import prepare

    def found(track: Any, repo: Path) -> list[Path]:
        manifest = args.releases if args.releases.is_absolute() else repo / args.releases
        cache = args.cache or find().cache / "releases"
        with step(f"fetching and importing release {track.release} of {manifest}"):
            return prepare(manifest, cache, args.mirror, only=[track.release])

    return found


def cmd_track(args: argparse.Namespace) -> int:
    from .tracks.cli import run

    return run(args)


def cmd_release(args: argparse.Namespace) -> int:
    import time

    from .pipeline.build import default_roots, source_date_epoch
    from .cite.release import release
    from .files.project import find

    roots = [Path(v) for v in args.data] if args.data else default_roots()  # the cards to record
    date = args.date or time.strftime("%Y-%m-%d", time.gmtime(int(source_date_epoch())))
    with step(f"freezing {args.site} as release {args.version}"):
        done = release(args.version, args.site, args.releases_dir, roots, find().root, date)
    since = (
        f"; changelog against {done.previous}: {done.moves} changed rows" if done.previous else ""
    )
    pack = done.packing
    packed = (
        f"; {pack.pages} reader pages packed ({pack.before / 1e6:.1f} MB -> "
        f"{pack.after / 1e6:.1f} MB)"
        if pack.pages
        else ""
    )
    print(f"litboard: release {args.version} written to {done.path}{since}{packed}")
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    from .study.scaffold import run_init

    return run_init(args)


def cmd_campaign(args: argparse.Namespace) -> int:
    from .campaign.cli import run

    return run(args)


COMMANDS = {
    "init": cmd_init,
    "validate": cmd_validate,
    "build": cmd_build,
    "serve": cmd_serve,
    "import": cmd_import,
    "score": cmd_score,
    "check-pr": cmd_check_pr,
    "release": cmd_release,
    "track": cmd_track,
}
COMMANDS["campaign"] = cmd_campaign

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
