"""The results of a pull request, recomputed by the trusted job (pr-comment.yml) from git data.

The ``pull request`` run executed the pull request's own code, so none of its numbers is shown:
this module computes every number of the comment again, with the base branch's code and settings,
from the pull request's files read as git objects at the pinned head commit (never checked out,
never run). The steps are the project's own: which folder the pull request adds
(``pr_results.added_system``, the merge-base diff of ``head``), the base branch's track data plus
the added files written into a scratch folder (``pr_content.materialise``, as the barrier does),
the track's BLEU, chrF and TER against its references (``scores.write_track``, as ``litboard
track score`` and the Pages build), and the board's bootstrap CIs, rank intervals, judge-bias
panel and measure agreement (``pr_results.data``: ``analysis.boards``). The system, the track
and the rows therefore come from the pull request's own folder, whatever the artifact says.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import DataError, Problem
from ..load.track_decl import Track

ReleaseRoots = Callable[[Track, Path], list[Path]]


class Unavailable(Exception):
    """The results could not be recomputed from the pull request's files: the comment says so."""


def recompute(
    repo: Path,
    base: str,
    head: str,
    number: int,
    release_roots: ReleaseRoots | None = None,
    stats: Path | None = None,
    pairs: Sequence[str] | None = None,
) -> dict[str, Any]:
    """results.json's data for pull request ``number`` at commit ``head`` (see the module).

    ``pairs``: score only these pairs of the track (tests; the workflow scores every pair, so the
    agreement and the panel are the track's, as on the site). Raises ``Unavailable``."""
    from .pr_results import added_system, data, empty

    try:
        found = added_system(repo, base, head)
    except RuntimeError as exc:
        raise Unavailable(str(exc)[:300]) from exc
    if found is None:
        return empty(number)
    track, system = found
    if track.release is not None and release_roots is None:
        raise Unavailable(f"track {track.id} needs its pinned release ({track.release})")
    with tempfile.TemporaryDirectory(prefix="litboard-pr-results-") as scratch:
        try:
            corpus = _scored(
                repo, base, head, track, system, Path(scratch), release_roots, stats, pairs
            )
            return data(corpus, track, system, number)
        except DataError as exc:
            text = "; ".join(p.format() for p in exc.problems[:5])
            raise Unavailable(text.replace(f"{scratch}/data/", "")[:600]) from exc
        except (OSError, subprocess.SubprocessError) as exc:
            raise Unavailable(f"{type(exc).__name__}: {str(exc)[:300]}") from exc


def _scored(
    repo: Path,
    base: str,
    head: str,
    track: Track,
    system: str,
    scratch: Path,
    release_roots: ReleaseRoots | None,
    stats: Path | None,
    pairs: Sequence[str] | None,
) -> Any:
    """The track's corpus with the pull request's folder and its freshly computed scores."""
    from ..load import load
    from ..scoring.llm.cache_check import ROOT_CHECKS
    from .checks import POLICY
    from .pr_content import materialise
    from .roots import roots
    from .scores import StatsCache, write_track

    folder = f"{track.folder}/{system}/"
    listed = _git(repo, "ls-tree", "-r", "--name-only", head, "--", folder)
    data_root = scratch / "data"
    data_root.mkdir()
    materialise(repo, base, head, listed, track, data_root)
    releases = release_roots(track, repo) if release_roots and track.release else []
    found = roots(track, data_root, releases)
    corpus = load(found, (*POLICY, *ROOT_CHECKS))
    scores = scratch / "scores" / track.id
    cache = StatsCache(stats)
    write_track(corpus, track, scores, cache, pairs)
    cache.save()
    return load([*found, scores], (*POLICY, *ROOT_CHECKS))


def _git(repo: Path, *args: str) -> list[str]:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=120, check=False
    )
    if done.returncode != 0:
        message = f"git {args[0]} failed: {done.stderr.strip()[:200]}"
        fix = "fetch the pull request's head (make pr-barrier) before posting"
        raise DataError([Problem("git", 0, "head", message, fix)])
    return done.stdout.splitlines()
