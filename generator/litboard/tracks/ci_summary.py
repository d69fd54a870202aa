"""Markdown job summary for a pull request: the provisional ranks of the systems it adds.

``python -m litboard.tracks.ci_summary --base origin/main`` finds the system folders the PR touches
(``git diff --name-only BASE...HEAD -- corpus/systems/``), loads the data roots, and prints for
each such system its provenance badge and its rank in every leaderboard column of every pair.
``make summary`` appends the output to ``$GITHUB_STEP_SUMMARY``. Ranks are provisional: a new
system has automatic scores only until humans judge it.
"""

from __future__ import annotations

import argparse
import html
import math
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import DataError
from ..model import Corpus

SYSTEMS_DIR = "corpus/systems/"
TRACKS_DIR = "tracks/"  # a track's contributions: tracks/<track>/corpus/systems/<id>/
PREVIEW_NOTE = (
    "**Preview**: the `site-preview` artifact of this run was built by this pull request's own "
    "code and data. It is a download only: it is never deployed to the project's site "
    "(GitHub Pages is built from `main` alone). Open it on your machine; do not host it."
)


@dataclass(frozen=True)
class RankLine:
    pair: str
    column: str
    value: float
    rank: int
    of: int
    rank_range: str
    higher_is_better: bool


def changed_systems(paths: Iterable[str]) -> list[str]:
    """System ids from changed paths like ``corpus/systems/<id>/de-en.jsonl`` (sorted, unique)."""
    found = set()
    for path in paths:
        path = path.strip()
        if path.startswith(SYSTEMS_DIR) and path.count("/") >= 3:
            found.add(path[len(SYSTEMS_DIR) :].split("/", 1)[0])
    return sorted(found)


def changed_track_systems(paths: Iterable[str]) -> list[tuple[str, str]]:
    """(track, system id) from changed paths like
    ``tracks/<track>/corpus/systems/<id>/<pair>.jsonl`` (sorted, unique)."""
    found = set()
    for path in paths:
        parts = path.strip().split("/")
        if len(parts) >= 6 and parts[0] + "/" == TRACKS_DIR and parts[2:4] == ["corpus", "systems"]:
            found.add((parts[1], parts[4]))
    return sorted(found)


def git_changed_paths(base: str, repo: Path) -> list[str]:
    """Paths under corpus/systems/ and tracks/ that differ between ``base`` and HEAD
    (merge-base diff)."""
    done = subprocess.run(
        [
            "git", "-C", str(repo), "diff", "--name-only", f"{base}...HEAD", "--",
            SYSTEMS_DIR, TRACKS_DIR,
        ],  # fmt: skip
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"git diff against {base!r} failed: {done.stderr.strip()}")
    return done.stdout.splitlines()


def git_changed_paths_all(base: str, repo: Path, head: str = "HEAD") -> list[str]:
    """Every path that differs between ``base`` and ``head`` (merge-base diff)."""
    done = subprocess.run(
        ["git", "-C", str(repo), "diff", "--name-only", "--no-renames", f"{base}...{head}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"git diff against {base!r} failed: {done.stderr.strip()}")
    return done.stdout.splitlines()


def ranks(corpus: Corpus, system: str) -> list[RankLine]:
    """The system's rank per (pair, column); ties share the better rank; unscored columns
    omitted."""
    from ..analysis.boards import analyse
    from ..render.core.views import boards

    analysis = analyse(corpus)
    lines = []
    for board in boards(corpus, analysis):
        rows = board.rows + board.unranked
        for column in board.columns:
            scored = {
                r.system: r.cells[column.key] for r in rows if _scored(r.cells[column.key].value)
            }
            if system not in scored:
                continue
            mine = float(scored[system].value)  # type: ignore[arg-type]
            better = sum(
                1 for cell in scored.values() if _better(cell.value, mine, column.higher_is_better)
            )
            low, high = scored[system].rank_min, scored[system].rank_max
            lines.append(
                RankLine(
                    board.pair,
                    column.label,
                    mine,
                    better + 1,
                    len(scored),
                    f"{low}–{high}" if low is not None else "",
                    column.higher_is_better,
                )
            )
    return lines


def _better(value: float | None, than: float, higher_is_better: bool) -> bool:
    return value is not None and (value > than if higher_is_better else value < than)


def _scored(value: float | None) -> bool:
    return value is not None and not math.isnan(value)


def _md(text: object) -> str:
    """Text made inert in Markdown/HTML: escaped HTML, pipes and Markdown punctuation, one line."""
    value = html.escape(" ".join(str(text).split()))
    for char in "\\`*_[]|#":
        value = value.replace(char, "\\" + char)
    return value


def summary(
    corpus: Corpus, systems: Sequence[str], track_systems: Sequence[tuple[str, str]] = ()
) -> str:
    """The Markdown summary for ``systems`` (ids of changed system folders of the study) and
    ``track_systems`` ((track, id) of changed contribution folders of a track)."""
    from ..render.core.badges import provenance_badge

    out = ["## litboard: provisional ranks of the systems in this pull request", ""]
    for track, system in track_systems:
        out += [
            f"### `{_md(system)}` (track `{_md(track)}`)",
            "",
            f"A contribution to the `{_md(track)}` track: its BLEU, chrF and TER against the "
            "track's references, with intervals and its place, are in the results comment that "
            "the trusted workflow (pr-comment.yml) posts on this pull request, computed by the "
            "base branch's code from this pull request's files, not by this run.",
            "",
        ]
    if not systems:
        if track_systems:
            return "\n".join(out + [PREVIEW_NOTE, ""])
        return "\n".join(
            out
            + [
                "This pull request changes no folder under `corpus/systems/` or "
                "`tracks/<track>/corpus/systems/`.",
                "",
                PREVIEW_NOTE,
                "",
            ]
        )
    out += [
        f"Data: {_md(corpus.data_version())}. Ranks are provisional: until humans judge a system, "
        "its ranks rest on automatic scores only.",
        "",
    ]
    for system in systems:
        card = corpus.systems.get(system)
        if card is None:
            out += [f"### `{_md(system)}`", "", "Removed in this pull request (or not loaded).", ""]
            continue
        out += [
            f"### {_md(card['name'])} (`{_md(system)}`)",
            "",
            f"Badge: **{_md(provenance_badge(corpus, system))}**",
            "",
        ]
        lines = ranks(corpus, system)
        if not lines:
            out += [
                "No scores yet: run `make score-sacrebleu` (needs a human reference for the pair).",
                "",
            ]
            continue
        out += [
            "| Pair | Column | Score | Rank | 95% rank interval (bootstrap) |",
            "| --- | --- | ---: | ---: | --- |",
        ]
        for line in lines:
            arrow = "↑" if line.higher_is_better else "↓"
            out.append(
                f"| {_md(line.pair)} | {_md(line.column)} {arrow} | {line.value:.4g} | "
                f"{line.rank} of {line.of} | {_md(line.rank_range) or '—'} |"
            )
        out.append("")
    return "\n".join(out + [PREVIEW_NOTE, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m litboard.tracks.ci_summary", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--data",
        action="append",
        metavar="DIR",
        help="data root (repeatable; default: the study's, from ./mkdocs.yml)",
    )
    parser.add_argument(
        "--base", default="origin/main", help="git ref the pull request is compared with"
    )
    parser.add_argument(
        "--system",
        action="append",
        metavar="ID",
        help="summarise these systems instead of asking git which changed",
    )
    args = parser.parse_args(argv)
    from ..load.read import load
    from .checks import CHECKS as ROOT_CHECKS
    from ..files.project import find

    roots = [Path(d) for d in args.data] if args.data else find().data_roots()
    try:
        changed = [] if args.system else git_changed_paths(args.base, find().root)
        systems = args.system or changed_systems(changed)
        track_systems = changed_track_systems(changed)
        corpus = load(roots, ROOT_CHECKS)
    except (DataError, RuntimeError) as exc:
        lines = "\n".join(f"- {_md(line)}" for line in str(exc).splitlines())
        print(f"## litboard: no provisional ranks\n\n{lines}")
        return 1
    print(summary(corpus, systems, track_systems))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
