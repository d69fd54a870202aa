"""``bench/bench_scale.py --mode public``: the public site from fresh caches, as ``make public``.

The steps of ``make public MIRROR=DIR`` run one by one, every cache new (release files and
imported roots, TER's edit statistics, the site cache): ``litboard track score TRACK`` once per
track (``litboard track list`` names them), so each track's scoring CPU seconds stand alone — the
first track that reads a release also fetches (from the mirror) and imports it — then
``litboard build --releases --mirror DIR --track-scores DIR`` with a new site cache. Each step is
one child process, measured by ``bench_scale.run`` (wall, CPU seconds of the child and its
children, peak RSS, load before and after).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, Callable

TRACK_LINE = re.compile(r"^([a-z0-9][a-z0-9._-]*): ")

Runner = Callable[[list[str]], Any]


def tracks(run: Runner) -> list[str]:
    """The tracks ``litboard track list`` names (``liteval (no track)`` is not one)."""
    listed = run(["-m", "litboard.cli", "track", "list"]).stdout
    return [m.group(1) for line in listed.splitlines() if (m := TRACK_LINE.match(line))]


def public_steps(work: Path, mirror: Path, run: Runner) -> tuple[list[tuple[str, Any]], Path]:
    """Run the steps in ``work/public-mode`` (removed first): ([(step, its Run)], the site)."""
    base = work / "public-mode"
    shutil.rmtree(base, ignore_errors=True)
    cache, stats, scores = base / "releases", base / "ter-stats", base / "track-scores"
    site_cache, out = base / "site-cache", base / "site"
    fresh = ["--mirror", str(mirror), "--cache", str(cache)]
    steps: list[tuple[str, Any]] = []
    for track in tracks(run):
        done = run(
            [
                "-m",
                "litboard.cli",
                "track",
                "score",
                track,
                "--out",
                str(scores),
                "--stats-cache",
                str(stats),
                *fresh,
            ]
        )
        steps.append((f"public: track score {track}", done))
    done = run(
        [
            "-m",
            "litboard.cli",
            "build",
            "--releases",
            *fresh,
            "--track-scores",
            str(scores),
            "--site-cache",
            str(site_cache),
            "--out",
            str(out),
        ]
    )
    steps.append(("public: build --releases (scores loaded)", done))
    return steps, out
