"""``litboard track``: list the tracks, export a track's sources, scaffold a new system."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..model import Corpus
from ..load import track_decl
from ..load.track_decl import Track


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..errors import DataError
    from .contribution import CARD_FIELDS, OPTIONAL_FIELDS
    from ..load.track_decl import names

    try:
        known = names()  # the tracks the current folder's repository declares
    except DataError:
        known = []  # an unreadable declaration: the command that needs a track says why

    p = sub.add_parser(
        "track",
        help="tracks: datasets that accept new systems (list, sources, new-system)",
        description="Tracks are the datasets that accept new systems by pull request "
        "(see the Submit page).",
    )
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("list", help="the tracks, their pairs and where submissions go")
    s = actions.add_parser(
        "sources", help="write a pair's source paragraphs (JSONL, or plain text one per line)"
    )
    s.add_argument(
        "track",
        choices=known or None,
        metavar="TRACK",
        help="one of: " + (", ".join(known) or "(none declared here)"),
    )
    s.add_argument("--pair", required=True, help="language pair, e.g. en-nl")
    s.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="FILE",
        help="FILE.jsonl: {\"paragraph\": id, \"text\": source} per line; any other name: "
        "plain text, one paragraph per line (never overwrites)",
    )
    n = actions.add_parser(
        "new-system", help="scaffold <track folder>/<id>/ with system.yaml and outputs"
    )
    n.add_argument(
        "track",
        choices=known or None,
        metavar="TRACK",
        help="one of: " + (", ".join(known) or "(none declared here)"),
    )
    n.add_argument(
        "--id", required=True, dest="system", help="the new system's id (its folder name)"
    )
    n.add_argument(
        "--from",
        nargs="+",
        type=Path,
        required=True,
        dest="files",
        metavar="FILE",
        help="outputs named <pair>.jsonl or <pair>.txt (one line per source paragraph)",
    )
    n.add_argument(
        "--kind",
        default="llm",
        choices=["llm", "nmt", "commercial-mt", "post-edit"],
        help="what produced the outputs (human translations are not accepted)",
    )
    for name, text in {**CARD_FIELDS, **OPTIONAL_FIELDS}.items():
        n.add_argument("--" + name.replace("_", "-"), dest=name, help=text)
    c = actions.add_parser(
        "score", help="recompute BLEU/chrF/TER of every track's machine systems into OUT/<track>/"
    )
    c.add_argument(
        "tracks", nargs="*", metavar="TRACK", help="tracks to score (default: every track)"
    )
    c.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="DIR",
        help=(
            "new, empty, or written by an earlier `track score` (load it with build --track-scores)"
        ),
    )
    c.add_argument(
        "--pairs",
        nargs="+",
        metavar="PAIR",
        help="score only these pairs (a quick local check; the Pages build scores every pair)",
    )
    c.add_argument(
        "--stats-cache",
        type=Path,
        metavar="DIR",
        help="keep TER's edit statistics here between runs (default: .cache/track-scores-stats)",
    )
    for q in (s, n, c):
        q.add_argument(
            "--repo", type=Path, help="the repository checkout (default: the current folder)"
        )
        q.add_argument(
            "--mirror",
            type=Path,
            metavar="DIR",
            help="read the release files from DIR/<mirror>/<name> (e.g. ../shared/data)",
        )
        q.add_argument(
            "--cache",
            type=Path,
            metavar="DIR",
            help="where fetched and imported releases are kept (default: .cache/releases)",
        )


def track_corpus(track: Track, args: argparse.Namespace) -> Corpus:
    """The track's dataset loaded with its submissions (the release fetched and imported if
    needed)."""
    from ..load import load
    from .checks import CHECKS as ROOT_CHECKS
    from ..runtime.progress import step
    from .roots import roots

    release_roots: list[Path] = []
    if track.release is not None:
        from ..importers.pinned import prepare, read_manifest

        manifest = args.repo / "releases.yaml"
        with step(f"fetching and importing the release {track.release}"):
            pinned = [r for r in read_manifest(manifest) if r.id == track.release]
            release_roots = prepare(manifest, args.cache, args.mirror, only=[r.id for r in pinned])
    return load(roots(track, args.repo, release_roots), ROOT_CHECKS)


def _defaults(args: argparse.Namespace) -> None:
    """Unset folders default to the study in the current folder (its root and its .cache/)."""
    from ..files.project import find

    study = find()
    for name, default in (
        ("repo", study.root),
        ("cache", study.cache / "releases"),
        ("stats_cache", study.cache / "track-scores-stats"),
    ):
        if hasattr(args, name) and getattr(args, name) is None:
            setattr(args, name, default)


def run(args: argparse.Namespace) -> int:
    from ..load.track_decl import get

    _defaults(args)
    if args.action == "list":
        print(listing(args.repo if hasattr(args, "repo") else _repo()))
        return 0
    if args.action == "score":
        return _score(args)
    track = get(args.track)
    if args.action == "sources":
        from .files import sources, write_sources

        print(write_sources(sources(track_corpus(track, args), track, args.pair), args.out))
        return 0
    from .contribution import CARD_FIELDS, OPTIONAL_FIELDS, PLACEHOLDER
    from .files import new_system

    card = {
        k: getattr(args, k)
        for k in (*CARD_FIELDS, *OPTIONAL_FIELDS)
        if getattr(args, k) is not None
    }
    if "open_weights" in card:
        card["open_weights"] = str(card["open_weights"]).lower() in ("1", "true", "yes")
    card["kind"] = args.kind
    folder = new_system(track_corpus(track, args), track, args.system, args.files, args.repo, card)
    from .files import unfilled

    todo = unfilled(card)
    then = f"`litboard validate{' --releases' if track.release else ''}`"
    print(
        f"litboard: scaffolded {folder}: "
        + (
            f"fill in {', '.join(todo)} in system.yaml (marked {PLACEHOLDER}), then run {then}"
            if todo
            else f"every card field is filled in; check the folder with {then}"
        )
    )
    return 0


def _score(args: argparse.Namespace) -> int:
    from ..runtime.progress import step
    from .scores import score_tracks
    from ..load.track_decl import get

    tracks = [get(t) for t in args.tracks] if args.tracks else list(track_decl.TRACKS)
    if args.out.is_symlink() or (args.out.exists() and not args.out.is_dir()):
        from ..errors import DataError, Problem

        raise DataError(
            [
                Problem(
                    str(args.out),
                    0,
                    "--out",
                    "is a file (or a link), not a folder: the scores are a folder of data files",
                    "pass a new or empty folder (e.g. .cache/track-scores)",
                )
            ]
        )
    release_roots: list[Path] = []
    wanted = [t.release for t in tracks if t.release]
    if wanted:
        from ..importers.pinned import prepare

        with step("fetching and importing the releases of the tracks"):
            release_roots = prepare(
                args.repo / "releases.yaml", args.cache, args.mirror, only=wanted
            )
    with step(f"scoring {len(tracks)} track(s) into {args.out}"):
        lines = score_tracks(
            tracks, args.repo, release_roots, args.out, args.stats_cache, args.pairs
        )
    print("\n".join(f"litboard: {line}" for line in lines))
    return 0


def _repo() -> Path:
    from ..files.project import find

    return find().root


def listing(repo: Path) -> str:
    """``litboard track list``: one block per track, then the datasets without one."""
    out = []
    for t in track_decl.TRACKS:
        count = len(_folders(t.root(repo) / "corpus" / "systems")) if t.release else None
        out += [
            f"{t.id}: {t.title}",
            f"  pairs: {' '.join(t.pairs)}",
            f"  references: {t.reference}",
            f"  submit into: {t.folder}/<id>/"
            + (
                f" ({count} contributed system{'s' if count != 1 else ''})"
                if count is not None
                else ""
            ),
        ]
        if t.note:
            out.append(f"  note: {t.note}")
    out += [f"{ds} (no track): {why}" for ds, why in track_decl.NO_TRACK.items()]
    return "\n".join(out)


def _folders(path: Path) -> list[Path]:
    return sorted(p for p in path.iterdir() if p.is_dir()) if path.is_dir() else []
